import Foundation

/// The frame's grid of tile cells: cell (i, j) holds canvas pixels
/// [i s, (i + 1) s) x [j s, (j + 1) s), clipped to the canvas, s = ``LayerTiles/size``;
/// blocks of 4 x 4 cells start on multiples of 4 s. The grid is the canvas's own wherever
/// a target places the canvas, so that a window splits tiles, and so picks programs, as
/// `halo render` does and shows its bytes.
struct TileGrid {
    let columns: Int, rows: Int
    let width: Int, height: Int

    init(width: Int, height: Int) {
        let s = LayerTiles.size
        self.width = width; self.height = height
        columns = (width + s - 1) / s
        rows = (height + s - 1) / s
    }

    func index(_ i: Int, _ j: Int) -> Int { j * columns + i }

    /// The cell holding canvas pixel (x, y).
    func cell(_ x: Int, _ y: Int) -> Int { index(x / LayerTiles.size, y / LayerTiles.size) }

    /// The first cell line (`step` LayerTiles.size) or block line (4 LayerTiles.size)
    /// after canvas coordinate v on either axis.
    func nextLine(after v: Int, step: Int) -> Int { (v / step + 1) * step }

    /// Calls `body(x0, y0, x1, y1)` for each piece of [i0, i1) x [j0, j1) cut by the grid's
    /// lines every `step` pixels (a multiple of the cell size), row by row.
    func forEachRect(_ i0: Int, _ j0: Int, _ i1: Int, _ j1: Int, step: Int, _ body: (Int, Int, Int, Int) -> Void) {
        var y = j0
        while y < j1 {
            let y1 = min(nextLine(after: y, step: step), j1)
            var x = i0
            while x < i1 {
                let x1 = min(nextLine(after: x, step: step), i1)
                body(x, y, x1, y1)
                x = x1
            }
            y = y1
        }
    }

    /// Cell k's rect in canvas pixels, clipped to the canvas.
    func rect(_ k: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        let s = LayerTiles.size, i = k % columns, j = k / columns
        return (i * s, j * s, min((i + 1) * s, width), min((j + 1) * s, height))
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
