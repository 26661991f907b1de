import Foundation

extension Halo {
    /// Renders `scene` at `time` with `backend`.
    ///
    /// With `.gpu`, a headless GL context is created (or `gpu` is used when given).
    /// - Throws: ``GLError`` or ``ShaderError`` when the GPU path fails; ``SceneError``
    ///   for a shader paint on the CPU (``refuseShaderPaints(_:)``).
    public static func render(_ scene: Scene, background: RGBA8Image?, time: Double? = nil,
                              backend: Backend, gpu: GLRenderer? = nil) throws -> RGBA8Image {
        let frame = try Frame(resolving: scene, time: time, backgroundImage: background)
        switch backend {
        case .cpu:
            try refuseShaderPaints(scene)
            return ReferenceRenderer().render(frame).toRGBA8()
        case .gpu:
            let renderer = try gpu ?? GLRenderer()
            return try renderer.render(frame)
        }
    }
}
