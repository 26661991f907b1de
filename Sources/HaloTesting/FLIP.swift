import Foundation
import Halo

/// LDR-FLIP (Andersson, Nilsson, Akenine-Moller, Oskarsson, Astrom, Fairchild, "FLIP: A
/// Difference Evaluator for Alternating Images", HPG 2020): a per-pixel perceptual error
/// in 0...1 between a reference and a test image in sRGB, from a colour pipeline
/// (contrast-sensitivity filtering in YCxCz, Hunt-adjusted L*a*b*, HyAB distance) and a
/// feature pipeline (edges and points of the achromatic channel). The mean over pixels is
/// the figure usually quoted. Images are compared premultiplied, that is over black, as
/// ``ImageComparison`` compares them.
public enum FLIP {
    /// Pixels per degree of visual angle: the paper's default observer, a 0.7 m wide 4K
    /// monitor seen from 0.7 m (3840 / 0.7 x 0.7 x pi / 180 = 67.02).
    public static let defaultPixelsPerDegree = 3840.0 * .pi / 180

    /// The mean FLIP error of `test` against `reference` (same size), 0...1.
    public static func mean(_ reference: RGBA8Image, _ test: RGBA8Image, pixelsPerDegree: Double = defaultPixelsPerDegree) -> Double {
        let map = errorMap(reference, test, pixelsPerDegree: pixelsPerDegree)
        return map.isEmpty ? 0 : map.reduce(0) { $0 + Double($1) } / Double(map.count)
    }

    /// The per-pixel FLIP error, row-major.
    public static func errorMap(_ reference: RGBA8Image, _ test: RGBA8Image, pixelsPerDegree ppd: Double = defaultPixelsPerDegree) -> [Float] {
        precondition(reference.width == test.width && reference.height == test.height)
        let w = reference.width, h = reference.height
        let ref = Plane.ycxcz(reference), tst = Plane.ycxcz(test)
        // Colour pipeline: CSF filtering per channel (sums of Gaussians, paper eq. 2), clamp in linear RGB.
        let lab = [ref, tst].map { img -> [SIMD3<Float>] in
            let y = csf(img.0, w, h, ppd, a1: 1, b1: 0.0047, a2: 0, b2: 1e-5)
            let cx = csf(img.1, w, h, ppd, a1: 1, b1: 0.0053, a2: 0, b2: 1e-5)
            let cz = csf(img.2, w, h, ppd, a1: 34.1, b1: 0.04, a2: 13.5, b2: 0.025)
            return (0..<(w * h)).map { i in huntLab(Plane.linearRGB(y[i], cx[i], cz[i])) }
        }
        let qc: Float = 0.7, qf: Float = 0.5
        let cmax = pow(hyab(huntLab(SIMD3(0, 1, 0)), huntLab(SIMD3(0, 0, 1))), qc)
        // Feature pipeline on the normalised achromatic channel (Y + 16) / 116.
        let sd = 0.5 * 0.082 * ppd
        let features = [ref.0, tst.0].map { y -> (edge: [Float], point: [Float]) in
            let yn = y.map { ($0 + 16) / 116 }
            return (magnitude(yn, w, h, sd, point: false), magnitude(yn, w, h, sd, point: true))
        }
        var out = [Float](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            let e = pow(hyab(lab[0][i], lab[1][i]), qc)
            // Errors redistributed: below pc cmax onto [0, pt], above onto (pt, 1] (pc 0.4, pt 0.95).
            let pccmax = 0.4 * cmax
            let dc = e < pccmax ? 0.95 / pccmax * e : 0.95 + (e - pccmax) / (cmax - pccmax) * 0.05
            let df = max(abs(features[0].edge[i] - features[1].edge[i]), abs(features[0].point[i] - features[1].point[i]))
            let f = pow(df / Float(2).squareRoot(), qf)
            out[i] = pow(dc, 1 - f)
        }
        return out
    }

    /// The 1-D Gaussian weights exp(-pi^2 x^2 / b) for x = k / ppd, |k| <= r.
    private static func gaussian(_ r: Int, _ ppd: Double, _ b: Double) -> [Double] {
        (-r...r).map { k in let x = Double(k) / ppd; return exp(-Double.pi * .pi * x * x / b) }
    }

    /// One channel filtered by a1 sqrt(pi / b1) G(b1) + a2 sqrt(pi / b2) G(b2), normalised to
    /// sum 1, over a (2r + 1)^2 square with r = ceil(3 sqrt(0.04 / (2 pi^2)) ppd); each term
    /// is separable, so the 2-D filter is the sum of two separable passes.
    private static func csf(_ c: [Float], _ w: Int, _ h: Int, _ ppd: Double, a1: Double, b1: Double, a2: Double, b2: Double) -> [Float] {
        let r = Int((3 * (0.04 / (2 * Double.pi * .pi)).squareRoot() * ppd).rounded(.up))
        var terms: [(weight: Double, kernel: [Double])] = []
        for (a, b) in [(a1, b1), (a2, b2)] where a != 0 {
            let g = gaussian(r, ppd, b)
            terms.append((a * (Double.pi / b).squareRoot(), g))
        }
        let total = terms.reduce(0.0) { s, t in let k = t.kernel.reduce(0, +); return s + t.weight * k * k }
        var out = [Float](repeating: 0, count: w * h)
        for t in terms {
            let filtered = separable(c, w, h, t.kernel, t.kernel)
            let scale = Float(t.weight / total)
            for i in out.indices { out[i] += scale * filtered[i] }
        }
        return out
    }

    /// |(features x, features y)| of the edge (first derivative of a Gaussian of standard
    /// deviation sd pixels) or point (second derivative) detector, positive and negative
    /// weights each normalised to sum 1 (paper section 3.2).
    private static func magnitude(_ y: [Float], _ w: Int, _ h: Int, _ sd: Double, point: Bool) -> [Float] {
        let r = Int((3 * sd).rounded(.up))
        let g = (-r...r).map { k in exp(-Double(k * k) / (2 * sd * sd)) }
        var d = (-r...r).enumerated().map { i, k in point ? (Double(k * k) / (sd * sd) - 1) * g[i] : -Double(k) * g[i] }
        let pos = d.filter { $0 > 0 }.reduce(0, +), neg = -d.filter { $0 < 0 }.reduce(0, +)
        let gs = g.reduce(0, +)
        d = d.map { $0 > 0 ? $0 / pos : $0 / neg }
        let gn = g.map { $0 / gs }
        let fx = separable(y, w, h, d, gn), fy = separable(y, w, h, gn, d)
        return zip(fx, fy).map { ($0 * $0 + $1 * $1).squareRoot() }
    }

    /// `c` convolved with kx along x and ky along y, edges replicated.
    private static func separable(_ c: [Float], _ w: Int, _ h: Int, _ kx: [Double], _ ky: [Double]) -> [Float] {
        let fx = kx.map(Float.init), fy = ky.map(Float.init)
        let rx = kx.count / 2, ry = ky.count / 2
        var tmp = [Float](repeating: 0, count: w * h), out = tmp
        c.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { dst in
                fx.withUnsafeBufferPointer { k in
                    for j in 0..<h {
                        let row = j * w
                        for i in 0..<w {
                            var s: Float = 0
                            if i >= rx && i + rx < w {
                                for t in 0..<k.count { s += k[t] * src[row + i + t - rx] }
                            } else {
                                for t in 0..<k.count { s += k[t] * src[row + min(max(i + t - rx, 0), w - 1)] }
                            }
                            dst[row + i] = s
                        }
                    }
                }
            }
        }
        tmp.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                fy.withUnsafeBufferPointer { k in
                    for j in 0..<h {
                        for t in 0..<k.count {
                            let jj = min(max(j + t - ry, 0), h - 1) * w
                            let wt = k[t]
                            for i in 0..<w { dst[j * w + i] += wt * src[jj + i] }
                        }
                    }
                }
            }
        }
        return out
    }

    /// HyAB distance: |dL| + |(da, db)| (Abasi, Tehran, Fairchild 2020).
    private static func hyab(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        let d = a - b
        return abs(d.x) + (d.y * d.y + d.z * d.z).squareRoot()
    }

    /// Linear RGB (clamped to the unit cube) to Hunt-adjusted L*a*b* (a*, b* times 0.01 L*), D65.
    private static func huntLab(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
        let c = rgb.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        let xyz = Plane.xyz(c) / Plane.white
        func f(_ t: Float) -> Float { let d: Float = 6.0 / 29; return t > d * d * d ? cbrt(t) : t / (3 * d * d) + 4.0 / 29 }
        let l = 116 * f(xyz.y) - 16
        return SIMD3(l, 0.01 * l * 500 * (f(xyz.x) - f(xyz.y)), 0.01 * l * 200 * (f(xyz.y) - f(xyz.z)))
    }
}

/// Colour conversions of FLIP's pipeline (sRGB, linear RGB, XYZ, YCxCz; D65).
private enum Plane {
    static let white = SIMD3<Float>(0.950428545, 1, 1.088900371)

    static func xyz(_ c: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(0.4123908 * c.x + 0.3575843 * c.y + 0.1804808 * c.z,
              0.2126390 * c.x + 0.7151687 * c.y + 0.0721923 * c.z,
              0.0193308 * c.x + 0.1191948 * c.y + 0.9505322 * c.z)
    }

    /// YCxCz to linear RGB (the XYZ inverse matrix of the sRGB primaries).
    static func linearRGB(_ y: Float, _ cx: Float, _ cz: Float) -> SIMD3<Float> {
        let yy = (y + 16) / 116
        let v = SIMD3<Float>(yy + cx / 500, yy, yy - cz / 200) * white
        return SIMD3(3.241003275 * v.x - 1.537398934 * v.y - 0.498615861 * v.z,
                     -0.969224334 * v.x + 1.875930071 * v.y + 0.041554224 * v.z,
                     0.055639423 * v.x - 0.204011202 * v.y + 1.057148933 * v.z)
    }

    /// The image's premultiplied sRGB (over black) as three YCxCz planes.
    static func ycxcz(_ img: RGBA8Image) -> ([Float], [Float], [Float]) {
        let n = img.width * img.height
        var y = [Float](repeating: 0, count: n), cx = y, cz = y
        func lin(_ v: Float) -> Float { v > 0.04045 ? pow((v + 0.055) / 1.055, 2.4) : v / 12.92 }
        for i in 0..<n {
            let a = Float(img.pixels[i * 4 + 3]) / 255
            let rgb = SIMD3<Float>(Float(img.pixels[i * 4]), Float(img.pixels[i * 4 + 1]), Float(img.pixels[i * 4 + 2])) / 255 * a
            let x = xyz(SIMD3(lin(rgb.x), lin(rgb.y), lin(rgb.z))) / white
            y[i] = 116 * x.y - 16; cx[i] = 500 * (x.x - x.y); cz[i] = 200 * (x.y - x.z)
        }
        return (y, cx, cz)
    }
}
