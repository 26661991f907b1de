import HaloCore

/// A material over an opaque flat background with nothing else within its blur's reach
/// (the seed button's capsule) sees a constant backdrop D: its blur is D again (the
/// Gaussian sums to 1 and the canvas is clamped at its edges), so P is the constant
/// `saturatedAndTinted(D)`, opaque, and D (1 - c) + P c is a solid fill of P composited
/// source-over. The GPU draws such a material as that solid fill, in the batched frame,
/// exactly; every other material reads the canvas (GLRenderer+Segments.swift).
enum FlatBackdrop {
    /// `frame` with such materials turned into solid fills (the frame itself when there are none).
    static func resolved(_ frame: Frame) -> Frame {
        let bg = frame.backgroundColor
        guard frame.backgroundImage == nil, bg.w >= 1,
              frame.layers.contains(where: { $0.fill?.isMaterial == true }) else { return frame }
        var out = frame
        for (i, layer) in frame.layers.enumerated() {
            guard let fill = layer.fill, case .material(let sigma, let saturation, let tint) = fill.geometry else { continue }
            let plan = GlowPlan(sigma: sigma)
            let margin = max(6 * sigma + 2, plan.reach + Double(2 * plan.k)) + 2
            let reads = layer.outline.bounds(grownBy: 1).grown(by: margin)
            let clear = frame.layers[..<i].allSatisfy { other in
                guard other.opacity > 0, let b = reach(of: other) else { return true }
                return b.x1 <= reads.x0 || b.x0 >= reads.x1 || b.y1 <= reads.y0 || b.y0 >= reads.y1
            }
            if clear {
                var solid = fill
                solid.geometry = .solid(saturatedAndTinted(bg, saturation: saturation, tint: tint))
                out.layers[i].fill = solid
            }
        }
        return out
    }

    /// The pixels a layer may change: its fill, stroke and glow, grown by a pixel.
    private static func reach(of layer: ResolvedLayer) -> Box? {
        if layer.fill == nil && layer.stroke == nil { return nil }
        let glow = layer.glow.map { 6 * $0.sigma + 2 + GlowPlan(sigma: $0.sigma).reach } ?? 0
        if let text = layer.text { return text.bounds?.grown(by: 1 + glow) }
        return layer.outline.bounds(grownBy: max((layer.stroke?.outer ?? 0) + (layer.stroke?.capReach ?? 0), 0) + 1 + glow)
    }
}
