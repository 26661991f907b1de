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
    }
    public var kind: Kind
    /// Centre, pixels (y down).
    public var center: Vec2
    /// Half width and half height, pixels (>= 0).
    public var halfSize: Vec2
    /// Corner radii in pixels, (topLeft, topRight, bottomRight, bottomLeft), after the scene format's rules.
    public var radii: SIMD4<Double>

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
        switch shape.kind {
        case .ellipse: kind = .ellipse
        case .roundedRect where shape.cornerStyle == .continuous: kind = .continuousBox
        default: kind = .roundedBox
        }
    }

    /// Signed distance in pixels from pixel-space point `p` (negative inside).
    @inline(__always)
    public func signedDistance(_ p: Vec2) -> Double {
        let q = p - center
        switch kind {
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
