/// Signed distance (pixels) from `p` (relative to the centre) to the ellipse
/// of semi-axes `halfSize`. Exact to double precision: David Eberly,
/// "Distance from a Point to an Ellipse, an Ellipsoid, or a Hyperellipsoid"
/// (Geometric Tools, 2013), robust bisection on the root of F(s).
/// A degenerate ellipse (a semi-axis of 0) is the segment it collapses to.
public func sdEllipse(_ p: Vec2, halfSize: Vec2) -> Double {
    var y = Vec2(abs(p.x), abs(p.y))
    var e = halfSize
    if e.y > e.x { e = Vec2(e.y, e.x); y = Vec2(y.y, y.x) }   // e0 >= e1
    let (e0, e1) = (e.x, e.y)
    if e1 <= 0 {
        // A segment [-e0, e0] on the axis: never inside.
        return length(Vec2(max(y.x - e0, 0), y.y))
    }
    let inside = (y.x / e0) * (y.x / e0) + (y.y / e1) * (y.y / e1) < 1
    var dist: Double
    if y.y > 0 {
        if y.x > 0 {
            let z0 = y.x / e0, z1 = y.y / e1
            let g = z0 * z0 + z1 * z1 - 1
            if g != 0 {
                let r0 = (e0 / e1) * (e0 / e1)
                let sbar = ellipseRoot(r0, z0, z1, g)
                let x0 = r0 * y.x / (sbar + r0), x1 = y.y / (sbar + 1)
                dist = length(Vec2(x0 - y.x, x1 - y.y))
            } else {
                dist = 0
            }
        } else {
            dist = abs(y.y - e1)
        }
    } else {
        let numer0 = e0 * y.x, denom0 = e0 * e0 - e1 * e1
        if numer0 < denom0 {
            let xde0 = numer0 / denom0
            let x0 = e0 * xde0, x1 = e1 * max(0, 1 - xde0 * xde0).squareRoot()
            dist = length(Vec2(x0 - y.x, x1))
        } else {
            dist = abs(y.x - e0)
        }
    }
    return inside ? -dist : dist
}

/// Eberly's robust bisection for the root of F(s) (see ``sdEllipse``).
func ellipseRoot(_ r0: Double, _ z0: Double, _ z1: Double, _ g0: Double) -> Double {
    let n0 = r0 * z0
    var s0 = z1 - 1
    var s1 = g0 < 0 ? 0 : length(Vec2(n0, z1)) - 1
    var s = 0.0
    for _ in 0..<160 {
        s = (s0 + s1) / 2
        if s == s0 || s == s1 { break }
        let ratio0 = n0 / (s + r0), ratio1 = z1 / (s + 1)
        let g = ratio0 * ratio0 + ratio1 * ratio1 - 1
        if g > 0 { s0 = s } else if g < 0 { s1 = s } else { break }
    }
    return s
}
