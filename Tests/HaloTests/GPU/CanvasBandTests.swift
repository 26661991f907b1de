import Foundation
import XCTest
@testable import HaloGL
import HaloCore
import HaloTesting

/// A large float canvas is drawn in bands of rows (GLRenderer+CanvasBands.swift): each band
/// cleared, drawn and resolved as the whole canvas is there. The image is the whole
/// canvas's but where the glow atlas coordinate, interpolated from tile corners placed rows
/// higher in a band, rounds differently: a level at most, in a handful of pixels.
final class CanvasBandTests: XCTestCase {
    /// Renders `frame` whole and in bands of 16 rows; returns both images.
    static func wholeAndBanded(_ frame: Frame) throws -> (RGBA8Image, RGBA8Image) {
        let gpu = try SharedGPU.renderer()
        let limit = gpu.options.canvasBandBytes, whole = gpu.options.wholeCanvasBytes
        defer { gpu.options.canvasBandBytes = limit; gpu.options.wholeCanvasBytes = whole }
        gpu.options.wholeCanvasBytes = Int.max
        let a = try gpu.render(frame)
        gpu.options.wholeCanvasBytes = 0
        gpu.options.canvasBandBytes = frame.width * 16 * 16     // bands of 16 rows, the fewest (a tile cell)
        let b = try gpu.render(frame)
        return (a, b)
    }

    /// The two glowing buttons, whose glows share cells between them (the canvas's cells).
    func testABandedCanvasGivesTheWholeCanvassImage() throws {
        let scene = try SceneDecoder.decode(Data(SteeredGlowRenderTests.buttonsJSON.utf8))
        let frame = Frame(scene, time: 0.5)
        let plan = FramePlan(frame, isWindow: false, lutWidth: 1024, maxTextureSize: 16384)
        let bands = GLRenderer.canvasBands(plan, limit: frame.width * 16 * 16, whole: 0)
        XCTAssertEqual(bands?.count, 2, "the shared cells' 32 rows in two bands")
        let (a, b) = try CanvasBandTests.wholeAndBanded(frame)
        try CanvasBandTests.assertAlike(a, b)
    }

    /// Every tile through the canvas (a background image), bands of 16 rows: each band's
    /// rows of the image are copied in before its layers (150 rows: ten bands).
    func testABandedCanvasOverABackgroundImageGivesTheWholeCanvassImage() throws {
        let scene = try SceneDecoder.decode(Data(SteeredGlowRenderTests.buttonsJSON.utf8))
        var frame = Frame(scene, time: 0.5)
        var image = PremulImage(width: frame.width, height: frame.height, fill: SIMD4<Float>(0.05, 0.05, 0.1, 1))
        for y in 0..<frame.height { for x in 0..<frame.width where (x / 7 + y / 5) % 2 == 0 { image.pixels[y * frame.width + x] = SIMD4<Float>(0.3, 0.1, 0.2, 1) } }
        frame.backgroundImage = image
        let (a, b) = try CanvasBandTests.wholeAndBanded(frame)
        try CanvasBandTests.assertAlike(a, b)
    }

    /// At most 1 level apart, in at most 1 pixel in 10 000.
    static func assertAlike(_ a: RGBA8Image, _ b: RGBA8Image, file: StaticString = #filePath, line: UInt = #line) throws {
        let c = try XCTUnwrap(ImageComparison(a, b), file: file, line: line)
        XCTAssertLessThanOrEqual(c.maxDifference, 1, file: file, line: line)
        XCTAssertLessThanOrEqual(c.percentOver(0), 0.01, file: file, line: line)
    }
}
