import Foundation
import HaloCore

// Glows' tiles: where a stroke's glow is too faint to draw, and the tiles of a glow's source texture.
extension LayerTiles {
    /// How far outside a stroke's outer edge (pixels) its glow stays under half a level
    /// (0.5 / 255) at most: the shape grown by the stroke is convex, so from a point at
    /// distance D outside it the stroke lies in a half-plane D away, and the Gaussian's
    /// mass there is at most Q(D / sigma) (the normal upper tail); the glow is that times
    /// the glow's opacity and the layer's at most (colours are at most 1). Over an opaque
    /// background whose colour is a multiple of 1/255, such a pixel rounds to the
    /// background whether the glow is drawn or not.
    static func faintGlowDistance(sigma: Double, opacity: Double) -> Double {
        let limit = 0.45 / 255 / max(opacity, 1e-12)
        if limit >= 0.5 { return 0 }
        var lo = 0.0, hi = 40.0            // Q(x) = erfc(x / sqrt 2) / 2, decreasing
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if erfc(mid / 2.0.squareRoot()) / 2 > limit { lo = mid } else { hi = mid }
        }
        return hi * sigma
    }

    /// How far inside a stroke's inner edge (pixels) its glow stays under half a level
    /// (0.5 / 255) at most: the shape shrunk to the inner edge is convex, so from a point D
    /// deep in it the whole stroke lies outside the disc of radius D about the point, and
    /// the 2-D Gaussian's mass outside that disc is exp(-D^2 / (2 sigma^2)) (the Rayleigh
    /// tail); times the glow's and the layer's opacity, under the same limit as
    /// ``faintGlowDistance``.
    static func faintGlowDepth(sigma: Double, opacity: Double) -> Double {
        let limit = 0.45 / 255 / max(opacity, 1e-12)
        if limit >= 1 { return 0 }
        return sigma * (2 * log(1 / limit)).squareRoot()
    }

    /// Tiles of a glow's source texture (texel (u, v) stands for the k x k pixel block from
    /// origin + (u, v) k): only the stroke is drawn there, so tiles the stroke cannot reach
    /// are left clear, tiles wholly inside its band take the cheap variant, the rest the
    /// full one. Rects are in texels. Each block takes the paint at its centre (for k > 1 a
    /// pixel-sized average there would not make it the block's; at k = 1 from sigma
    /// ``GlowPlan/centreSampledSigma``, where the blur hides the difference), so no tile
    /// needs the averaging variant; a glow of k = 1 and smaller sigma averages the paint per
    /// pixel as on the canvas.
    static func glowSource(_ layer: ResolvedLayer, origin: Vec2, k: Int, texels: (Int, Int), lutWidth: Int,
                           plan: GlowPlan? = nil) -> [(key: Group, data: [Float])] {
        // The stroke's band, or the fill's (-infinity, 0) for a layer without a stroke.
        guard let st = layer.glowSource else { return [] }
        let fillGlows = layer.fillGlows
        var byGroup: [Group: [Float]] = [:]
        let s = LayerTiles.size, kd = Double(k)
        let averaged = layer.glow.map { (plan ?? GlowPlan(sigma: $0.sigma)).sourceAveragesPaint } ?? (k == 1)
        let strokeJumps = averaged ? PaintJumps(st.paint, tMargin: 1 / Double(lutWidth - 2)) : nil
        let smooth = SmoothEdges(layer, block: kd)
        var v = 0
        while v < texels.1 {
            let v1 = min(v + s, texels.1)
            var u = 0
            while u < texels.0 {
                let u1 = min(u + s, texels.0)
                let box = Box(x0: origin.x + Double(u) * kd, y0: origin.y + Double(v) * kd,
                              x1: origin.x + Double(u1) * kd, y1: origin.y + Double(v1) * kd)
                let c = Vec2((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
                let h = 0.5 * ((box.x1 - box.x0) * (box.x1 - box.x0) + (box.y1 - box.y0) * (box.y1 - box.y0)).squareRoot() + 0.01
                let d = layer.outline.signedDistance(c)
                // A dashed stroke: no tile is wholly inside; round caps reach past the band.
                let dashed = !fillGlows && layer.stroke?.dash != nil
                let reach = dashed ? layer.stroke?.capReach ?? 0 : 0
                // A shader shape's distance is unknown here (0): every tile is an edge tile.
                let unknown = layer.outline.kind == .shader
                let full = !unknown && !dashed && d - st.inner >= h && st.outer - d >= h
                let none = !unknown && (d >= st.outer + reach + h || d <= st.inner - reach - h)
                if !none {
                    let aa = strokeJumps?.crosses(box) ?? false
                    let key = Group(edge: !full, fill: fillGlows, stroke: !fillGlows, paintAA: aa, smooth: !full && smooth.isSmooth(box))
                    LayerTiles.append(&byGroup[key, default: []], Float(u), Float(v), Float(u1), Float(v1),
                                      fillGlows && full ? 1 : 0, !fillGlows && full ? 1 : 0)
                }
                u = u1
            }
            v = v1
        }
        return byGroup.map { ($0.key, $0.value) }
    }
}
