import Foundation

// Which cells of the grid two layers share: those go through the float canvas (FramePlan).
extension FramePlan {
    /// Per cell of the grid: 0 where no tile lies, 1 where the tiles there do not overlap
    /// (one layer's, or several layers' side by side: each may write its pixels as final
    /// values), 2 where two layers' tiles overlap (their pixels are composited in the float
    /// canvas). A layer's tiles never overlap one another; tiles lie within their layer's
    /// quad (its drawn pixels, grown to the grid's 4 px block lines for some layers).
    static func sharing(_ layers: [LayerPlan], cells count: Int) -> [UInt8] {
        var touches = [UInt8](repeating: 0, count: count)
        var last = [Int](repeating: -1, count: count)
        for (n, plan) in layers.enumerated() {
            for c in plan.tiles.cells where last[c.index] != n {
                last[c.index] = n
                if touches[c.index] < 2 { touches[c.index] += 1 }
            }
        }
        // Cells two or more layers reach: shared only where two layers' tiles overlap. Their
        // tiles gathered by cell in one flat array (a counting sort: a count per cell, then
        // each cell's start), in layer order.
        var start = [Int32](repeating: 0, count: count + 1)
        for plan in layers { for c in plan.tiles.cells where touches[c.index] >= 2 { start[c.index + 1] += 1 } }
        for i in 0..<count { start[i + 1] += start[i] }
        guard start[count] > 0 else { return touches }
        var fill = start
        var tiles = [(layer: Int32, rect: (Float, Float, Float, Float))](repeating: (0, (0, 0, 0, 0)), count: Int(start[count]))
        for (n, plan) in layers.enumerated() {
            for c in plan.tiles.cells where touches[c.index] >= 2 {
                tiles[Int(fill[c.index])] = (Int32(n), c.rect)
                fill[c.index] += 1
            }
        }
        for cell in 0..<count where touches[cell] >= 2 {
            let lo = Int(start[cell]), hi = Int(start[cell + 1])
            var overlap = false
            search: for a in lo..<hi {
                let r = tiles[a].rect
                for b in (a + 1)..<hi where tiles[b].layer != tiles[a].layer {
                    let q = tiles[b].rect
                    if r.0 < q.2 && q.0 < r.2 && r.1 < q.3 && q.1 < r.3 { overlap = true; break search }
                }
            }
            if !overlap { touches[cell] = 1 }
        }
        return touches
    }
}
