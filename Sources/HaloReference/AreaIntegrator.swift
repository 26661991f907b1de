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
        // (A slack that is not a number, from a degenerate outline, is a run of one.)
        func count(_ slack: Double) -> Int { slack >= 1 ? (slack >= 1e6 ? 1_000_001 : Int(slack) + 1) : 1 }
        if d >= hi + h { return (.zero, count(d - hi - h - margin)) }
        if d <= lo - h { return (.zero, count(lo - h - d - margin)) }
        if let solid, d >= lo + h && d <= hi - h { return (solid, count(min(hi - h - d, d - lo - h) - margin)) }
        return (square(c, 1, 0, corners: solid == nil ? corners : nil, pixel: i, distance: d), 1)
    }

    /// `distance`, where given, is `outline.signedDistance(c)` already computed.
    func square(_ c: Vec2, _ s: Double, _ depth: Int, corners: CornerPaint? = nil, pixel i: Int = 0,
                distance: Double? = nil) -> Premul {
        if let dashed { return dashedSquare(c, s, depth, dashed) }
        let d = distance ?? outline.signedDistance(c)
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
