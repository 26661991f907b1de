import Foundation

/// Shader shapes (docs/scene-format.md "Shader shapes"): a GLSL file's `haloShape` gives the
/// signed distance; Halo draws its fill, stroke and glow from it (GPU only).
extension SceneReader {
    /// `{ "type": "shader", "file": "star.glsl", "rect": [x, y, w, h] }`. The file is relative
    /// to the scene file's folder, read here once (``ShaderPaintSource``) and compiled by the
    /// GPU renderer.
    /// - Throws: ``SceneError`` for other keys, a bad rect, a missing or empty path, no such
    ///   file, or a file that is not UTF-8 text defining `haloShape`.
    func shaderShape(_ v: JSONValue, _ path: String) throws -> Shape {
        let o = try object(v, path, required: ["type", "file", "rect"], optional: [])
        let rect = try self.rect(o["rect"], join(path, "rect"))
        let fp = join(path, "file")
        guard case .string(let p)? = o["file"], !p.isEmpty else {
            throw fail(fp, "a path to a GLSL file, relative to the scene file", o["file"])
        }
        switch ShaderPaintSource.read(resolve(p), defining: "haloShape") {
        case .success(let source):
            var shape = Shape(kind: .shader, rect: rect)
            shape.shader = source
            return shape
        case .failure(let refusal):
            throw SceneError(file: file, path: fp,
                             expected: "a readable UTF-8 GLSL file defining float haloShape(vec2 point, vec2 size, float time) (Shaders/README.md)",
                             found: refusal.found)
        }
    }

    /// Refuses what needs the outline's arc length on a shader shape's layer `o` (at `path`):
    /// a stroke's dash and `path` paints, which are laid along the outline by arc length,
    /// and a signed distance from GLSL gives no arc length.
    func refuseArcLength(onShaderLayer o: [String: JSONValue], _ path: String) throws {
        let why = "(dashes and path paints are laid along the outline's arc length, which a shader shape's distance does not give)"
        if case .object(let s)? = o["stroke"] {
            if let d = s["dash"] { throw fail(join(join(path, "stroke"), "dash"), "no dash on a shader shape \(why)", d) }
            if case .object(let p)? = s["paint"], case .string("path")? = p["type"] {
                throw fail(join(join(join(path, "stroke"), "paint"), "type"), "a paint other than path on a shader shape \(why)", .string("path"))
            }
        }
        if case .object(let f)? = o["fill"], case .string("path")? = f["type"] {
            throw fail(join(join(path, "fill"), "type"), "a paint other than path on a shader shape \(why)", .string("path"))
        }
    }
}

extension Scene {
    /// The JSON paths and files of the scene's shader shapes (GPU only), in layer order.
    public var shaderShapes: [(path: String, file: String)] {
        layers.enumerated().compactMap { i, layer in layer.shape.shader.map { ("layers[\(i)].shape", $0.file) } }
    }
}
