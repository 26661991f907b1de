import HaloCore

/// Cells that two or more layers touch but only the topmost varies in: every layer below it
/// is one colour over the whole cell (a single edge-free tile of a solid fill, no stroke,
/// no glow, covering the cell). There the topmost layer is composited in its shader over
/// that constant backdrop (the constants over the background, source-over in float) and
/// written as final values, as over the background, instead of going through the float
/// canvas and the resolve: the same sums, rounded once. The last constant layer is drawn
/// first as an underlay tile over the constants below it, for the pixels of the cell that
/// the top layer's tiles leave (none where they cover the cell); the constants below it are
/// not drawn.
///
/// Built by ``FramePlan`` for frames over a background colour (an image is no constant).
/// The colours are a table that tile.vert reads per instance (`uBackdrops`, row 0 the
/// background); a cell whose backdrop would not fit in ``capacity`` keeps the canvas.
struct CellBackdrops {
    /// Rows of the backdrop table (tile.vert's uBackdrops array).
    static let capacity = 64

    /// Where a layer's tiles in one cell go.
    enum Placement: Equatable {
        /// Through the float canvas (the cell is shared and not promoted).
        case canvas
        /// Direct into the target over backdrop row `n` (0: the background).
        case direct(Int)
        /// Direct, before every direct tile of the frame, over backdrop row `n`.
        case underlay(Int)
        /// Not drawn: a constant folded into the backdrop of the layers above it.
        case dropped
    }

    /// The backdrops, premultiplied; [0] is the background.
    private(set) var colours: [SIMD4<Float>]
    /// Per cell: the plan index of the top layer (-1 where the cell is not promoted) and of
    /// the underlay layer, with their backdrop rows.
    private var top: [Int32], under: [Int32]
    private var topRow: [UInt8], underRow: [UInt8]
    /// How many cells are promoted.
    private(set) var promoted = 0

    /// No promoted cells: every shared cell goes through the canvas.
    init(cells: Int, background: Premul) {
        colours = [SIMD4<Float>(background)]
        top = Array(repeating: -1, count: cells); under = top
        topRow = Array(repeating: 0, count: cells); underRow = topRow
    }

    /// - Parameters:
    ///   - layers: the frame's layer plans, in drawing order, with their tiles.
    ///   - touches: per cell, 2 where two or more layers touch it (FramePlan).
    init(layers: [FramePlan.LayerPlan], grid: TileGrid, touches: [UInt8], background: Premul) {
        let n = grid.columns * grid.rows
        self.init(cells: n, background: background)
        // Per cell, as layers arrive in order: the last layer and whether it is constant
        // there (with its colour), the one before it, and the backdrops under each.
        var last = [Int32](repeating: -1, count: n), previous = last
        var lastColour = [Premul](repeating: .zero, count: n)
        var underLast = [Premul](repeating: background, count: n), underPrevious = underLast
        var lastConstant = [Bool](repeating: false, count: n), belowConstant = [Bool](repeating: true, count: n)
        var seen = [Int32](repeating: -1, count: n), spoilt = [Bool](repeating: false, count: n)
        // The area of the last layer's tiles in each cell (pixels; a layer's tiles never overlap).
        var lastArea = [Float](repeating: 0, count: n)
        for (k, plan) in layers.enumerated() {
            let colour = Self.constantColour(plan)
            let cells = plan.tiles.cells
            var t = 0
            while t < cells.count {
                let c = cells[t].index
                var end = t + 1
                while end < cells.count && cells[end].index == c { end += 1 }
                defer { t = end }
                guard touches[c] >= 2 else { continue }
                // A cell met again later in the layer's list: leave it to the canvas.
                if seen[c] == Int32(k) { spoilt[c] = true; continue }
                seen[c] = Int32(k)
                var constant = false
                if colour != nil, end == t + 1 {
                    let tile = cells[t], r = grid.rect(c)
                    constant = !tile.group.edge && !tile.group.paintAA && tile.fill == 1 && tile.stroke == 0
                        && tile.rect == (Float(r.x0), Float(r.y0), Float(r.x1), Float(r.y1))
                }
                if last[c] >= 0 {
                    belowConstant[c] = belowConstant[c] && lastConstant[c]
                    previous[c] = last[c]
                    underPrevious[c] = underLast[c]
                    underLast[c] = lastColour[c] + underLast[c] * (1 - lastColour[c].w)
                }
                last[c] = Int32(k)
                lastArea[c] = cells[t..<end].reduce(0) { $0 + ($1.rect.2 - $1.rect.0) * ($1.rect.3 - $1.rect.1) }
                lastConstant[c] = constant
                lastColour[c] = colour ?? .zero
            }
        }
        var rows: [SIMD4<Float>: UInt8] = [colours[0]: 0]
        func row(_ p: Premul) -> UInt8? {
            let v = SIMD4<Float>(p)
            if let r = rows[v] { return r }
            guard colours.count < Self.capacity else { return nil }
            colours.append(v)
            rows[v] = UInt8(colours.count - 1)
            return rows[v]
        }
        for c in 0..<n where touches[c] >= 2 && previous[c] >= 0 && belowConstant[c] && !spoilt[c] {
            guard let a = row(underLast[c]), let b = row(underPrevious[c]) else { continue }
            // Where the top layer's tiles cover the whole cell, no underlay shows.
            let r = grid.rect(c)
            let covered = lastArea[c] >= Float((r.x1 - r.x0) * (r.y1 - r.y0))
            top[c] = last[c]; under[c] = covered ? -1 : previous[c]
            topRow[c] = a; underRow[c] = b
            promoted += 1
        }
    }

    /// Whether cell `c` is drawn without the canvas.
    func isPromoted(_ c: Int) -> Bool { top[c] >= 0 }

    /// Where layer `k`'s tiles in cell `c` go; `shared`: two or more layers touch the cell.
    func placement(layer k: Int, cell c: Int, shared: Bool) -> Placement {
        let t = top[c]
        if t < 0 { return shared ? .canvas : .direct(0) }
        if t == Int32(k) { return .direct(Int(topRow[c])) }
        if under[c] == Int32(k) { return .underlay(Int(underRow[c])) }
        return .dropped
    }

    /// The premultiplied colour a layer adds where its fill covers a whole cell and nothing
    /// else of it does: a solid fill without a glow (a glow lies under or over the fill),
    /// times the layer's opacity; nil for any other layer.
    static func constantColour(_ plan: FramePlan.LayerPlan) -> Premul? {
        let layer = plan.layer
        guard plan.text == nil, plan.glowMode == .none, layer.glow == nil, let fill = layer.fill,
              case .solid(let c) = fill.geometry else { return nil }
        return c * layer.opacity
    }
}
