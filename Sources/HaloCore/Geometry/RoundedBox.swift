/// Signed distance from `p` (relative to the box centre, pixels, y down) to a
/// box of half size `halfSize` whose corners have radii
/// `radii` = (topLeft, topRight, bottomRight, bottomLeft).
///
/// Exact for corners with radius > 0 (inside and outside), whatever the radii
/// as long as they fit (after the CSS scale-down). A corner of radius 0 is
/// *mitred*: its distance outside is max(dx, dy) (a bound), so that offsets
/// outwards keep the corner sharp as docs/scene-format.md asks.
///
/// The box is the intersection of four convex corner regions, one per corner:
/// the quadrant {q >= R} grown by a disk of radius R (q measured inwards from
/// the corner's two sides). Inside an intersection of convex sets the distance
/// to the boundary is the least of the distances to each set's boundary, so
/// the maximum of the four exact signed distances is exact. This fixes the
/// known trap of Inigo Quilez's `sdRoundedBox` (iquilezles.org/articles/distfunctions2d),
/// which picks one radius per quadrant and is wrong where a large corner's arc
/// reaches past the middle of a side.
@inline(__always)
public func sdRoundedBox(_ p: Vec2, halfSize b: Vec2, radii r: SIMD4<Double>) -> Double {
    // q: distances inwards from each corner's two sides (b - cornerSigns[i] * p).
    var d = max(-Double.infinity, sdCircularCorner(b - Vec2(-1, -1) * p, radius: r[0]))
    d = max(d, sdCircularCorner(b - Vec2(1, -1) * p, radius: r[1]))
    d = max(d, sdCircularCorner(b - Vec2(1, 1) * p, radius: r[2]))
    return max(d, sdCircularCorner(b - Vec2(-1, 1) * p, radius: r[3]))
}

/// Corner sign vectors, (topLeft, topRight, bottomRight, bottomLeft), y down.
public let cornerSigns: [Vec2] = [Vec2(-1, -1), Vec2(1, -1), Vec2(1, 1), Vec2(-1, 1)]

/// Signed distance to one circular corner region: the quadrant {q.x >= R, q.y >= R}
/// grown by a disk of radius R, in the corner's inward frame. Exact for R > 0;
/// mitred (max(-q.x, -q.y)) for R = 0.
@inline(__always)
public func sdCircularCorner(_ q: Vec2, radius R: Double) -> Double {
    if R <= 0 { return max(-q.x, -q.y) }
    let u = Vec2(R, R) - q
    let outside = Vec2(max(u.x, 0), max(u.y, 0))
    return hypotOfNonNegative(outside) + min(max(u.x, u.y), 0) - R
}

/// `length(v)` of a vector with v.x, v.y >= 0, without the square root where one
/// component is 0: then it is the other, exactly (in binary floating point with
/// round-to-nearest, sqrt(x * x) == x unless x * x overflows or underflows, which the
/// range check excludes), so the value is `length(v)`'s bit for bit.
@inline(__always)
public func hypotOfNonNegative(_ v: Vec2) -> Double {
    if v.x == 0 && v.y > 1e-150 && v.y < 1e150 { return v.y }
    if v.y == 0 && v.x > 1e-150 && v.x < 1e150 { return v.x }
    if v.x == 0 && v.y == 0 { return 0 }
    return length(v)
}
