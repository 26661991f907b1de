import HaloCore

// Where a rounded box's band has a closed form over a square (AreaIntegrator, "On a rounded
// box"): the strip along one side, and the annulus on one corner's arc.
extension AreaIntegrator {
    /// The band's part of the square of side `s` about `c` where that part is an
    /// axis-aligned rectangle (its centre and half extents; zero extents: empty), or nil.
    ///
    /// For a rounded box, a corner's term of ``sdRoundedBox(_:halfSize:radii:)`` is
    /// max(-q.x, -q.y) wherever R - q has a component <= 0 (its arc's square root only
    /// enters where both are positive). When that holds over the whole square for every
    /// corner, the signed distance there is the plain box's, max(|x| - bx, |y| - by), and
    /// when one of the two terms exceeds the other over the whole square it is |x| - bx
    /// (or |y| - by) alone: the band lo < sd < hi is then a strip parallel to a side, and
    /// its part of the square a rectangle, exactly. A continuous-corner box is the plain box
    /// in the same way where ``continuousCornerIsSideOnly(_:_:_:_:)`` holds for every corner.
    /// Elsewhere (arcs, a sharp corner's diagonal, a square across the box's middle line,
    /// ellipses) nil.
    func straightPart(_ c: Vec2, _ s: Double) -> (centre: Vec2, half: Vec2)? {
        guard outline.kind == .roundedBox || outline.kind == .continuousBox else { return nil }
        let p = c - outline.center, b = outline.halfSize, hs = s / 2
        let margin = 1e-9 * (1 + abs(p.x) + abs(p.y) + b.x + b.y)
        let r = outline.radii
        if outline.kind == .roundedBox {
            // q = b - sign * p for the corners (-1, -1), (1, -1), (1, 1), (-1, 1): R - q.x is
            // at most R - b.x + sign.x * p.x + hs over the square.
            if r[0] > 0 && r[0] - b.x - p.x + hs > -margin && r[0] - b.y - p.y + hs > -margin { return nil }
            if r[1] > 0 && r[1] - b.x + p.x + hs > -margin && r[1] - b.y - p.y + hs > -margin { return nil }
            if r[2] > 0 && r[2] - b.x + p.x + hs > -margin && r[2] - b.y + p.y + hs > -margin { return nil }
            if r[3] > 0 && r[3] - b.x - p.x + hs > -margin && r[3] - b.y + p.y + hs > -margin { return nil }
        } else {
            if !continuousCornerIsSideOnly(b - Vec2(-1, -1) * p, hs, r[0], margin)
                || !continuousCornerIsSideOnly(b - Vec2(1, -1) * p, hs, r[1], margin)
                || !continuousCornerIsSideOnly(b - Vec2(1, 1) * p, hs, r[2], margin)
                || !continuousCornerIsSideOnly(b - Vec2(-1, 1) * p, hs, r[3], margin) { return nil }
        }
        // The square on one side of each of the box's middle lines, so |x| and |y| are affine on it.
        if (p.x - hs < 0 && p.x + hs > 0) || (p.y - hs < 0 && p.y + hs > 0) { return nil }
        let ax0 = abs(p.x) - hs, ax1 = abs(p.x) + hs, ay0 = abs(p.y) - hs, ay1 = abs(p.y) + hs
        // The part of [m0, m1] where lo < m - half < hi, as a centre and a half extent.
        func strip(_ m0: Double, _ m1: Double, _ half: Double) -> (Double, Double) {
            let a = max(m0, half + lo), z = min(m1, half + hi)
            return z > a ? ((a + z) / 2, (z - a) / 2) : ((m0 + m1) / 2, 0)
        }
        if ax0 - b.x > ay1 - b.y + margin {
            let (m, e) = strip(ax0, ax1, b.x)
            return (Vec2(outline.center.x + (p.x >= 0 ? m : -m), c.y), Vec2(e, hs))
        }
        if ay0 - b.y > ax1 - b.x + margin {
            let (m, e) = strip(ay0, ay1, b.y)
            return (Vec2(c.x, outline.center.y + (p.y >= 0 ? m : -m)), Vec2(hs, e))
        }
        return nil
    }

    /// True when a continuous corner's term of ``sdContinuousBox(_:halfSize:radii:)`` is the
    /// plain box's, max(-q.x, -q.y) = -min(q.x, q.y), over the whole square of half side
    /// `hs` about the corner-frame point `q` (pixels, inwards). ``sdContinuousCorner(_:radius:)``
    /// gives that far inside the quadrant (q.x, q.y >= L, L the corner's reach) and, where
    /// the larger of q.x, q.y is at least L, wherever its curve pieces (inside [0, L]^2) are
    /// no nearer than the side's ray: the distance to that square at least |min(q.x, q.y)|.
    /// Both distances are 1-Lipschitz, so the test at the centre keeps a half diagonal of
    /// each to spare; the two coordinates keep their order over the square.
    func continuousCornerIsSideOnly(_ q: Vec2, _ hs: Double, _ R: Double, _ margin: Double) -> Bool {
        if R <= 0 { return true }
        let L = ContinuousCorner.reach * R
        if q.x - hs >= L + margin && q.y - hs >= L + margin { return true }
        if abs(q.x - q.y) <= 2 * hs + margin { return false }
        let qa = max(q.x, q.y), qb = min(q.x, q.y)
        if qa - hs < L + margin { return false }
        let dx = max(0, qa - L, -qa), dy = max(0, qb - L, -qb)
        return (dx * dx + dy * dy).squareRoot() - abs(qb) > 2 * hs * 1.4142135623730951 + margin
    }

    /// The band's part of the square of side `s` about `c` where one corner's arc alone
    /// makes the signed distance there (its area and centroid, in closed form), or nil.
    ///
    /// Where both components of R - q are positive for a corner (beyond both its tangent
    /// points), its term of ``sdRoundedBox(_:halfSize:radii:)`` is |p - o| - R, o the arc's
    /// centre; every corner's term is at most its own circle's |p - o| - R everywhere. So
    /// when that holds over the whole square for one corner and every other corner either
    /// has the same circle or a term below it over the square (both 1-Lipschitz: compared
    /// at the centre with a half diagonal each), the band there is the annulus
    /// R + lo < |p - o| < R + hi, and its part of the square is the difference of two
    /// disks' parts (``DiskRectangle``).
    func arcPart(_ c: Vec2, _ s: Double) -> (area: Double, centroid: Vec2)? {
        guard outline.kind == .roundedBox else { return nil }
        let p = c - outline.center, b = outline.halfSize, hs = s / 2
        let margin = 1e-9 * (1 + abs(p.x) + abs(p.y) + b.x + b.y)
        // cornerSigns[i]: topLeft (-1, -1), topRight (1, -1), bottomRight (1, 1), bottomLeft (-1, 1).
        func sign(_ i: Int) -> Vec2 { Vec2(i == 1 || i == 2 ? 1 : -1, i >= 2 ? 1 : -1) }
        var arc = -1
        for i in 0..<4 {
            let R = outline.radii[i]
            if R <= 0 { continue }
            let q = b - sign(i) * p
            if R - q.x - hs > margin && R - q.y - hs > margin { arc = i; break }
        }
        if arc < 0 { return nil }
        let R = outline.radii[arc]
        // The moments are differences of terms of size rho^3: beyond 4096 px their rounding
        // (rho^3 x 1e-16) would move the centroid; the quadtree takes such arcs.
        if R + hi > 4096 { return nil }
        let o = sign(arc) * (b - Vec2(R, R))          // the arc's centre, relative to the box's
        let value = length(p - o) - R
        let reach = 2 * hs * 1.4142135623730951 + margin
        for j in 0..<4 where j != arc {
            let Rj = outline.radii[j]
            if Rj == R && sign(j) * (b - Vec2(Rj, Rj)) == o { continue }
            if sdCircularCorner(b - sign(j) * p, radius: Rj) > value - reach { return nil }
        }
        let u0 = p.x - hs - o.x, u1 = p.x + hs - o.x, v0 = p.y - hs - o.y, v1 = p.y + hs - o.y
        let outer = DiskRectangle(rho: R + hi, u0: u0, u1: u1, v0: v0, v1: v1)
        let inner = lo > -Double.infinity ? DiskRectangle(rho: R + lo, u0: u0, u1: u1, v0: v0, v1: v1) : DiskRectangle()
        // Far beyond the scales the closed form is accurate at (or not a number): split instead.
        guard outer.area.isFinite, inner.area.isFinite, outer.momentU.isFinite, outer.momentV.isFinite,
              inner.momentU.isFinite, inner.momentV.isFinite else { return nil }
        let area = min(max(outer.area - inner.area, 0), s * s)
        if area <= 1e-12 * s * s { return (0, c) }
        var centroid = Vec2((outer.momentU - inner.momentU) / area, (outer.momentV - inner.momentV) / area) + o + outline.center
        // Rounding cannot take the centroid out of the square.
        centroid = Vec2(min(max(centroid.x, c.x - hs), c.x + hs), min(max(centroid.y, c.y - hs), c.y + hs))
        return (area, centroid)
    }
}
