import Foundation
import HaloCore

/// The bound on angularAverage (Shaders/lib/angular_average.glsl), the GPU's average of an
/// angular paint over a pixel taken piece by piece in the angle: about the centre, where the
/// pixel's range of t holds several jumps, and at a partly covered pixel holding one.
///
/// The pixel's angles about the centre c (all 360 degrees when the pixel holds c) are cut at
/// every colour break (a colour stop, a partial sweep's gap middle, the seam) and at N equal
/// steps (N = 128 for a whole turn, else 32). Each piece takes its exact area times the colour
/// at its middle angle. Between breaks the colour has no jump and changes at most at the
/// ramp's steepest slope m (over its nodes in the pixel's range of t), so on a piece of width w
/// (in t) it is within m w / 2 of the colour at the middle, and so is its mean over the piece
/// under any weighting; the pieces' errors, weighted by their areas, average to at most m w / 2
/// with w a step's width (0 between hard stops: exact).
/// float32 adds, at each break, an area error of about 1e-6 px per px of the distance to c
/// (the cut's line offset from c), times the colour's change there.
enum AngularPieceTerm {
    /// The bound at pixel centre p of a wholly covered pixel, as a fraction of full scale.
    /// - Parameters:
    ///   - ramp: the paint's ramp; `span` its sweep in degrees (0 < span <= 360).
    ///   - centre: the paint's centre c; `intervals` the pixel's ranges of t (within 0...1, each
    ///     lo <= hi), as PaintErrorTerm finds them.
    static func bound(_ ramp: GradientRamp, span: Double, centre: Vec2, at p: Vec2, intervals: [(Double, Double)]) -> Double {
        let holdsCentre = abs(centre.x - p.x) <= 0.5 && abs(centre.y - p.y) <= 0.5
        let stepDegrees = holdsCentre ? 360.0 / 128 : angularSpan(of: p, about: centre) / 32
        let step = stepDegrees / span                       // a step's width in t
        let locs = ramp.locations
        var steepest = 0.0, variation = 0.0
        for k in 0..<max(locs.count - 1, 0) {
            let a = locs[k], b = locs[k + 1]
            guard intervals.contains(where: { $0.0 <= b && $0.1 >= a }) else { continue }
            let d = ramp.colors[k + 1] - ramp.colors[k]
            let change = PaintErrorTerm.largest(pointwiseMax(d, -d))
            variation += change
            if b > a { steepest = max(steepest, change / (b - a)) }
        }
        // The seam, the gap's middle and the ends: a change of colour at each, at most the ramp's range.
        let range = PaintErrorTerm.largest(ramp.colors.reduce(ramp.colors[0], pointwiseMax) - ramp.colors.reduce(ramp.colors[0], pointwiseMin))
        variation += 3 * range
        let float32 = 1e-6 * (length(p - centre) + 1) * variation
        return 0.5 * steepest * step + float32 + 1e-6
    }

    /// The angles, in degrees, that the unit pixel square at p spans seen from c outside it
    /// (under 180): the spread of its corners' directions about the direction of p.
    static func angularSpan(of p: Vec2, about c: Vec2) -> Double {
        let m = atan2(p.y - c.y, p.x - c.x)
        var lo = 0.0, hi = 0.0
        for (dx, dy) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] {
            var d = atan2(p.y + dy - c.y, p.x + dx - c.x) - m
            d -= 2 * .pi * ((d + .pi) / (2 * .pi)).rounded(.down)
            lo = min(lo, d); hi = max(hi, d)
        }
        return (hi - lo) * 180 / .pi
    }
}
