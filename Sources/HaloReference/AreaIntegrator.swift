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
    @inline(__always)
    func pixel(_ i: Int, _ j: Int) -> Premul {
        square(Vec2(Double(i) + 0.5, Double(j) + 0.5), 1, 0)
    }

    func square(_ c: Vec2, _ s: Double, _ depth: Int) -> Premul {
        if let dashed { return dashedSquare(c, s, depth, dashed) }
        let d = outline.signedDistance(c)
        let h = s * 0.7071067811865476
        if d >= hi + h || d <= lo - h { return .zero }
        if d >= lo + h && d <= hi - h { return covered(c, s, depth) }
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

    /// A square wholly inside the band: the paint's integral over it.
    func covered(_ c: Vec2, _ s: Double, _ depth: Int) -> Premul {
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
            let mean = (paint.color(at: c + Vec2(-h, -h)) + paint.color(at: c + Vec2(h, -h))
                      + paint.color(at: c + Vec2(-h, h)) + paint.color(at: c + Vec2(h, h))) * 0.25
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
