import Foundation

/// A stroke's dashes at one moment, in pixels (docs/scene-format.md "Stroke", `dash`): which arc
/// lengths lie in a dash, where the dashes end, and where their round caps stand. Both
/// renderers use it (the GPU gets ``bounds``, ``phase`` and the outline's length).
public struct ResolvedDash: Equatable, Sendable {
    /// Arc length along the layer's outline.
    public let arc: OutlineArc
    /// The expanded pattern's cumulative lengths in pixels: 0 = b0 <= b1 <= ... <= bn = m;
    /// entry k (from b_k to b_k+1) is a dash for even k, a gap for odd k.
    public let bounds: [Double]
    /// The phase reduced to [0, m), pixels.
    public let phase: Double
    /// Round caps: a disc of diameter ``width`` at every dash end on the middle line.
    public let round: Bool
    /// The stroke's width and the offset of its middle line from the outline, pixels.
    public let width: Double
    public let middle: Double
    /// The arc lengths in q = (s + phase) mod m where the membership changes (dash starts and
    /// ends, dots excluded), ascending, in [0, m).
    let changes: [Double]

    /// Arc lengths this close (pixels) to a dash end count as at it (not inside the dash).
    public static let snap = 1e-9

    /// - Parameters: `dash` in points; `scale` pixels per point; `width` and `middle` the
    ///   stroke's width and middle-line offset in pixels.
    public init(_ dash: Dash, arc: OutlineArc, scale: Double, width: Double, middle: Double) {
        self.arc = arc
        var b = [0.0]
        for v in dash.expandedPattern { b.append(b.last! + v * scale) }
        bounds = b
        let m = b.last!
        var ph = m > 0 ? (dash.phase * scale).truncatingRemainder(dividingBy: m) : 0
        if ph < 0 { ph += m }
        if !(ph.isFinite) || ph >= m { ph = 0 }
        phase = ph
        round = dash.cap == .round
        self.width = width
        self.middle = middle
        var c: [Double] = []
        let n = b.count - 1
        for k in 0..<n {
            // Boundary b_k between entry k - 1 and entry k.
            let before = ResolvedDash.isOn((k + n - 1) % n, b), here = ResolvedDash.isOn(k, b)
            if before != here { c.append(b[k]) }
        }
        changes = c
    }

    public static func == (a: ResolvedDash, b: ResolvedDash) -> Bool {
        a.arc == b.arc && a.bounds == b.bounds && a.phase == b.phase && a.round == b.round && a.width == b.width && a.middle == b.middle
    }

    static func isOn(_ k: Int, _ b: [Double]) -> Bool { k % 2 == 0 && b[k + 1] > b[k] }

    /// m, the pattern's total length in pixels.
    public var period: Double { bounds.last! }

    /// q = (s + phase) mod m, snapped to a boundary within ``snap``.
    func q(_ s: Double) -> Double {
        let m = period
        var q = (s + phase).truncatingRemainder(dividingBy: m)
        if q < 0 { q += m }
        for b in bounds where abs(q - b) < ResolvedDash.snap { q = b }
        return q >= m ? 0 : q
    }

    /// True when arc length `s` (pixels) lies strictly inside a dash (docs/scene-format.md "Dashes",
    /// membership), s taken in [0, L).
    public func contains(_ s: Double) -> Bool {
        guard period > 0, !changes.isEmpty else { return false }
        let q = q(s)
        let n = bounds.count - 1
        var k = 0
        while k < n - 1 && q >= bounds[k + 1] { k += 1 }
        return ResolvedDash.isOn(k, bounds) && q > bounds[k] && q < bounds[k + 1]
    }

    /// The membership interval around arc length s in [0, L): the nearest arc lengths
    /// lo <= s <= hi where membership changes, and whether the interval is a dash. An end
    /// may lie past 0 or L when the interval runs through the start point (the start counts
    /// as a change only where membership differs on its two sides); nil for an end with no
    /// change within a whole turn. nil for the whole when nothing changes (all gap).
    public func interval(around s: Double) -> (lo: Double?, hi: Double?, on: Bool)? {
        let L = arc.length
        guard period > 0, !changes.isEmpty, L > 0 else { return nil }
        let on = contains(s)
        // The smallest change in s greater than x, before L (changes are c - phase + j m).
        func next(after x: Double) -> Double? {
            let qx = q(x)
            var best = Double.infinity
            for c in changes {
                var d = c - qx
                if d <= 0 { d += period }
                best = min(best, d)
            }
            let v = x + best
            return v < L - ResolvedDash.snap ? v : nil
        }
        // The largest change in s at or before x, after 0.
        func previous(atOrBefore x: Double) -> Double? {
            let qx = q(x)
            var best = Double.infinity
            for c in changes {
                var d = qx - c
                if d < 0 { d += period }
                best = min(best, d)
            }
            let v = x - best
            return v > ResolvedDash.snap ? v : nil
        }
        let e = min(L / 2, 1e-6)
        let startDiffers = contains(L - e) != contains(e)
        var hi: Double?, lo: Double?
        if let h = next(after: s) { hi = h } else if startDiffers { hi = L } else if let h = next(after: 0), h < s { hi = L + h }
        if let l = previous(atOrBefore: s), l <= s { lo = l } else if startDiffers { lo = 0 }
        else if let l = previous(atOrBefore: L - ResolvedDash.snap), l > s { lo = l - L }
        return (lo, hi, on)
    }

    /// Every arc length in [0, L] where membership changes, ascending: the dash starts and
    /// ends (c - phase + j m), and 0 and L where the membership differs on the two sides of
    /// the start point. Empty when nothing is in a dash, or for a pattern of over a million
    /// periods round the outline.
    public func changePoints() -> [Double] {
        let L = arc.length, m = period
        guard m > 0, L > 0, !changes.isEmpty, L / m < Double(1 << 20) else { return [] }
        var out: [Double] = []
        let e = min(L / 2, 1e-6)
        // The start is a change where membership differs on its two sides, and also where it
        // is a sharp corner at a dash's end: its mitre (s = 0 exactly) is then in no dash
        // while both sides are (a dash ends at L and the next starts at 0).
        let start = arc.frame(at: 0)
        let sharpEnd = dot(start.tangentIn, start.tangentOut) < 0.9999 && !contains(0) && contains(e)
        if contains(L - e) != contains(e) || sharpEnd { out.append(0) }
        let j0 = Int((phase / m).rounded(.down)) - 1, j1 = Int(((L + phase) / m).rounded(.up)) + 1
        for j in j0...j1 {
            for c in changes {
                let v = c - phase + Double(j) * m
                if v > ResolvedDash.snap && v < L - ResolvedDash.snap { out.append(v) }
            }
        }
        out.sort()
        if out.first == 0 { out.append(L) }
        return out
    }

    /// The centre of the round cap at dash end e: C(e) + d N(e) (N1 + N2 at a sharp corner).
    public func capCentre(_ e: Double) -> Vec2 {
        let f = arc.frame(at: e)
        return f.point + middle * f.normal
    }
}

/// A line across the outline's band at arc length s, along the outline's normal there: a
/// dash's cut, or where a path paint's colour jumps (docs/scene-format.md "Dashes", "Paints").
public struct ArcCut: Equatable, Sendable {
    /// Arc length, pixels, in [0, L].
    public var s: Double
    /// The outline's point at s, and its unit tangents just before and after s (they
    /// differ only at a sharp corner). The cut of a dash uses the tangent on the dash's
    /// side: after s for a dash's start, before it for a dash's end.
    public var point: Vec2
    public var tangentIn: Vec2, tangentOut: Vec2
    /// Dashes: true when the interval starting at s is a dash.
    public var onAfter: Bool
    /// Dashes: true when the cut's corner mitre lies in a dash (the start's, with its
    /// tangents swapped, see ``ResolvedDash/cuts()``); false where the mitre is in no dash.
    public var mitreInDash = false
}

/// A round cap (docs/scene-format.md "Dashes", round caps): the disc of radius w / 2 at `centre`, of
/// which the part on the gap's side of the dash's cut is added to the butt dash (the other
/// half lies in the dash already).
public struct DashCap: Equatable, Sendable {
    /// The dash end's arc length, pixels.
    public var e: Double
    public var centre: Vec2
    /// The cut through the outline point C(e): the gap lies where dot(p - cutPoint, gapSide) > 0.
    public var cutPoint: Vec2
    public var gapSide: Vec2
}

extension ResolvedDash {
    /// The dashes round the outline as [start, end] arc lengths cut to [0, L], in order
    /// (docs/scene-format.md "Dashes"); a dot has start == end.
    public func dashes() -> [(Double, Double)] {
        let L = arc.length, m = period
        guard m > 0, L > 0, L / m < Double(1 << 20) else { return [] }
        var out: [(Double, Double)] = []
        let n = bounds.count - 1
        let j0 = Int((phase / m).rounded(.down)) - 1, j1 = Int(((L + phase) / m).rounded(.up)) + 1
        for j in j0...j1 {
            for k in stride(from: 0, to: n, by: 2) {
                var a = bounds[k] + Double(j) * m - phase, b = bounds[k + 1] + Double(j) * m - phase
                if abs(a) < ResolvedDash.snap { a = 0 } else if abs(a - L) < ResolvedDash.snap { a = L }
                if abs(b) < ResolvedDash.snap { b = 0 } else if abs(b - L) < ResolvedDash.snap { b = L }
                let kept = b > a ? (b > 0 && a < L) : (a >= 0 && a < L)
                if kept { out.append((max(a, 0), min(b, L))) }
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The cuts where membership changes (``changePoints()``), with the outline there.
    /// A cut through a sharp corner takes the tangent on its dash's side, which leaves the
    /// corner's mitre out of the dash; but at the start, where the pattern starts afresh
    /// and q(0) may lie strictly inside a dash, the mitre (s = 0, docs/scene-format.md) is in that dash:
    /// the cuts at 0 and L then swap their tangents, so that the dash's side holds the mitre
    /// and the gap's side (the other side of the corner) does not. A band wholly inside the
    /// outline (an inside stroke) holds no mitre: its cuts keep their tangents, so that the
    /// dash's side is its own band, inside the corner.
    public func cuts() -> [ArcCut] {
        let mitreOn = contains(0) && middle + width / 2 > 0
        return changePoints().map { s in
            let f = arc.frame(at: s)
            let e = Swift.min(arc.length / 2, 1e-6)
            let swap = mitreOn && (s == 0 || s == arc.length)
            return ArcCut(s: s, point: f.point, tangentIn: swap ? f.tangentOut : f.tangentIn,
                          tangentOut: swap ? f.tangentIn : f.tangentOut, onAfter: contains(s >= arc.length ? e : s + e),
                          mitreInDash: swap)
        }
    }
}

extension ResolvedPaint {
    /// A path paint's jumps (docs/scene-format.md "Paints", `path`): the arc lengths where t crosses a
    /// hard stop, and where frac wraps (s / L + offset an integer) when the colours at t = 1
    /// and t = 0 differ, as cuts across the band. Empty for other paints.
    public func pathJumps() -> [ArcCut] {
        guard case .path(let offset, let arc) = geometry, let ramp, arc.length > 0 else { return [] }
        var ts: [Double] = []
        for k in 0..<(ramp.locations.count - 1) where ramp.locations[k] == ramp.locations[k + 1] && ramp.colors[k] != ramp.colors[k + 1] {
            ts.append(ramp.locations[k])
        }
        if ramp.color(at: 0) != ramp.color(at: 1) { ts.append(0) }
        var out: [ArcCut] = []
        for t in Set(ts) {
            var u = t - offset
            u -= u.rounded(.down)
            let s = u * arc.length
            let f = arc.frame(at: s)
            out.append(ArcCut(s: s, point: f.point, tangentIn: f.tangentIn, tangentOut: f.tangentOut, onAfter: false))
        }
        return out.sorted { $0.s < $1.s }
    }
}
