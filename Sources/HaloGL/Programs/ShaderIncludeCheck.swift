import Foundation
import HaloCore

extension ShaderLibrary {
    /// Checks, before any GPU work, that every `#include` of the scene's shader paints and
    /// shapes (and of the library files they include, in turn) is well formed, stays inside
    /// the shader folder (``ShaderInclude``) and names a file beside the shader file
    /// (``LocalIncludes``) or of this library.
    /// - Throws: ``SceneError`` naming the layer's JSON path (`layers[2].fill.file`) and the
    ///   including file's line: a bad include is the scene's fault (exit 2), not the GPU's.
    public func checkIncludes(of scene: Scene) throws {
        for (path, source) in scene.shaderSources {
            let (library, file) = addingLocalIncludes(of: ShaderPaintFile(path: source.file, text: source.text))
            let folder = (source.file as NSString).deletingLastPathComponent
            var seen = Set<String>()
            func check(_ file: String, _ text: String, depth: Int) throws {
                for d in ShaderInclude.directives(in: text) {
                    func fail(_ why: String) -> SceneError {
                        SceneError(file: scene.file ?? "<scene>", path: path + ".file",
                                   expected: "#include lines naming files beside the shader file or of Halo's shader folder, such as \"lib/sdf.glsl\" (Shaders/README.md)",
                                   found: "\(file):\(d.line): \(why)")
                    }
                    guard let name = ShaderInclude.name(d.directive) else { throw fail("a malformed include \(d.directive)") }
                    if let why = ShaderInclude.refusal(name) { throw fail("#include \"\(name)\": \(why)") }
                    if depth >= 16 { throw fail("#include \"\(name)\": includes nested more than 16 deep") }
                    guard seen.insert(name).inserted else { continue }
                    guard let inner = try? library.text(of: name) else {
                        throw fail("#include \"\(name)\": no such file beside the shader file (\((folder as NSString).appendingPathComponent(name))) or in the shader folder (\(location(of: name)))")
                    }
                    try check(library.location(of: name), inner, depth: depth + 1)
                }
            }
            try check(file.path, file.text, depth: 0)
        }
    }
}

extension Scene {
    /// Each shader paint's and shader shape's JSON path ("layers[2].fill", "layers[0].shape")
    /// and source, in layer order.
    var shaderSources: [(path: String, source: ShaderPaintSource)] {
        var out: [(String, ShaderPaintSource)] = []
        for (i, layer) in layers.enumerated() {
            if let s = layer.shape.shader { out.append(("layers[\(i)].shape", s)) }
            if case .shader(let s)? = layer.fill?.kind { out.append(("layers[\(i)].fill", s)) }
            if case .shader(let s)? = layer.stroke?.paint.kind { out.append(("layers[\(i)].stroke.paint", s)) }
        }
        return out
    }
}
