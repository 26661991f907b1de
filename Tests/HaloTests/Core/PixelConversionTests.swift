import XCTest
import HaloCore

/// `PremulImage.toRGBA8` (the C loop, over every core) writes each pixel as
/// `PremulImage.straightRGBA8` does (docs/scene-format.md "Colours": alpha and the colour divided by
/// the unrounded alpha, each rounded half up once).
final class PixelConversionTests: XCTestCase {
    func testEveryPixelIsWrittenAsStraightRGBA8Has() {
        // Edge values (0, 1, out of range, ties at k + 1/2 levels, alphas that round to 0
        // or 1 level) and 200 000 random ones: enough for the conversion to be split.
        var values: [SIMD4<Float>] = []
        let edges: [Float] = [0, 1, -0.1, 1.3, 0.5 / 255, 1.5 / 255, 0.49 / 255, 127.5 / 255, 254.5 / 255, 1e-9, 0.999_999]
        for a in edges { for c in edges { values.append(SIMD4(c * a, c, min(c, a), a)) } }
        var rng = SplitMix64(seed: 0x1234_5678)
        func unit() -> Float { Float.random(in: 0..<1, using: &rng) }
        while values.count < 200_000 {
            let a = unit() < 0.3 ? 1 : unit()
            values.append(SIMD4(unit() * a, unit() * a, unit() * a, a))
        }
        var image = PremulImage(width: values.count, height: 1)
        image.pixels = values
        let bytes = image.toRGBA8().pixels
        for (i, p) in values.enumerated() {
            let want = PremulImage.straightRGBA8(SIMD4<Double>(Double(p.x), Double(p.y), Double(p.z), Double(p.w)))
            let got = SIMD4(bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3])
            if got != want { return XCTFail("pixel \(i) \(p): \(got), expected \(want)") }
        }
    }

    /// An image filled in place (a GPU read-back) holds exactly the bytes its fill wrote,
    /// row after row.
    func testAnImageFilledInPlaceHoldsTheBytesWritten() {
        let image = RGBA8Image(width: 3, height: 2) { buf in
            XCTAssertEqual(buf.count, 3 * 2 * 4)
            for i in 0..<buf.count { buf[i] = UInt8(i * 7 % 256) }
        }
        XCTAssertEqual(image.pixels, (0..<24).map { UInt8($0 * 7 % 256) })
        XCTAssertEqual(image[2, 1], SIMD4(UInt8(20 * 7 % 256), UInt8(21 * 7), UInt8(22 * 7), UInt8(23 * 7)))
    }
}
