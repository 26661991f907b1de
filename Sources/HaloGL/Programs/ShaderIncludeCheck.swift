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
            // A file beside the shader is named in messages as the user wrote it, not by its key.
            let localPrefix = LocalIncludes.key(folder, "")
            func shown(_ name: String) -> String { name.hasPrefix(localPrefix) ? String(name.dropFirst(localPrefix.count)) : name }
            func canonical(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.path }
            var seen = Set<String>()
            func check(_ file: String, _ text: String, stack: [String]) throws {
                for d in ShaderInclude.directives(in: text) {
                    func fail(_ why: String) -> SceneError {
                        SceneError(file: scene.file ?? "<scene>", path: path + ".file",
                                   expected: "#include lines naming files beside the shader file or of Halo's shader folder, such as \"lib/sdf.glsl\" (Shaders/README.md)",
                                   found: "\(file):\(d.line): \(why)")
                    }
                    guard let name = ShaderInclude.name(d.directive) else { throw fail("a malformed include \(d.directive)") }
                    let user = shown(name)
                    if let why = ShaderInclude.refusal(name) { throw fail("#include \"\(user)\": \(why)") }
                    if stack.count > 16 { throw fail("#include \"\(user)\": includes nested more than 16 deep") }
                    let place = library.location(of: name)
                    if stack.contains(canonical(place)) { throw fail("#include \"\(user)\": a file that includes this one (a cycle)") }
                    guard seen.insert(name).inserted else { continue }
                    guard let inner = try? library.text(of: name) else {
                        let beside = (folder as NSString).appendingPathComponent(user)
                        if FileManager.default.fileExists(atPath: beside) {
                            throw fail("#include \"\(user)\": a symbolic link out of the shader file's folder")
                        }
                        throw fail("#include \"\(user)\": no such file beside the shader file (\(beside)) or in the shader folder (\(location(of: name)))")
                    }
                    try check(place, inner, stack: stack + [canonical(place)])
                }
            }
            try check(file.path, file.text, stack: [canonical(file.path)])
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
