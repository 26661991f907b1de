import CEpoxy

/// A texture and the framebuffer object that draws into it.
struct RenderTarget {
    let format: Int32
    var texture: GLuint = 0
    var fbo: GLuint = 0
    var width = 0
    var height = 0

    init(format: Int32) { self.format = format }

    /// (Re)allocates to at least `width` x `height` (exactly, unless `growOnly`).
    mutating func ensure(width w: Int, height h: Int, growOnly: Bool = false) throws {
        let nw = growOnly ? max(w, width) : w, nh = growOnly ? max(h, height) : h
        if texture != 0 && nw == width && nh == height { return }
        if texture == 0 { halo_glGenTextures(1, &texture); halo_glGenFramebuffers(1, &fbo) }
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        let isFloat = format == GL_RGBA32F || format == GL_RGBA16F
        halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, format, GLsizei(nw), GLsizei(nh), 0, GLenum(GL_RGBA),
                          GLenum(isFloat ? GL_FLOAT : GL_UNSIGNED_BYTE), nil)
        let filter = isFloat ? GL_LINEAR : GL_NEAREST
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        halo_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = halo_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) {
            throw GLError("framebuffer incomplete (status 0x\(String(status, radix: 16))) for a \(nw)x\(nh) texture")
        }
        width = nw; height = nh
    }

    mutating func release() {
        if texture != 0 { halo_glDeleteTextures(1, &texture); halo_glDeleteFramebuffers(1, &fbo) }
        texture = 0; fbo = 0
    }
}
