import HaloCore

// The paint's mean over a quadtree leaf (1/16 pixel) that holds a jump or kink: without a
// regular sample pattern, whose offsets are the same in every leaf along a straight edge,
// so that the leaves' errors add up instead of cancelling (a 45-degree hard stop sampled
// at 4 fixed points a leaf was measured 3.4 levels off on 8% of pixels).
extension PaintAverage {
    /// Sample cells a leaf side where the paint jumps inside it (``mayJump``, and its
    /// corners spread over ``jumpSpread``): a jump through a leaf errs by under (cells it crosses) /
    /// 16 of its share, randomly signed; 2 x 2 cells alone left 2-level pixels along
    /// angular seams and path-paint stops. Where the paint only kinks (an angular ramp's
    /// stops) 2 x 2 cells err by the kink's second order over a leaf, far under a level.
    static let strata = 4
    /// Spread of the corners' colours (premultiplied, any channel) that calls for ``strata``.
    static let jumpSpread = 4.0 / 255

    /// Levels a leaf is split below 1/16 px (to 1/256 px) where a colour stop lies inside it
    /// but no closed form applies: a radial gradient near its centre, the square that holds
    /// an angular gradient's centre.
    static let deepLevels = 4

    /// The paint's mean over the square of side `s` about `c` (`extra`: levels split below
    /// a leaf, up to ``deepLevels``):
    /// - a linear gradient's stops are straight lines across the square: the square is cut
    ///   along them into convex pieces (``ConvexPiece``), each weighted by its exact area
    ///   and coloured at its centroid (exact where the colour is linear between stops, as
    ///   for every ramp of hard stops; else off by the ramp's curvature over a leaf);
    /// - an angular gradient's stops, seam and gap are rays: the same cuts along them
    ///   (``wedgeLeaf(_:_:_:)``) where the square does not hold the centre;
    /// - a radial gradient where a stop lies inside the square's range of t, and the other
    ///   paints (path) where they jump: the same cuts where t is affine over the square
    ///   (``affineLeaf(_:_:_:)``: a radial gradient away from its centre, a path paint's
    ///   stops beside a straight side);
    /// - where a stop lies inside but no cut applies, the square split in four, down to
    ///   ``deepLevels`` below a leaf;
    /// - elsewhere from 2 x 2, or where they jump ``strata`` x ``strata``, stratified
    ///   samples, each at a point of its cell drawn from a hash of the leaf's position:
    ///   unbiased (each sample's expectation is its cell's mean), and independent between
    ///   leaves, so that along an edge their errors cancel instead of adding up.
    func leaf(_ c: Vec2, _ s: Double, _ extra: Int = 0) -> Premul {
        if let solid { return solid }
        if case .linear = paint.geometry, let stops { return linearLeaf(c, s, stops) }
        let h = s / 2
        var inside = false
        if case .angular = paint.geometry {
            if let cuts = angularCuts(c, h) { return cuts.isEmpty ? jittered(c, s, 2) : wedgeLeaf(c, s, cuts) }
            inside = true
        } else if stopInside(c, h) {
            if let stops, let cut = affineLeaf(c, s, stops) { return cut }
            inside = true
        }
        if inside {
            if extra >= PaintAverage.deepLevels { return jittered(c, s, PaintAverage.strata) }
            let q = s / 4, e = extra + 1
            return (leaf(c + Vec2(-q, -q), h, e) + leaf(c + Vec2(q, -q), h, e)
                  + leaf(c + Vec2(-q, q), h, e) + leaf(c + Vec2(q, q), h, e)) * 0.25
        }
        guard mayJump && jumps(c, h) else { return jittered(c, s, 2) }
        if let stops, let cut = affineLeaf(c, s, stops) { return cut }
        return jittered(c, s, PaintAverage.strata)
    }

    /// True when the paint's colours at the corners of the square of half side h about c
    /// spread over ``jumpSpread``: a straight jump across the square always parts two of
    /// its corners. (The test reads fixed points, not the random samples, so that choosing
    /// the pattern by it keeps the mean unbiased.)
    func jumps(_ c: Vec2, _ h: Double) -> Bool {
        var low = Premul(repeating: .infinity), high = Premul(repeating: -.infinity)
        for (dx, dy) in [(-h, -h), (h, -h), (-h, h), (h, h)] {
            let v = paint.color(at: c + Vec2(dx, dy))
            low = pointwiseMin(low, v); high = pointwiseMax(high, v)
        }
        let spread = high - low
        return max(max(spread.x, spread.y), max(spread.z, spread.w)) > PaintAverage.jumpSpread
    }

    /// The mean of n x n stratified samples over the square of side s about c, one at a
    /// point of each cell drawn from ``LeafHash``.
    func jittered(_ c: Vec2, _ s: Double, _ n: Int) -> Premul {
        var h = LeafHash(c)
        var sum = Premul.zero
        let cell = s / Double(n), half = Double(n) / 2
        for a in 0..<n {
            for b in 0..<n {
                sum += paint.color(at: c + Vec2((Double(a) - half + h.next()) * cell, (Double(b) - half + h.next()) * cell))
            }
        }
        return sum / Double(n * n)
    }

    /// ``leaf(_:_:_:)`` of a linear gradient: t = tc + g . (p - c) exactly.
    func linearLeaf(_ c: Vec2, _ s: Double, _ stops: [Double]) -> Premul {
        cutLeaf(c, s, paint.paintT(at: c), paint.linearGradient, stops)
    }

    /// ``leaf(_:_:_:)`` where t is affine over the square to within 1/256 of the side along
    /// its gradient (estimated from the corners): a path paint beside a straight side (t is
    /// the arc length there, exactly affine), an angular gradient over 16 px from its centre
    /// (its stops are rays; the fit's bend is about s^2 / r), a radial one far from its
    /// centre. Its stops are then straight cuts (``cutLeaf(_:_:_:_:_:)``), each off by under
    /// 1/256 of the side: along a pixel's at most 23 leaves, under 0.13 levels of a full
    /// jump; nil elsewhere (a seam or wrap, a medial axis, a gap of a partial sweep, a centre).
    /// A path paint's t wraps from 1 to 0 (t = frac(s / L + offset)): its samples are
    /// unwrapped to within 1/2 of the centre's, so that the wrap through a straight side (the
    /// outline's start, where t runs on affinely) is a cut like a stop; left to the
    /// jittered samples it was off by 3 levels along the whole cut.
    func affineLeaf(_ c: Vec2, _ s: Double, _ stops: [Double]) -> Premul? {
        let h = s / 2
        var periodic = false
        if case .path = paint.geometry { periodic = true }
        let tc = paint.paintT(at: c)
        func t(_ p: Vec2) -> Double {
            let v = paint.paintT(at: p)
            return periodic ? v - (v - tc).rounded() : v
        }
        let t00 = t(c + Vec2(-h, -h)), t10 = t(c + Vec2(h, -h))
        let t01 = t(c + Vec2(-h, h)), t11 = t(c + Vec2(h, h))
        if max(max(t00, t10), max(t01, t11)) - min(min(t00, t10), min(t01, t11)) > 0.25 { return nil }
        let g = Vec2((t10 - t00 + t11 - t01) / (2 * s), (t01 - t00 + t11 - t10) / (2 * s))
        let gl = length(g)
        let bend = max(abs(t00 + t11 - t10 - t01), abs((t00 + t10 + t01 + t11) / 4 - tc))
        guard gl > 0, bend <= s * gl / 256 else { return nil }
        return cutLeaf(c, s, tc, g, stops, periodic: periodic)
    }

    /// The paint's mean over the square of side `s` about `c` where t = tc + g . (p - c):
    /// the square cut along each stop's line into convex pieces (``ConvexPiece``), each
    /// weighted by its exact area and coloured at its centroid. `periodic`: t wraps at
    /// every integer (a path paint), so the stops repeat there and each integer is a cut.
    func cutLeaf(_ c: Vec2, _ s: Double, _ tc: Double, _ g: Vec2, _ stops: [Double], periodic: Bool = false) -> Premul {
        let gl = length(g)
        let reach = (abs(g.x) + abs(g.y)) * s / 2
        var cuts: [Double] = []
        if gl > 0 {
            var lines = stops
            if periodic {
                let shifts = Int((tc - reach).rounded(.down))...Int((tc + reach).rounded(.up))
                lines = Array(Set(shifts.flatMap { k in (stops + [0]).map { $0 + Double(k) } })).sorted()
            }
            var k = PaintAverage.firstIndex(lines, above: tc - reach)
            while k < lines.count && lines[k] < tc + reach { cuts.append((lines[k] - tc) / gl); k += 1 }
        }
        if cuts.isEmpty { return paint.color(at: c) }
        let n = g / gl
        var sum = Premul.zero, total = 0.0
        var lower = -Double.infinity
        for u in cuts + [Double.infinity] {
            let piece = ConvexPiece.slab(side: s, normal: n, from: lower, to: u)
            lower = u
            if piece.area <= 0 { continue }
            sum += paint.color(at: c + piece.centroid) * piece.area
            total += piece.area
        }
        return total > 0 ? sum / total : paint.color(at: c)
    }
}

/// A convex part of a square: its area and centroid (relative to the square's centre).
enum ConvexPiece {
    /// The part of the square of side `side` centred at the origin where
    /// `from` <= dot(normal, q) <= `to` (infinite ends: no cut): the square clipped by two
    /// half-planes (Sutherland-Hodgman), area and centroid by the shoelace formula.
    static func slab(side: Double, normal n: Vec2, from a: Double, to b: Double) -> (area: Double, centroid: Vec2) {
        let h = side / 2
        var poly = [Vec2(-h, -h), Vec2(h, -h), Vec2(h, h), Vec2(-h, h)]
        if a > -Double.infinity { poly = clip(poly, n, a) }
        if b < Double.infinity { poly = clip(poly, -n, -b) }
        return areaCentroid(poly)
    }

    /// The part of the polygon where dot(n, q) >= d.
    static func clip(_ poly: [Vec2], _ n: Vec2, _ d: Double) -> [Vec2] {
        var out: [Vec2] = []
        out.reserveCapacity(poly.count + 1)
        for k in poly.indices {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            let fp = dot(n, p) - d, fq = dot(n, q) - d
            if fp >= 0 { out.append(p) }
            if (fp >= 0) != (fq >= 0) { out.append(p + (q - p) * (fp / (fp - fq))) }
        }
        return out
    }

    /// Area and centroid of a simple polygon (either orientation); a degenerate one: (0, 0).
    static func areaCentroid(_ poly: [Vec2]) -> (area: Double, centroid: Vec2) {
        guard poly.count >= 3 else { return (0, .zero) }
        var a2 = 0.0, cx = 0.0, cy = 0.0
        for k in poly.indices {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            let cross = p.x * q.y - q.x * p.y
            a2 += cross
            cx += (p.x + q.x) * cross
            cy += (p.y + q.y) * cross
        }
        if abs(a2) < 1e-300 { return (0, .zero) }
        return (abs(a2) / 2, Vec2(cx, cy) / (3 * a2))
    }
}

/// Deterministic pseudo-random numbers in [0, 1) from a point (a leaf's centre): the same
/// leaf gets the same pattern on any thread and in any order (splitmix64).
struct LeafHash {
    private var state: UInt64

    init(_ p: Vec2) {
        func bits(_ v: Double) -> UInt64 { UInt64(bitPattern: Int64(v.isFinite ? min(max(v * 4096, -1e18), 1e18).rounded() : 0)) }
        let x = bits(p.x), y = bits(p.y)
        state = x &* 0x9E37_79B9_7F4A_7C15 ^ (y &+ 0x632B_E59B_D9B4_E019) &* 0xBF58_476D_1CE4_E5B9
    }

    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) * (1.0 / 9_007_199_254_740_992)
    }
}
