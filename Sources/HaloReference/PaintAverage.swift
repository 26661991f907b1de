import HaloCore

/// A paint's average over squares of the pixel grid (docs/scene-format.md "Paints", last rule: a pixel
/// gets the paint's average over its covered part), for the draws that know their covered
/// part as squares: ``AreaIntegrator`` (fills and strokes) and text (``GlyphCoverage``'s
/// covered parts, ReferenceRenderer+Text).
///
/// Adaptive quadtree: a square whose corner samples depart from linearity (a hard stop, a
/// kink, the angular seam or centre) is split, down to leaves of 1/16 pixel, whose average
/// ``leaf(_:_:)`` takes in closed form where the paint's stops are straight lines (linear
/// gradients) and from an unbiased jittered pattern elsewhere.
struct PaintAverage {
    let paint: ResolvedPaint
    let solid: Premul?
    /// The paint's colour-stop locations (where it may jump or kink); nil for a solid paint.
    let stops: [Double]?
    /// Whether the colour can jump: a hard stop (two nodes at one location, two colours),
    /// or the angular seam or a path paint's wrap where the ramp's ends differ.
    let mayJump: Bool

    /// Smallest square side in the quadtree: 1/16 pixel.
    static let maxDepth = 4
    /// Paint linearity tolerance (premultiplied, 0...1): |mean of corners - centre|.
    static let paintTolerance = 1.0 / 2048

    init(_ paint: ResolvedPaint) {
        self.paint = paint
        solid = paint.isSolid ? paint.color(at: Vec2(0, 0)) : nil
        stops = solid == nil ? paint.ramp?.stopLocations : nil
        var jump = false
        if let ramp = paint.ramp, solid == nil {
            for k in ramp.locations.indices.dropFirst() where ramp.locations[k] == ramp.locations[k - 1] && ramp.colors[k] != ramp.colors[k - 1] {
                jump = true
            }
            switch paint.geometry {
            case .angular, .path: if ramp.color(at: 0) != ramp.color(at: 1) { jump = true }
            default: break
            }
        }
        mayJump = jump
    }

    @inline(__always)
    func colour(_ c: Vec2) -> Premul { solid ?? paint.color(at: c) }

    /// The paint's integral over the square of side `s` about `c` (its mean times s^2), the
    /// square being at quadtree depth `depth` (side 2^-depth). A whole pixel (`corners`
    /// given) takes its corner samples from `corners`.
    func covered(_ c: Vec2, _ s: Double, _ depth: Int, corners: CornerPaint? = nil, pixel i: Int = 0) -> Premul {
        if let solid { return solid * (s * s) }
        if depth >= PaintAverage.maxDepth { return leaf(c, s) * (s * s) }
        let centre = paint.color(at: c)
        let h = s / 2
        let mean = cornerMean(c, h, corners: corners, pixel: i)
        let dev: Premul = mean - centre
        if max(max(abs(dev.x), abs(dev.y)), max(abs(dev.z), abs(dev.w))) > PaintAverage.paintTolerance
            || hidesFeature(c, h) {
            let q = s / 4, nd = depth + 1
            return covered(c + Vec2(-q, -q), h, nd) + covered(c + Vec2(q, -q), h, nd)
                 + covered(c + Vec2(-q, q), h, nd) + covered(c + Vec2(q, q), h, nd)
        }
        return centre * (s * s)
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
        if solid != nil { return true }
        let h = s / 2
        let dev: Premul = cornerMean(c, h, corners: corners, pixel: i) - paint.color(at: c)
        return max(max(abs(dev.x), abs(dev.y)), max(abs(dev.z), abs(dev.w))) <= PaintAverage.paintTolerance
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
}
