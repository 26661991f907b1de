/// Which renderer draws a scene.
public enum Backend: String, Sendable, CaseIterable {
    /// The OpenGL 3.3 renderer (headless through EGL).
    case gpu
    /// The exact CPU reference renderer.
    case cpu
}
