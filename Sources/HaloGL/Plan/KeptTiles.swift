import Foundation

/// The target's cells as the frame before left them, so that an animation's frame draws
/// only the cells whose draws changed (``GLRenderer/render(_:)``, into the renderer's own
/// framebuffer). A kept cell holds the pixels its draws would write again, so the image is
/// the one a full redraw gives, bit for bit.
///
/// A cell of the frame's ``TileGrid`` has a key: its direct tile draws in drawing order,
/// each as its program, rect, coverage, backdrop colour and the layer-data texels its
/// variant reads. An inner tile without the stroke does not read the stroke's paint, so a
/// border whose gradient moves keeps its fill's inner tiles. What every draw reads (the
/// target, the background, the ramps, the arc tables, the programs compiled) is the
/// frame's key: when it changes, every cell is drawn. Cells are drawn anew every frame
/// where their draws read what a frame makes (``LayerVariant/readsFrameMadeData``) and
/// where they go through the float canvas (the resolve writes them whole).
///
/// Keys are 64-bit hashes: a changed cell keeps its key with a chance of about 2^-64.
struct KeptTiles {
    /// What every tile draw of the frame reads besides its own inputs.
    struct FrameKey: Equatable {
        var framebuffer: UInt32, texture: UInt32
        var width: Int, height: Int
        var background: SIMD4<Float>
        /// The background image's upload (0: none).
        var backgroundImage: Int
        var ramps: Int, arcs: Int
        var programsCompiled: Int
    }

    private var frameKey: FrameKey?
    private var keys: [UInt64] = []
    /// Cells drawn anew whatever their key.
    private var fresh: [Bool] = []
    /// The cells the last frame drew, of how many (nil: it drew them all).
    private(set) var drawnLastFrame: (cells: Int, of: Int)?

    /// Forgets the last frame: the next draws every cell.
    mutating func reset() { frameKey = nil; keys = []; fresh = []; drawnLastFrame = nil }

    /// Records `plan`'s cells (drawn with `frame`'s key) and returns the cells to draw: nil
    /// for every cell (the first frame, another frame key, or more than half the cells
    /// changed: then a clear and a full draw cost less), else a flag a cell of `plan.grid`.
    /// - Parameters:
    ///   - batchKeys: per target batch, its program's key, nil where it reads what a frame
    ///     makes (its cells are drawn anew).
    ///   - layerData: the frame's layer data (``LayerData/rows(_:ramps:arcs:)``).
    mutating func cellsToDraw(_ plan: FramePlan, frame: FrameKey, batchKeys: [UInt64?], layerData: [Float]) -> [Bool]? {
        let (newKeys, newFresh) = KeptTiles.cellKeys(plan, batchKeys: batchKeys, layerData: layerData)
        defer { frameKey = frame; keys = newKeys; fresh = newFresh }
        drawnLastFrame = nil
        guard frameKey == frame, keys.count == newKeys.count else { return nil }
        var draw = [Bool](repeating: false, count: newKeys.count)
        var count = 0
        for c in newKeys.indices where newFresh[c] || fresh[c] || newKeys[c] != keys[c] {
            draw[c] = true
            count += 1
        }
        guard count * 2 <= newKeys.count else { return nil }
        drawnLastFrame = (count, newKeys.count)
        return draw
    }

    /// Each cell's key and whether it is drawn anew (`cellsToDraw`).
    static func cellKeys(_ plan: FramePlan, batchKeys: [UInt64?], layerData: [Float]) -> (keys: [UInt64], fresh: [Bool]) {
        let grid = plan.grid, cells = grid.columns * grid.rows
        var keys = [UInt64](repeating: 0, count: cells)
        // Canvas cells are drawn every frame.
        var fresh = plan.touches.map { $0 >= 2 }
        let n = FramePlan.floatsPerInstance, rowFloats = 4 * LayerData.texels
        var rowHashes: [Int: UInt64] = [:]
        for (b, batch) in plan.targetBatches.enumerated() {
            let batchKey = batchKeys[b]
            let mask = readMask(batch.variant)
            var i = 0
            while i + n <= batch.instances.count {
                let d = batch.instances
                var h = batchKey ?? 0
                if batchKey != nil {
                    for k in 0..<6 { h = mix(h, UInt64(d[i + k].bitPattern)) }
                    let row = Int(d[i + 6]), backdrop = Int(d[i + 7])
                    let slot = row * 8 + mask
                    if rowHashes[slot] == nil {
                        let start = row * rowFloats
                        rowHashes[slot] = start + rowFloats <= layerData.count
                            ? hashRow(layerData[start..<(start + rowFloats)], mask: mask) : 0
                    }
                    h = mix(h, rowHashes[slot]!)
                    if backdrop < plan.backdrops.colours.count {
                        let c = plan.backdrops.colours[backdrop]
                        h = mix(h, UInt64(c.x.bitPattern) | UInt64(c.y.bitPattern) << 32)
                        h = mix(h, UInt64(c.z.bitPattern) | UInt64(c.w.bitPattern) << 32)
                    }
                }
                forEachCell(of: d, at: i, grid: grid) { c in
                    if batchKey == nil { fresh[c] = true } else { keys[c] = mix(keys[c], h) }
                }
                i += n
            }
        }
        return (keys, fresh)
    }

    /// Which of the fill's (1), the stroke's (2) and the glow's (4) texels a variant does
    /// not read.
    static func readMask(_ v: LayerVariant) -> Int {
        (v.fill == nil ? 1 : 0) | (v.stroke == nil ? 2 : 0) | (v.glow == .none ? 4 : 0)
    }

    /// A layer-data row's hash, the texels that `mask` says are not read left out
    /// (lib/layer_data.glsl: colour 2 + slot, geometry 4 + slot, ramps texel 6 .xy / .zw,
    /// lookup-table row texel 7 .z / .w, the glow's texels 9 to 11).
    static func hashRow(_ row: ArraySlice<Float>, mask: Int) -> UInt64 {
        var skip = Set<Int>()
        for slot in 0..<2 where mask & (1 << slot) != 0 {
            for k in 0..<4 { skip.insert(4 * (2 + slot) + k); skip.insert(4 * (4 + slot) + k) }
            skip.insert(4 * 6 + 2 * slot); skip.insert(4 * 6 + 2 * slot + 1); skip.insert(4 * 7 + 2 + slot)
        }
        if mask & 4 != 0 { for k in (4 * 9)..<(4 * 12) { skip.insert(k) } }
        var h: UInt64 = 0x6b65_7074
        for (k, v) in row.enumerated() where !skip.contains(k) { h = mix(h, UInt64(v.bitPattern) | UInt64(k) << 32) }
        return h
    }

    /// Calls `body` with each cell of `grid` that the instance at `i` of `data` reaches.
    static func forEachCell(of data: [Float], at i: Int, grid: TileGrid, _ body: (Int) -> Void) {
        let s = LayerTiles.size
        let x0 = Int(data[i]), y0 = Int(data[i + 1]), x1 = Int(data[i + 2]), y1 = Int(data[i + 3])
        guard x1 > x0, y1 > y0 else { return }
        let i0 = max(0, x0 / s), i1 = min(grid.columns - 1, (x1 - 1) / s)
        let j0 = max(0, y0 / s), j1 = min(grid.rows - 1, (y1 - 1) / s)
        guard i0 <= i1, j0 <= j1 else { return }
        for j in j0...j1 { for c in i0...i1 { body(grid.index(c, j)) } }
    }

    /// The parts of `instances` (``FramePlan/floatsPerInstance`` floats each) inside the
    /// cells flagged in `draw`: each instance cut on the grid's cell lines, a piece for each
    /// run of flagged cells along a row.
    static func clip(_ instances: [Float], to draw: [Bool], grid: TileGrid) -> [Float] {
        let n = FramePlan.floatsPerInstance, s = LayerTiles.size
        var out: [Float] = []
        var i = 0
        while i + n <= instances.count {
            let x0 = Int(instances[i]), y0 = Int(instances[i + 1]), x1 = Int(instances[i + 2]), y1 = Int(instances[i + 3])
            var all = true, any = false
            forEachCell(of: instances, at: i, grid: grid) { c in
                if draw[c] { any = true } else { all = false }
            }
            if all && any {
                out.append(contentsOf: instances[i..<(i + n)])
            } else if any {
                let i0 = x0 / s, i1 = (x1 - 1) / s
                let j0 = y0 / s, j1 = (y1 - 1) / s
                for j in j0...j1 {
                    let top = max(y0, j * s), bottom = min(y1, (j + 1) * s)
                    var c = i0
                    while c <= i1 {
                        guard draw[grid.index(c, j)] else { c += 1; continue }
                        let start = c
                        while c <= i1 && draw[grid.index(c, j)] { c += 1 }
                        let left = max(x0, start * s), right = min(x1, c * s)
                        out += [Float(left), Float(top), Float(right), Float(bottom)]
                        out.append(contentsOf: instances[(i + 4)..<(i + n)])
                    }
                }
            }
            i += n
        }
        return out
    }

    /// Instances (``FramePlan/floatsPerInstance`` floats, row 0) covering the cells flagged
    /// in `draw` that do not go through the float canvas: what is set back to the
    /// background before the tiles are drawn.
    static func restoreRects(_ draw: [Bool], plan: FramePlan) -> [Float] {
        FramePlan.instances(plan.grid.rects { draw[$0] && plan.touches[$0] < 2 }, row: 0)
    }

    /// Mixes `v` into the hash `h` (a multiply-xorshift step, order-dependent).
    @inline(__always) static func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
        var x = (h ^ v) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 32
        x = x &* 0xD6E8_FEB8_6659_FD93
        return x ^ (x >> 29)
    }
}
