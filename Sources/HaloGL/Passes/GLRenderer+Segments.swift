import CEpoxy
import HaloCore

/// Frames with layers that read what is below them (a material fill, docs/scene-format.md "Material")
/// or whose coverage is not a signed distance (text, docs/scene-format.md "Text"): drawn in segments
/// through the float canvas.
extension GLRenderer {
    /// Every tile goes through the float canvas, and the frame is drawn in segments, each
    /// planned on its own (``FramePlan``): the layers before a material or text layer, that
    /// layer (a material's backdrop blurred first, ``drawMaterialBlur(_:)``; a text by
    /// ``drawText(_:of:)``), the layers after it, and so on; then the whole canvas is resolved
    /// into the target.
    func drawInSegments(_ frame: Frame, into target: FrameTarget) throws {
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
        halo_glDisable(GLenum(GL_DEPTH_TEST))
        halo_glDisable(GLenum(GL_BLEND))
        if let img = frame.backgroundImage { try uploadBackground(img) }
        try clearCanvas(frame)
        endPass("background")
        var run: [ResolvedLayer] = []
        for layer in frame.layers where layer.opacity > 0 {
            if layer.isText {
                try drawSegment(run, of: frame, target: target)
                run = []
                try drawText(layer, of: frame)
            } else if layer.fill?.isMaterial == true {
                try drawSegment(run, of: frame, target: target)
                run = []
                try drawSegment([layer], of: frame, target: target)
            } else {
                run.append(layer)
            }
        }
        try drawSegment(run, of: frame, target: target)
        halo_glDisable(GLenum(GL_BLEND))
        try checkError("drawing the layers")
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        if target.isWindow { clearLetterbox(target, width: frame.width, height: frame.height) }
        try resolve([0, 0, Float(frame.width), Float(frame.height), 0, 0, 0, 0], target: target)
        endPass("resolve")
    }

    /// `layers` of `frame` into the canvas, planned as a frame of their own.
    func drawSegment(_ layers: [ResolvedLayer], of frame: Frame, target: FrameTarget) throws {
        guard !layers.isEmpty else { return }
        var sub = frame
        sub.layers = layers
        let plan = FramePlan(sub, isWindow: target.isWindow, lutWidth: ramps.lutWidth,
                             maxTextureSize: maxTextureSize, throughCanvas: true, tilesOnGPU: placesTilesOnGPU)
        if plan.placed { frameStats.tilesPlaced = true }
        programs.prepare(for: plan)
        ramps.upload(sub)
        arcs.upload(sub)
        uploadLayerData(LayerData.rows(plan, ramps: ramps, arcs: arcs), layers: plan.layers.count)
        try drawShapeSamples(plan)
        for layer in plan.layers { if let m = layer.material { try drawMaterialBlur(m) } }
        let bg = frame.backgroundColor
        if plan.glowPages.isEmpty { try drawBatches(plan.canvasBatches, plan: plan, target: target, background: bg) }
        for (n, page) in plan.glowPages.enumerated() {
            try drawGlows(page, index: n)
            try drawBatches(plan.canvasBatches.filter { $0.glowPage == n }, plan: plan, target: target, background: bg)
        }
    }

    /// The canvas below a material, blurred at 1/k resolution into `regionA`: its k x k
    /// blocks averaged (downsample.frag, the canvas clamped at its edges), then the blur's
    /// two passes (blur.frag) with the region's ``GlowPlan`` kernel.
    func drawMaterialBlur(_ region: FramePlan.MaterialRegion) throws {
        try blurRegion(region, source: canvas.texture, last: (canvas.width - 1, canvas.height - 1), sourceOrigin: (0, 0), recolor: nil)
        endPass("material blur")
        try checkError("blurring a material's backdrop")
    }

    /// `region` of the image in `source` (its pixel (x, y) at texel (x - sourceOrigin.x, ...),
    /// valid up to texel `last`, clamped beyond) blurred at 1/k into `regionA`.
    private func blurRegion(_ region: FramePlan.MaterialRegion, source: GLuint, last: (Int, Int), sourceOrigin: (Int, Int),
                            recolor: Premul?) throws {
        let w = region.width, h = region.height
        if w > maxTextureSize || h > maxTextureSize {
            throw GLError("a blurred region is \(w)x\(h) texels; this GPU's textures stop at \(maxTextureSize)")
        }
        try regionA.ensure(width: w, height: h, growOnly: true)
        try regionB.ensure(width: regionA.width, height: regionA.height, growOnly: true)
        let rect: [Float] = [0, 0, Float(w), Float(h), 0, 0, 0, 0]
        halo_glDisable(GLenum(GL_BLEND))
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), regionA.fbo)
        halo_glViewport(0, 0, GLsizei(regionA.width), GLsizei(regionA.height))
        let s = try programs.downsampleProgram()
        halo_glUseProgram(s.id)
        halo_glUniform2f(s.loc("uTarget"), Float(regionA.width), Float(regionA.height))
        halo_glUniform4f(s.loc("uCanvasToTarget"), 1, 1, 0, 0)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), source)
        halo_glUniform1i(s.loc("uSource"), 0)
        halo_glUniform2i(s.loc("uLast"), GLint(last.0), GLint(last.1))
        halo_glUniform2i(s.loc("uOrigin"), GLint(region.origin.x - sourceOrigin.0), GLint(region.origin.y - sourceOrigin.1))
        halo_glUniform1i(s.loc("uK"), GLint(region.plan.k))
        let c = recolor ?? Premul(0, 0, 0, -1)
        halo_glUniform4f(s.loc("uRecolor"), Float(c.x), Float(c.y), Float(c.z), Float(c.w))
        drawTiles(rect)
        try blurPass(region.plan, from: regionA, to: regionB, horizontal: true, rects: rect)
        try blurPass(region.plan, from: regionB, to: regionA, horizontal: false, rects: rect)
    }

    /// A text layer in a segmented frame: its group painted (``paintText(_:row:region:)``)
    /// and composited over the canvas at the layer's opacity.
    func drawText(_ layer: ResolvedLayer, of frame: Frame) throws {
        guard let plan = TextPlacement.layerPlan(layer, index: 0, width: canvas.width, height: canvas.height),
              let placed = plan.text else { return }
        var frameOfOne = frame
        frameOfOne.layers = [layer]
        ramps.upload(frameOfOne)
        uploadLayerData(LayerData.row(plan, ramps: ramps), layers: 1)
        let glow = try paintText(layer, row: 0, placed)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
        halo_glViewport(0, 0, GLsizei(canvas.width), GLsizei(canvas.height))
        halo_glEnable(GLenum(GL_BLEND))
        halo_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        let q = plan.quad
        try composeText(layer, placed, glow: glow, rect: [Float(q.x0), Float(q.y0), Float(q.x1), Float(q.y1), 0, 0, 0, 0],
                        target: (canvas.width, canvas.height), canvasToTarget: (0, 0), opacity: Float(layer.opacity))
        halo_glDisable(GLenum(GL_BLEND))
        endPass("text")
        try checkError("drawing a text")
    }

    /// Every text layer's group (fill over glow, before the layer's opacity) into its place
    /// in the text atlas (``TextPlacement``), for the batched frame's text tiles.
    func drawTextAtlas(_ plan: FramePlan) throws {
        guard plan.textAtlasSize.width > 0 else { return }
        try textAtlas.ensure(width: plan.textAtlasSize.width, height: plan.textAtlasSize.height, growOnly: true)
        // Unchanged texts in an unchanged texture: the atlas already holds them.
        let entries = plan.layers.compactMap { TextAtlasEntry($0) }
        if let held = textAtlasContent, held.texture == textAtlas.texture, held.width == textAtlas.width,
           held.height == textAtlas.height, held.entries == entries { return }
        textAtlasContent = nil
        for (row, lp) in plan.layers.enumerated() {
            guard let placed = lp.text else { continue }
            let glow = try paintText(lp.layer, row: row, placed)
            halo_glDisable(GLenum(GL_BLEND))
            halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), textAtlas.fbo)
            halo_glViewport(0, 0, GLsizei(textAtlas.width), GLsizei(textAtlas.height))
            let q = lp.quad
            try composeText(lp.layer, placed, glow: glow, rect: [Float(q.x0), Float(q.y0), Float(q.x1), Float(q.y1), 0, 0, 0, 0],
                            target: (textAtlas.width, textAtlas.height),
                            canvasToTarget: (Float(placed.atlas.x) - Float(q.x0), Float(placed.atlas.y) - Float(q.y0)), opacity: 1)
        }
        endPass("text atlas")
        try checkError("drawing the text atlas")
        textAtlasContent = (entries, textAtlas.texture, textAtlas.width, textAtlas.height)
    }

    /// A text's fill image into `textFill` over its region: its exact coverage from the CPU
    /// (``TextGeometry``, cached across frames) uploaded and painted by its layer data row
    /// `row` (text_fill.frag); and its glow, that image (recoloured) blurred at 1/k into
    /// `regionA` as a material's backdrop is (``blurRegion``), whose region it returns.
    private func paintText(_ layer: ResolvedLayer, row: Int, _ placed: TextPlacement) throws -> FramePlan.MaterialRegion? {
        guard let text = layer.text, let fill = layer.fill else { return nil }
        let (i0, j0, i1, j1) = placed.region
        let rw = i1 - i0, rh = j1 - j0
        if rw > maxTextureSize || rh > maxTextureSize {
            throw GLError("a text's region is \(rw)x\(rh) pixels; this GPU's textures stop at \(maxTextureSize)")
        }
        let cov = text.coverage(i0: i0, j0: j0, i1: i1, j1: j1)
        try textCoverage.ensure(width: rw, height: rh, growOnly: true)
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), textCoverage.texture)
        cov.texels.withUnsafeBytes { buf in
            halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(rw), GLsizei(rh), GLenum(GL_RGBA), GLenum(GL_FLOAT), buf.baseAddress)
        }
        try textFill.ensure(width: rw, height: rh, growOnly: true)
        halo_glDisable(GLenum(GL_BLEND))
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), textFill.fbo)
        halo_glViewport(0, 0, GLsizei(textFill.width), GLsizei(textFill.height))
        let variant = LayerVariant.textFill(fill)
        let f = try programs.textFillProgram(variant)
        halo_glUseProgram(f.id)
        halo_glUniform2f(f.loc("uTarget"), Float(textFill.width), Float(textFill.height))
        halo_glUniform4f(f.loc("uCanvasToTarget"), 1, 1, 0, 0)
        setFrameUniforms(f, for: variant)
        bindTexture(textCoverage.texture, unit: 5, to: "uCoverage", of: f)
        halo_glUniform2f(f.loc("uRegion"), Float(i0), Float(j0))
        drawTiles([0, 0, Float(rw), Float(rh), 0, 0, Float(row), 0])
        guard let glow = layer.glow, glow.sigma > 0 else { return nil }
        let r = FramePlan.MaterialRegion(sigma: glow.sigma, pixels: Box(x0: Double(i0), y0: Double(j0), x1: Double(i1), y1: Double(j1)))
        try blurRegion(r, source: textFill.texture, last: (rw - 1, rh - 1), sourceOrigin: (i0, j0), recolor: glow.color)
        return r
    }

    /// text.frag over `rect` (canvas pixels) into the bound framebuffer of size `target`,
    /// canvas pixel p at target pixel p + `canvasToTarget`: the text's fill over its glow,
    /// times `opacity`.
    private func composeText(_ layer: ResolvedLayer, _ placed: TextPlacement, glow region: FramePlan.MaterialRegion?, rect: [Float],
                             target: (Int, Int), canvasToTarget: (Float, Float), opacity: Float) throws {
        let t = try programs.textProgram()
        halo_glUseProgram(t.id)
        halo_glUniform2f(t.loc("uTarget"), Float(target.0), Float(target.1))
        halo_glUniform4f(t.loc("uCanvasToTarget"), 1, 1, canvasToTarget.0, canvasToTarget.1)
        bindTexture(textFill.texture, unit: 1, to: "uFill", of: t)
        bindTexture(regionA.texture, unit: 2, to: "uGlowImage", of: t)
        halo_glUniform2f(t.loc("uFillOrigin"), Float(placed.region.i0), Float(placed.region.j0))
        halo_glUniform2f(t.loc("uGlowSize"), Float(regionA.width), Float(regionA.height))
        let glowOpacity = Float(layer.glow?.opacity ?? 0)
        if let r = region {
            halo_glUniform4f(t.loc("uGlowMap"), Float(r.origin.x), Float(r.origin.y), 1 / Float(r.plan.k), glowOpacity)
        } else {
            halo_glUniform4f(t.loc("uGlowMap"), 0, 0, 1, glowOpacity)
        }
        halo_glUniform1i(t.loc("uGlowMode"), region != nil ? 1 : layer.glow != nil ? 2 : 0)
        let gc = layer.glow?.color ?? Premul(0, 0, 0, -1)
        halo_glUniform4f(t.loc("uGlowColor"), Float(gc.x), Float(gc.y), Float(gc.z), Float(gc.w))
        halo_glUniform1f(t.loc("uOpacity"), opacity)
        drawTiles(rect)
    }

    /// Binds `texture` to texture unit `unit` as the sampler `name` of `p` (in use), and
    /// leaves unit 0 active.
    func bindTexture(_ texture: GLuint, unit: Int32, to name: String, of p: GLProgram) {
        halo_glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        halo_glUniform1i(p.loc(name), GLint(unit))
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
    }
}
