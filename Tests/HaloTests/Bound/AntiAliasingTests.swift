import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Anti-aliasing edge cases with values derived by hand (box-filter coverage = area),
/// on both backends. Scenes at scale 1, white on clear, so alpha = round(255 x area).
final class AntiAliasingTests: XCTestCase {
    func render(_ layers: [Layer], width: Double = 16, height: Double = 16) throws -> [RGBA8Image] {
        let scene = Scene(canvas: Canvas(width: width, height: height), layers: layers)
        let frame = Frame(scene)
        return [ReferenceRenderer().render(frame).toRGBA8(), try SharedGPU.renderer().render(frame)]
    }

    let white = Paint.solid(RGBA(1, 1, 1))

    func alpha(_ area: Double) -> Int { Int((255 * area + 0.5).rounded(.down)) }

    func assertAlpha(_ images: [RGBA8Image], _ x: Int, _ y: Int, _ expected: Int, tolerance: Int = 1,
                     file: StaticString = #filePath, line: UInt = #line) {
        for (img, name) in zip(images, ["cpu", "gpu"]) {
            XCTAssertLessThanOrEqual(abs(Int(img[x, y].w) - expected), tolerance, "\(name) (\(x), \(y)): \(img[x, y].w) vs \(expected)", file: file, line: line)
        }
    }

    /// A horizontal stroke of width w centred on y = 8.5 (a pixel centre) covers w of that
    /// pixel's height: alpha 255 w, for w = 0.25, 0.5 and 1; nothing above or below.
    func testThinStrokesCoverTheirWidth() throws {
        for w in [0.25, 0.5, 1.0] {
            // A rect 0 high at y = 8.5, stroked centred: the band is [8.5 - w/2, 8.5 + w/2].
            let images = try render([Layer(shape: Shape(kind: .rect, rect: Rect(-10, 8.5, 40, 0)),
                                           stroke: Stroke(paint: white, width: w, alignment: .center))])
            assertAlpha(images, 8, 8, alpha(w))
            assertAlpha(images, 8, 7, 0, tolerance: 0)
            assertAlpha(images, 8, 9, 0, tolerance: 0)
        }
    }

    /// A 1 px stroke centred on a pixel edge (y = 8) splits between rows 7 and 8: 128 each.
    func testOnePixelStrokeOnAPixelEdgeSplitsInHalf() throws {
        let images = try render([Layer(shape: Shape(kind: .rect, rect: Rect(-10, 8, 40, 0)),
                                       stroke: Stroke(paint: white, width: 1, alignment: .center))])
        assertAlpha(images, 8, 7, 128)
        assertAlpha(images, 8, 8, 128)
    }

    /// A 45-degree hard edge: a linear gradient from (0,0) to (1,1) of a 16 x 16 rect with a
    /// hard stop at 0.5 splits every pixel on the anti-diagonal x + y = 16 in half, and
    /// the line passes through pixel
    /// (i, 15 - i)'s corners, so those pixels are half red, half blue: (128, 0, 128) straight.
    func testFortyFiveDegreeHardEdgeSplitsPixelsOnTheDiagonal() throws {
        let paint = Paint(.linear(start: UnitPoint(0, 0), end: UnitPoint(1, 1)),
                          stops: [ColorStop(color: RGBA(1, 0, 0), location: 0), ColorStop(color: RGBA(1, 0, 0), location: 0.5),
                                  ColorStop(color: RGBA(0, 0, 1), location: 0.5), ColorStop(color: RGBA(0, 0, 1), location: 1)])
        let images = try render([Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 16, 16)), fill: paint)])
        for (img, name) in zip(images, ["cpu", "gpu"]) {
            for i in [2, 7, 12] {
                // Pixel (i, 15 - i) spans x + y from 15 to 17: the line x + y = 16 is its diagonal.
                let p = img[i, 15 - i]
                XCTAssertLessThanOrEqual(abs(Int(p.x) - 128), 1, "\(name) \(p)")
                XCTAssertLessThanOrEqual(abs(Int(p.z) - 128), 1, "\(name) \(p)")
                XCTAssertEqual(img[i, 13 - i], SIMD4<UInt8>(255, 0, 0, 255), name)
                XCTAssertEqual(img[i, 17 - i], SIMD4<UInt8>(0, 0, 255, 255), name)
            }
        }
    }

    /// docs/scene-format.md: before the first stop's location the first stop's colour holds, from a
    /// stop's location on the later stop's. A radial gradient with a hard stop at t = 0
    /// (red, then blue, from radius 16 pt to 40 pt) over a 64 x 64 square centred on it
    /// is red well inside radius 16 (where whole tiles lie below t = 0, so the GPU reads
    /// its ramp lookup table there, which must keep the colour below t = 0 apart from the
    /// colour at 0) and has no red outside.
    func testColourBelowAHardStopAtZeroIsTheFirstStops() throws {
        let paint = Paint(.radial(center: UnitPoint(0.5, 0.5), startRadius: 16, endRadius: 40),
                          stops: [ColorStop(color: RGBA(1, 0, 0), location: 0), ColorStop(color: RGBA(0, 0, 1), location: 0),
                                  ColorStop(color: RGBA(0, 1, 0), location: 1)])
        let images = try render([Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 64, 64)), fill: paint)], width: 64, height: 64)
        for (img, name) in zip(images, ["cpu", "gpu"]) {
            for (x, y) in [(32, 32), (28, 35), (36, 27), (24, 30)] {
                XCTAssertEqual(img[x, y], SIMD4<UInt8>(255, 0, 0, 255), "\(name) (\(x), \(y)): t < 0")
            }
            XCTAssertEqual(img[32, 52].x, 0, "\(name): radius 20.5, t > 0: no red")
            XCTAssertGreaterThan(img[32, 52].z, 100, "\(name): radius 20.5: blue towards green")
        }
    }

    /// A corner of radius R <= 1 px set on pixel corners cuts R^2 (1 - pi/4) from its pixel.
    func testSubPixelCornerRadiusCutsTheQuarterDiskArea() throws {
        for r in [0.5, 1.0] {
            let images = try render([Layer(shape: Shape(kind: .roundedRect, rect: Rect(4, 4, 8, 8), cornerRadii: [r, r, r, r]), fill: white)])
            assertAlpha(images, 4, 4, alpha(1 - r * r * (1 - Double.pi / 4)))
            assertAlpha(images, 11, 11, alpha(1 - r * r * (1 - Double.pi / 4)))
            assertAlpha(images, 5, 4, 255, tolerance: 0)
        }
    }

    /// Shapes smaller than a pixel: a 0.5 x 0.5 square covers 1/4 of its pixel; a circle of
    /// diameter 0.5 covers pi / 16.
    func testShapesSmallerThanAPixelCoverTheirArea() throws {
        let square = try render([Layer(shape: Shape(kind: .rect, rect: Rect(5.25, 5.25, 0.5, 0.5)), fill: white)])
        assertAlpha(square, 5, 5, alpha(0.25))
        let circle = try render([Layer(shape: Shape(kind: .ellipse, rect: Rect(5.25, 5.25, 0.5, 0.5)), fill: white)])
        assertAlpha(circle, 5, 5, alpha(Double.pi / 16))
    }

    /// A rect at half-pixel offsets, x from 2.5 to 5.5: columns 2 and 5 half covered, 3 and 4 full.
    func testHalfPixelOffsetsGiveHalfCoverageAtBothEnds() throws {
        let images = try render([Layer(shape: Shape(kind: .rect, rect: Rect(2.5, 0, 3, 16)), fill: white)])
        assertAlpha(images, 2, 8, 128)
        assertAlpha(images, 3, 8, 255, tolerance: 0)
        assertAlpha(images, 4, 8, 255, tolerance: 0)
        assertAlpha(images, 5, 8, 128)
        assertAlpha(images, 6, 8, 0, tolerance: 0)
    }
}
