import HaloCore

/// A dashed stroke's region (docs/scene-format.md "Stroke", `dash`) for ``AreaIntegrator``: the band
/// lo < sd(p) < hi intersected with the points whose arc length s(p) lies in a dash, united
/// with the round caps' discs. Precomputed per layer: the arc lengths where membership
/// changes, with the outline's point and tangents there (the cuts across the band), and
/// every dash end's cap centre.
struct DashedBand: Sendable {
    let dash: ResolvedDash
    let lo: Double, hi: Double
    /// Membership changes in [0, L], ascending, and the cut there: the outline point and
    /// the tangents before and after it (different only at a sharp corner).
    let changes: [Double]
    let cuts: [(point: Vec2, tangentIn: Vec2, tangentOut: Vec2)]
    /// Round caps: dash ends in [0, L], ascending, and their disc centres.
    let ends: [Double]
    let centres: [Vec2]
    /// Caps are looked for among the ends within this arc length (pixels) of s(p).
    let capWindow: Double
    /// The cap discs' radius, w / 2.
    let capRadius: Double
    /// Where the window is the whole outline (a thin shape, ResolvedDash.capWindow): the
    /// caps' indices ordered by their centre's coordinate along the shape's longer axis
    /// (`axis` 0: x, 1: y), and those coordinates, so that only caps near p are looked at.
    let byAxis: [Int]
    let axisCoordinates: [Double]
    let axis: Int

    init(_ dash: ResolvedDash, lo: Double, hi: Double) {
        self.dash = dash; self.lo = lo; self.hi = hi
        let arc = dash.arc
        let c = dash.isFine ? [] : dash.cuts()
        changes = c.map(\.s)
        cuts = c.map { ($0.point, $0.tangentIn, $0.tangentOut) }
        let caps = dash.isFine ? [] : dash.caps()
        ends = caps.map(\.e)
        centres = caps.map(\.centre)
        capRadius = dash.width / 2
        capWindow = dash.capWindow
        let half = arc.outline.halfSize
        axis = half.x >= half.y ? 0 : 1
        if capWindow >= arc.length && centres.count > 8 {
            let a = axis, c = centres
            let order = c.indices.sorted { c[$0][a] < c[$1][a] }
            byAxis = order
            axisCoordinates = order.map { c[$0][a] }
        } else {
            byAxis = []; axisCoordinates = []
        }
    }

    /// How far past the band's edges the region may reach (the caps; ResolvedStroke.capReach).
    var reach: Double { dash.round ? capRadius + max(0, -dash.middle) : 0 }

    /// True when p lies in the region (band and dash, or a cap).
    func contains(_ p: Vec2, sd d: Double, s: Double) -> Bool {
        if d > lo && d < hi && dash.contains(s) { return true }
        return dash.round && capDistance(p, s: s).f < 0
    }

    /// The nearest cap's signed distance |p - c| - w/2 and its gradient; +infinity without caps.
    func capDistance(_ p: Vec2, s: Double) -> (f: Double, grad: Vec2) {
        var best = Double.infinity, grad = Vec2(1, 0)
        guard !ends.isEmpty else { return (best, grad) }
        let L = dash.arc.length
        func scan(_ a: Double, _ b: Double) {
            var i = lowerBound(ends, a)
            while i < ends.count && ends[i] <= b {
                let v = p - centres[i]
                let l = length(v)
                if l - capRadius < best { best = l - capRadius; grad = l > 0 ? v / l : Vec2(1, 0) }
                i += 1
            }
        }
        if !byAxis.isEmpty {
            // Only caps within r + 1.5 px along the axis can come within 1.5 px of p (a pixel's
            // half-diagonal, the most the integrator asks of a value above 0); the rest are
            // farther, as they are outside the window in the windowed case.
            let x = p[axis]
            var k = lowerBound(axisCoordinates, x - capRadius - 1.5)
            while k < byAxis.count && axisCoordinates[k] <= x + capRadius + 1.5 {
                let v = p - centres[byAxis[k]]
                let l = length(v)
                if l - capRadius < best { best = l - capRadius; grad = l > 0 ? v / l : Vec2(1, 0) }
                k += 1
            }
            return (best, grad)
        }
        let a = s - capWindow, b = s + capWindow
        if b - a >= L { scan(0, L) } else {
            scan(max(a, 0), min(b, L))
            if a < 0 { scan(a + L, L) }
            if b > L { scan(0, b - L) }
        }
        return (best, grad)
    }

    /// The signed distance to the nearest cut of p's membership interval (negative inside
    /// a dash) and its gradient: the distance to the line across the band along the
    /// outline's normal at that change, measured with the tangent on the dash's side.
    /// +infinity (a gap everywhere) when nothing changes.
    func cutDistance(_ p: Vec2, s: Double, inDash on: Bool) -> (f: Double, grad: Vec2) {
        let n = changes.count
        guard n > 0 else { return (on ? -Double.infinity : Double.infinity, Vec2(1, 0)) }
        // The changes just at or below s and just above it (cyclically).
        var i = lowerBound(changes, s)
        if i < n && changes[i] <= s { } else { i -= 1 }
        let loIndex = i >= 0 ? i : n - 1
        var hiIndex = i + 1
        while hiIndex < n && changes[hiIndex] <= s { hiIndex += 1 }
        if hiIndex >= n { hiIndex = 0 }
        let sign = on ? -1.0 : 1.0
        // Lower end: a dash's start (on) uses the tangent after it; a dash's end (gap) before it.
        let lc = cuts[loIndex], hc = cuts[hiIndex]
        let tl = on ? lc.tangentOut : lc.tangentIn
        let th = on ? hc.tangentIn : hc.tangentOut
        let dl = dot(p - lc.point, tl), dh = dot(hc.point - p, th)
        if abs(dl) <= abs(dh) { return (sign * abs(dl), sign * (dl >= 0 ? tl : -tl)) }
        return (sign * abs(dh), sign * (dh >= 0 ? -th : th))
    }
}

/// The first index of the ascending `a` whose value is >= x.
@inline(__always)
func lowerBound(_ a: [Double], _ x: Double) -> Int {
    var lo = 0, hi = a.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if a[mid] < x { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

extension AreaIntegrator {
    /// ``square(_:_:_:)`` for a dashed stroke: the region's pseudo-distance
    /// f = min(max(band, cut), cap) classifies squares (wholly in or out when |f| exceeds the
    /// half-diagonal and the four corners agree: s jumps across the medial axis, where the
    /// cut distance does not see it); leaves of 1/16 px take the half-plane coverage of the
    /// nearest boundary (exact for straight band edges and cuts), or 4 x 4 jittered point
    /// samples where the corners disagree with that half-plane.
    func dashedSquare(_ c: Vec2, _ s: Double, _ depth: Int, _ band: DashedBand) -> Premul {
        if band.dash.isFine { return fineDashedSquare(c, s, depth, band.dash) }
        let d = outline.signedDistance(c)
        let h = s * 0.7071067811865476
        let reach = band.reach
        if d >= hi + reach + h || d <= lo - reach - h { return .zero }
        let arcS = band.dash.arc.arcLength(at: c)
        let on = band.dash.contains(arcS)
        let bandF = max(lo - d, d - hi)
        let cut = band.cutDistance(c, s: arcS, inDash: on)
        let cap = band.capDistance(c, s: arcS)
        var f = max(bandF, cut.f)
        var piece = bandF >= cut.f ? 0 : 1          // 0 band, 1 cut, 2 cap
        if cap.f < f { f = cap.f; piece = 2 }
        let inside = band.contains(c, sd: d, s: arcS)
        if abs(f) >= h && (f < 0) == inside {
            // The corners must agree (s may jump inside the square); a square out of the
            // band and every cap by its distance alone needs no check.
            let sure = f > 0 && bandF >= h && cap.f >= h
            if sure || cornersAgree(c, s / 2, inside, band, arcS: arcS) {
                return inside ? covered(c, s, depth) : .zero
            }
        }
        if depth < AreaIntegrator.maxDepth {
            let q = s / 4, hs = s / 2, nd = depth + 1
            return dashedSquare(c + Vec2(-q, -q), hs, nd, band) + dashedSquare(c + Vec2(q, -q), hs, nd, band)
                 + dashedSquare(c + Vec2(-q, q), hs, nd, band) + dashedSquare(c + Vec2(q, q), hs, nd, band)
        }
        // A leaf: the nearest boundary as a straight edge, unless the corners say otherwise.
        var grad: Vec2
        switch piece {
        case 0: grad = lo - d > d - hi ? -normal(c) : normal(c)
        case 1: grad = cut.grad
        default: grad = cap.grad
        }
        let hs = s / 2
        var agrees = true
        for (dx, dy) in [(-hs, -hs), (hs, -hs), (-hs, hs), (hs, hs)] {
            let p = c + Vec2(dx, dy)
            let predicted = f + dot(grad, Vec2(dx, dy)) < 0
            if predicted != regionContains(p, band) { agrees = false; break }
        }
        var cov: Double
        if agrees {
            cov = halfPlaneCoverage(sd: f, normal: grad, width: s, height: s)
        } else {
            // 4 x 4 stratified samples, each at a point of its cell drawn from a hash of the
            // leaf's position (``LeafHash``): unbiased, so the leaves along a cut do not all
            // err the same way as a regular grid's do.
            var n = 0
            var jitter = LeafHash(c)
            for a in 0..<4 {
                for b in 0..<4 {
                    let p = c + Vec2((Double(a) - 2 + jitter.next()) * s / 4, (Double(b) - 2 + jitter.next()) * s / 4)
                    if regionContains(p, band) { n += 1 }
                }
            }
            cov = Double(n) / 16
        }
        if cov <= 0 { return .zero }
        return colour(c) * (cov * s * s)
    }

    func regionContains(_ p: Vec2, _ band: DashedBand) -> Bool {
        band.contains(p, sd: outline.signedDistance(p), s: band.dash.arc.arcLength(at: p))
    }

    /// True when the four corners of the square of half side hs about c are all `inside`,
    /// and s there lies within 4 hs of s at c, arcS (round the outline): where s jumps
    /// inside the square (its medial axis), a cut may end on the axis and enclose a piece
    /// of the other membership that no corner sees (the wedge between an inside band's
    /// corner diagonal and a cut just past it, 0.045 px of a pixel in a test scene).
    func cornersAgree(_ c: Vec2, _ hs: Double, _ inside: Bool, _ band: DashedBand, arcS: Double) -> Bool {
        let arc = band.dash.arc, L = arc.length
        for (dx, dy) in [(-hs, -hs), (hs, -hs), (-hs, hs), (hs, hs)] {
            let p = c + Vec2(dx, dy), sp = arc.arcLength(at: p)
            let ds = abs(sp - arcS)
            if min(ds, L - ds) > 4 * hs { return false }
            if band.contains(p, sd: outline.signedDistance(p), s: sp) != inside { return false }
        }
        return true
    }
}
