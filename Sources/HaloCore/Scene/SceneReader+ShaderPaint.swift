import Foundation

extension SceneReader {
    /// `{ "type": "shader", "file": "my_paint.glsl" }`: a paint computed by a GLSL function
    /// (Shaders/README.md states the contract). The file is relative to the scene file's
    /// folder; it is read here, once (``ShaderPaintSource``), and compiled by the GPU renderer.
    /// - Throws: ``SceneError`` for other keys, a missing or empty path, no such file, or a
    ///   file that is not UTF-8 text defining `haloPaint`.
    func shaderPaint(_ v: JSONValue, _ path: String) throws -> Paint {
        let o = try object(v, path, required: ["type", "file"], optional: [])
        let fp = join(path, "file")
        guard case .string(let p)? = o["file"], !p.isEmpty else {
            throw fail(fp, "a path to a GLSL file, relative to the scene file", o["file"])
        }
        switch ShaderPaintSource.read(resolve(p)) {
        case .success(let source):
            return Paint(.shader(source))
        case .failure(let refusal):
            throw SceneError(file: file, path: fp, expected: "a readable UTF-8 GLSL file defining vec4 haloPaint(vec2 unitPoint, vec2 point, float time) (Shaders/README.md)",
                             found: refusal.found)
        }
    }
}

extension Scene {
    /// The JSON paths and files of the scene's shader paints (GPU only), in layer order.
    public var shaderPaints: [(path: String, file: String)] {
        var out: [(String, String)] = []
        for (i, layer) in layers.enumerated() {
            if case .shader(let s)? = layer.fill?.kind { out.append(("layers[\(i)].fill", s.file)) }
            if case .shader(let s)? = layer.stroke?.paint.kind { out.append(("layers[\(i)].stroke.paint", s.file)) }
        }
        return out
    }
}
