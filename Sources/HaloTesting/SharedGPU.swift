import Foundation
import Halo

/// One headless GPU renderer per thread, shared by every ``ReferenceTest`` call that
/// passes none and by Halo's own tests (a GL context is current on the thread that made
/// it, and costs 0.1 to 0.5 s to make). Reference tests draw a frame or few a scene, so, as
/// `halo test` does, it compiles fewer programs (``GLRenderer/compilesFewerPrograms``) and,
/// when it makes the process's first context, asks llvmpipe for quick compiles
/// (``HeadlessContext/preferQuickShaderCompiles()``): the same images, shorter cold starts.
public enum SharedGPU {
    private static let key = "org.halo.SharedGPU.GLRenderer"
    private final class Box { let renderer: GLRenderer; init(_ r: GLRenderer) { renderer = r } }

    /// This thread's renderer, made on first use.
    /// - Parameter shaderDirectory: a Shaders/ folder to read the GLSL from on first use
    ///   (nil: ``ShaderLibrary``'s default search).
    /// - Throws: ``GLError`` or ``ShaderError`` when no renderer can be made.
    public static func current(shaderDirectory: String? = nil) throws -> GLRenderer {
        if let box = Thread.current.threadDictionary[key] as? Box { return box.renderer }
        HeadlessContext.preferQuickShaderCompiles()
        let r = try shaderDirectory.map { try GLRenderer(shaders: ShaderLibrary(directory: $0)) } ?? GLRenderer()
        r.options.sharesAveragedPrograms = true
        Thread.current.threadDictionary[key] = Box(r)
        return r
    }
}
