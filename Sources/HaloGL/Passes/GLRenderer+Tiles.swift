import CEpoxy
import Foundation
import HaloCore

/// The layers' tile draws: each batch of the frame plan one instanced draw, into the float
/// canvas (blended) or the target (final values).
extension GLRenderer {
    /// A frame whose glows fill more than one atlas page: each page's glows, then the
    /// batches that read that page, in page order (batches reading no glow with page 0).
    func drawPaged(_ plan: FramePlan, target: FrameTarget, background bg: Premul) throws {
        for (n, page) in plan.glowPages.enumerated() {
            if n > 0 { try drawGlows(page, index: n) }
            try drawBatches(plan.canvasBatches.filter { $0.glowPage == n }, plan: plan, target: target, background: bg)
            try drawBatches(plan.targetBatches.filter { $0.glowPage == n }, plan: plan, target: target, background: bg)
        }
    }

    /// Layer tile draws, each an instanced draw of one variant, into the canvas (blended)
    /// or the target (final values), as the variant says.
    func drawBatches(_ batches: [FramePlan.Batch], plan: FramePlan, target: FrameTarget, background bg: Premul) throws {
        var bound: OutputMode?
        for batch in batches {
            let toCanvas = batch.variant.output == .canvas
            if bound.map({ ($0 == .canvas) != toCanvas }) ?? true {
                bound = batch.variant.output
                if toCanvas {
                    halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
                    halo_glViewport(0, 0, GLsizei(plan.width), GLsizei(canvasBand?.rows ?? plan.height))
                    halo_glEnable(GLenum(GL_BLEND))
                    halo_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
                } else {
                    halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
                    halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
                    replaceTexels()
                }
            }
            let p = try programs.layerProgram(batch.variant)
            halo_glUseProgram(p.id)
            if toCanvas {
                // A material replaces the canvas within its coverage (layer.frag): dual-source blending.
                let material = batch.variant.fill == .material
                halo_glBlendFunc(GLenum(GL_ONE), GLenum(material ? GL_ONE_MINUS_SRC1_ALPHA : GL_ONE_MINUS_SRC_ALPHA))
                if material {
                    halo_glActiveTexture(GLenum(GL_TEXTURE6))
                    halo_glBindTexture(GLenum(GL_TEXTURE_2D), regionA.texture)
                    halo_glUniform1i(p.loc("uMaterial"), 6)
                    halo_glUniform2f(p.loc("uMaterialSize"), Float(regionA.width), Float(regionA.height))
                    halo_glActiveTexture(GLenum(GL_TEXTURE0))
                }
            }
            if toCanvas {
                // A band of the canvas holds rows y0 ...: canvas pixel p is texel p - (0, y0).
                halo_glUniform2f(p.loc("uTarget"), Float(plan.width), Float(canvasBand?.rows ?? plan.height))
                halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, -Float(canvasBand?.y0 ?? 0))
            } else {
                halo_glUniform2f(p.loc("uTarget"), Float(target.width), Float(target.height))
                let m = target.canvasToTarget
                halo_glUniform4f(p.loc("uCanvasToTarget"), m.0, m.1, m.2, m.3)
                plan.backdrops.colours.withUnsafeBufferPointer { b in
                    b.baseAddress!.withMemoryRebound(to: Float.self, capacity: 4 * b.count) {
                        halo_glUniform4fv(p.loc("uBackdrops"), GLsizei(b.count), $0)
                    }
                }
            }
            setFrameUniforms(p, for: batch.variant)
            if batch.variant.output == .overImage {
                halo_glActiveTexture(GLenum(GL_TEXTURE5))
                halo_glBindTexture(GLenum(GL_TEXTURE_2D), backgroundFloat.texture)
                halo_glUniform1i(p.loc("uBackgroundImage"), 5)
                halo_glActiveTexture(GLenum(GL_TEXTURE0))
            }
            if batch.variant.text { bindTexture(textAtlas.texture, unit: 7, to: "uTextAtlas", of: p) }
            if batch.variant.glow == .blurred {
                halo_glActiveTexture(GLenum(GL_TEXTURE1))
                halo_glBindTexture(GLenum(GL_TEXTURE_2D), glowA.texture)
                halo_glUniform1i(p.loc("uGlow"), 1)
                // A power of two a side (GlowAtlas.textureSide): the product by its reciprocal is the quotient, exactly.
                halo_glUniform2f(p.loc("uGlowAtlasTexel"), 1 / Float(glowA.width), 1 / Float(glowA.height))
                halo_glActiveTexture(GLenum(GL_TEXTURE0))
            }
            drawTiles(batch.instances, placedTiles: batch.placedTiles)
            if passTimer != nil {
                let v = batch.variant
                let kind = v.placed ? "placed" : (v.corners == 0 ? "straight " : v.corners == 2 ? "one-corner " : "") + (v.edge == .inside ? "inner" : v.edge == .smooth ? "smooth-edge" : "edge")
                endPass("\(kind) tiles\(v.kinksOnly ? ", kinks averaged" : v.paintAA ? ", paint averaged" : "")\(toCanvas ? ", via canvas" : "")")
            }
        }
    }

    /// One instanced draw of tiles (``FramePlan/floatsPerInstance`` floats each; tile.vert)
    /// with the program and framebuffer in use: each instance a tile (a 4-vertex strip), or
    /// where `placedTiles` > 0 a layer's quad whose tiles, `placedTiles` at most, the vertex
    /// stage places (two triangles each: lib/tile_placement.glsl).
    func drawTiles(_ data: [Float], placedTiles: Int = 0) {
        guard !data.isEmpty else { return }
        halo_glBindVertexArray(tileVAO)
        halo_glBindBuffer(GLenum(GL_ARRAY_BUFFER), tileBuffer)
        data.withUnsafeBytes { buf in
            halo_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(buf.count), buf.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        frameStats.countDraw()
        let instances = GLsizei(data.count / FramePlan.floatsPerInstance)
        if placedTiles > 0 {
            halo_glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, GLsizei(6 * placedTiles), instances)
        } else {
            halo_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, instances)
        }
    }

    /// Draws from here on replace the texels they cover (source times one plus destination
    /// times zero: the values written are the fragment shader's). Blending off would do the
    /// same, but llvmpipe compiles the program of a draw it finds opaque (no blending, every
    /// channel written, no discard) twice, the second time for 4x4 blocks wholly inside a
    /// triangle (Mesa's src/gallium/drivers/llvmpipe/lp_state_fs.c, generate_variant), and
    /// Halo's direct-tile, glow-source and blur programs are its largest: with blending on,
    /// one compile each (a cold render of 25 random scenes compiled in 150 s where it took
    /// 208). Other drivers blend these draws at no measurable cost.
    func replaceTexels() {
        halo_glEnable(GLenum(GL_BLEND))
        halo_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ZERO))
    }
}
