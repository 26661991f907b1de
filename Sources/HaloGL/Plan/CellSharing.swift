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
        // Cells two or more layers reach: shared only where two layers' tiles overlap.
        var tiles: [Int: [(layer: Int, rect: (Float, Float, Float, Float))]] = [:]
        for (n, plan) in layers.enumerated() {
            for c in plan.tiles.cells where touches[c.index] >= 2 { tiles[c.index, default: []].append((n, c.rect)) }
        }
        for (cell, list) in tiles {
            var overlap = false
            search: for a in list.indices {
                for b in list.indices where b > a && list[b].layer != list[a].layer {
                    let r = list[a].rect, q = list[b].rect
                    if r.0 < q.2 && q.0 < r.2 && r.1 < q.3 && q.1 < r.3 { overlap = true; break search }
                }
            }
            if !overlap { touches[cell] = 1 }
        }
        return touches
    }
}
