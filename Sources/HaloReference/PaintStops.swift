import Foundation
import HaloCore

// Where a paint's colour stops fall in a square of the pixel grid: from the exact range of t
// over the square, for the paints whose t has one in closed form (linear, radial, angular),
// whatever the paint's samples show (stops alternating inside a square can agree at all of
// its samples); and the angular gradient's closed-form mean across its stops, which are rays.
extension PaintAverage {
    /// True when a colour stop lies strictly inside the range of t over the square of half
    /// side h about c, or, for an angular gradient, its seam or a partial sweep's gap
    /// middle lies inside the square's range of angles or the square holds the centre
    /// (every angle meets there). The ranges are exact: a linear gradient's t is affine
    /// (its extremes at corners); a radial one's is |p - centre| (extremes at the square's
    /// nearest and farthest points); an angular one's is the angle (extremes at corners
    /// where the square does not hold the centre). False for other paints (a path paint's
    /// t has no such range: its samples' test applies).
    func stopInside(_ c: Vec2, _ h: Double) -> Bool {
        guard let stops else { return false }
        switch paint.geometry {
        case .linear:
            let tc = paint.paintT(at: c), reach = (abs(paint.linearGradient.x) + abs(paint.linearGradient.y)) * h
            return PaintAverage.any(stops, between: tc - reach, tc + reach)
        case .radial(let centre, let r0, _):
            let k = paint.radialInverseWidth
            let ax = abs(c.x - centre.x), ay = abs(c.y - centre.y)
            let dx = max(ax - h, 0), dy = max(ay - h, 0), fx = ax + h, fy = ay + h
            let tNear = ((dx * dx + dy * dy).squareRoot() - r0) * k, tFar = ((fx * fx + fy * fy).squareRoot() - r0) * k
            return PaintAverage.any(stops, between: min(tNear, tFar), max(tNear, tFar))
        case .angular:
            guard let cuts = angularCuts(c, h) else { return true }
            return !cuts.isEmpty
        default:
            return false
        }
    }

    /// True when some element of the ascending `sorted` lies strictly between lo and hi
    /// (binary search).
    @inline(__always)
    static func any(_ sorted: [Double], between lo: Double, _ hi: Double) -> Bool {
        let k = firstIndex(sorted, above: lo)
        return k < sorted.count && sorted[k] < hi
    }

    /// The index of the first element of the ascending `sorted` greater than x (its count if none).
    @inline(__always)
    static func firstIndex(_ sorted: [Double], above x: Double) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] > x { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// An angular gradient's ``angularFeatures`` strictly inside the range of angles of the
    /// square of half side h about c, as angles on screen (degrees, atan2's, clockwise
    /// from +x with y down) within 180 of the direction of c from the centre, ascending;
    /// nil where the square holds the centre (its boundary included) or the paint is not
    /// angular. The range: the corners' angles relative to c's direction (the extremes of
    /// the angle over a convex region that does not hold the centre are at its corners,
    /// and the square spans under 180 degrees).
    func angularCuts(_ c: Vec2, _ h: Double) -> [Double]? {
        guard case .angular(let centre, let angle, _) = paint.geometry else { return nil }
        let w = c - centre
        if abs(w.x) <= h && abs(w.y) <= h { return nil }
        let base = atan2(w.y, w.x) * 180 / .pi
        var lo = 0.0, hi = 0.0
        for v in [w + Vec2(-h, -h), w + Vec2(h, -h), w + Vec2(-h, h), w + Vec2(h, h)] {
            let d = atan2(w.x * v.y - w.y * v.x, dot(w, v)) * 180 / .pi
            lo = min(lo, d); hi = max(hi, d)
        }
        // The range relative to the gradient's start, its lower end in [0, 360).
        var r0 = (base + lo - angle).truncatingRemainder(dividingBy: 360)
        if r0 < 0 { r0 += 360 }
        let r1 = r0 + (hi - lo)
        var cuts: [Double] = []
        let f = angularFeatures
        var k = PaintAverage.firstIndex(f, above: r0)
        while k < f.count && f[k] < r1 { cuts.append(base + lo + f[k] - r0); k += 1 }
        k = 0
        while k < f.count && f[k] + 360 < r1 { cuts.append(base + lo + f[k] + 360 - r0); k += 1 }
        return cuts
    }

    /// An angular gradient's mean over the square of side `s` about `c`, which does not hold
    /// its centre, where `cuts` are the angles (degrees, from ``angularCuts(_:_:)``) of the
    /// rays along which its colour may jump or kink: the square cut along those rays
    /// (straight lines across it, as it spans under 180 degrees) into convex pieces, each
    /// weighted by its exact area and coloured at its centroid (exact where the colour is
    /// constant between rays, as for every ramp of hard stops; else off by the colour's
    /// curvature over the piece).
    func wedgeLeaf(_ c: Vec2, _ s: Double, _ cuts: [Double]) -> Premul {
        guard case .angular(let centre, _, _) = paint.geometry else { return paint.color(at: c) }
        let w = c - centre, h = s / 2
        let square = [Vec2(-h, -h), Vec2(h, -h), Vec2(h, h), Vec2(-h, h)]
        var sum = Premul.zero, total = 0.0
        // A point q (relative to c) is past the ray at angle phi where
        // dot(n, q + w) >= 0, n = (-sin phi, cos phi): the half-plane ConvexPiece.clip keeps
        // with normal n and offset -dot(n, w).
        var past: (n: Vec2, d: Double)?
        for k in 0...cuts.count {
            var poly = square
            if let past { poly = ConvexPiece.clip(poly, past.n, past.d) }
            if k < cuts.count {
                let phi = cuts[k] * .pi / 180
                let n = Vec2(-sin(phi), cos(phi))
                poly = ConvexPiece.clip(poly, -n, dot(n, w))
                past = (n, -dot(n, w))
            }
            let piece = ConvexPiece.areaCentroid(poly)
            if piece.area <= 0 { continue }
            sum += paint.color(at: c + piece.centroid) * piece.area
            total += piece.area
        }
        return total > 0 ? sum / total : paint.color(at: c)
    }
}
