import Foundation

/// The frame's grid of tile cells: cell (i, j) holds canvas pixels
/// [i s - offset.x, (i + 1) s - offset.x) x [j s - offset.y, (j + 1) s - offset.y), clipped
/// to the canvas, s = ``LayerTiles/size``; blocks of 4 x 4 cells start on multiples of
/// 4 s the same way. The offset (0 ..< 64) puts the lines on llvmpipe's 64 px bins of the
/// target (a triangle that covers a whole bin skips per-pixel edge tests), wherever the
/// canvas sits in it (``FrameTarget``'s origin and flip).
struct TileGrid {
    let columns: Int, rows: Int
    let width: Int, height: Int
    let offset: (x: Int, y: Int)

    init(width: Int, height: Int, offset: (x: Int, y: Int) = (0, 0)) {
        let s = LayerTiles.size
        self.width = width; self.height = height; self.offset = offset
        columns = (width + offset.x + s - 1) / s
        rows = (height + offset.y + s - 1) / s
    }

    func index(_ i: Int, _ j: Int) -> Int { j * columns + i }

    /// The cell holding canvas pixel (x, y).
    func cell(_ x: Int, _ y: Int) -> Int { index((x + offset.x) / LayerTiles.size, (y + offset.y) / LayerTiles.size) }

    /// The first cell line (`step` LayerTiles.size) or block line (4 LayerTiles.size)
    /// after canvas coordinate v on axis x (0) or y (1).
    func nextLine(after v: Int, step: Int, axis: Int) -> Int {
        let o = axis == 0 ? offset.x : offset.y
        return ((v + o) / step + 1) * step - o
    }

    /// Calls `body(x0, y0, x1, y1)` for each piece of [i0, i1) x [j0, j1) cut by the grid's
    /// lines every `step` pixels (a multiple of the cell size), row by row.
    func forEachRect(_ i0: Int, _ j0: Int, _ i1: Int, _ j1: Int, step: Int, _ body: (Int, Int, Int, Int) -> Void) {
        var y = j0
        while y < j1 {
            let y1 = min(nextLine(after: y, step: step, axis: 1), j1)
            var x = i0
            while x < i1 {
                let x1 = min(nextLine(after: x, step: step, axis: 0), i1)
                body(x, y, x1, y1)
                x = x1
            }
            y = y1
        }
    }

    /// Cell k's rect in canvas pixels, clipped to the canvas.
    func rect(_ k: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        let s = LayerTiles.size, i = k % columns, j = k / columns
        return (max(i * s - offset.x, 0), max(j * s - offset.y, 0), min((i + 1) * s - offset.x, width), min((j + 1) * s - offset.y, height))
    }

    /// The cells for which `include` holds, as tile rects (``LayerTiles/floatsPerTile``
    /// floats each), runs along a row merged; cells wholly off the canvas are skipped.
    func rects(where include: (Int) -> Bool) -> [Float] {
        var rects: [Float] = []
        for k in 0..<(columns * rows) where include(k) {
            let r = rect(k)
            if r.x1 > r.x0 && r.y1 > r.y0 {
                LayerTiles.append(&rects, Float(r.x0), Float(r.y0), Float(r.x1), Float(r.y1), 0, 0)
            }
        }
        return rects
    }
}
