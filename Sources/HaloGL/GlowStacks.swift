/// Shared cells where every layer shows only its glow: each layer's one tile there is an
/// edge-free tile outside its fill and stroke, reading its blurred glow from the atlas.
/// Such a cell is drawn by one instance of glow_stack.frag, which composites the layers'
/// glows over the background in order (source-over, premultiplied, in float) and writes
/// the final 8-bit values, where it would otherwise go through the float canvas: the
/// canvas set to the background, each layer's tile blended into it, the resolve. The same
/// sums in the same order, rounded once (the shader's multiply-adds may round apart from
/// the blend unit's at a tie), with less work: llvmpipe reads and writes 16 bytes of the
/// float canvas a pixel for each of those steps (the 100-button grid's glows overlap
/// between buttons: docs/performance.md, "Glow stacks").
///
/// Built by ``FramePlan`` for frames over a background colour, drawn straight into the
/// target, with a single glow atlas page. A stack holds 2 to ``maxLayers`` layers; a cell
/// with more, or where any layer has anything but its glow, keeps the canvas.
struct GlowStacks {
    /// The most layers a stack composites (glow_stack.vert's attributes).
    static let maxLayers = 4

    /// Per instance (glow_stack.vert): the cell's rect x0, y0, x1, y1 (canvas pixels), the
    /// layers' rows in the layer data (unused slots -1), then each layer's tile rect in the
    /// cell (its pixels; the layer adds nothing outside it).
    static let floatsPerInstance = 8 + 4 * maxLayers

    /// Per cell: drawn by a stack.
    private(set) var stacked: [Bool]
    /// The instances of stacks of 2, 3 and 4 layers ([0] holds those of 2): each count its
    /// own program (HALO_STACK), so that a pixel reads only the glows it composites.
    private(set) var instances: [[Float]]
    /// How many cells are stacked.
    private(set) var count = 0

    /// No stacks.
    init(cells: Int) {
        stacked = Array(repeating: false, count: cells)
        instances = Array(repeating: [], count: GlowStacks.maxLayers - 1)
    }

    /// - Parameters:
    ///   - layers: the frame's layer plans, in drawing order, with their tiles.
    ///   - touches: per cell, 2 where two or more layers touch it and it is not promoted
    ///     to a constant backdrop (``CellBackdrops``).
    init(layers: [FramePlan.LayerPlan], grid: TileGrid, touches: [UInt8]) {
        let n = grid.columns * grid.rows, m = GlowStacks.maxLayers
        self.init(cells: n)
        // Shared cells get a slot each (the rest of the canvas none), and per slot, as layers
        // arrive in order: how many layers, each one's row and tile, or spoilt.
        var slot = [Int32](repeating: -1, count: n)
        var shared = 0
        for c in 0..<n where touches[c] >= 2 { slot[c] = Int32(shared); shared += 1 }
        guard shared > 0 else { return }
        var layersIn = [UInt8](repeating: 0, count: shared)
        var spoilt = [Bool](repeating: false, count: shared)
        var rows = [Int32](repeating: -1, count: shared * m)
        var clips = [Float](repeating: 0, count: shared * m * 4)
        for (k, plan) in layers.enumerated() {
            let glowOnly = plan.glowMode == .blurred && plan.text == nil && plan.material == nil
            for tile in plan.tiles.cells {
                let q = Int(slot[tile.index])
                guard q >= 0, !spoilt[q] else { continue }
                let i = Int(layersIn[q])
                // Anything but a glow-only tile, a layer's second tile in the cell, a fifth layer.
                if !glowOnly || tile.group.edge || tile.group.fill || tile.group.stroke || tile.group.paintAA
                    || (i > 0 && rows[q * m + i - 1] == Int32(k)) || i == m {
                    spoilt[q] = true
                    continue
                }
                rows[q * m + i] = Int32(k)
                let r = tile.rect, at = (q * m + i) * 4
                clips[at] = r.0; clips[at + 1] = r.1; clips[at + 2] = r.2; clips[at + 3] = r.3
                layersIn[q] += 1
            }
        }
        for c in 0..<n where slot[c] >= 0 {
            let q = Int(slot[c])
            guard !spoilt[q] && layersIn[q] >= 2 else { continue }
            let r = grid.rect(c)
            guard r.x1 > r.x0 && r.y1 > r.y0 else { continue }
            let l = Int(layersIn[q])
            var out = [Float(r.x0), Float(r.y0), Float(r.x1), Float(r.y1)]
            for i in 0..<m { out.append(Float(rows[q * m + i])) }
            for i in 0..<m { out += i < l ? Array(clips[(q * m + i) * 4 ..< (q * m + i) * 4 + 4]) : [0, 0, 0, 0] }
            instances[l - 2] += out
            stacked[c] = true
            count += 1
        }
    }
}
