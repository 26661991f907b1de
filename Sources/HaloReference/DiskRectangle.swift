import Foundation

/// The area and first moments of the part of an axis-aligned rectangle inside a disk,
/// in closed form: the rectangle is taken as the signed sum of four rectangles with a
/// corner at the disk's centre (inclusion-exclusion), each the integral of a circle's
/// height, v = sqrt(rho^2 - u^2), whose antiderivatives are
/// (u sqrt(rho^2 - u^2) + rho^2 asin(u / rho)) / 2 for the area and
/// -(rho^2 - u^2)^(3/2) / 3 for the moment in u (asin taken as atan2 to stay exact near
/// u = rho). Coordinates are relative to the disk's centre, in pixels.
struct DiskRectangle {
    /// Area, and the integrals of u and of v over the part.
    var area = 0.0, momentU = 0.0, momentV = 0.0

    /// The empty part.
    init() {}

    /// The part of [u0, u1] x [v0, v1] within radius `rho` (<= 0: empty) of the origin.
    init(rho: Double, u0: Double, u1: Double, v0: Double, v1: Double) {
        guard rho > 0 else { return }
        // The four corners in a fixed order, each with its inclusion-exclusion sign.
        add(rho, u1, v1, 1); add(rho, u1, v0, -1); add(rho, u0, v1, -1); add(rho, u0, v0, 1)
    }

    /// Adds `sign` times the oriented part of [0, u] x [0, v] (signed coordinates).
    private mutating func add(_ rho: Double, _ u: Double, _ v: Double, _ sign: Double) {
        let q = DiskRectangle.quadrant(rho: rho, x: abs(u), y: abs(v))
        let signU: Double = u < 0 ? -1 : 1, signV: Double = v < 0 ? -1 : 1
        area += sign * signU * signV * q.area
        momentU += sign * signV * q.momentU
        momentV += sign * signU * q.momentV
    }

    /// [0, x] x [0, y] (x, y >= 0) within radius rho of the origin.
    static func quadrant(rho: Double, x: Double, y: Double) -> DiskRectangle {
        var r = DiskRectangle()
        let xc = min(x, rho), yc = min(y, rho)
        // Where the circle is at height yc.
        let uStar = ((rho - yc) * (rho + yc)).squareRoot()
        if xc <= uStar {
            r.area = xc * yc; r.momentU = xc * xc * yc / 2; r.momentV = xc * yc * yc / 2
            return r
        }
        func height(_ u: Double) -> Double { ((rho - u) * (rho + u)).squareRoot() }
        func areaAnti(_ u: Double) -> Double { let h = height(u); return (u * h + rho * rho * atan2(u, h)) / 2 }
        func momentAnti(_ u: Double) -> Double { let h = height(u); return -h * h * h / 3 }
        r.area = yc * uStar + areaAnti(xc) - areaAnti(uStar)
        r.momentU = yc * uStar * uStar / 2 + momentAnti(xc) - momentAnti(uStar)
        let cubes: Double = xc * xc * xc - uStar * uStar * uStar
        let under: Double = yc * yc * uStar + rho * rho * (xc - uStar)
        r.momentV = (under - cubes / 3) / 2
        return r
    }
}
