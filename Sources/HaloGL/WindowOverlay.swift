import CEpoxy

/// Flat rectangles over what a window shows (the preview's timeline), drawn with scissored
/// clears of the bound framebuffer: no program, no blending.
public enum WindowOverlay {
    /// A rectangle in framebuffer pixels (y down from the top) and its opaque colour (0...1).
    public struct Rect: Sendable {
        public var x, y, width, height: Int
        public var color: (Float, Float, Float)
        public init(x: Int, y: Int, width: Int, height: Int, color: (Float, Float, Float)) {
            self.x = x; self.y = y; self.width = width; self.height = height; self.color = color
        }
    }

    /// Fills `rects` in the default framebuffer of height `framebufferHeight`, in order.
    public static func fill(_ rects: [Rect], framebufferHeight h: Int) {
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        halo_glEnable(GLenum(GL_SCISSOR_TEST))
        for r in rects where r.width > 0 && r.height > 0 {
            halo_glScissor(GLint(r.x), GLint(h - r.y - r.height), GLsizei(r.width), GLsizei(r.height))
            halo_glClearColor(r.color.0, r.color.1, r.color.2, 1)
            halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
    }
}
