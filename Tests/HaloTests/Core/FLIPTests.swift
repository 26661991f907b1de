import Foundation
import XCTest
import Halo
import HaloTesting

/// LDR-FLIP's defining properties (Andersson et al. 2020): 0 for identical images, symmetric
/// in its two images, within 0...1, growing with the difference, and, for flat images
/// (no features), the paper's colour error: HyAB distance in Hunt-adjusted L*a*b* raised to
/// 0.7 and redistributed against cmax, the green-blue distance.
final class FLIPTests: XCTestCase {
    private func flat(_ r: UInt8, _ g: UInt8, _ b: UInt8, size: Int = 24) -> RGBA8Image {
        RGBA8Image(width: size, height: size, pixels: (0..<(size * size)).flatMap { _ in [r, g, b, 255] })
    }

    func testIdenticalImagesScoreZeroAndTheMeasureIsSymmetricAndBounded() {
        let a = flat(40, 120, 200)
        var b = a
        for i in stride(from: 0, to: b.pixels.count, by: 36) { b.pixels[i] = 255 }
        XCTAssertEqual(FLIP.mean(a, a), 0)
        XCTAssertEqual(FLIP.mean(a, b), FLIP.mean(b, a), accuracy: 1e-6)
        let small = FLIP.mean(a, flat(42, 120, 200)), large = FLIP.mean(a, flat(200, 120, 40))
        XCTAssertGreaterThan(small, 0)
        XCTAssertLessThan(small, large)
        XCTAssertLessThanOrEqual(FLIP.mean(flat(0, 0, 0), flat(255, 255, 255)), 1)
    }

    /// Black against white, both flat: L* 0 against 100 (a* = b* = 0 for D65 white), so the
    /// HyAB distance is 100; cmax from pure green and blue in CIE L*a*b* (sRGB primaries, D65).
    func testFlatBlackAgainstWhiteIsThePapersColourError() {
        func lab(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
            func f(_ t: Double) -> Double { t > pow(6.0 / 29, 3) ? cbrt(t) : t / (3 * pow(6.0 / 29, 2)) + 4.0 / 29 }
            let (fx, fy, fz) = (f(x / 0.950428545), f(y), f(z / 1.088900371))
            let l = 116 * fy - 16
            return (l, 0.01 * l * 500 * (fx - fy), 0.01 * l * 200 * (fy - fz))
        }
        // XYZ of linear sRGB green and blue: the second and third columns of the sRGB matrix.
        let green = lab(0.3575843, 0.7151687, 0.1191948), blue = lab(0.1804808, 0.0721923, 0.9505322)
        let hyab = abs(green.0 - blue.0) + ((green.1 - blue.1) * (green.1 - blue.1) + (green.2 - blue.2) * (green.2 - blue.2)).squareRoot()
        let cmax = pow(hyab, 0.7), e = pow(100.0, 0.7)
        let expected = e < 0.4 * cmax ? 0.95 / (0.4 * cmax) * e : 0.95 + (e - 0.4 * cmax) / (cmax - 0.4 * cmax) * 0.05
        XCTAssertEqual(FLIP.mean(flat(0, 0, 0), flat(255, 255, 255)), expected, accuracy: 2e-3)
    }

    /// Two of the checker's exact images (the parameters scene at its declared values and at
    /// its second set): NVIDIA's own FLIP (`flip-evaluator`, LDR, over black, 67 pixels a
    /// degree, as the checker's `compare.py` runs it, 2026-12-03) gives a mean of 0.108230.
    func testMeanMatchesNVIDIAsEvaluatorOnTwoExactImages() throws {
        let folder = conformanceFixtures.appendingPathComponent("exact/next")
        let a = try PNG.read(folder.appendingPathComponent("feature-params.png").path)
        let b = try PNG.read(folder.appendingPathComponent("feature-params.set-1.png").path)
        XCTAssertEqual(FLIP.mean(a, b, pixelsPerDegree: 67), 0.108230, accuracy: 5e-4)
    }
}
