import HaloCore

/// Where a stroke painted with a `path` paint can show: the border beam's paint is clear
/// over most of the outline (docs/scene-format.md "Paints", `path`: colour by arc length), and a clear
/// paint adds exactly nothing, nor does its glow (the glow blurs the stroke's premultiplied
/// colour). So a layer that is only such a stroke (no fill) and its glow is drawn, and its
/// glow blurred, only near the arcs whose colour is not clear: ``FramePlan`` clips the
/// layer's tiles and glow region to ``box(_:)``.
enum VisibleArc {
    /// What of the layer's stroke can show.
    enum Extent: Equatable {
        /// Not known (not a path-painted stroke alone): the whole layer is drawn.
        case everywhere
        /// Every colour of the paint is clear: nothing is drawn.
        case nothing
        /// Only within this box (canvas pixels) around the outline: the outline points whose
        /// colour is not clear, sampled along the arc, grown by the sampling step, the
        /// ramp's lookup-table interval and a pixel for the averaging of a pixel's paint.
        case within(Box)
    }

    /// Sampling step along the outline, pixels.
    static let step = 2.0

    static func extent(_ layer: ResolvedLayer) -> Extent {
        guard layer.fill == nil, !layer.isText, let stroke = layer.stroke,
              case .path(let offset, let arc) = stroke.paint.geometry, let ramp = stroke.paint.ramp else { return .everywhere }
        let L = arc.length
        guard L > 0, L.isFinite, offset.isFinite else { return .everywhere }
        let intervals = visibleT(ramp)
        if intervals.isEmpty { return .nothing }
        // The lookup table's linear filter reaches 1/4096 of a turn past a node (RampTextures).
        let margin = step / 2 + L / 4096 + 1
        var box: Box?
        for (a, b) in intervals {
            // t = frac(s / L + offset): s = (t - offset) L, taken mod L, in up to two pieces.
            var s0 = (a - offset) * L, s1 = (b - offset) * L
            s0 -= (s0 / L).rounded(.down) * L
            s1 = s0 + (b - a) * L
            var pieces = [(s0, min(s1, L))]
            if s1 > L { pieces.append((0, s1 - L)) }
            for (u, v) in pieces {
                // At most 4096 samples a piece: beyond that (counted in Double: a piece may be
                // longer than an Int counts) the whole outline's box serves.
                let count = ((v - u) / step).rounded(.up)
                if !(count <= 4096) { return .everywhere }
                let n = max(1, Int(count))
                for k in 0...n {
                    let p = arc.frame(at: u + (v - u) * Double(k) / Double(n)).point
                    let b = Box(x0: p.x, y0: p.y, x1: p.x, y1: p.y)
                    box = box.map { $0.union(b) } ?? b
                }
            }
        }
        return box.map { .within($0.grown(by: margin)) } ?? .everywhere
    }

    /// The ranges of t in [0, 1] where the ramp's colour may not be clear: each segment
    /// between nodes with either end not clear, and the clamped ends beyond the first and
    /// last nodes when those are not clear (a linear ramp between two clear nodes is clear).
    static func visibleT(_ ramp: GradientRamp) -> [(Double, Double)] {
        let loc = ramp.locations, col = ramp.colors
        func shows(_ i: Int) -> Bool { col[i] != .zero }
        var out: [(Double, Double)] = []
        func add(_ a: Double, _ b: Double) {
            if let last = out.last, last.1 >= a { out[out.count - 1].1 = max(last.1, b) } else { out.append((a, b)) }
        }
        if shows(0) { add(0, max(0, loc[0])) }
        for i in 0..<(loc.count - 1) where shows(i) || shows(i + 1) { add(max(0, loc[i]), min(1, loc[i + 1])) }
        if shows(loc.count - 1) { add(min(1, loc[loc.count - 1]), 1) }
        return out.filter { $0.1 >= $0.0 }
    }
}
