import HaloCore

/// A layer's quad split into square tiles, each classified on the CPU from the exact
/// signed distance at its centre: tiles that an edge (of the fill or of either stroke
/// edge) may cross are drawn by the full coverage shader; the others are wholly inside
/// or outside each draw, so the cheap variant draws them with that coverage; tiles with
/// nothing in them (no fill, no stroke, no glow) are not drawn.
///
/// Sound because the signed distance is 1-Lipschitz (exact, or a bound at mitred corners):
/// a tile whose centre is farther than its half-diagonal from an edge cannot meet it.
struct LayerTiles {
    /// Tile side in pixels: small enough that edge tiles hug the outline, large enough that
    /// classification (one signed distance a tile) stays cheap.
    static let size = 16

    /// Per instance: x0, y0, x1, y1 (canvas pixels), fill coverage, stroke coverage.
    static let floatsPerTile = 6
    var edge: [Float] = []
    /// Edge-free tiles by (fill covers, stroke covers): index fill * 2 + stroke.
    var flat: [[Float]] = [[], [], [], []]

    /// The draws to make: edge tiles, then each non-empty class of edge-free tiles.
    var groups: [(edge: Bool, fill: Bool, stroke: Bool, data: [Float])] {
        var out: [(Bool, Bool, Bool, [Float])] = []
        if !edge.isEmpty { out.append((true, true, true, edge)) }
        for k in 0..<4 where !flat[k].isEmpty { out.append((false, k >= 2, k % 2 == 1, flat[k])) }
        return out
    }

    init(_ layer: ResolvedLayer, quad: Box, hasGlow: Bool) {
        let s = LayerTiles.size
        let i0 = Int(quad.x0), j0 = Int(quad.y0), i1 = Int(quad.x1), j1 = Int(quad.y1)
        edge.reserveCapacity(64)
        var y = j0
        while y < j1 {
            let y1 = min(y + s, j1)
            var x = i0
            while x < i1 {
                let x1 = min(x + s, i1)
                let c = Vec2(Double(x + x1) / 2, Double(y + y1) / 2)
                let h = 0.5 * Double(((x1 - x) * (x1 - x) + (y1 - y) * (y1 - y))).squareRoot() + 0.01
                let d = layer.outline.signedDistance(c)
                var isEdge = false
                var fill: Float = 0, stroke: Float = 0
                if layer.fill != nil {
                    if d <= -h { fill = 1 } else if d < h { isEdge = true }
                }
                if let st = layer.stroke {
                    if d - st.inner >= h && st.outer - d >= h { stroke = 1 }
                    else if !(d >= st.outer + h || d <= st.inner - h) { isEdge = true }
                }
                let rect: [Float] = [Float(x), Float(y), Float(x1), Float(y1), fill, stroke]
                if isEdge { edge += rect } else if fill > 0 || stroke > 0 || hasGlow { flat[Int(fill) * 2 + Int(stroke)] += rect }
                x = x1
            }
            y = y1
        }
    }
}
