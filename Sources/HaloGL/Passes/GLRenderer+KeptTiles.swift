import CEpoxy
import HaloCore

/// Frames that draw only the cells of the output whose tile draws changed (``KeptTiles``).
extension GLRenderer {
    /// The cells of `plan` to draw into `target`, nil for all of them (and the whole target
    /// cleared first). Cells are kept only in the renderer's own output (``render(_:)``),
    /// where nothing else writes between frames, and in frames drawn in one piece (one glow
    /// page, the canvas whole: `bands` false).
    func cellsToDraw(_ plan: FramePlan, frame: Frame, target: FrameTarget, layerData: [Float], bands: Bool) -> [Bool]? {
        guard target.framebuffer == output.fbo else { return nil }
        guard options.keepsUnchangedCells, plan.direct, plan.glowPages.count <= 1, !bands, !target.isWindow else {
            keptTiles.reset()
            return nil
        }
        var batchKeys: [UInt64?] = []
        for batch in plan.targetBatches {
            guard !batch.variant.readsFrameMadeData, let p = try? programs.layerProgram(batch.variant) else {
                batchKeys.append(nil)
                continue
            }
            var h = Hasher()
            h.combine(batch.variant)
            h.combine(p.id)
            batchKeys.append(UInt64(bitPattern: Int64(h.finalize())))
        }
        let key = KeptTiles.FrameKey(
            framebuffer: UInt32(output.fbo), texture: UInt32(output.texture), width: target.width, height: target.height,
            background: SIMD4<Float>(frame.backgroundColor),
            backgroundImage: frame.backgroundImage == nil ? 0 : backgroundUploads,
            ramps: ramps.generation, arcs: arcs.generation, programsCompiled: programs.compiledCount)
        return keptTiles.cellsToDraw(plan, frame: key, batchKeys: batchKeys, layerData: layerData)
    }

    /// Sets the cells flagged in `cells` (but those the resolve writes whole) back to the
    /// background: the background image's final values, else the colour's.
    func restore(_ cells: [Bool], plan: FramePlan, frame: Frame, target: FrameTarget) throws {
        let rects = KeptTiles.restoreRects(cells, plan: plan)
        guard !rects.isEmpty else { return }
        replaceTexels()
        let p = try programs.targetRestore()
        halo_glUseProgram(p.id)
        halo_glUniform2f(p.loc("uTarget"), Float(target.width), Float(target.height))
        let m = target.canvasToTarget
        halo_glUniform4f(p.loc("uCanvasToTarget"), m.0, m.1, m.2, m.3)
        let c = FrameTarget.straightRGBA8(frame.backgroundColor)
        halo_glUniform4f(p.loc("uColour"), c.0, c.1, c.2, c.3)
        halo_glUniform1i(p.loc("uUseImage"), frame.backgroundImage != nil ? 1 : 0)
        bindTexture(background8.texture, unit: 5, to: "uImage", of: p)
        drawTiles(rects)
        halo_glDisable(GLenum(GL_BLEND))
        try checkError("setting changed cells back to the background")
    }

    /// `batches` with their instances cut to the cells flagged in `cells`; batches left
    /// empty are dropped.
    static func clip(_ batches: [FramePlan.Batch], to cells: [Bool], grid: TileGrid) -> [FramePlan.Batch] {
        batches.compactMap { b in
            var out = b
            out.instances = KeptTiles.clip(b.instances, to: cells, grid: grid)
            return out.instances.isEmpty ? nil : out
        }
    }
}
