import Foundation

extension Halo {
    /// Refuses a scene with shader paints or shader shapes (`{ "type": "shader", "file": ... }`)
    /// for the CPU reference: they are GLSL, so only the GPU renderer draws them (Shaders/README.md).
    /// - Throws: ``SceneError`` naming the first shader shape's, else shader paint's, JSON path and file.
    public static func refuseShaderPaints(_ scene: Scene) throws {
        if let shape = scene.shaderShapes.first {
            throw SceneError(file: scene.file ?? "<scene>", path: shape.path,
                             expected: "a shape the CPU reference can draw (shader shapes are GPU-only: use --backend gpu)",
                             found: "a shader shape (\((shape.file as NSString).lastPathComponent))")
        }
        guard let first = scene.shaderPaints.first else { return }
        throw SceneError(file: scene.file ?? "<scene>", path: first.path,
                         expected: "a paint the CPU reference can draw (shader paints are GPU-only: use --backend gpu)",
                         found: "a shader paint (\((first.file as NSString).lastPathComponent))")
    }
}
