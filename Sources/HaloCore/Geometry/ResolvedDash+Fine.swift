import Foundation

/// Dash periods at and under a pixel (docs/scene-format.md "Stroke", `dash`: any period > 0 is valid).
/// A pixel then holds one or many whole periods, and its dashed coverage is the band's
/// coverage times the mean membership over the pixel, integrated in closed form: the
/// pixel's square projects onto the outline's tangent as the convolution of two boxes,
/// |t.x| k and |t.y| k wide (k = ds/dx along the tangent at the pixel's offset), so the
/// mean of the membership f over it is a second difference of f's second antiderivative.
/// With mu = on / m and f = mu + g (g periodic, zero mean), that antiderivative is
/// mu x^2 / 2 + c x + P(x) with P periodic (c its slope term, cancelled by the second
/// difference), so the mean is
///   mu + (P(s + A) - P(s + B) - P(s - B) + P(s - A)) / (w1 w2),  A = (w1 + w2) / 2, B = (w1 - w2) / 2,
/// and for a box (w2 = 0) mu + (Fg(s + w1/2) - Fg(s - w1/2)) / w1, Fg = the first antiderivative
/// of g (periodic). Both are exact for a straight side; Shaders/lib/dash_fine.glsl evaluates
/// the same in float.
extension ResolvedDash {
    /// Periods up to this many pixels are drawn by their mean over the pixel.
    public static let finePeriod = 1.0

    /// True when the period is at most ``finePeriod`` pixels and the mean over the pixel is
    /// the dashes' coverage: always for butt caps; for round caps only where their discs fill
    /// the band and reach no farther (``roundCapsFillBand``). Elsewhere (a corner tighter than
    /// the half-width, a thin shape, a sharp corner, scallops deeper than a level) every cap
    /// is drawn as its disc, but for a million periods or more round the outline, whose ends
    /// are not listed (``dashes()``): their band is drawn at its mean.
    public var isFine: Bool {
        period > 0 && period <= ResolvedDash.finePeriod
            && (!round || roundCapsFillBand || arc.length / period >= Double(1 << 20))
    }

    /// The dashes' share of the period, mu = (sum of on lengths) / m; 1 with round caps,
    /// whose discs (diameter w, at least one every m <= 1 px along the middle line) then
    /// fill the band (``isFine`` holds only where they do, to within
    /// ``negligibleScallop``).
    public var onShare: Double {
        guard period > 0 else { return 0 }
        if round { return 1 }
        var on = 0.0
        for k in stride(from: 0, to: bounds.count - 1, by: 2) { on += bounds[k + 1] - bounds[k] }
        return on / period
    }

    /// The on intervals [a_k, a_k + len_k] of q in [0, m) (empty ones left out).
    public var onIntervals: [(start: Double, length: Double)] {
        var out: [(start: Double, length: Double)] = []
        for k in stride(from: 0, to: bounds.count - 1, by: 2) where bounds[k + 1] > bounds[k] {
            out.append((bounds[k], bounds[k + 1] - bounds[k]))
        }
        return out
    }

    /// c = (1/m) times the integral over one period of Fg (Fg(x) = F(x) - mu x, F the
    /// integral of the membership from 0): P's slope term.
    public var fineSlope: Double {
        let m = period, mu = onShare
        guard m > 0, !round else { return 0 }
        var h = 0.0
        for (a, len) in onIntervals { h += len * len / 2 + len * (m - a - len) }
        return (h - mu * m * m / 2) / m
    }

    /// Fg and P at arc length s (q = (s + phase) mod m).
    func fineTerms(_ s: Double) -> (fg: Double, p: Double) {
        let m = period, mu = onShare
        var x = (s + phase).truncatingRemainder(dividingBy: m)
        if x < 0 { x += m }
        var f = 0.0, h = 0.0
        for (a, len) in onIntervals where x > a {
            let t = min(x - a, len)
            f += t
            h += x < a + len ? t * t / 2 : len * len / 2 + len * (x - a - len)
        }
        return (f - mu * x, h - mu * x * x / 2 - fineSlope * x)
    }

    /// Fg and P at x along the outline unrolled across its start: the membership at x in
    /// [0, L) is q's, below 0 it is that at x + L, from L on that at x - L (q restarts at the
    /// start point: a jump unless L is a multiple of m). Fg and P are continued so that
    /// their derivatives stay the membership's (up to P's linear term, common to all x,
    /// which the differences cancel): with D = Fg(L) - Fg(0) and dP = P(L) - P(0),
    /// Fg(x - L) + D and P(x - L) + dP + D (x - L) from L on, Fg(x + L) - D and
    /// P(x + L) - dP - D x below 0. Exact; without it, a pixel across the start took the
    /// pattern as periodic through it (seed 41 of the random scenes: 3 levels).
    func fineTermsUnrolled(_ x: Double) -> (fg: Double, p: Double) {
        let L = arc.length
        guard L > 0, x < 0 || x >= L else { return fineTerms(x) }
        let end = fineTerms(L), start = fineTerms(0)
        let D = end.fg - start.fg, dP = end.p - start.p
        if x >= L {
            let t = fineTerms(x - L)
            return (t.fg + D, t.p + dP + D * (x - L))
        }
        let t = fineTerms(x + L)
        return (t.fg - D, t.p - dP - D * x)
    }

    /// The mean membership over the convolution of boxes w1 and w2 wide (pixels of arc
    /// length, >= 0) about arc length s in [0, L); the membership at s itself when both
    /// are 0. Across the start point the pattern restarts (``fineTermsUnrolled(_:)``).
    public func fineMean(at s: Double, _ w1: Double, _ w2: Double) -> Double {
        let mu = onShare
        if round { return 1 }
        let hi = max(w1, w2), lo = min(w1, w2)
        if hi <= 1e-9 * max(1, period) { return contains(s) ? 1 : 0 }
        var mean: Double
        if lo < 1e-3 * hi {
            mean = mu + (fineTermsUnrolled(s + hi / 2).fg - fineTermsUnrolled(s - hi / 2).fg) / hi
        } else {
            let A = (hi + lo) / 2, B = (hi - lo) / 2
            let f = { self.fineTermsUnrolled($0).p }
            mean = mu + (f(s + A) - f(s + B) - f(s - B) + f(s - A)) / (hi * lo)
        }
        return min(max(mean, 0), 1)
    }
}
