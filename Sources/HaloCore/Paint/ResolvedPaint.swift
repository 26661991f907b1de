import Foundation

/// A paint at one moment, with its geometry in pixels: the per-frame constants
/// both renderers consume (rotation and corner cycle already applied, unit
/// points turned into pixels, stops turned into a ``GradientRamp``).
public struct ResolvedPaint: Equatable, Sendable {
    public enum Geometry: Equatable, Sendable {
        case solid(Premul)
        /// Start and end points, pixels.
        case linear(start: Vec2, end: Vec2)
        /// Centre (pixels); `angle` = A + rotation + startAngle, and `span` = endAngle - startAngle, degrees.
        case angular(center: Vec2, angle: Double, span: Double)
        /// Centre (pixels), radii (pixels).
        case radial(center: Vec2, startRadius: Double, endRadius: Double)
        /// A shader paint (GPU only): its GLSL file, the shape's bounding rect (origin and
        /// size, pixels), pixels per point, and the time (seconds; 0 under reduceMotion).
        case shader(file: String, origin: Vec2, size: Vec2, scale: Double, time: Double)
    }
    public var geometry: Geometry
    public var ramp: GradientRamp?

    /// Resolves `paint` for a shape with bounding `rect` (points) at time `t`
    /// (seconds; pass 0 under reduceMotion), at `scale` pixels per point.
    /// Formulas: SCENE.md "Paints" and "Animation".
    public init(_ paint: Paint, rect: Rect, time t: Double, scale: Double) {
        func toPixels(_ q: UnitPoint) -> Vec2 { Vec2((rect.x + q.u * rect.w) * scale, (rect.y + q.v * rect.h) * scale) }
        var turn = 0.0   // degrees, clockwise on screen
        if case .rotation(let period, let clockwise)? = paint.animation {
            // Reduce the turn modulo 360 before scaling, so large times keep their precision.
            // A period so short that t / period overflows (1e-320 s) has no meaningful phase: 0.
            let cycles = (t / period).isFinite ? t / period : 0
            turn = (cycles - cycles.rounded(.down)) * 360 * (clockwise ? 1 : -1)
        }
        switch paint.kind {
        case .solid(let c):
            geometry = .solid(c.premultiplied); ramp = nil; return
        case .linear(var s, var e):
            if case .cornerCycle(let D)? = paint.animation {
                let x = (t / D).isFinite ? t / D : 0   // as for rotation: an overflowing phase is 0
                let k = Int(x.rounded(.down).truncatingRemainder(dividingBy: 4) + 4) % 4
                let a = x - x.rounded(.down)
                func step(_ p: UnitPoint, _ n: Int) -> UnitPoint {
                    var q = p
                    for _ in 0..<n { q = UnitPoint(1 - q.v, q.u) }   // f(u, v) = (1 - v, u)
                    return q
                }
                func lerp(_ p: UnitPoint, _ q: UnitPoint) -> UnitPoint { UnitPoint(p.u + a * (q.u - p.u), p.v + a * (q.v - p.v)) }
                s = lerp(step(s, k), step(s, k + 1)); e = lerp(step(e, k), step(e, k + 1))
            }
            var sp = toPixels(s), ep = toPixels(e)
            if turn != 0 {
                let c = Vec2((rect.x + rect.w / 2) * scale, (rect.y + rect.h / 2) * scale)
                let phi = turn * .pi / 180
                let (cs, sn) = (cos(phi), sin(phi))
                func rotate(_ p: Vec2) -> Vec2 { let d = p - c; return c + Vec2(cs * d.x - sn * d.y, sn * d.x + cs * d.y) }
                sp = rotate(sp); ep = rotate(ep)
            }
            geometry = .linear(start: sp, end: ep)
        case .angular(let center, let angle, let startAngle, let endAngle):
            geometry = .angular(center: toPixels(center), angle: angle + turn + startAngle, span: endAngle - startAngle)
        case .radial(let center, let r0, let r1):
            geometry = .radial(center: toPixels(center), startRadius: r0 * scale, endRadius: r1 * scale)
        case .shader(let file):
            geometry = .shader(file: file, origin: toPixels(UnitPoint(0, 0)), size: Vec2(rect.w * scale, rect.h * scale),
                               scale: scale, time: t)
            ramp = nil; return
        }
        ramp = GradientRamp(stops: paint.stops, interpolation: paint.interpolation)
    }

    /// The gradient parameter t at pixel-space point `p` (before clamping).
    @inline(__always)
    public func parameter(at p: Vec2) -> Double {
        switch geometry {
        case .solid: return 0
        case .linear(let s, let e):
            let d = e - s
            return dot(p - s, d) / dot(d, d)
        case .angular(let c, let angle, let span):
            let v = p - c
            if v.x == 0 && v.y == 0 { return 0 }            // SCENE.md: t = 0 at the exact centre
            let theta = atan2(v.y, v.x) * 180 / .pi          // clockwise on screen (y down)
            var rel = (theta - angle).truncatingRemainder(dividingBy: 360)
            if rel < 0 { rel += 360 }
            if rel >= 360 { rel -= 360 }
            if rel <= span { return rel / span }
            return rel < span + (360 - span) / 2 ? 1 : 0      // the gap: end colour, then start colour
        case .radial(let c, let r0, let r1):
            return (length(p - c) - r0) / (r1 - r0)
        case .shader: return 0
        }
    }

    /// The premultiplied colour at pixel-space point `p`.
    @inline(__always)
    public func color(at p: Vec2) -> Premul {
        if case .solid(let c) = geometry { return c }
        guard let ramp else { return .zero }     // a shader paint: GPU only, see Halo.render
        return ramp.color(at: parameter(at: p))
    }

    /// True when the colour is the same everywhere.
    public var isSolid: Bool {
        if case .solid = geometry { return true }
        guard let ramp else { return true }
        return ramp.colors.allSatisfy { $0 == ramp.colors[0] }
    }
}
