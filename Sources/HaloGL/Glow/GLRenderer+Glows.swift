import CEpoxy
import HaloCore

/// The glow atlas's passes: each glow's source at 1/k, then the separable blur (GlowPlan).
extension GLRenderer {
    /// One pass of the separable blur (blur.frag) of `src` into `dst` over `rects` (texels);
    /// leaves `src` bound to texture unit 2. `offset` (texels) moves the rects in both.
    func blurPass(_ plan: GlowPlan, from src: RenderTarget, to dst: RenderTarget, horizontal: Bool, rects: [Float],
                  offset: (Float, Float) = (0, 0)) throws {
        replaceTexels()
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), dst.fbo)
        halo_glViewport(0, 0, GLsizei(dst.width), GLsizei(dst.height))
        halo_glActiveTexture(GLenum(GL_TEXTURE2))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), src.texture)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        let pairs = plan.pairs(padded: programs.padsBlurKernels)
        let b = try programs.blurProgram(pairs: pairs.weights.count)
        halo_glUseProgram(b.id)
        halo_glUniform1i(b.loc("uSource"), 2)
        halo_glUniform2f(b.loc("uTarget"), Float(dst.width), Float(dst.height))
        halo_glUniform4f(b.loc("uCanvasToTarget"), 1, 1, offset.0, offset.1)
        halo_glUniform2f(b.loc("uTexSize"), Float(src.width), Float(src.height))
        halo_glUniform1f(b.loc("uCenterWeight"), plan.weights[0])
        halo_glUniform1i(b.loc("uPairs"), GLint(pairs.weights.count))      // the general program's count
        pairs.weights.withUnsafeBufferPointer { halo_glUniform1fv(b.loc("uPairWeights"), GLsizei($0.count), $0.baseAddress) }
        pairs.offsets.withUnsafeBufferPointer { halo_glUniform1fv(b.loc("uPairOffsets"), GLsizei($0.count), $0.baseAddress) }
        halo_glUniform2f(b.loc("uStep"), horizontal ? 1 / Float(src.width) : 0, horizontal ? 0 : 1 / Float(src.height))
        drawTiles(rects)
    }

    /// One page of the glow atlas: every glow's stroke layer into glowA, then the blur:
    /// glowA -> glowB (x), glowB -> glowA (y), one draw per kernel.
    /// - Parameter regions: clear only these atlas rects (x, y, width, height; texels) of
    ///   both textures, where `page` holds only the glows drawn there (``GlowCache``);
    ///   nil clears the whole atlas, and the glow cache forgets what it held.
    func drawGlows(_ page: FramePlan.GlowPage, index: Int, regions: [(Int, Int, Int, Int)]? = nil) throws {
        if regions == nil { glowCache.forget() }
        try glowA.ensure(width: GlowAtlas.textureSide(page.width), height: GlowAtlas.textureSide(page.height), growOnly: true)
        try glowB.ensure(width: GlowAtlas.textureSide(page.width), height: GlowAtlas.textureSide(page.height), growOnly: true)
        replaceTexels()
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), glowA.fbo)
        halo_glViewport(0, 0, GLsizei(glowA.width), GLsizei(glowA.height))
        clearGlowAtlas(regions)
        for batch in page.source {
            let s = try programs.glowSourceProgram(batch.variant)
            halo_glUseProgram(s.id)
            halo_glUniform2f(s.loc("uTarget"), Float(glowA.width), Float(glowA.height))
            halo_glUniform4f(s.loc("uCanvasToTarget"), 1, 1, 0, 0)
            setFrameUniforms(s, for: batch.variant)
            drawTiles(batch.instances, placedTiles: batch.placedTiles)
        }
        endPass("glow atlas \(index + 1): sources")
        for (src, dst, horizontal) in [(glowA, glowB, true), (glowB, glowA, false)] {
            if horizontal {
                halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), dst.fbo)
                clearGlowAtlas(regions)
            }
            for blur in page.blurs {
                try blurPass(blur.plan, from: src, to: dst, horizontal: horizontal, rects: horizontal ? blur.horizontal : blur.vertical)
            }
            endPass("glow atlas \(index + 1): \(horizontal ? "horizontal" : "vertical") blur")
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE2))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        try checkError("drawing the glows")
    }
}
