/// Apple's continuous ("squircle") corner, exactly as docs/scene-format.md "Continuous corners" gives it:
/// PixelCut's published iOS 7 rounded-rect Bezier constants ("Drawing Code for
/// iOS 7 Rounded Rectangles", paintcodeapp.com), in the symmetric form.
///
/// In a corner's own frame, in units of the radius R, (a, b) are the distances
/// from the rectangle's corner along its two sides; the outline runs from
/// (reach, 0) to (0, reach) through three cubics joined by two short lines.
public enum ContinuousCorner {
    /// L: the corner starts this many radii from the rectangle's corner along each side.
    public static let reach = 1.52866483
    /// The a >= b half of the symmetric corner: cubic 1, line, cubic 2 (whole).
    /// Control points (a, b) in units of R, straight from docs/scene-format.md "Continuous corners"'s table.
    public static let cubic1: [Vec2] = [Vec2(1.52866483, 0), Vec2(1.08849299, 0), Vec2(0.86840701, 0), Vec2(0.66993397, 0.06549600)]
    public static let line1: [Vec2] = [Vec2(0.66993397, 0.06549600), Vec2(0.63149399, 0.07491100)]
    public static let cubic2: [Vec2] = [Vec2(0.63149399, 0.07491100), Vec2(0.37282401, 0.16906001),
                                        Vec2(0.16906001, 0.37282401), Vec2(0.07491100, 0.63149399)]
    public static let line2: [Vec2] = [Vec2(0.07491100, 0.63149399), Vec2(0.06549600, 0.66993397)]
    public static let cubic3: [Vec2] = [Vec2(0.06549600, 0.66993397), Vec2(0, 0.86840701), Vec2(0, 1.08849299), Vec2(0, 1.52866483)]
}

/// Signed distance (in units of R) from `q` = (a, b) in a continuous corner's
/// frame (units of R, a and b measured inwards along the two sides) to the
/// corner region: the quadrant a, b >= 0 with the corner cut by the curve.
///
/// Exact (to about 1e-9 R): the distance to the nearest of the side ray, the
/// first cubic, the short line and the middle cubic, after folding q onto the
/// a >= b half (the corner is mirror-symmetric about its diagonal, so the
/// nearest point lies on the same half). Cubic distances: 16 samples, then
/// Newton steps on (B(t) - q) . B'(t) = 0. Sign: the region is convex, so the
/// side of the nearest piece's tangent decides inside or outside.
public func sdContinuousCornerUnit(_ q0: Vec2) -> Double {
    let q = q0.x >= q0.y ? q0 : Vec2(q0.y, q0.x)
    let L = ContinuousCorner.reach
    // The side ray b = 0, a >= L (traversed towards the corner: tangent (-1, 0)).
    var best: (d2: Double, point: Vec2, tangent: Vec2)
    if q.x >= L { best = (q.y * q.y, Vec2(q.x, 0), Vec2(-1, 0)) }
    else { let v = q - Vec2(L, 0); best = (dot(v, v), Vec2(L, 0), Vec2(-1, 0)) }
    // Pieces only matter when the square [0, L]^2 holding them is nearer than the ray.
    let dxs = max(0, q.x - L, -q.x), dys = max(0, q.y - L, -q.y)
    if dxs * dxs + dys * dys < best.d2 {
        let c1 = closestPointOnCubic(q, continuousCornerCubic1)
        if c1.d2 < best.d2 { best = c1 }
        let c2 = closestPointOnCubic(q, continuousCornerCubic2)
        if c2.d2 < best.d2 { best = c2 }
        let l = closestPointOnSegment(q, continuousCornerLine1.0, continuousCornerLine1.1)
        if l.d2 < best.d2 { best = l }
    }
    let d = best.d2.squareRoot()
    return cross(best.tangent, q - best.point) > 0 ? d : -d
}

/// Signed distance (pixels) from `p` (relative to the centre) to a box of half
/// size `b` with continuous corners of radii `r` (topLeft, topRight,
/// bottomRight, bottomLeft; 0 = sharp, mitred outwards). Exact up to the
/// mitred corners; see ``sdRoundedBox(_:halfSize:radii:)`` for why the maximum
/// over the four convex corner regions is exact.
public func sdContinuousBox(_ p: Vec2, halfSize b: Vec2, radii r: SIMD4<Double>) -> Double {
    // q: distances inwards from each corner's two sides (b - cornerSigns[i] * p).
    @inline(__always) func term(_ q: Vec2, _ R: Double) -> Double { R <= 0 ? max(-q.x, -q.y) : sdContinuousCorner(q, radius: R) }
    var d = max(-Double.infinity, term(b - Vec2(-1, -1) * p, r[0]))
    d = max(d, term(b - Vec2(1, -1) * p, r[1]))
    d = max(d, term(b - Vec2(1, 1) * p, r[2]))
    return max(d, term(b - Vec2(-1, 1) * p, r[3]))
}

/// One continuous corner region of radius R > 0 in pixels (q in pixels, inwards).
@inline(__always)
public func sdContinuousCorner(_ q: Vec2, radius R: Double) -> Double {
    let L = ContinuousCorner.reach * R
    // Far inside the corner's quadrant beyond its curve: the nearest side decides.
    if q.x >= L && q.y >= L { return -min(q.x, q.y) }
    // Beyond the curve along one side: distance to that side's line, unless the curve is nearer.
    return sdContinuousCornerUnit(q / R) * R
}

/// Nearest point on a line segment: squared distance, point, unit tangent (a -> b).
@inline(__always)
func closestPointOnSegment(_ q: Vec2, _ a: Vec2, _ b: Vec2) -> (d2: Double, point: Vec2, tangent: Vec2) {
    let ab = b - a
    let t = max(0, min(1, dot(q - a, ab) / dot(ab, ab)))
    let c = a + t * ab
    let v = q - c
    return (dot(v, v), c, ab / length(ab))
}

/// Nearest point on a cubic Bezier (control points p[0...3]): squared distance,
/// point, unit tangent. 16 samples, then up to 8 Newton steps on the
/// stationarity condition, clamped to [0, 1].
func closestPointOnCubic(_ q: Vec2, _ p: [Vec2]) -> (d2: Double, point: Vec2, tangent: Vec2) {
    closestPointOnCubic(q, CubicPoints(p[0], p[1], p[2], p[3]))
}

/// A cubic Bezier's four control points as values (no array to retain in the inner loops).
struct CubicPoints {
    let p0, p1, p2, p3: Vec2
    init(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) { self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3 }
    init(_ p: [Vec2]) { self.init(p[0], p[1], p[2], p[3]) }
}

/// ``closestPointOnCubic(_:_:)-([Vec2])`` with the control points as values.
@inline(__always)
func closestPointOnCubic(_ q: Vec2, _ c: CubicPoints) -> (d2: Double, point: Vec2, tangent: Vec2) {
    let p = (c.p0, c.p1, c.p2, c.p3)
    @inline(__always) func at(_ t: Double) -> Vec2 {
        let u = 1 - t
        return u * u * u * p.0 + 3 * u * u * t * p.1 + 3 * u * t * t * p.2 + t * t * t * p.3
    }
    @inline(__always) func d1(_ t: Double) -> Vec2 {
        let u = 1 - t
        return 3 * u * u * (p.1 - p.0) + 6 * u * t * (p.2 - p.1) + 3 * t * t * (p.3 - p.2)
    }
    @inline(__always) func d2(_ t: Double) -> Vec2 {
        6 * (1 - t) * (p.2 - 2 * p.1 + p.0) + 6 * t * (p.3 - 2 * p.2 + p.1)
    }
    var bestT = 0.0, bestD = Double.infinity
    let n = 16
    for i in 0...n {
        let t = Double(i) / Double(n)
        let v = at(t) - q
        let dd = dot(v, v)
        if dd < bestD { bestD = dd; bestT = t }
    }
    var t = bestT
    for _ in 0..<8 {
        let v = at(t) - q, b1 = d1(t), b2 = d2(t)
        let f = dot(v, b1), fp = dot(b1, b1) + dot(v, b2)
        if fp <= 0 { break }
        let next = max(0, min(1, t - f / fp))
        if abs(next - t) < 1e-12 { t = next; break }
        t = next
    }
    let c = at(t)
    let v = q - c
    var tangent = d1(t)
    if dot(tangent, tangent) < 1e-24 { tangent = t < 0.5 ? p.2 - p.0 : p.3 - p.1 }
    let dd = dot(v, v)
    if dd <= bestD + 1e-15 { return (dd, c, tangent / length(tangent)) }
    // Newton wandered off: keep the best sample.
    let cb = at(bestT)
    var tb = d1(bestT)
    if dot(tb, tb) < 1e-24 { tb = bestT < 0.5 ? p.2 - p.0 : p.3 - p.1 }
    return (bestD, cb, tb / length(tb))
}

/// ``ContinuousCorner/cubic1``, ``ContinuousCorner/cubic2`` and ``ContinuousCorner/line1`` as values.
let continuousCornerCubic1 = CubicPoints(ContinuousCorner.cubic1)
let continuousCornerCubic2 = CubicPoints(ContinuousCorner.cubic2)
let continuousCornerLine1 = (ContinuousCorner.line1[0], ContinuousCorner.line1[1])
