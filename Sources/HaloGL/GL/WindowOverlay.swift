import CEpoxy
import HaloCore

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

extension WindowOverlay {
    /// Copies `image` (8-bit RGBA, row 0 at the top) into the default framebuffer of height
    /// `framebufferHeight` with its top-left corner at (x, y) (pixels, y down), opaque.
    public static func draw(_ image: RGBA8Image, x: Int, y: Int, framebufferHeight h: Int) {
        var texture: GLuint = 0, fbo: GLuint = 0
        halo_glGenTextures(1, &texture)
        halo_glGenFramebuffers(1, &fbo)
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        halo_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.pixels.withUnsafeBytes { buf in
            halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                              GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
        }
        halo_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fbo)
        halo_glFramebufferTexture2D(GLenum(GL_READ_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        halo_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        // Texture row 0 is the image's top; the window's GL y runs up: flip while copying.
        let w = image.width, ih = image.height
        halo_glBlitFramebuffer(0, 0, GLint(w), GLint(ih), GLint(x), GLint(h - y), GLint(x + w), GLint(h - y - ih),
                               GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        halo_glDeleteFramebuffers(1, &fbo)
        halo_glDeleteTextures(1, &texture)
    }
}
