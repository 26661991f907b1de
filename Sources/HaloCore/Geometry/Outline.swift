/// A shape's outline resolved into pixel space: what both renderers measure
/// signed distances to. Offsets of the outline (stroke edges) are its level
/// sets: the region {p : signedDistance(p) < d} is the shape grown by d pixels
/// (shrunk for d < 0), with sharp corners mitred outwards (docs/scene-format.md "Stroke").
public struct Outline: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Rectangle, circular rounded rectangle or capsule.
        case roundedBox
        /// Rounded rectangle with continuous corners (docs/scene-format.md "Continuous corners").
        case continuousBox
        case ellipse
        /// A shader shape (docs/scene-format.md "Shader shapes"): its distance is GLSL, which
        /// only the GPU evaluates; ``shader`` holds it.
        case shader
    }
    public var kind: Kind
    /// Centre, pixels (y down).
    public var center: Vec2
    /// Half width and half height, pixels (>= 0).
    public var halfSize: Vec2
    /// Corner radii in pixels, (topLeft, topRight, bottomRight, bottomLeft), after the scene format's rules.
    public var radii: SIMD4<Double>
    /// A shader shape's GLSL and what its `haloShape` is called with; nil for other kinds.
    public var shader: ShaderShape?

    /// A shader shape as the GPU evaluates it: `haloShape(point, size, time)` with point and
    /// size in points (pixels / `scale`), its distance in points (times `scale` in pixels).
    public struct ShaderShape: Equatable, Sendable {
        public var source: ShaderPaintSource
        /// Pixels per point (the canvas scale).
        public var scale: Double
        /// The scene time, seconds (the frame's, as a shader paint's `time`).
        public var time: Double
        public init(source: ShaderPaintSource, scale: Double, time: Double) {
            self.source = source; self.scale = scale; self.time = time
        }
    }

    public init(kind: Kind, center: Vec2, halfSize: Vec2, radii: SIMD4<Double> = .zero) {
        self.kind = kind; self.center = center; self.halfSize = halfSize; self.radii = radii
    }

    /// The outline of `shape` at `scale` pixels per point.
    public init(_ shape: Shape, scale: Double) {
        let r = shape.rect
        center = Vec2((r.x + r.w / 2) * scale, (r.y + r.h / 2) * scale)
        halfSize = Vec2(r.w / 2 * scale, r.h / 2 * scale)
        let rr = shape.resolvedCornerRadii.map { $0 * scale }
        radii = SIMD4(rr[0], rr[1], rr[2], rr[3])
        if let source = shape.shader { shader = ShaderShape(source: source, scale: scale, time: 0) }
        switch shape.kind {
        case .ellipse: kind = .ellipse
        case .shader: kind = .shader
        case .roundedRect where shape.cornerStyle == .continuous: kind = .continuousBox
        default: kind = .roundedBox
        }
    }

    /// Signed distance in pixels from pixel-space point `p` (negative inside). A shader
    /// shape's distance is GLSL, which the CPU cannot evaluate: 0, a placeholder that callers
    /// must not classify by (the GPU renderer's tiles take every tile of its bounds as an
    /// edge tile, LayerTiles; the CPU reference refuses it).
    @inline(__always)
    public func signedDistance(_ p: Vec2) -> Double {
        let q = p - center
        switch kind {
        case .shader: return 0
        case .roundedBox: return sdRoundedBox(q, halfSize: halfSize, radii: radii)
        case .continuousBox: return sdContinuousBox(q, halfSize: halfSize, radii: radii)
        case .ellipse: return sdEllipse(q, halfSize: halfSize)
        }
    }

    /// The bounding box of the region grown by `d` pixels (d may be negative).
    public func bounds(grownBy d: Double = 0) -> Box {
        let e = max(d, -min(halfSize.x, halfSize.y))
        return Box(x0: center.x - halfSize.x - e, y0: center.y - halfSize.y - e,
                   x1: center.x + halfSize.x + e, y1: center.y + halfSize.y + e)
    }
}
