import Foundation

/// A paint: a solid colour or a gradient (docs/scene-format.md "Paints"), with optional animation.
public struct Paint: Equatable, Sendable {
    /// The paint's kind and geometry. Points are *unit points* of the shape's
    /// bounding rect: (u, v) is (x + u w, y + v h). Angles in degrees, clockwise
    /// on screen from +x. Radii in points.
    public enum Kind: Equatable, Sendable {
        case solid(RGBA)
        /// t = dot(p - s, e - s) / |e - s|^2, clamped to 0...1.
        case linear(start: UnitPoint, end: UnitPoint)
        /// Sweep gradient about `center`, t = ((theta - angle - startAngle) mod 360) / (endAngle - startAngle).
        case angular(center: UnitPoint, angle: Double, startAngle: Double, endAngle: Double)
        /// t = (|p - c| - startRadius) / (endRadius - startRadius), clamped.
        case radial(center: UnitPoint, startRadius: Double, endRadius: Double)
        /// A GLSL function in `file` (absolute, or relative to the working folder) that the
        /// GPU renderer calls per pixel (Shaders/README.md). Not in docs/scene-format.md: Halo's own
        /// extension, GPU only (the CPU reference refuses it).
        case shader(ShaderPaintSource)
        /// docs/scene-format.md "Material" (a layer's fill only; SwiftUI `.ultraThinMaterial`, CSS
        /// `backdrop-filter`): the canvas below the layer, blurred with the pixel-exact
        /// Gaussian of standard deviation `blur` points (>= 0; edges clamped), saturated by
        /// CSS Filter Effects' saturate(`saturation`) (>= 0; 1 changes nothing), with `tint`
        /// composited over it; it replaces the backdrop within the shape's coverage.
        case material(blur: Double, saturation: Double, tint: RGBA)
        /// Colour along the outline (docs/scene-format.md "Paints", `path`): t = frac(s / L + offset),
        /// s the arc length of the layer's own outline; `offset` in turns (fractions of L).
        case path(offset: Double)
    }

    public var kind: Kind
    /// Colour stops, locations non-decreasing in 0...1 (gradients only; at least one).
    public var stops: [ColorStop]
    public var interpolation: Interpolation
    public var animation: Animation?

    public init(_ kind: Kind, stops: [ColorStop] = [], interpolation: Interpolation = .srgb, animation: Animation? = nil) {
        self.kind = kind; self.stops = stops; self.interpolation = interpolation; self.animation = animation
    }

    /// A solid colour.
    public static func solid(_ c: RGBA) -> Paint { Paint(.solid(c)) }

    /// A material fill (docs/scene-format.md "Material"): blur in points, saturation >= 0, tint (default clear).
    public static func material(blur: Double, saturation: Double = 1, tint: RGBA = RGBA(0, 0, 0, 0)) -> Paint {
        Paint(.material(blur: blur, saturation: saturation, tint: tint))
    }

    /// True for a material (docs/scene-format.md "Material"), which only a fill may be.
    public var isMaterial: Bool { if case .material = kind { return true } else { return false } }

    /// Stops for `colors` evenly spaced from 0 to 1 (one colour: location 0).
    public static func evenStops(_ colors: [RGBA]) -> [ColorStop] {
        colors.enumerated().map { i, c in
            ColorStop(color: c, location: colors.count > 1 ? Double(i) / Double(colors.count - 1) : 0)
        }
    }
}

/// A point in units of a rect's size: (0, 0) top-left, (1, 1) bottom-right; may lie outside.
public struct UnitPoint: Equatable, Sendable {
    public var u, v: Double
    public init(_ u: Double, _ v: Double) { self.u = u; self.v = v }
}

/// A gradient colour stop: `color` at `location` in 0...1.
public struct ColorStop: Equatable, Sendable {
    public var color: RGBA
    public var location: Double
    public init(color: RGBA, location: Double) { self.color = color; self.location = location }
}

/// The space gradient colours are mixed in (always premultiplied).
public enum Interpolation: String, Equatable, Sendable, CaseIterable {
    /// sRGB-encoded values (the default; what browsers and Skia do).
    case srgb
    /// Linear-light sRGB.
    case linear
    /// Oklab (Bjorn Ottosson, 2020).
    case oklab
}

/// How a gradient moves with time (docs/scene-format.md "Animation").
public enum Animation: Equatable, Sendable {
    /// Turns by 360 degrees each `period` seconds, timed by `motion`; `clockwise` on screen when true.
    case rotation(period: Double, clockwise: Bool, motion: Motion = Motion())
    /// Linear only: the start and end points walk the corners, one step each `stepDuration`
    /// seconds, timed by `motion`.
    case cornerCycle(stepDuration: Double, motion: Motion = Motion())
}

/// The timing of a rotation or corner cycle (docs/scene-format.md "Animation"): each cycle of Q seconds
/// (a period or a step) runs through `timing`, after `delay` seconds, looping or reversing.
public struct Motion: Equatable, Sendable {
    /// How progress within a cycle maps to output.
    public var timing: TimingFunction
    /// Seconds at rest (in the time-0 state) before the first cycle; >= 0.
    public var delay: Double
    /// True: every other cycle runs backwards, time-mirrored (CSS `alternate`); false: loops.
    public var reverses: Bool

    public init(timing: TimingFunction = .linear, delay: Double = 0, reverses: Bool = false) {
        self.timing = timing; self.delay = delay; self.reverses = reverses
    }

    /// The cycle at time `t` (seconds) for cycles of `q` seconds: k mod 4 (the cycle's
    /// index) and the timed progress within it, e, per docs/scene-format.md: r = max(t - delay, 0) mod q
    /// in double precision (C `fmod`), f = r / q, e = timing(f); a reversing cycle of odd k
    /// runs timing(1 - f). A cycle so short that t / q overflows is at phase 0 (k = 0, e = 0).
    public func phase(at t: Double, cycle q: Double) -> (k: Int, e: Double) {
        let elapsed = max(t - delay, 0)
        let tau = elapsed / q
        // A cycle so short that t / q overflows (1e-320 s) has no meaningful phase: 0.
        guard tau.isFinite else { return (0, timing(0)) }
        let r = fmod(elapsed, q)
        let f = min(max(r / q, 0), 1)
        let k = Int((tau - f).rounded().truncatingRemainder(dividingBy: 4))
        if reverses && k % 2 != 0 { return (k, timing(1 - f)) }
        return (k, timing(f))
    }
}

/// A timing function (docs/scene-format.md "Timing functions"): linear, or the CSS cubic Bezier from
/// (0, 0) to (1, 1) through (x1, y1) and (x2, y2), x1 and x2 in 0...1.
public enum TimingFunction: Equatable, Sendable {
    case linear
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// CSS's and Core Animation's named curves.
    public static let ease = TimingFunction.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    public static let easeIn = TimingFunction.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = TimingFunction.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = TimingFunction.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The output e for progress `p` (0...1): y(s) for the s in 0...1 with x(s) = p, found
    /// by bisection to within 1e-9 (x increases on 0...1 when x1, x2 lie in 0...1);
    /// exactly 0 at p = 0 and 1 at p = 1.
    public func callAsFunction(_ p: Double) -> Double {
        guard case .cubicBezier(let x1, let y1, let x2, let y2) = self else { return p }
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-10 {
            let mid = 0.5 * (lo + hi)
            if bezier(x1, x2, mid) < p { lo = mid } else { hi = mid }
        }
        return bezier(y1, y2, 0.5 * (lo + hi))
    }
}
