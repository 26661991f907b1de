import CEpoxy
import Foundation
import HaloCore

/// Steered glows' phase tables (``PhaseTable``): made once per geometry and paint, read by
/// each frame's combine pass.
extension GLRenderer {
    /// `s` with its paint's phase table, made now when due (``SteeredGlows/tableDue(_:glowColor:k:)``)
    /// and fewer than ``SteeredGlows/newTablesPerFrame`` were made this frame (`made`).
    func withTable(_ s: SteeredGlows.Steer, glowColor: Premul?, k: Int, made: inout Int) throws -> SteeredGlows.Steer {
        guard made < SteeredGlows.newTablesPerFrame, let shape = steering.tableDue(s, glowColor: glowColor, k: k),
              let m = steering.modes[s.key] else { return s }
        let planes = s.planes, w = planes.written, cw = w.x1 - w.x0, ch = w.y1 - w.y0
        guard cw > 0, ch > 0 else { steering.keep(nil, for: s); return s }
        // Cells in rows about as long as the columns are tall.
        let cells = planes.isPointSymmetric ? shape.phases / 2 : shape.phases
        let columns = max(1, min(cells, Int((Double(cells * ch) / Double(cw)).squareRoot().rounded(.up))))
        let rows = (cells + columns - 1) / columns
        guard columns * cw <= maxTextureSize, rows * ch <= maxTextureSize else { steering.keep(nil, for: s); return s }
        guard steering.makeTableRoom(columns * cw * rows * ch * 8, release: { $0.release() }) else { return s }
        made += 1
        var target = RenderTarget(format: PhaseTable.format)
        try target.ensure(width: columns * cw, height: rows * ch)
        let table = PhaseTable(target: target, shape: shape, symmetric: planes.isPointSymmetric, from: (w.x0, w.y0), columns: columns, cellWidth: cw, cellHeight: ch, frame: steering.frame)
        try drawPhases(table, planes: planes, modes: m)
        steering.keep(table, for: s)
        var out = s
        out.table = table
        out.weights = []
        return out
    }

    /// Each phase j of `table`: glow_combine.frag's sum of `planes` with the weights of the
    /// paint (`m`) turned by 2 pi j / M, over the whole cell.
    private func drawPhases(_ table: PhaseTable, planes: SteeredGlows.Planes, modes m: AngularModes) throws {
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), table.target.fbo)
        halo_glViewport(0, 0, GLsizei(table.target.width), GLsizei(table.target.height))
        replaceTexels()
        let first = SteeredGlows.weights(m, modes: table.modes, phi: 0)
        let c = try programs.glowCombineProgram(layers: first.count / 16, opaque: m.alphaIsConstant)
        halo_glUseProgram(c.id)
        halo_glUniform2f(c.loc("uTarget"), Float(table.target.width), Float(table.target.height))
        halo_glUniform4f(c.loc("uCanvasToTarget"), 1, 1, 0, 0)
        halo_glUniform1i(c.loc("uModes"), 2)
        halo_glUniform1i(c.loc("uLayerHeight"), GLint(planes.layerHeight))
        halo_glUniform1i(c.loc("uModeLayers"), GLint(first.count / 16))      // the general program's count
        halo_glActiveTexture(GLenum(GL_TEXTURE2))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), planes.target.texture)
        for j in 0..<table.cells {
            let (x, y) = table.cell(j)
            let w = j == 0 ? first : SteeredGlows.weights(m, modes: table.modes, phi: 2 * Double.pi * Double(j) / Double(table.phases))
            // Cell texel (x, y) + offset = planes texel (pad, pad) + region texel from + offset.
            halo_glUniform2i(c.loc("uShift"), GLint(planes.pad + table.from.x - x), GLint(planes.pad + table.from.y - y))
            w.withUnsafeBufferPointer { halo_glUniform4fv(c.loc("uWeights"), GLsizei($0.count / 4), $0.baseAddress) }
            drawTiles([Float(x), Float(y), Float(x + table.cellWidth), Float(y + table.cellHeight), 0, 0, 0, 0])
        }
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        try checkError("making a steered glow's phase table")
    }

    /// The most glows of one phase table one draw takes (glow_phase.frag's PHASE_BATCH).
    static let phaseBatch = 64

    /// Draws the steered glows read from phase tables into the bound glow atlas (glowA),
    /// each over its blur's texels: glow_phase.frag, one draw for up to ``RendererOptions/phaseTableBatch``
    /// (at most ``phaseBatch``) glows of a table, each glow's shift, cells, signs and mix in uniform arrays at its index
    /// (the instances' coverage slot).
    func drawFromTables(_ plan: FramePlan, _ steers: [(n: Int, steer: SteeredGlows.Steer, rects: [Float])]) throws {
        let tabled = steers.filter { $0.steer.table != nil }
        guard !tabled.isEmpty else { return }
        let c = try programs.glowPhaseProgram()
        halo_glUseProgram(c.id)
        halo_glUniform2f(c.loc("uTarget"), Float(glowA.width), Float(glowA.height))
        halo_glUniform4f(c.loc("uCanvasToTarget"), 1, 1, 0, 0)
        halo_glUniform1i(c.loc("uTable"), 2)
        // By table, in first-use order; each glow writes only its own texels, so order is free.
        var order: [GLuint] = [], byTable: [GLuint: [(steer: SteeredGlows.Steer, rects: [Float])]] = [:]
        for s in tabled {
            let id = s.steer.table!.target.texture
            if byTable[id] == nil { order.append(id) }
            byTable[id, default: []].append((s.steer, s.rects))
        }
        let n = FramePlan.floatsPerInstance
        for id in order {
            halo_glBindTexture(GLenum(GL_TEXTURE_2D), id)
            let group = byTable[id]!
            let size = max(1, min(options.phaseTableBatch, GLRenderer.phaseBatch))
            for start in stride(from: 0, to: group.count, by: size) {
                let batch = group[start..<min(start + size, group.count)]
                var place: [GLint] = [], cells: [GLint] = [], mix = [Float](repeating: 0, count: GLRenderer.phaseBatch)
                var instances: [Float] = []
                for (i, s) in batch.enumerated() {
                    let t = s.steer.table!, p = plan.layers[s.steer.row]
                    let (j0, j1, f) = PhaseTable.between(angle: s.steer.angle, phases: t.phases)
                    let a = t.read(j0), b = t.read(j1)
                    // Offset in a cell = atlas texel - the region's place - the cell's first region texel.
                    place += [GLint(-p.atlas.x - t.from.x), GLint(-p.atlas.y - t.from.y), GLint(a.sign), GLint(b.sign)]
                    cells += [GLint(a.origin.x), GLint(a.origin.y), GLint(b.origin.x), GLint(b.origin.y)]
                    mix[i] = f
                    var rects = s.rects
                    for k in stride(from: 4, to: rects.count, by: n) { rects[k] = Float(i) }
                    instances += rects
                }
                halo_glUniform4iv(c.loc("uPlace"), GLsizei(batch.count), place)
                halo_glUniform4iv(c.loc("uCells"), GLsizei(batch.count), cells)
                halo_glUniform4fv(c.loc("uMix"), GLsizei(GLRenderer.phaseBatch / 4), mix)
                drawTiles(instances)
            }
        }
    }
}
