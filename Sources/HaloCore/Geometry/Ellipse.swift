/// Signed distance (pixels) from `p` (relative to the centre) to the ellipse
/// of semi-axes `halfSize`. Exact to double precision: David Eberly,
/// "Distance from a Point to an Ellipse, an Ellipsoid, or a Hyperellipsoid"
/// (Geometric Tools, 2013), robust bisection on the root of F(s).
/// A degenerate ellipse (a semi-axis of 0) is the segment it collapses to.
public func sdEllipse(_ p: Vec2, halfSize: Vec2) -> Double {
    let y = Vec2(abs(p.x), abs(p.y))
    let dist = length(nearestOnEllipseQuadrant(y, a: halfSize.x, b: halfSize.y) - y)
    // A semi-axis of 0: the segment it collapses to has no inside.
    guard min(halfSize.x, halfSize.y) > 0 else { return dist }
    let inside = (y.x / halfSize.x) * (y.x / halfSize.x) + (y.y / halfSize.y) * (y.y / halfSize.y) < 1
    return inside ? -dist : dist
}

/// The nearest point of the ellipse x^2/a^2 + y^2/b^2 = 1 to y (first quadrant, y >= 0),
/// in the same quadrant, by David Eberly's method (see ``sdEllipse``, which measures to it;
/// a semi-axis of 0: the nearest point of the segment).
func nearestOnEllipseQuadrant(_ y0: Vec2, a: Double, b: Double) -> Vec2 {
    let swapped = b > a
    let y = swapped ? Vec2(y0.y, y0.x) : y0
    let e0 = max(a, b), e1 = min(a, b)
    var n: Vec2
    if e1 <= 0 {
        n = Vec2(min(y.x, e0), 0)
    } else if y.y > 0 {
        if y.x > 0 {
            let z0 = y.x / e0, z1 = y.y / e1
            let g = z0 * z0 + z1 * z1 - 1
            if g != 0 {
                let r0 = (e0 / e1) * (e0 / e1)
                let sbar = ellipseRoot(r0, z0, z1, g)
                n = Vec2(r0 * y.x / (sbar + r0), y.y / (sbar + 1))
            } else {
                n = y
            }
        } else {
            n = Vec2(0, e1)
        }
    } else {
        let numer0 = e0 * y.x, denom0 = e0 * e0 - e1 * e1
        if numer0 < denom0 {
            let xde0 = numer0 / denom0
            n = Vec2(e0 * xde0, e1 * max(0, 1 - xde0 * xde0).squareRoot())
        } else {
            n = Vec2(e0, 0)
        }
    }
    return swapped ? Vec2(n.y, n.x) : n
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
