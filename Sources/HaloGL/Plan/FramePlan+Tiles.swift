import Foundation
import HaloCore

/// The layers' tiles grouped into instanced draws, in layer order where they overlap.
extension FramePlan {

    /// Groups every layer's tiles into draws (see the type's summary).
    mutating func planTiles(output: OutputMode) {
        var targetIndex: [LayerVariant: Int] = [:], underlayIndex: [LayerVariant: Int] = [:]
        var underlays: [Batch] = []
        // Canvas draws by id, in drawing order `order` (`position` of each id); for each
        // canvas cell the id of the last draw that wrote it; each key's draws.
        var draws: [Batch] = []
        var order: [Int] = [], position: [Int] = []
        var lastDraw = [Int](repeating: -1, count: touches.count)
        var drawsOf: [BatchKey: [Int]] = [:]
        let shared = touches
        let n = LayerTiles.floatsPerTile
        // Each layer's draws by group, on every core; then the batching, in layer order.
        let grouped = ParallelSlots<[(key: LayerTiles.Group, underlay: Bool, backdrop: Int, data: [Float])]>(count: layers.count)
        let tiles = layers.map(\.tiles)
        let backdrops = self.backdrops
        let chunks = min(tiles.count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for k in stride(from: c, to: tiles.count, by: chunks) {
                grouped.set(k, tiles[k].groups(placement: {
                    backdrops.placement(layer: k, cell: $0, shared: shared[$0] >= 2)
                }))
            }
        }
        for (row, plan) in layers.enumerated() {
            for (group, underlay, backdrop, data) in grouped.get(row) {
                let page = plan.glowMode == .blurred ? plan.atlas.page : 0
                if underlay {
                    // Constant fills under a promoted cell's top layer: drawn before every direct tile.
                    let variant = LayerVariant(plan.layer, glow: plan.glowMode, group: group, output: output)
                    let u = underlayIndex[variant] ?? {
                        underlays.append(Batch(variant: variant, glowPage: page))
                        underlayIndex[variant] = underlays.count - 1
                        return underlays.count - 1
                    }()
                    FramePlan.appendInstances(data, row: row, backdrop: backdrop, to: &underlays[u].instances)
                    underlays[u].layers += 1
                    continue
                }
                if group.direct {
                    let variant = LayerVariant(plan.layer, glow: plan.glowMode, group: group, output: output)
                    var t = targetIndex[variant] ?? -1
                    // A page other than the draw's (huge frames only): a draw of its own.
                    if t < 0 || targetBatches[t].glowPage != page {
                        targetBatches.append(Batch(variant: variant, glowPage: page))
                        t = targetBatches.count - 1
                        targetIndex[variant] = t
                    }
                    FramePlan.appendInstances(data, row: row, backdrop: backdrop, to: &targetBatches[t].instances)
                    targetBatches[t].layers += 1
                    continue
                }
                let key = BatchKey(variant: LayerVariant(plan.layer, glow: plan.glowMode, group: group, output: .canvas), page: page)
                var mine = drawsOf[key] ?? []
                var joined = Set<Int>()
                // Tile by tile: each joins the first draw of its key at or after the last draw
                // of its cells, or a new draw placed right after that one.
                for t in stride(from: 0, to: data.count, by: n) {
                    let cells = cellRange(data[t], data[t + 1], data[t + 2], data[t + 3])
                    var earliest = -1
                    for j in cells.j { for i in cells.i {
                        let d = lastDraw[grid.index(i, j)]
                        if d >= 0 && (earliest < 0 || position[d] > position[earliest]) { earliest = d }
                    } }
                    let floor = earliest < 0 ? -1 : position[earliest]
                    var id = -1
                    for candidate in mine where position[candidate] >= floor {
                        if id < 0 || position[candidate] < position[id] { id = candidate }
                    }
                    if id < 0 {
                        id = draws.count
                        draws.append(Batch(variant: key.variant, glowPage: page))
                        order.insert(id, at: floor + 1)
                        position.append(0)
                        for (p, d) in order.enumerated() { position[d] = p }
                        mine.append(id)
                    }
                    FramePlan.appendInstances(data, from: t, count: 1, row: row, to: &draws[id].instances)
                    if joined.insert(id).inserted { draws[id].layers += 1 }
                    for j in cells.j { for i in cells.i { lastDraw[grid.index(i, j)] = id } }
                }
                drawsOf[key] = mine
            }
        }
        canvasBatches = order.map { draws[$0] }
        targetBatches = underlays + targetBatches
    }

    private struct BatchKey: Hashable { var variant: LayerVariant; var page: Int }

    /// The grid columns and rows a tile rect (canvas pixels) lies in.
    private func cellRange(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) -> (i: ClosedRange<Int>, j: ClosedRange<Int>) {
        let s = LayerTiles.size
        let i0 = Int(x0) / s, i1 = (Int(x1) - 1) / s
        let j0 = Int(y0) / s, j1 = (Int(y1) - 1) / s
        return (i0...max(i0, i1), j0...max(j0, j1))
    }

    /// Appends `count` tiles (all when nil) of ``LayerTiles/floatsPerTile`` floats from
    /// `start` as instances of layer data row `row` over backdrop row `backdrop`, moved by (dx, dy).
    static func appendInstances(_ tiles: [Float], from start: Int = 0, count: Int? = nil, row: Int, backdrop: Int = 0,
                                dx: Float = 0, dy: Float = 0, to out: inout [Float]) {
        let n = LayerTiles.floatsPerTile
        let end = count.map { start + $0 * n } ?? tiles.count
        // Grown geometrically: reserving the exact size at each call (a tile, or a layer's
        // group, appended to a draw that many layers share) reallocates and copies the
        // growing array every time, quadratic over a frame.
        let needed = out.count + (end - start) / n * floatsPerInstance
        if needed > out.capacity { out.reserveCapacity(max(needed, 2 * out.capacity)) }
        let r = Float(row), b = Float(backdrop)
        for t in stride(from: start, to: end, by: n) {
            out.append(tiles[t] + dx); out.append(tiles[t + 1] + dy); out.append(tiles[t + 2] + dx); out.append(tiles[t + 3] + dy)
            out.append(tiles[t + 4]); out.append(tiles[t + 5]); out.append(r); out.append(b)
        }
    }

    /// ``appendInstances(_:from:count:row:dx:dy:to:)`` into a new array.
    static func instances(_ tiles: [Float], row: Int, dx: Float = 0, dy: Float = 0) -> [Float] {
        var out: [Float] = []
        appendInstances(tiles, row: row, dx: dx, dy: dy, to: &out)
        return out
    }
}
