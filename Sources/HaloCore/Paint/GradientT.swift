import Foundation

// The gradient parameter t of each paint kind (docs/scene-format.md "Paints"), unclamped, at a
// pixel-space point. Each is the twin of the GLSL function of the same name in
// Shaders/lib/paint.glsl, in double.

/// Linear: t = dot(p - s, g), where g = (e - s) / |e - s|^2 is computed once
/// (``ResolvedPaint/linearGradient``) so that nearly coincident end points neither
/// underflow nor divide by 0. Exact.
@inline(__always)
public func linearGradientT(_ p: Vec2, start s: Vec2, gradient g: Vec2) -> Double {
    dot(p - s, g)
}

/// Angular (sweep) at direction `v` from the centre: the angle clockwise on screen (y down)
/// from +x, in degrees, relative to `angle` (the rotation and startAngle included), over
/// `span` degrees; in a partial sweep's gap, the end colour then the start colour (SwiftUI).
/// t = 0 at the exact centre (docs/scene-format.md). Exact.
@inline(__always)
public func angularGradientTDir(_ v: Vec2, angle: Double, span: Double) -> Double {
    if v.x == 0 && v.y == 0 { return 0 }
    let theta = atan2(v.y, v.x) * 180 / .pi
    var rel = (theta - angle).truncatingRemainder(dividingBy: 360)
    if rel < 0 { rel += 360 }
    if rel >= 360 { rel -= 360 }
    if rel <= span { return rel / span }
    return rel < span + (360 - span) / 2 ? 1 : 0
}

/// ``angularGradientTDir(_:angle:span:)`` at point `p` about the centre `c`.
@inline(__always)
public func angularGradientT(_ p: Vec2, center c: Vec2, angle: Double, span: Double) -> Double {
    angularGradientTDir(p - c, angle: angle, span: span)
}

/// Radial: t = (|p - c| - r0) * k, with k = 1 / (r1 - r0) (``ResolvedPaint/radialInverseWidth``). Exact.
@inline(__always)
public func radialGradientT(_ p: Vec2, center c: Vec2, startRadius r0: Double, inverseWidth k: Double) -> Double {
    (length(p - c) - r0) * k
}

/// Path (colour along the outline): t = frac(s / L + offset), s the arc length of the
/// nearest outline point (``OutlineArc/arcLength(at:)``), L the outline's length; with
/// L = 0, s / L counts as 0 (docs/scene-format.md "Paints", "Outline and arc length"). In [0, 1).
@inline(__always)
public func pathGradientT(_ s: Double, length L: Double, offset: Double) -> Double {
    let x = (L > 0 ? s / L : 0) + offset
    let t = x - x.rounded(.down)
    return t < 1 ? t : 0
}
