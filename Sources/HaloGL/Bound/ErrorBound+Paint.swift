import Foundation
import HaloCore

/// ``ErrorBudget/paint``: how far the GPU's colour for a pixel may be from the paint's exact
/// average over the pixel's covered part, as a fraction of full scale (infinity: no promise).
enum PaintErrorTerm {
    /// Whether the paint is one colour everywhere (a shader paint never is: its function is unknown).
    static func isUniform(_ paint: ResolvedPaint) -> Bool {
        if case .shader = paint.geometry { return false }
        return paint.isSolid
    }

    /// The error at pixel centre p; `edge`: the pixel may be partly covered (its covered part
    /// is then taken as a strip, whose average is any value within the paint's range).
    static func error(_ paint: ResolvedPaint, at p: Vec2, edge: Bool) -> Double {
        errors(paint, at: p, edge: edge).averaged
    }

    /// ``error(_:at:edge:)`` for the GPU's averaged colour, and for a colour taken at the
    /// centre, not averaged (a glow's source, GlowPlan.centreSampledSigma): within the
    /// paint's range of the average where the pixel holds a stop, a seam or a centre.
    static func errors(_ paint: ResolvedPaint, at p: Vec2, edge: Bool) -> (averaged: Double, atCentre: Double) {
        if case .shader = paint.geometry { return (.infinity, .infinity) }
        guard let ramp = paint.ramp, !paint.isSolid else { return (0, 0) }
        var wraps = false, nearCentre = false
        switch paint.geometry {
        case .shader: return (.infinity, .infinity)
        case .solid, .material: return (0, 0)
        case .angular(let c, _, _):
            wraps = true
            // angularAverage within 4 px; the pixel holds every colour when it holds c.
            nearCentre = length(p - c) < 4.75
        case .radial(let c, _, _):
            nearCentre = length(p - c) < 16.75
        case .path(_, let arc):
            wraps = true
            // An outline reaching beyond 2^24 px: float32 (the shader's arc length) holds its
            // points to no better than a pixel, so s, and the colour, are not resolved.
            let o = arc.outline
            if !(max(abs(o.center.x) + o.halfSize.x, abs(o.center.y) + o.halfSize.y) < 16_777_216) { return (.infinity, .infinity) }
        case .linear:
            break
        }
        // t over the pixel: 3 x 3 samples, widened by a quarter of their spread.
        var ts: [Double] = []
        ts.reserveCapacity(10)
        for dy in [-0.5, 0, 0.5] { for dx in [-0.5, 0, 0.5] { ts.append(paint.paintT(at: p + Vec2(dx, dy))) } }
        if case .radial(let c, _, _) = paint.geometry, abs(c.x - p.x) <= 0.5, abs(c.y - p.y) <= 0.5 { ts.append(paint.paintT(at: c)) }
        var intervals: [(Double, Double)]
        var jump = nearCentre
        let lo = ts.min()!, hi = ts.max()!
        if wraps && (hi - lo > 0.5 || (nearCentre && length(p - centre(paint)) < 1.5)) {
            // Across the seam (or the wrap of a path paint): the samples near 1 and near 0 apart.
            let upper = ts.filter { $0 >= 0.5 }, lower = ts.filter { $0 < 0.5 }
            intervals = [(upper.min() ?? 1, 1), (0, lower.max() ?? 0)]
            if nearCentre && length(p - centre(paint)) < 1.5 { intervals = [(0, 1)] }
            jump = true
        } else {
            let m = 0.25 * (hi - lo) + 1e-9
            intervals = [(lo - m, hi + m)]
        }
        if case .path(_, let arc) = paint.geometry, !jump, (hi - lo) * arc.length > 1.5 {
            jump = true     // s stretches (an inner corner) or jumps (the medial axis) here
        }
        // The colours over each interval, in pieces split at hard stops (two nodes at one
        // location): their joint range, the largest piece's, and how many jumps (hard stops,
        // and the seam or wrap between two intervals) the pixel holds.
        var cmin = Premul(repeating: .infinity), cmax = Premul(repeating: -.infinity)
        var sideRange = 0.0, jumps = intervals.count - 1
        var kink = false
        let locs = ramp.locations
        for (a, b) in intervals {
            var pmin = ramp.color(at: a), pmax = pmin
            func close(_ c: Premul) {
                pmin = pointwiseMin(pmin, c); pmax = pointwiseMax(pmax, c)
                cmin = pointwiseMin(cmin, pmin); cmax = pointwiseMax(cmax, pmax)
                sideRange = max(sideRange, Self.largest(pmax - pmin))
            }
            var k = firstIndex(locs, above: a)
            while k < locs.count && locs[k] < b {
                let isStop = k == 0 ? ramp.stopsUpTo[k] > 0 : ramp.stopsUpTo[k] > ramp.stopsUpTo[k - 1]
                if isStop { kink = true }
                pmin = pointwiseMin(pmin, ramp.colors[k]); pmax = pointwiseMax(pmax, ramp.colors[k])
                if k + 1 < locs.count && locs[k + 1] == locs[k] && ramp.colors[k + 1] != ramp.colors[k] {
                    close(ramp.colors[k])
                    jumps += 1
                    pmin = ramp.colors[k + 1]; pmax = pmin
                }
                k += 1
            }
            close(ramp.color(at: b))
        }
        let range = Self.largest(cmax - cmin)
        if edge { return (range, range) }
        // Taken at the centre, a pixel holding a stop, a seam or a centre is off by up to the range.
        let stepped = jump || jumps > 0 || kink
        // angularAverage (AngularPieceTerm): the shader takes it where the covered strip's
        // middle (here, wholly covered: p) is under 4 px from the centre, in float32: within
        // 1e-3 px of 4 either way may be taken; and where its range of t may hold more than
        // one jump (three stops, or one beside the seam): anywhere a stop or the seam is near.
        var nearRule: Double?
        if case .angular(let c, _, let span) = paint.geometry, length(p - c) < 4 + 1e-3 || stepped {
            nearRule = AngularPieceTerm.bound(ramp, span: span, centre: c, at: p, intervals: intervals)
            if length(p - c) <= 4 - 1e-3 { return (nearRule!, range) }
        }
        var averaged: Double?
        switch paint.geometry {
        case .linear, .angular:
            // One straight jump (a hard stop, the seam): split exactly (halfPlaneCoverage),
            // each side's colour from within that side.
            if jumps == 1 { averaged = sideRange + 1e-6 } else if jumps > 1 { averaged = range }
        default:
            if jump || jumps > 0 { averaged = range }
        }
        if let averaged { return (max(averaged, nearRule ?? 0), range) }
        // Smooth here: the colour at the middle against the average (midpoint rule), twice.
        let c0 = paint.color(at: p)
        let dxx = paint.color(at: p + Vec2(0.5, 0)) + paint.color(at: p - Vec2(0.5, 0)) - 2 * c0
        let dyy = paint.color(at: p + Vec2(0, 0.5)) + paint.color(at: p - Vec2(0, 0.5)) - 2 * c0
        var second = 0.0
        for k in 0..<4 { second = max(second, (Swift.abs(dxx[k]) + Swift.abs(dyy[k])) / 3) }
        let middle = max((kink ? range / 64 : 0) + second + 1e-6, nearRule ?? 0)
        return (middle, stepped ? range : middle)
    }

    static func largest(_ d: Premul) -> Double { max(max(d.x, d.y), max(d.z, d.w)) }

    static func centre(_ paint: ResolvedPaint) -> Vec2 {
        switch paint.geometry {
        case .angular(let c, _, _), .radial(let c, _, _): return c
        default: return Vec2(.infinity, .infinity)
        }
    }

    /// The first index whose location is above a.
    static func firstIndex(_ locs: [Double], above a: Double) -> Int {
        var lo = 0, hi = locs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if locs[mid] <= a { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
