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
/// The paint is integrated the same way: a covered square that holds a colour stop or
/// whose corner samples depart from linearity is split further, and its leaves averaged
/// in closed form across the stops or without a regular pattern (``PaintAverage``).
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
    /// The paint's averages over squares.
    let average: PaintAverage
    /// The paint's colour where it is solid; nil for a varying paint.
    var solid: Premul? { average.solid }
    /// A dashed stroke's region (the band cut into dashes, with round caps); nil: the whole band.
    let dashed: DashedBand?

    /// Smallest square side in the quadtree: 1/16 pixel.
    static let maxDepth = PaintAverage.maxDepth

    init(outline: Outline, lo: Double, hi: Double, paint: ResolvedPaint, dash: ResolvedDash? = nil) {
        self.outline = outline; self.lo = lo; self.hi = hi; self.paint = paint
        dashed = dash.map { DashedBand($0, lo: lo, hi: hi) }
        average = PaintAverage(paint)
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
            // Where a stop lies inside the leaf its centre's colour may be any band's: the
            // leaf's mean (exact where the band covers the leaf, as along an edge on a
            // pixel boundary).
            return (average.stopInside(c, s / 2) ? average.leaf(c, s) : colour(c)) * (cov * s * s)
        }
        let q = s / 4, hs = s / 2, nd = depth + 1
        return square(c + Vec2(-q, -q), hs, nd) + square(c + Vec2(q, -q), hs, nd)
             + square(c + Vec2(-q, q), hs, nd) + square(c + Vec2(q, q), hs, nd)
    }

    /// A square wholly inside the band: the paint's integral over it (``PaintAverage``).
    @inline(__always)
    func covered(_ c: Vec2, _ s: Double, _ depth: Int, corners: CornerPaint? = nil, pixel i: Int = 0) -> Premul {
        average.covered(c, s, depth, corners: corners, pixel: i)
    }

    @inline(__always)
    func colour(_ c: Vec2) -> Premul { average.colour(c) }

    @inline(__always)
    func isLinear(_ c: Vec2, _ s: Double, corners: CornerPaint?, pixel i: Int) -> Bool {
        average.isLinear(c, s, corners: corners, pixel: i)
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
