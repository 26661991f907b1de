import Foundation
import HaloCore

/// ``ErrorBudget/curvedEdge``: the coverage error of an edge (the outline grown by d) in
/// a pixel, as a fraction of the pixel.
enum CurvedEdgeTerm {
    /// Shaders/lib/shape.glsl subdivisions: parts per side for radius of curvature R (px).
    static func subdivisions(_ R: Double) -> Int { R < 1.5 ? 8 : R < 3 ? 4 : R < 12 ? 2 : 1 }

    /// The area between a circle of radius R and its tangent over |x| <= r about the
    /// tangent point (R - sqrt(R^2 - x^2) integrated); nil when r >= R.
    static func sagittaArea(r: Double, R: Double) -> Double? {
        guard R > r else { return nil }
        return 2 * r * R - r * (R * R - r * r).squareRoot() - R * R * asin(r / R)
    }

    /// The error, as a fraction of an s x s square, of n x n parts of it, `cells` of them
    /// crossed by a curve whose radius of curvature is at least R; the curve's part of the
    /// square has area `area` (px^2) at most.
    static func partsError(R: Double, n: Int, cells: Int, area: Double, size s: Double = 1) -> Double {
        let h = s / Double(n)
        // A part's chord lies within its half-diagonal of the foot of the perpendicular from
        // its centre, which is where the half-plane touches the curve.
        let per = sagittaArea(r: h * 0.5.squareRoot(), R: R).map { min($0, h * h) } ?? h * h
        return min(area, Double(cells) * per) / (s * s)
    }

    /// The least radius of curvature of the ellipse of semi-axes h over its arc within
    /// 2.5 px of the point nearest to x: R(t) = (hx^2 sin^2 t + hy^2 cos^2 t)^(3/2) / (hx hy)
    /// at parameter t, over t0 +- 2.5 / min(hx, hy) (the speed is at least the minor
    /// semi-axis), t0 the parameter of x scaled onto the unit circle; R is monotone between
    /// multiples of pi/2, so its least value there is at an end or at such a multiple inside.
    static func ellipseRadius(_ h: Vec2, near x: Vec2, within w: Double = 2.5) -> Double {
        let b = min(h.x, h.y)
        guard b > 0 else { return 0 }
        func R(_ t: Double) -> Double {
            let s = sin(t), c = cos(t)
            let v = h.x * h.x * s * s + h.y * h.y * c * c
            return v * v.squareRoot() / (h.x * h.y)
        }
        let t0 = atan2(x.y / h.y, x.x / h.x), dt = min(Double.pi / 2, w / b)
        var best = min(R(t0 - dt), R(t0 + dt))
        var m = ((t0 - dt) / (Double.pi / 2)).rounded(.up)
        while m * Double.pi / 2 <= t0 + dt { best = min(best, R(m * Double.pi / 2)); m += 1 }
        return best
    }

    /// The continuous corner's kinks (units of R, on the a >= b half; the other half mirrors
    /// them) and the angle its tangent turns there (radians): docs/scene-format.md "Continuous corners"'s short line meets
    /// cubic 1 (4.5 degrees) and cubic 2 (6.2 degrees) at an angle. Near a kink the outline
    /// (or its offset, an arc of radius d about it) bends away from the half-plane taken at
    /// the nearest point by at most phi on the pixel's chord, |x| <= sqrt(1/2) about the
    /// tangent point: an area of at most phi / 4.
    static let continuousKinks: [(Vec2, Double)] = {
        func angle(_ v: Vec2) -> Double { atan2(v.y, v.x) }
        let c1 = ContinuousCorner.cubic1, l = ContinuousCorner.line1, c2 = ContinuousCorner.cubic2
        let line = l[1] - l[0]
        return [(l[0], abs(angle(line) - angle(c1[3] - c1[2]))), (l[1], abs(angle(c2[1] - c2[0]) - angle(line)))]
    }()

    /// Corner signs in the shaders' order: topLeft, topRight, bottomRight, bottomLeft (y down).
    static let cornerSign = [Vec2(-1, -1), Vec2(1, -1), Vec2(1, 1), Vec2(-1, 1)]

    /// The error at x (the centre of an s x s square, relative to the outline's centre: a
    /// pixel, or a glow source's block) of the edge of {sd < d}, as a fraction of the square;
    /// `parts` forces the shader's part count (dash.glsl's band edges: 1).
    static func error(_ o: Outline, _ x: Vec2, d: Double, parts: Int? = nil, size s: Double = 1) -> Double {
        switch o.kind {
        case .shader: return .infinity       // a GLSL distance: nothing known (LayerErrorTerms)
        case .ellipse:
            let a = max(o.halfSize.x, o.halfSize.y), b = min(o.halfSize.x, o.halfSize.y)
            let n = parts ?? subdivisions(max((a > 0 ? b * b / a : 0) + d, 0))
            return partsError(R: ellipseRadius(o.halfSize, near: x, within: 2.5 * s) + d, n: n, cells: 4 * n, area: s * s, size: s)
        case .roundedBox, .continuousBox:
            let hb = o.halfSize + Vec2(d, d)
            guard hb.x > 0, hb.y > 0 else { return 0 }
            let circular = o.kind == .roundedBox
            var total = 0.0
            for i in 0..<4 {
                let r = o.radii[i]
                guard r > 0 else { continue }
                let z = circular ? max(r + d, 0) : ContinuousCorner.reach * r + max(d, 0)
                guard z > 0 else { continue }
                let sg = cornerSign[i], K = sg * hb, F = K - sg * z
                // The corner's square grown by the reach: a pixel beside it whose centre is
                // nearest to the arc's end takes its half-plane from the arc's normal there,
                // tilted off the straight side it meets (seen: 3.7e-4 of a pixel leaking out
                // of a radius-40 corner, 5 levels under 1000 stacked translucent fills).
                let g = LayerErrorTerms.reach * s
                let lo = Vec2(max(min(K.x, F.x) - g, x.x - s / 2), max(min(K.y, F.y) - g, x.y - s / 2))
                let hi = Vec2(min(max(K.x, F.x) + g, x.x + s / 2), min(max(K.y, F.y) + g, x.y + s / 2))
                guard hi.x > lo.x, hi.y > lo.y else { continue }
                let R = circular ? r + d : ContinuousCorner.minimumRadiusOfCurvature * r + d
                let n = parts ?? subdivisions(circular ? z : 0.6 * r + d)
                total += partsError(R: R, n: n, cells: 2 * n, area: (hi.x - lo.x) * (hi.y - lo.y), size: s)
                if !circular {
                    // The offset of a kink turning by phi is within |d| of it.
                    for (k, phi) in continuousKinks {
                        for u in [k, Vec2(k.y, k.x)] where length(x - (sg * o.halfSize - sg * u * r)) < abs(d) + LayerErrorTerms.reach * s {
                            total += phi / 4
                        }
                    }
                }
            }
            return min(1, total)
        }
    }
}

/// ``ErrorBudget/material``: the backdrop blurred at 1/k (GlowPlan's bilinear read, 1/128
/// of the contrast) in float32, in levels.
enum MaterialErrorTerm {
    static func levels(_ paint: ResolvedPaint) -> Double {
        guard case .material(let sigma, _, _) = paint.geometry, sigma > 0 else { return 0 }
        return GlowPlan(sigma: sigma).k == 1 ? 7e-5 : 1.0 / 128
    }
}
