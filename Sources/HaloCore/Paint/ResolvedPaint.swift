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
        /// A shader paint (GPU only): its GLSL text, the shape's bounding rect (origin and
        /// size, pixels), pixels per point, and the time (seconds; 0 under reduceMotion).
        case shader(source: ShaderPaintSource, origin: Vec2, size: Vec2, scale: Double, time: Double)
        /// A material fill (docs/scene-format.md "Material"): the blur's standard deviation in pixels,
        /// the saturation, the tint premultiplied. Its colour is a pixel image of the canvas
        /// below the layer (``MaterialFilter``), not a function of the point.
        case material(sigma: Double, saturation: Double, tint: Premul)
        /// A path paint (docs/scene-format.md "Paints"): its offset in turns at this moment (rotation
        /// applied: o - u clockwise, o + u counterclockwise, u the turns made), and the
        /// arc length along the layer's outline.
        case path(offset: Double, arc: OutlineArc)
    }
    public var geometry: Geometry
    public var ramp: GradientRamp?
    /// A linear gradient's axis in a form float32 can hold (the GPU's uniforms): the unit
    /// direction n of end - start and the gradient of t, n / |end - start| (1/px), so that
    /// t = dot(p - start, gradient). Computed in double from the resolved points; where
    /// they coincide in pixels (a shape of width or height 0, or points closer than a
    /// double resolves) n is the direction of end - start in unit space (turned like the
    /// points), the limit as the shape's size goes to 0, and |gradient| is capped at
    /// ``maxParameterGradient``: a step at the start point. Zero for other paints.
    public var linearGradient: Vec2 = Vec2(0, 0)
    /// A radial gradient's 1 / (endRadius - startRadius) in 1/px, from double (capped at
    /// ``maxParameterGradient`` in magnitude); 0 for other paints.
    public var radialInverseWidth: Double = 0
    /// The largest |dt/dp| (1/px) kept: 1e18, so that in float32 its square (a length)
    /// and its product with any canvas coordinate stay finite; a gradient this steep is a
    /// step to within 1e-18 px, far below what either renderer resolves.
    public static let maxParameterGradient = 1e18

    /// Resolves `paint` for a shape with bounding `rect` (points) at time `t`
    /// (seconds; pass 0 under reduceMotion), at `scale` pixels per point. A path paint
    /// measures arc length along `outline` (the layer's, in pixels; default: the
    /// rectangle `rect`'s).
    /// Formulas: docs/scene-format.md "Paints" and "Animation".
    public init(_ paint: Paint, rect: Rect, time t: Double, scale: Double, outline: Outline? = nil) {
        func toPixels(_ q: UnitPoint) -> Vec2 { Vec2((rect.x + q.u * rect.w) * scale, (rect.y + q.v * rect.h) * scale) }
        var turn = 0.0   // degrees, clockwise on screen
        if case .rotation(let period, let clockwise, let motion)? = paint.animation {
            // The phase in double (Motion.phase: the time reduced modulo the period first, so
            // large times keep their precision); whole turns do not count.
            let e = motion.phase(at: t, cycle: period).e
            turn = (e - e.rounded(.down)) * 360 * (clockwise ? 1 : -1)
        }
        switch paint.kind {
        case .solid(let c):
            geometry = .solid(c.premultiplied); ramp = nil; return
        case .linear(var s, var e):
            if case .cornerCycle(let D, let motion)? = paint.animation {
                let (k0, a) = motion.phase(at: t, cycle: D)
                // Reversing: one step to the next corner and back along the same edge.
                let k = motion.reverses ? 0 : (k0 % 4 + 4) % 4
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
            // Unit-space direction in pixels, turned like the points: the fallback axis.
            let du = Vec2((e.u - s.u) * rect.w * scale, (e.v - s.v) * rect.h * scale)
            // |axis| scaled first: a difference of 1e-300 px squares to 0 in double.
            var axis = ep - sp
            let big = max(abs(axis.x), abs(axis.y))
            var len = big > 0 && big.isFinite ? big * length(axis / big) : 0
            if !(len > 0) || !len.isFinite {
                var u = Vec2(e.u - s.u, e.v - s.v)
                if rect.w > 0 && rect.h > 0 && length(du) > 0 && length(du).isFinite { u = du }
                if turn != 0 {
                    let phi = turn * .pi / 180
                    u = Vec2(cos(phi) * u.x - sin(phi) * u.y, sin(phi) * u.x + cos(phi) * u.y)
                }
                axis = u; len = 0
            }
            let scaled = axis / max(abs(axis.x), abs(axis.y))
            let n = scaled / length(scaled)
            linearGradient = n * (len > 0 ? min(1 / len, Self.maxParameterGradient) : Self.maxParameterGradient)
        case .angular(let center, let angle, let startAngle, let endAngle):
            // Each angle reduced mod 360 first (exact in double), so that a huge angle does
            // not swallow the pixel's own angle (theta - 1e308 is -1e308 in double).
            let a = angle.truncatingRemainder(dividingBy: 360) + turn + startAngle.truncatingRemainder(dividingBy: 360)
            geometry = .angular(center: toPixels(center), angle: a, span: endAngle - startAngle)
        case .radial(let center, let r0, let r1):
            geometry = .radial(center: toPixels(center), startRadius: r0 * scale, endRadius: r1 * scale)
            let width = (r1 - r0) * scale
            // r1 != r0 (SceneReader), but their difference may underflow once scaled.
            radialInverseWidth = width == 0 ? (r1 > r0 ? 1 : -1) * Self.maxParameterGradient
                : max(-Self.maxParameterGradient, min(Self.maxParameterGradient, 1 / width))
        case .shader(let source):
            geometry = .shader(source: source, origin: toPixels(UnitPoint(0, 0)), size: Vec2(rect.w * scale, rect.h * scale),
                               scale: scale, time: t)
            ramp = nil; return
        case .material(let blur, let saturation, let tint):
            geometry = .material(sigma: blur * scale, saturation: saturation, tint: tint.premultiplied)
            ramp = nil; return
        case .path(let offset):
            // The turns made, whole turns dropped: clockwise moves the colours towards
            // increasing s (docs/scene-format.md "Animation"). The offset kept in [0, 1).
            var o = offset - turn / 360
            o -= o.rounded(.down)
            let shape = outline ?? Outline(Shape(kind: .rect, rect: rect), scale: scale)
            geometry = .path(offset: o.isFinite ? o : 0, arc: OutlineArc(shape))
        }
        ramp = GradientRamp(stops: paint.stops, interpolation: paint.interpolation)
    }

    /// The gradient parameter t at pixel-space point `p` (before clamping); 0 for solid
    /// and shader paints. The twin of `paintT` in Shaders/lib/paint_t.glsl.
    @inline(__always)
    public func paintT(at p: Vec2) -> Double {
        switch geometry {
        case .solid, .shader, .material: return 0
        case .path(let offset, let arc): return pathGradientT(arc.arcLength(at: p), length: arc.length, offset: offset)
        case .linear(let s, _): return linearGradientT(p, start: s, gradient: linearGradient)
        case .angular(let c, let angle, let span): return angularGradientT(p, center: c, angle: angle, span: span)
        case .radial(let c, let r0, _): return radialGradientT(p, center: c, startRadius: r0, inverseWidth: radialInverseWidth)
        }
    }

    /// The premultiplied colour at pixel-space point `p`.
    @inline(__always)
    public func color(at p: Vec2) -> Premul {
        if case .solid(let c) = geometry { return c }
        // A shader paint: GPU only, see Halo.render. A material: white, so that its
        // coverage is the alpha (the renderers apply the material image themselves).
        if case .material = geometry { return Premul(1, 1, 1, 1) }
        guard let ramp else { return .zero }
        return ramp.color(at: paintT(at: p))
    }

    /// True for a material fill.
    public var isMaterial: Bool { if case .material = geometry { return true } else { return false } }

    /// True when the colour is the same everywhere (a material counts: its coverage is uniform white).
    public var isSolid: Bool {
        if case .solid = geometry { return true }
        if case .material = geometry { return true }
        guard let ramp else { return true }
        return ramp.colors.allSatisfy { $0 == ramp.colors[0] }
    }
}
