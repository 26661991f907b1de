import CEpoxy
import HaloCore

/// Where ``GLRenderer/draw(_:into:)`` writes a frame's final 8-bit pixels: an offscreen
/// framebuffer object (rows stored image row 0 first, as `glReadPixels` returns them for a
/// PNG) or a window's default framebuffer (GL's y up, no alpha shown).
public struct FrameTarget: Sendable {
    /// The framebuffer object; 0 is a window's default framebuffer.
    public var framebuffer: GLuint
    /// The framebuffer's size in pixels (at least the canvas's, from `origin`).
    public var width: Int, height: Int
    /// The canvas's top-left corner in the framebuffer, pixels from its top-left.
    public var originX: Int, originY: Int
    /// A window: rows are flipped (GL's y up), the area around the canvas is cleared to a
    /// letterbox grey, and where the canvas is not opaque it is shown over a checkerboard.
    public var isWindow: Bool

    /// An offscreen framebuffer object exactly the canvas's size.
    public init(framebuffer: GLuint, width: Int, height: Int) {
        self.framebuffer = framebuffer; self.width = width; self.height = height
        originX = 0; originY = 0; isWindow = false
    }

    /// A window's default framebuffer of `width` x `height` pixels with the canvas's
    /// top-left at (`originX`, `originY`) pixels from the window's top-left.
    public static func window(width: Int, height: Int, originX: Int, originY: Int) -> FrameTarget {
        var t = FrameTarget(framebuffer: 0, width: width, height: height)
        t.originX = originX; t.originY = originY; t.isWindow = true
        return t
    }

    /// tile.vert's uCanvasToTarget: target pixel (GL window coordinates) = canvas pixel
    /// (y down) * (.0, .1) + (.2, .3).
    var canvasToTarget: (Float, Float, Float, Float) {
        isWindow ? (1, -1, Float(originX), Float(height - originY)) : (1, 1, Float(originX), Float(originY))
    }

    /// A premultiplied colour as the 8-bit straight values the output holds
    /// (``PremulImage/straightRGBA8(_:)``, as `straightRGBA8` in Shaders/lib/output.glsl
    /// rounds), scaled to 0...1 for a uniform or glClearColor.
    static func straightRGBA8(_ c: Premul) -> (Float, Float, Float, Float) {
        let v = PremulImage.straightRGBA8(c)
        return (Float(v.x) / 255, Float(v.y) / 255, Float(v.z) / 255, Float(v.w) / 255)
    }
}
