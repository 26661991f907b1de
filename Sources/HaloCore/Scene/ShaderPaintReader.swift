import Foundation

extension SceneReader {
    /// `{ "type": "shader", "file": "my_paint.glsl" }`: a paint computed by a GLSL function
    /// (Shaders/README.md states the contract). The file is relative to the scene file's
    /// folder and must exist; it is read and compiled by the GPU renderer.
    /// - Throws: ``SceneError`` for other keys, a missing or empty path, or no such file.
    func shaderPaint(_ v: JSONValue, _ path: String) throws -> Paint {
        let o = try object(v, path, required: ["type", "file"], optional: [])
        let fp = join(path, "file")
        guard case .string(let p)? = o["file"], !p.isEmpty else {
            throw fail(fp, "a path to a GLSL file, relative to the scene file", o["file"])
        }
        let resolved = resolve(p)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDir), !isDir.boolValue,
              FileManager.default.isReadableFile(atPath: resolved) else {
            throw SceneError(file: file, path: fp, expected: "a readable GLSL file defining haloPaint (Shaders/README.md)",
                             found: "\(resolved) (\(isDir.boolValue ? "a folder" : "no such file"))")
        }
        return Paint(.shader(file: resolved))
    }
}

extension Scene {
    /// The JSON paths and files of the scene's shader paints (GPU only), in layer order.
    public var shaderPaints: [(path: String, file: String)] {
        var out: [(String, String)] = []
        for (i, layer) in layers.enumerated() {
            if case .shader(let f)? = layer.fill?.kind { out.append(("layers[\(i)].fill", f)) }
            if case .shader(let f)? = layer.stroke?.paint.kind { out.append(("layers[\(i)].stroke.paint", f)) }
        }
        return out
    }
}
