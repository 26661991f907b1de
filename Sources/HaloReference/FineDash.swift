import HaloCore

extension AreaIntegrator {
    /// ``square(_:_:_:)`` for a dash period of at most a pixel (``ResolvedDash/isFine``):
    /// the band's area in the square, down to leaves of 1/16 px, each times the mean
    /// membership over the leaf (``ResolvedDash/fineMean(at:_:_:)``: the leaf projected on
    /// the outline's tangent, its arc-length scale k from s at the leaf's two ends along the
    /// tangent). Exact along a straight side; on a curve each leaf errs by its change of k,
    /// about 1/(16 R) of the leaf's mean's deviation. In a sharp corner's mitre s is
    /// constant (k = 0): the leaf takes the corner's membership.
    func fineDashedSquare(_ c: Vec2, _ s: Double, _ depth: Int, _ dash: ResolvedDash) -> Premul {
        let d = outline.signedDistance(c)
        let h = s * 0.7071067811865476
        if d >= hi + h || d <= lo - h { return .zero }
        if depth < AreaIntegrator.maxDepth {
            let q = s / 4, hs = s / 2, nd = depth + 1
            return fineDashedSquare(c + Vec2(-q, -q), hs, nd, dash) + fineDashedSquare(c + Vec2(q, -q), hs, nd, dash)
                 + fineDashedSquare(c + Vec2(-q, q), hs, nd, dash) + fineDashedSquare(c + Vec2(q, q), hs, nd, dash)
        }
        let n = normal(c)
        var cov = 1.0
        if !(d >= lo + h && d <= hi - h) {
            cov = halfPlaneCoverage(sd: d - hi, normal: n, width: s, height: s)
            if lo > -Double.infinity { cov -= halfPlaneCoverage(sd: d - lo, normal: n, width: s, height: s) }
        }
        if cov <= 0 { return .zero }
        let t = Vec2(-n.y, n.x), arc = dash.arc, L = arc.length
        var ds = abs(arc.arcLength(at: c + t * (s / 2)) - arc.arcLength(at: c - t * (s / 2)))
        ds = min(ds, L - ds)
        let k = ds / s
        let mean = dash.fineMean(at: arc.arcLength(at: c), k * s * abs(t.x), k * s * abs(t.y))
        return colour(c) * (cov * mean * s * s)
    }
}
