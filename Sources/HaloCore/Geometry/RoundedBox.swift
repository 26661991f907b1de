/// Signed distance from `p` (relative to the box centre, pixels, y down) to a
/// box of half size `halfSize` whose corners have radii
/// `radii` = (topLeft, topRight, bottomRight, bottomLeft).
///
/// Exact for corners with radius > 0 (inside and outside), whatever the radii
/// as long as they fit (after the CSS scale-down). A corner of radius 0 is
/// *mitred*: its distance outside is max(dx, dy) (a bound), so that offsets
/// outwards keep the corner sharp as SCENE.md asks.
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
    var d = -Double.infinity
    for i in 0..<4 {
        let s = cornerSigns[i]
        let q = b - s * p                   // distances inwards from the corner's two sides
        d = max(d, sdCircularCorner(q, radius: r[i]))
    }
    return d
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
    return length(outside) + min(max(u.x, u.y), 0) - R
}
