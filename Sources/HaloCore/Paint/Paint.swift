/// A paint: a solid colour or a gradient (SCENE.md "Paints"), with optional animation.
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
        /// GPU renderer calls per pixel (Shaders/README.md). Not in SCENE.md: Halo's own
        /// extension, GPU only (the CPU reference refuses it).
        case shader(ShaderPaintSource)
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

/// How a gradient moves with time (SCENE.md "Animation").
public enum Animation: Equatable, Sendable {
    /// Turns by 360 t / period degrees at time t (seconds); `clockwise` on screen when true.
    case rotation(period: Double, clockwise: Bool)
    /// Linear only: the start and end points walk the corners, one step each `stepDuration` seconds.
    case cornerCycle(stepDuration: Double)
}
