import HaloCore

/// A paint's average over squares of the pixel grid (docs/scene-format.md "Paints", last rule: a pixel
/// gets the paint's average over its covered part), for the draws that know their covered
/// part as squares: ``AreaIntegrator`` (fills and strokes) and text (``GlyphCoverage``'s
/// covered parts, ReferenceRenderer+Text).
///
/// Adaptive quadtree: a square is split while a colour stop lies inside the range of t it
/// spans (``stopInside(_:_:)``: the paint may jump or kink there, whatever its samples
/// show: stops alternating inside a pixel can agree at every sample) or its corner samples
/// depart from linearity (curvature), down to leaves of 1/16 pixel, whose average
/// ``leaf(_:_:_:)`` takes in closed form across the stops where they are straight lines or
/// rays (linear gradients, radial ones away from their centre, angular ones) and from an
/// unbiased jittered pattern elsewhere. A linear gradient whose colour is linear between its
/// stops (every ``GradientRamp`` of `srgb` interpolation) needs no split: the closed form is
/// exact over any square.
struct PaintAverage {
    let paint: ResolvedPaint
    let solid: Premul?
    /// The paint's colour-stop locations (where it may jump or kink); nil for a solid paint.
    let stops: [Double]?
    /// Whether the colour can jump: a hard stop (two nodes at one location, two colours),
    /// or the angular seam or a path paint's wrap where the ramp's ends differ.
    let mayJump: Bool
    /// True for a linear gradient whose ramp is linear in t between its stops (every node
    /// of its ``GradientRamp`` a stop): its mean over any square is ``linearLeaf(_:_:_:)``'s.
    let exactLinear: Bool
    /// An angular gradient's places where the colour may jump or kink, as angles relative
    /// to its start (degrees, ascending in [0, 360)): its stops in [0, 1] times the span,
    /// its seam (0) and, for a partial sweep, the middle of its gap; empty for other paints.
    let angularFeatures: [Double]

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
        var linearRamp = false, features: [Double] = []
        if let ramp = paint.ramp, solid == nil {
            switch paint.geometry {
            case .linear: linearRamp = ramp.stopsUpTo.indices.allSatisfy { ramp.stopsUpTo[$0] == $0 + 1 }
            case .angular(_, _, let span):
                features = [0] + (stops ?? []).filter { $0 >= 0 && $0 <= 1 }.map { $0 * span }.filter { $0 < 360 }
                if span < 360 { features.append(span + (360 - span) / 2) }
            default: break
            }
        }
        exactLinear = linearRamp
        angularFeatures = Array(Set(features)).sorted()
    }

    @inline(__always)
    func colour(_ c: Vec2) -> Premul { solid ?? paint.color(at: c) }

    /// The paint's integral over the square of side `s` about `c` (its mean times s^2), the
    /// square being at quadtree depth `depth` (side 2^-depth). A whole pixel (`corners`
    /// given) takes its corner samples from `corners`.
    func covered(_ c: Vec2, _ s: Double, _ depth: Int, corners: CornerPaint? = nil, pixel i: Int = 0) -> Premul {
        if let solid { return solid * (s * s) }
        if exactLinear, let stops { return linearLeaf(c, s, stops) * (s * s) }
        if depth >= PaintAverage.maxDepth { return leaf(c, s) * (s * s) }
        if !stopInside(c, s / 2) {
            let centre = paint.color(at: c)
            let dev: Premul = cornerMean(c, s / 2, corners: corners, pixel: i) - centre
            if max(max(abs(dev.x), abs(dev.y)), max(abs(dev.z), abs(dev.w))) <= PaintAverage.paintTolerance {
                return centre * (s * s)
            }
        }
        let q = s / 4, h = s / 2, nd = depth + 1
        return covered(c + Vec2(-q, -q), h, nd) + covered(c + Vec2(q, -q), h, nd)
             + covered(c + Vec2(-q, q), h, nd) + covered(c + Vec2(q, q), h, nd)
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
    /// ``paintTolerance``: the test ``covered(_:_:_:corners:pixel:)`` applies (no colour
    /// stop inside the square's range of t, and the mean of the corners against the
    /// centre). Then its mean over any part of the square is its value at the part's
    /// centroid: exactly for a linear paint; a curvature that moves the corners' mean by e
    /// moves a part's mean by about e / 3.
    func isLinear(_ c: Vec2, _ s: Double, corners: CornerPaint?, pixel i: Int) -> Bool {
        if solid != nil { return true }
        let h = s / 2
        if stopInside(c, h) { return false }
        if exactLinear { return true }
        let dev: Premul = cornerMean(c, h, corners: corners, pixel: i) - paint.color(at: c)
        return max(max(abs(dev.x), abs(dev.y)), max(abs(dev.z), abs(dev.w))) <= PaintAverage.paintTolerance
    }
}
