import Foundation

extension OutlineArc {
    /// The outline's smallest radius of curvature, pixels (0 where it has a sharp corner or
    /// no size): ellipse b^2 / a (at the ends of its major axis); circular corners their
    /// radius; continuous corners their radius times the unit corner's smallest radius of
    /// curvature (``ContinuousCorner/minimumRadiusOfCurvature``). Points less deep inside
    /// than this are off the medial axis (the outline is convex: a disc inside touching it
    /// at two points is at least this large), so s moves by at most rho / (rho - depth)
    /// times their distance there, and by at most their distance outside (the nearest-point
    /// map of a convex set is 1-Lipschitz).
    public var minimumRadiusOfCurvature: Double {
        let o = outline
        switch o.kind {
        case .ellipse:
            let a = max(o.halfSize.x, o.halfSize.y), b = min(o.halfSize.x, o.halfSize.y)
            return a > 0 ? b * b / a : 0
        case .roundedBox, .continuousBox:
            let r = min(min(o.radii[0], o.radii[1]), min(o.radii[2], o.radii[3]))
            guard r > 0 else { return 0 }
            return o.kind == .roundedBox ? r : r * ContinuousCorner.minimumRadiusOfCurvature
        case .shader: return 0        // unknown to the CPU
        }
    }
}

extension ContinuousCorner {
    /// The unit corner's (R = 1) smallest radius of curvature over its three cubics (its
    /// lines are straight), |B'|^3 / |B' x B''| at 4097 points of each, less 1% for the
    /// points between samples.
    public static let minimumRadiusOfCurvature: Double = {
        var best = Double.infinity
        for c in [cubic1, cubic2, cubic3] {
            for k in 0...4096 {
                let t = Double(k) / 4096, u = 1 - t
                let a: Double = 3 * u * u, b: Double = 6 * u * t, e: Double = 3 * t * t
                let d1x: Double = a * (c[1].x - c[0].x) + b * (c[2].x - c[1].x) + e * (c[3].x - c[2].x)
                let d1y: Double = a * (c[1].y - c[0].y) + b * (c[2].y - c[1].y) + e * (c[3].y - c[2].y)
                let d2x: Double = 6 * u * (c[2].x - 2 * c[1].x + c[0].x) + 6 * t * (c[3].x - 2 * c[2].x + c[1].x)
                let d2y: Double = 6 * u * (c[2].y - 2 * c[1].y + c[0].y) + 6 * t * (c[3].y - 2 * c[2].y + c[1].y)
                let cross = abs(d1x * d2y - d1y * d2x)
                let speed = (d1x * d1x + d1y * d1y).squareRoot()
                if cross > 0 { best = min(best, speed * speed * speed / cross) }
            }
        }
        return best * 0.99
    }()
}
