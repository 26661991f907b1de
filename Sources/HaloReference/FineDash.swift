import HaloCore

extension AreaIntegrator {
    /// ``square(_:_:_:)`` for a dash period of at most a pixel (``ResolvedDash/isFine``):
    /// the band's area in the square, down to leaves of 1/16 px, each times the mean
    /// membership over the leaf (``ResolvedDash/fineMean(at:_:_:)``: the leaf projected on
    /// the outline's tangent, its arc-length scale k from s at the leaf's two ends along the
    /// tangent). Exact along a straight side; on a curve each leaf errs by its change of k,
    /// about 1/(16 R) of the leaf's mean's deviation. In a sharp corner's mitre s is
    /// constant (k = 0): the leaf takes the corner's membership.
    /// The paint: round caps fill the band (mean 1), so a square wholly inside it takes the
    /// paint's integral (``PaintAverage``); elsewhere each leaf's colour is the paint's mean
    /// over it (``PaintAverage/leaf(_:_:_:)``) unless a larger square holding it was found
    /// linear (`smooth`), then its centre's. (The colour at each leaf's centre alone put a
    /// path paint's wrap at the nearest leaf boundary: 3 levels along the cut.)
    func fineDashedSquare(_ c: Vec2, _ s: Double, _ depth: Int, _ dash: ResolvedDash, smooth: Bool = false) -> Premul {
        let d = outline.signedDistance(c)
        let h = s * 0.7071067811865476
        if d >= hi + h || d <= lo - h { return .zero }
        if dash.round && d >= lo + h && d <= hi - h { return covered(c, s, depth) }
        if depth < AreaIntegrator.maxDepth {
            let q = s / 4, hs = s / 2, nd = depth + 1
            let sm = smooth || isLinear(c, s, corners: nil, pixel: 0)
            return fineDashedSquare(c + Vec2(-q, -q), hs, nd, dash, smooth: sm) + fineDashedSquare(c + Vec2(q, -q), hs, nd, dash, smooth: sm)
                 + fineDashedSquare(c + Vec2(-q, q), hs, nd, dash, smooth: sm) + fineDashedSquare(c + Vec2(q, q), hs, nd, dash, smooth: sm)
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
        return (smooth ? colour(c) : average.leaf(c, s)) * (cov * mean * s * s)
    }
}
