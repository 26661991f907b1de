import Foundation

/// sRGB transfer functions (IEC 61966-2-1): encoded value <-> linear light, per channel.
public enum SRGB {
    @inline(__always) public static func toLinear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    @inline(__always) public static func fromLinear(_ c0: Double) -> Double {
        let c = min(max(c0, 0), 1)
        return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
}

/// Oklab (Bjorn Ottosson, "A perceptual color space for image processing", 2020):
/// linear sRGB -> LMS -> cube root -> Lab, and back. Matrices from the article.
public enum Oklab {
    public static func fromSRGB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let r = SRGB.toLinear(rgb.x), g = SRGB.toLinear(rgb.y), b = SRGB.toLinear(rgb.z)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return SIMD3(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                     1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                     0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }
    public static func toSRGB(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let l = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z
        let m = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z
        let s = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z
        let (l3, m3, s3) = (l * l * l, m * m * m, s * s * s)
        let r = 4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3
        let g = -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3
        let b = -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3
        return SIMD3(SRGB.fromLinear(r), SRGB.fromLinear(g), SRGB.fromLinear(b))
    }
}
