import Foundation

/// The angular Fourier modes of a full-turn angular gradient's premultiplied colour, for a
/// glow whose paint only turns (a steered glow, after Freeman and Adelson, "The design and
/// use of steerable filters", IEEE PAMI 13(9), 1991).
///
/// With t = theta / 2 pi (theta in radians from the paint's `angle`, clockwise on screen, as
/// ``angularGradientTDir(_:angle:span:)`` for span 360) the paint is f(theta) =
/// sum over n of c_n e^{i n theta}, c_n = integral over t in [0, 1) of f e^{-2 pi i n t} dt.
/// ``GradientRamp`` is piecewise linear in premultiplied colour between its nodes (and
/// constant beyond its first and last), so each c_n is a sum of closed-form segment
/// integrals: exact up to double rounding, in the space the ramp is mixed in (the nodes
/// already hold that space's mix converted back, see ``GradientRamp``).
///
/// A glow of coverage m with the paint turned by phi is G * (m f(theta - phi)) =
/// c_0 E_0 + 2 Re sum_{n >= 1} c_n e^{-i n phi} E_n, where E_n = G * (m e^{i n theta})
/// (``combine(phi:cos:sin:upTo:)``). Dropping the modes above N errs, per channel, by at most
/// sum_{|n| > N} |c_n| max|E_n| (``truncation(modes:planePeaks:peak:)``); |E_n| <= G * m, so
/// a plane not measured counts its peak as the blurred coverage's peak.
public struct AngularModes: Sendable {
    /// c_n for n = 0 ... ``computed`` - 1 (real and imaginary parts, premultiplied RGBA;
    /// c_{-n} is the conjugate, the colour being real).
    public let re: [Premul], im: [Premul]
    /// Sum of |slope jumps| of f over t (per channel, the largest): for a continuous f,
    /// |c_n| <= jumps / (2 pi n)^2 (two integrations by parts), which bounds the modes
    /// not computed.
    public let slopeJumps: Double
    /// Whether f is continuous around the whole turn (no hard stop, seam colours equal).
    /// If not, |c_n| decays only as 1 / n and no finite N is certified: nil from ``modes(for:)``.
    public let isContinuous: Bool
    /// Whether the colour's alpha is the same all around the turn (every stop's, after the
    /// glow colour's): then c_n's alpha is exactly 0 for n >= 1 (a constant's integral
    /// against e^{-2 pi i n t} over the turn), and ``re`` and ``im`` hold it so.
    public let alphaIsConstant: Bool
    public var computed: Int { re.count }

    /// The modes of `ramp` (a full-turn angular gradient's), or of `glowColor` (premultiplied)
    /// times the ramp's alpha when the glow has its own colour (glow_source.frag writes
    /// glow colour x source alpha). `computed` modes are made (cost: computed x nodes).
    public init(ramp: GradientRamp, glowColor: Premul? = nil, computed: Int = 1024) {
        let colour: (Premul) -> Premul = { c in glowColor.map { $0 * c.w } ?? c }
        let segs = AngularModes.segments(ramp, colour)
        var jumps = Premul.zero, slopes = Premul.zero
        for (k, s) in segs.enumerated() {
            let next = segs[(k + 1) % segs.count]
            jumps += AngularModes.abs(next.u - s.v)
            let s0 = s.b > s.a ? (s.v - s.u) / (s.b - s.a) : .zero
            let s1 = next.b > next.a ? (next.v - next.u) / (next.b - next.a) : .zero
            slopes += AngularModes.abs(s1 - s0)
        }
        isContinuous = jumps.max() == 0
        alphaIsConstant = segs.allSatisfy { $0.u.w == segs[0].u.w && $0.v.w == segs[0].u.w }
        slopeJumps = slopes.max()
        var re: [Premul] = [], im: [Premul] = []
        for n in 0..<max(1, computed) {
            var r = Premul.zero, i = Premul.zero
            let w = 2 * Double.pi * Double(n)
            for s in segs where s.b > s.a {
                if n == 0 { r += (s.u + s.v) / 2 * (s.b - s.a); continue }
                // integral of (u + slope (t - a)) e^{-i w t} over [a, b]
                // = (u e^{-iwa} - v e^{-iwb}) / (i w) + slope (e^{-iwb} - e^{-iwa}) / w^2.
                let ca = cos(w * s.a), sa = -sin(w * s.a), cb = cos(w * s.b), sb = -sin(w * s.b)
                let slope = (s.v - s.u) / (s.b - s.a)
                // (x + i y) / (i w) = (y - i x) / w
                let xr = s.u * ca - s.v * cb, xi = s.u * sa - s.v * sb
                r += xi / w + slope * (cb - ca) / (w * w)
                i += -xr / w + slope * (sb - sa) / (w * w)
            }
            if n > 0 && alphaIsConstant { r.w = 0; i.w = 0 }
            re.append(r); im.append(i)
        }
        self.re = re; self.im = im
    }

    /// The ramp over t in [0, 1) as segments (a, b, colour at a, colour at b), a < b or a jump
    /// (a == b), covering [0, 1] in order: the first node's colour before it, the last's after.
    static func segments(_ ramp: GradientRamp, _ colour: (Premul) -> Premul) -> [(a: Double, b: Double, u: Premul, v: Premul)] {
        var out: [(a: Double, b: Double, u: Premul, v: Premul)] = []
        func at(_ t: Double) -> Premul { colour(ramp.color(at: t)) }
        var cuts = [0.0] + ramp.locations.filter { $0 > 0 && $0 < 1 } + [1.0]
        cuts = cuts.sorted()
        for k in 0..<(cuts.count - 1) {
            let a = cuts[k], b = cuts[k + 1]
            if b == a {      // a hard edge: the colour before it, then after
                let lo = ramp.locations.firstIndex(of: a)!, hi = ramp.locations.lastIndex(of: a)!
                if lo < hi { out.append((a, a, colour(ramp.colors[lo]), colour(ramp.colors[hi]))) }
                continue
            }
            // Within (a, b) the ramp is linear; its limits at the ends exclude the edges' other side.
            let u = ramp.locations.contains(a) ? colour(ramp.colors[ramp.locations.lastIndex(of: a)!]) : at(a)
            let v = ramp.locations.contains(b) ? colour(ramp.colors[ramp.locations.firstIndex(of: b)!]) : at(b)
            out.append((a, b, u, v))
        }
        return out
    }

    /// |v| per channel.
    static func abs(_ v: Premul) -> Premul { v.replacing(with: -v, where: v .< 0) }

    /// |c_n| per channel, the largest, for n < ``computed``.
    public func magnitude(_ n: Int) -> Double { (re[n] * re[n] + im[n] * im[n]).squareRoot().max() }

    /// A bound on the largest channel error of keeping only modes 0 ... `modes`:
    /// sum_{|n| > N} |c_n| max|E_n|, with max|E_n| = planePeaks[n] where given, else `peak`
    /// (the blurred coverage's peak, which bounds every |E_n|); modes past ``computed`` by
    /// 2 sum_{n >= computed} jumps / (2 pi n)^2 < jumps / (2 pi^2 (computed - 1)). Infinite
    /// for a discontinuous f.
    public func truncation(modes N: Int, planePeaks: [Double] = [], peak: Double = 1) -> Double {
        guard isContinuous else { return .infinity }
        var sum = 0.0
        if N + 1 < computed {
            for n in (N + 1)..<computed { sum += 2 * magnitude(n) * (n < planePeaks.count ? planePeaks[n] : peak) }
        }
        let first = max(computed, N + 1)
        return sum + peak * slopeJumps / (2 * Double.pi * Double.pi * Double(first - 1))
    }

    /// The fewest modes N <= `cap` whose ``truncation(modes:planePeaks:peak:)`` is at most
    /// `budget` (fractions of full scale), or nil (the glow takes the ordinary path: hard
    /// stops and seams, or a paint too detailed for the blur).
    public func modes(within budget: Double, cap: Int = 16, planePeaks: [Double] = [], peak: Double = 1) -> Int? {
        guard isContinuous else { return nil }
        return (0...min(cap, computed - 1)).first { truncation(modes: $0, planePeaks: planePeaks, peak: peak) <= budget }
    }

    /// The steered value at one point: c_0 A_0 + 2 sum_{n = 1}^{N} Re(c_n e^{-i n phi} (A_n + i B_n)),
    /// with A_n, B_n the blurred planes m cos(n theta), m sin(n theta) there (`cos[n]`, `sin[n]`)
    /// and `phi` the paint's turn (radians, clockwise on screen).
    public func combine(phi: Double, cos a: [Double], sin b: [Double], upTo N: Int) -> Premul {
        var out = re[0] * a[0]
        for n in stride(from: 1, through: N, by: 1) {
            let cp = Foundation.cos(Double(n) * phi), sp = -Foundation.sin(Double(n) * phi)
            // (re + i im)(cp + i sp) = wr + i wi; Re((wr + i wi)(A + i B)) = wr A - wi B.
            let wr = re[n] * cp - im[n] * sp, wi = re[n] * sp + im[n] * cp
            out += 2 * (wr * a[n] - wi * b[n])
        }
        return out
    }
}
