import CEpoxy

/// The shape pass's output (Shaders/shape_pass.frag): a shader shape's samples, 16 floats a
/// texel in the 4 layers of an RGBA32F 2D array texture (Shaders/lib/shape_samples.glsl gives
/// the layout), drawn through one framebuffer with each layer a colour attachment (multiple
/// render targets). Each edge tile of a shader shape has its slot
/// (``FramePlan/ShapeSamplePlan``). 64 bytes a texel; grown as frames need, never shrunk.
struct ShapeSampleAtlas {
    /// Array layers: 4 x 4 floats hold ShapeSamples' 5 (d, grad d) and its `whole` flag.
    static let layers = 4
    var texture: GLuint = 0
    var fbo: GLuint = 0
    private(set) var width = 0, height = 0

    /// (Re)allocates to at least `width` x `height` texels (cleared to 0 when it does).
    /// - Throws: ``GLError`` when the framebuffer is incomplete.
    mutating func ensure(width w: Int, height h: Int) throws {
        let nw = max(w, width), nh = max(h, height)
        if texture != 0 && nw == width && nh == height { return }
        if texture == 0 { halo_glGenTextures(1, &texture); halo_glGenFramebuffers(1, &fbo) }
        let target = GLenum(GL_TEXTURE_2D_ARRAY)
        halo_glBindTexture(target, texture)
        halo_glTexImage3D(target, 0, GL_RGBA32F, GLsizei(nw), GLsizei(nh), GLsizei(ShapeSampleAtlas.layers), 0,
                          GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
        halo_glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        halo_glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        halo_glBindTexture(target, 0)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        let attachments = (0..<ShapeSampleAtlas.layers).map { GLenum(GL_COLOR_ATTACHMENT0) + GLenum($0) }
        for (layer, attachment) in attachments.enumerated() {
            halo_glFramebufferTextureLayer(GLenum(GL_FRAMEBUFFER), attachment, texture, 0, GLint(layer))
        }
        halo_glDrawBuffers(GLsizei(attachments.count), attachments)
        let status = halo_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) {
            throw GLError("shape sample framebuffer incomplete (status 0x\(String(status, radix: 16))) for \(nw)x\(nh) texels")
        }
        // Texels no tile draws are never read; cleared so that none holds what the driver left.
        halo_glClearColor(0, 0, 0, 0)
        halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        width = nw; height = nh
    }

    /// Deletes the texture and framebuffer; call while their context is current.
    mutating func release() {
        if texture != 0 { halo_glDeleteTextures(1, &texture); halo_glDeleteFramebuffers(1, &fbo) }
        texture = 0; fbo = 0; width = 0; height = 0
    }
}
