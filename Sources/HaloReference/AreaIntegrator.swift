import HaloCore

/// Integrates a paint over the part of a pixel square inside a band of an
/// outline's signed distance, lo < sd(p) < hi (a fill is lo = -infinity, hi = 0;
/// a stroke is its two edge offsets): the exact image's "coverage x paint
/// averaged over the covered part" for one draw.
///
/// Adaptive quadtree: a square whose centre is farther than its half-diagonal
/// from both edges is wholly in or out (sd is 1-Lipschitz, so this is sound even
/// where sd is only a bound, as at mitred corners); otherwise it is split, down
/// to squares of 1/16 pixel, where the edge is taken as straight and the area
/// is the closed-form half-plane coverage (``halfPlaneCoverage(sd:normal:width:height:)``).
/// Straight edges are therefore exact; a curve of radius R errs by about
/// s^2 / (8 R) of a leaf of side s, and a sharp corner by at most half a leaf.
/// The paint is integrated the same way: a covered square whose corner samples
/// depart from linearity (a hard stop, the angular seam) is split further.
///
/// On a rounded box (circular corners, capsules) a partly covered square is not split
/// where its part of the band has a closed form: where one straight side alone makes the
/// signed distance over the square the part is a rectangle (``straightPart(_:_:)``),
/// where one corner's arc alone does it is an annulus's part of the square
/// (``arcPart(_:_:)``, ``DiskRectangle``). Its area is then exact, and the paint is taken
/// at the part's centroid where the paint passes the linearity test over it (exact for a
/// linear paint; else the square is split as above).
struct AreaIntegrator {
    let outline: Outline
    let lo: Double
    let hi: Double
    let paint: ResolvedPaint
    let solid: Premul?
    /// The paint's colour-stop locations (where it may jump or kink); nil for a solid paint.
    let stops: [Double]?
    /// A dashed stroke's region (the band cut into dashes, with round caps); nil: the whole band.
    let dashed: DashedBand?

    /// Smallest square side in the quadtree: 1/16 pixel.
    static let maxDepth = 4
    /// Paint linearity tolerance (premultiplied, 0...1): |mean of corners - centre|.
    static let paintTolerance = 1.0 / 2048

    init(outline: Outline, lo: Double, hi: Double, paint: ResolvedPaint, dash: ResolvedDash? = nil) {
        self.outline = outline; self.lo = lo; self.hi = hi; self.paint = paint
        dashed = dash.map { DashedBand($0, lo: lo, hi: hi) }
        solid = paint.isSolid ? paint.color(at: Vec2(0, 0)) : nil
        stops = solid == nil ? paint.ramp?.stopLocations : nil
    }

    /// The premultiplied colour of pixel (i, j): the integral over its unit square.
    /// `corners`, where given, holds the paint at the pixel corners of row j (see
    /// ``CornerPaint``): the same values, computed once for the pixels that share them.
    @inline(__always)
    func pixel(_ i: Int, _ j: Int, corners: CornerPaint? = nil) -> Premul {
        if dashed != nil { return square(Vec2(Double(i) + 0.5, Double(j) + 0.5), 1, 0) }
        return square(Vec2(Double(i) + 0.5, Double(j) + 0.5), 1, 0, corners: solid == nil ? corners : nil, pixel: i)
    }

    /// ``pixel(_:_:corners:)`` of pixel (i, j), and the number n >= 1 of pixels i ..< i + n
    /// of row j that have that same value for certain: pixel i + m has a signed distance
    /// within m of pixel i's (sd is 1-Lipschitz), so where pixel i lies more than m plus its
    /// half diagonal outside the band (or, for a solid paint, inside it) so do those. The
    /// skipped pixels are the ones the integration would have found empty (or wholly
    /// covered) at their first test, so the image is the same.
    func pixelRun(_ i: Int, _ j: Int, corners: CornerPaint?) -> (Premul, Int) {
        if dashed != nil { return (pixel(i, j), 1) }
        let c = Vec2(Double(i) + 0.5, Double(j) + 0.5)
        let d = outline.signedDistance(c)
        let h = 0.7071067811865476, margin = 1e-9 * (1 + abs(d))
        func count(_ slack: Double) -> Int { slack < 1 ? 1 : Int(min(slack, 1e6)) + 1 }
        if d >= hi + h { return (.zero, count(d - hi - h - margin)) }
        if d <= lo - h { return (.zero, count(lo - h - d - margin)) }
        if let solid, d >= lo + h && d <= hi - h { return (solid, count(min(hi - h - d, d - lo - h) - margin)) }
        return (square(c, 1, 0, corners: solid == nil ? corners : nil, pixel: i), 1)
    }

    func square(_ c: Vec2, _ s: Double, _ depth: Int, corners: CornerPaint? = nil, pixel i: Int = 0) -> Premul {
        if let dashed { return dashedSquare(c, s, depth, dashed) }
        let d = outline.signedDistance(c)
        let h = s * 0.7071067811865476
        if d >= hi + h || d <= lo - h { return .zero }
        if d >= lo + h && d <= hi - h { return covered(c, s, depth, corners: corners, pixel: i) }
        if depth < AreaIntegrator.maxDepth, let part = straightPart(c, s) {
            let area = 4 * part.half.x * part.half.y
            if area <= 0 { return .zero }
            if let solid { return solid * area }
            if isLinear(c, s, corners: corners, pixel: i) { return paint.color(at: part.centre) * area }
        } else if depth < AreaIntegrator.maxDepth, let part = arcPart(c, s) {
            if part.area <= 0 { return .zero }
            if let solid { return solid * part.area }
            if isLinear(c, s, corners: corners, pixel: i) { return paint.color(at: part.centroid) * part.area }
        }
        if depth == AreaIntegrator.maxDepth {
            let n = normal(c)
            var cov = halfPlaneCoverage(sd: d - hi, normal: n, width: s, height: s)
            if lo > -Double.infinity { cov -= halfPlaneCoverage(sd: d - lo, normal: n, width: s, height: s) }
            if cov <= 0 { return .zero }
            return colour(c) * (cov * s * s)
        }
        let q = s / 4, hs = s / 2, nd = depth + 1
        return square(c + Vec2(-q, -q), hs, nd) + square(c + Vec2(q, -q), hs, nd)
             + square(c + Vec2(-q, q), hs, nd) + square(c + Vec2(q, q), hs, nd)
    }

    /// A square wholly inside the band: the paint's integral over it. A whole pixel
    /// (`corners` given) takes its corner samples from `corners`.
    func covered(_ c: Vec2, _ s: Double, _ depth: Int, corners: CornerPaint? = nil, pixel i: Int = 0) -> Premul {
        if let solid { return solid * (s * s) }
        if depth >= AreaIntegrator.maxDepth {
            // A leaf on a paint discontinuity: four rotated-grid samples, so that an edge
            // through the leaf's centre (a 45-degree hard stop through pixel corners) is
            // split evenly instead of going wholly to one side.
            let q = s / 8
            return (paint.color(at: c + Vec2(-3 * q, -q)) + paint.color(at: c + Vec2(-q, 3 * q))
                  + paint.color(at: c + Vec2(q, -3 * q)) + paint.color(at: c + Vec2(3 * q, q))) * (s * s / 4)
        }
        let centre = paint.color(at: c)
        if depth < AreaIntegrator.maxDepth {
            let h = s / 2
            let mean = cornerMean(c, h, corners: corners, pixel: i)
            let dev: Premul = mean - centre
            if max(max(abs(dev.x), abs(dev.y)), max(abs(dev.z), abs(dev.w))) > AreaIntegrator.paintTolerance
                || hidesFeature(c, h) {
                let q = s / 4, nd = depth + 1
                return covered(c + Vec2(-q, -q), h, nd) + covered(c + Vec2(q, -q), h, nd)
                     + covered(c + Vec2(-q, q), h, nd) + covered(c + Vec2(q, q), h, nd)
            }
        }
        return centre * (s * s)
    }

    @inline(__always)
    func colour(_ c: Vec2) -> Premul { solid ?? paint.color(at: c) }

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
        let area = min(max(outer.area - inner.area, 0), s * s)
        if area <= 1e-12 * s * s { return (0, c) }
        var centroid = Vec2((outer.momentU - inner.momentU) / area, (outer.momentV - inner.momentV) / area) + o + outline.center
        // Rounding cannot take the centroid out of the square.
        centroid = Vec2(min(max(centroid.x, c.x - hs), c.x + hs), min(max(centroid.y, c.y - hs), c.y + hs))
        return (area, centroid)
    }

    /// The mean of the paint at the four corners of the square of half side h about c:
    /// from `corners` for a whole pixel (c = (i + 1/2, j + 1/2), h = 1/2: the corners are
    /// the points (i, j) ... (i + 1, j + 1) exactly), else computed.
    @inline(__always)
    func cornerMean(_ c: Vec2, _ h: Double, corners: CornerPaint?, pixel i: Int) -> Premul {
        if let corners {
            return (corners.top(i, paint) + corners.top(i + 1, paint)
                  + corners.bottom(i, paint) + corners.bottom(i + 1, paint)) * 0.25
        }
        return (paint.color(at: c + Vec2(-h, -h)) + paint.color(at: c + Vec2(h, -h))
              + paint.color(at: c + Vec2(-h, h)) + paint.color(at: c + Vec2(h, h))) * 0.25
    }

    /// True where the paint is linear over the square of side `s` about `c` to within
    /// ``paintTolerance``: the test ``covered(_:_:_:corners:pixel:)`` applies (the mean of
    /// the corners against the centre, and no hidden feature). Then its mean over any part
    /// of the square is its value at the part's centroid: exactly for a linear paint; a
    /// curvature that moves the corners' mean by e moves a part's mean by about e / 3.
    func isLinear(_ c: Vec2, _ s: Double, corners: CornerPaint?, pixel i: Int) -> Bool {
        let h = s / 2
        let dev: Premul = cornerMean(c, h, corners: corners, pixel: i) - paint.color(at: c)
        return max(max(abs(dev.x), abs(dev.y)), max(abs(dev.z), abs(dev.w))) <= AreaIntegrator.paintTolerance
            && !hidesFeature(c, h)
    }

    /// True when the square of half side h about c may hold a change of colour that its
    /// centre and corners do not see: an angular gradient's centre (every colour meets
    /// there, and the samples can agree by symmetry), or, for a radial gradient, a colour
    /// stop within the square's range of t (its nearest and farthest points from the
    /// centre) but outside the range its five samples span: a ring smaller than the
    /// square, or an arc bulging between two corners. Elsewhere t is linear (linear
    /// gradients) or monotone in the angle with its extremes at corners (angular), so a
    /// stop inside the square separates its samples.
    func hidesFeature(_ c: Vec2, _ h: Double) -> Bool {
        switch paint.geometry {
        case .angular(let centre, _, _):
            return abs(centre.x - c.x) <= h && abs(centre.y - c.y) <= h
        case .radial(let centre, let r0, _):
            guard let stops else { return false }
            let k = paint.radialInverseWidth
            let dx = max(abs(c.x - centre.x) - h, 0), dy = max(abs(c.y - centre.y) - h, 0)
            let fx = abs(c.x - centre.x) + h, fy = abs(c.y - centre.y) + h
            let tNear = ((dx * dx + dy * dy).squareRoot() - r0) * k, tFar = ((fx * fx + fy * fy).squareRoot() - r0) * k
            let lo = min(tNear, tFar), hi = max(tNear, tFar)
            // Most squares hold no stop at all: skip the five samples then.
            guard stops.contains(where: { $0 >= lo && $0 <= hi }) else { return false }
            var sLo = Double.infinity, sHi = -Double.infinity
            for q in [c, c + Vec2(-h, -h), c + Vec2(h, -h), c + Vec2(-h, h), c + Vec2(h, h)] {
                let t = paint.paintT(at: q)
                sLo = min(sLo, t); sHi = max(sHi, t)
            }
            return stops.contains { $0 >= lo && $0 <= hi && !($0 >= sLo && $0 <= sHi) }
        default:
            return false
        }
    }

    /// Unit gradient of the signed distance (central differences).
    @inline(__always)
    func normal(_ c: Vec2) -> Vec2 {
        let e = 1e-6
        let g = Vec2(outline.signedDistance(c + Vec2(e, 0)) - outline.signedDistance(c - Vec2(e, 0)),
                     outline.signedDistance(c + Vec2(0, e)) - outline.signedDistance(c - Vec2(0, e)))
        let l = length(g)
        return l > 0 ? g / l : Vec2(1, 0)
    }
}

/// The paint at the pixel corners (i, j) and (i, j + 1) of one row j of pixels, each
/// computed when first asked for and kept while the row is drawn, so that the pixels that
/// share a corner share its sample (the same value: the same point, the same function).
/// One per worker thread; `start(row:)` moves to the next row, keeping the shared line.
final class CornerPaint {
    private let i0: Int
    private var upper: [Premul], lower: [Premul]
    private var upperSet: [Bool], lowerSet: [Bool]
    private var row = Int.min

    /// Corners i0 ... i0 + count of each row.
    init(i0: Int, count: Int) {
        self.i0 = i0
        upper = Array(repeating: .zero, count: count + 1); lower = upper
        upperSet = Array(repeating: false, count: count + 1); lowerSet = upperSet
    }

    /// Moves to pixel row j (corners at y = j and y = j + 1).
    func start(row j: Int) {
        if j == row + 1 {
            swap(&upper, &lower); swap(&upperSet, &lowerSet)
            for k in lowerSet.indices { lowerSet[k] = false }
        } else {
            for k in upperSet.indices { upperSet[k] = false; lowerSet[k] = false }
        }
        row = j
    }

    /// The paint at (i, j).
    @inline(__always)
    func top(_ i: Int, _ paint: ResolvedPaint) -> Premul {
        let k = i - i0
        if !upperSet[k] { upper[k] = paint.color(at: Vec2(Double(i), Double(row))); upperSet[k] = true }
        return upper[k]
    }

    /// The paint at (i, j + 1).
    @inline(__always)
    func bottom(_ i: Int, _ paint: ResolvedPaint) -> Premul {
        let k = i - i0
        if !lowerSet[k] { lower[k] = paint.color(at: Vec2(Double(i), Double(row + 1))); lowerSet[k] = true }
        return lower[k]
    }
}
