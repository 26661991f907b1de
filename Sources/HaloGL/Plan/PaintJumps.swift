import Foundation
import HaloCore

/// Where a gradient paint may jump or kink inside a pixel, for tile classification:
/// the paint's geometry and its colour-stop locations, copied out once per layer so that
/// asking about a tile allocates nothing (a class: the tile loops pass a reference, not
/// a copy of its arrays).
final class PaintJumps {
    /// linear: start, dt/dp; angular: centre, angle, span; radial: centre, r0, 1 / (r1 - r0).
    /// path: offset, the outline's arc length, its smallest radius of curvature, whether the
    /// colour jumps where t wraps (the colours at 0 and 1 differ).
    /// angular: also whether the colour is continuous across the seam (a sweep of exactly
    /// 360 degrees whose first and last colours agree: its seam is a kink, not a jump).
    private enum Kind { case linear(Vec2, Vec2), angular(Vec2, Double, Double, Bool), radial(Vec2, Double, Double), path(Double, OutlineArc, Double, Bool) }
    private let kind: Kind
    private let stops: [Double]
    /// Locations held by two or more of the ramp's nodes: hard stops, where the colour jumps.
    private let hardStops: [Double]
    /// Whether paintColor takes every stop as a jump (a path paint: its medial axis and its
    /// wrap; a linear or radial ramp narrower than 1/256 px).
    private let jumpsOnly: Bool
    /// How far outside a tile's range of t a stop still counts.
    private let tMargin: Double

    /// nil for paints that never need averaging: a solid colour never jumps; a shader
    /// paint is the user's own.
    /// - Parameter tMargin: how far outside a tile's range of t a stop still counts.
    init?(_ p: ResolvedPaint, tMargin: Double = 0) {
        guard let ramp = p.ramp else { return nil }
        switch p.geometry {
        case .solid, .shader, .material: return nil
        case .linear(let s, _): kind = .linear(s, p.linearGradient)
        case .angular(let c, let angle, let span): kind = .angular(c, angle, span, span == 360 && ramp.colors.first == ramp.colors.last)
        case .radial(let c, let r0, _): kind = .radial(c, r0, p.radialInverseWidth)
        case .path(let offset, let arc): kind = .path(offset, arc, arc.minimumRadiusOfCurvature, ramp.color(at: 0) != ramp.color(at: 1))
        }
        stops = ramp.stopLocations
        hardStops = zip(ramp.locations, ramp.locations.dropFirst()).filter { $0 == $1 }.map(\.0)
        let span = (ramp.locations.last ?? 0) - (ramp.locations.first ?? 0)
        switch kind {
        case .path: jumpsOnly = true
        case .linear(_, let g): jumpsOnly = (g.x * g.x + g.y * g.y).squareRoot() / 256 >= span
        case .radial(_, _, let k): jumpsOnly = abs(k) / 256 >= span
        case .angular: jumpsOnly = false
        }
        self.tMargin = max(tMargin, 1e-9)
    }

    /// What a tile's pixels may see of the paint: nothing to average (the colour at each
    /// covered part's middle is its average), only kinks (colour stops where the ramp's
    /// slope changes), or jumps (``crosses(_:)``'s hard stops, seam, gap edges and centres).
    enum Crossing: Int, Comparable {
        case none, kinks, jumps
        static func < (a: Crossing, b: Crossing) -> Bool { a.rawValue < b.rawValue }
    }

    /// True when a pixel inside `b` may see the paint jump or kink (``crossing(_:)`` is not
    /// `.none`).
    func crosses(_ b: Box) -> Bool { crossing(b) != .none }

    /// Whether a pixel inside `b` may see the paint jump (a hard stop inside the box's
    /// range of t, the angular seam or a partial sweep's gap edges crossing it, an angular
    /// centre within 4 px of it, a radial centre as near as paintColor integrates about it)
    /// or only kink (a colour stop or a clamped end inside the range). Ranges that hold
    /// t's: t is linear (linear: exact), monotone in the distance (radial: nearest and
    /// farthest points of the box, exact), or monotone in the angle (angular: the angles
    /// the box's circumscribed disc spans, a little wider than the box's own). Pixels of a
    /// `.kinks` tile are within the box, and paintColor (Shaders/lib/paint_eval.glsl) finds
    /// a jump only within 0.75 px of a pixel's middle: the 1 px margin holds it.
    func crossing(_ b: Box) -> Crossing {
        let margin = 1.0   // pixels around the box: a pixel's covered part may lie off-centre
        let x0 = b.x0 - margin, y0 = b.y0 - margin, x1 = b.x1 + margin, y1 = b.y1 + margin
        var lo = Double.infinity, hi = -Double.infinity
        switch kind {
        case .path(let offset, let arc, let rho, let wrapJumps):
            // t = s / L + offset (mod 1). s moves by at most K times the distance within the
            // box's circumscribed disc (OutlineArc.minimumRadiusOfCurvature): K = 1 wholly
            // outside the outline, rho / (rho - depth) less deep than rho; deeper (the medial
            // axis, where s jumps) or at a sharp corner's inside, no bound: averaged.
            let L = arc.length
            guard L > 0 else { return .none }
            let c = Vec2((x0 + x1) / 2, (y0 + y1) / 2)
            let h = 0.5 * ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
            let d = arc.outline.signedDistance(c)
            var k = 1.0
            if d < h {
                let depth = h - d
                if depth >= 0.9 * rho { return .jumps }
                k = rho / (rho - depth)
            }
            let t = arc.arcLength(at: c) / L + offset, half = k * h / L
            if half >= 0.5 { return .jumps }
            lo = t - half; hi = t + half
            // Stops repeat every 1 (t wraps), and so does the wrap where its colours differ.
            if wrapJumps && (lo - tMargin).rounded(.up) <= hi + tMargin { return .jumps }
            return stops.contains { l in
                let shift = (lo - tMargin - l).rounded(.up)            // the first l + n >= lo - margin
                return l + shift <= hi + tMargin
            } ? .jumps : .none
        case .linear(let s, let g):
            for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
                let t = (x - s.x) * g.x + (y - s.y) * g.y
                lo = min(lo, t); hi = max(hi, t)
            }
        case .radial(let c, let r0, let k):
            let nx = min(max(c.x, x0), x1), ny = min(max(c.y, y0), y1)
            let near = ((nx - c.x) * (nx - c.x) + (ny - c.y) * (ny - c.y)).squareRoot()
            let fx = max(abs(x0 - c.x), abs(x1 - c.x)), fy = max(abs(y0 - c.y), abs(y1 - c.y))
            let far = (fx * fx + fy * fy).squareRoot()
            let t0 = (near - r0) * k, t1 = (far - r0) * k
            lo = min(t0, t1); hi = max(t0, t1)
            // Near the centre paintColor integrates about it (radialNearCentre in
            // Shaders/lib/paint_eval.glsl: within 1.5 + 21 |k| px, or 16 px of a stop)
            // wherever the pixel meets the ramp's span of t.
            if near < max(16, 1.5 + 21 * abs(k)) + margin, let first = stops.first, let last = stops.last,
               hi >= first - tMargin, lo <= last + tMargin { return .jumps }
        case .angular(let c, let angle, let span, let seamless):
            // paintColor integrates about an angular centre within 4 px (angularAverage).
            let near = 4 + margin
            if c.x >= b.x0 - near && c.x <= b.x1 + near && c.y >= b.y0 - near && c.y <= b.y1 + near { return .jumps }
            // The box lies in the disc of radius h around its centre, which is seen from c
            // within +-asin(h / r) of the centre's angle (r > h: c is outside the disc).
            let mx = (x0 + x1) / 2 - c.x, my = (y0 + y1) / 2 - c.y
            let h = 0.5 * ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
            let r = (mx * mx + my * my).squareRoot()
            if r <= h * 1.0001 { return .jumps }
            let half = asin(h / r) * 180 / .pi
            let a0 = atan2(my, mx) * 180 / .pi - half
            let relLo = 0.0, relHi = 2 * half
            var start = (a0 + relLo - angle).truncatingRemainder(dividingBy: 360)
            if start < 0 { start += 360 }
            let end = start + (relHi - relLo)
            // Jumps: the seam (rel 0 = 360), the sweep's end and the middle of its gap.
            func within(_ j: Double) -> Bool { j >= start && j <= end }
            if end >= 720 { return .jumps }
            if within(0) || within(360) {
                // Across a seamless seam t runs from start / span up to 1, then on from 0.
                guard seamless else { return .jumps }
                let a = start / span, b = end / span - 1
                func across(_ l: Double) -> Bool { l >= a - tMargin || l <= b + tMargin }
                return hardStops.contains(where: across) ? .jumps : .kinks
            }
            if span < 360 && (within(span) || within(span + (360 - span) / 2)) { return .jumps }
            if start > span { return .none }                // wholly in the gap: constant t
            lo = start / span; hi = min(end, span) / span
        }
        func inRange(_ l: Double) -> Bool { l >= lo - tMargin && l <= hi + tMargin }
        if hardStops.contains(where: inRange) { return .jumps }
        return stops.contains(where: inRange) ? (jumpsOnly ? .jumps : .kinks) : .none
    }
}
