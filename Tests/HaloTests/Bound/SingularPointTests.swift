import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Paints at their singular points, and valid scenes at the edges of the limits (huge
/// glows, thick strokes, zero sizes). Expected values come
/// from the scene format's formulas (docs/scene-format.md) worked by hand (closed forms below), or from the independent
/// checker's exact images (ConformanceTests runs the `next/case-*` scenes).
final class SingularPointTests: XCTestCase {
    func scene(_ json: String) throws -> Scene { try SceneDecoder.decode(Data(json.utf8), file: "singular.json") }

    /// Both backends' 8-bit images of a scene.
    func renders(_ json: String) throws -> (cpu: RGBA8Image, gpu: RGBA8Image) {
        let s = try scene(json)
        return (try Halo.render(s, background: nil, backend: .cpu), try SharedGPU.renderer().render(Frame(s)))
    }

    func assertPixel(_ img: RGBA8Image, _ x: Int, _ y: Int, _ expected: SIMD4<Int>, within tolerance: Int, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        let p = SIMD4<Int>(truncatingIfNeeded: img[x, y])
        let d = (p &- expected)
        let m = max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
        XCTAssertLessThanOrEqual(m, tolerance, "\(what) pixel (\(x), \(y)): \(p), expected \(expected)", file: file, line: line)
    }

    /// Ellipses 1e-9 pt wide or tall (an outside stroke round them is a stadium-like band):
    /// the GPU draws them as their segment (a semi-axis under 1e-4 px is 0 in sdgEllipse,
    /// the shapes 1e-4 px apart), close to the CPU reference, which computes the ellipse
    /// itself in double: every pixel within its certified bound (ErrorBound) and 8 levels.
    /// Before, float32 bisection left them up to 239 levels off, hundreds of pixels over the
    /// bound. (The second is the scene where this was found: a linear stroke with a glow.)
    func testNearlyFlatEllipsesMatchTheCPUReference() throws {
        let scenes = [
            """
            {"format":1,"canvas":{"width":200,"height":120,"background":"#101018"},"layers":[{"shape":{"type":"ellipse","rect":[100.5,60,1e-09,50]},
             "fill":{"type":"linear","startPoint":[0,0],"endPoint":[1,1],"colors":["red","blue"]},
             "stroke":{"paint":{"type":"angular","center":[0,0],"colors":["red","yellow","blue","red"]},"width":2.5,"alignment":"outside"}}]}
            """,
            """
            {"format":1,"canvas":{"width":200,"height":120,"background":"#101018"},"layers":[{"shape":{"type":"ellipse","rect":[10,60.25,150,1e-09]},
             "fill":{"type":"linear","startPoint":[0,0],"endPoint":[1,1],"colors":["red","blue"]},
             "stroke":{"paint":{"type":"linear","startPoint":[0,0],"endPoint":[1,1],"colors":["red","blue"]},"width":0.3,"alignment":"outside"},
             "glow":{"radius":0.01}}]}
            """,
        ]
        for (n, json) in scenes.enumerated() {
            let s = try scene(json)
            let frame = Frame(s)
            let cpu = try Halo.render(s, background: nil, backend: .cpu), gpu = try SharedGPU.renderer().render(frame)
            let certified = try XCTUnwrap(CertifiedComparison(reference: cpu, actual: gpu, bound: ErrorBound(frame: frame, image: gpu)))
            XCTAssertTrue(certified.passed, "scene \(n): \(certified.violationCount) pixels over their certified bound: \(certified.violations.prefix(3))")
            XCTAssertLessThanOrEqual(certified.comparison.maxDifference, 8, "scene \(n)")
            XCTAssertGreaterThan(cpu.pixels.count { $0 > 60 }, 300, "scene \(n): the stroke is drawn")
        }
    }

    /// End points 1e-8 apart (equal in float32): t is a step at x = 8 (the start point),
    /// on the pixel boundary, so columns 0-7 are the first colour and 8-15 the last.
    func testNearlyCoincidentLinearPointsStepAtTheStartPoint() throws {
        let json = """
        {"format":1,"canvas":{"width":16,"height":4},"layers":[{"shape":{"type":"rect","rect":[0,0,16,4]},
         "fill":{"type":"linear","startPoint":[0.5,0.5],"endPoint":[0.50000001,0.5],"colors":["#FF0000","#0000FF"]}}]}
        """
        let (cpu, gpu) = try renders(json)
        for y in 0..<4 {
            for x in 0..<16 {
                let want = x < 8 ? SIMD4<Int>(255, 0, 0, 255) : SIMD4<Int>(0, 0, 255, 255)
                assertPixel(cpu, x, y, want, within: 0, "cpu")
                assertPixel(gpu, x, y, want, within: 2, "gpu")
            }
        }
    }

    /// End points that coincide once in pixels (a zero-width shape's horizontal gradient):
    /// the limit as the width goes to 0, a step across the start point along the unit-space
    /// direction. The stroke of a zero-width rect at x = 12 is [9, 15] wide: left half the
    /// first colour, right half the last.
    func testLinearPointsCoincidingInPixelsStepAlongTheirUnitDirection() throws {
        let json = """
        {"format":1,"canvas":{"width":24,"height":24},"layers":[{"shape":{"type":"rect","rect":[12,4,0,16]},
         "stroke":{"paint":{"type":"linear","startPoint":[0,0.5],"endPoint":[1,0.5],"colors":["#FF0000","#0000FF"]},"width":6}}]}
        """
        let (cpu, gpu) = try renders(json)
        for (img, tol, name) in [(cpu, 0, "cpu"), (gpu, 2, "gpu")] {
            assertPixel(img, 10, 12, SIMD4(255, 0, 0, 255), within: tol, name)
            assertPixel(img, 13, 12, SIMD4(0, 0, 255, 255), within: tol, name)
        }
    }

    /// The mean distance from the centre of a unit square to its points,
    /// (sqrt 2 + ln(1 + sqrt 2)) / 6 (a classical closed form).
    static let meanDistanceInUnitSquare = (2.0.squareRoot() + log(1 + 2.0.squareRoot())) / 6

    /// A radial gradient (radii r0 -> r1, red -> blue) centred on pixel (4, 4)'s centre:
    /// that pixel gets the paint's average, t = (mean |p - c| - r0) / (r1 - r0) over the
    /// pixel, not the colour at the centre.
    func assertRadialCentrePixelIsTheAverage(r0: Double, r1: Double, file: StaticString = #filePath, line: UInt = #line) throws -> SIMD4<Int> {
        let t = (Self.meanDistanceInUnitSquare - r0) / (r1 - r0)
        let want = SIMD4<Int>(Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()), 255)
        let json = """
        {"format":1,"canvas":{"width":9,"height":9},"layers":[{"shape":{"type":"rect","rect":[0,0,9,9]},
         "fill":{"type":"radial","startRadius":\(r0),"endRadius":\(r1),"colors":["#FF0000","#0000FF"]}}]}
        """
        let (cpu, gpu) = try renders(json)
        assertPixel(cpu, 4, 4, want, within: 1, "cpu", file: file, line: line)
        assertPixel(gpu, 4, 4, want, within: 2, "gpu", file: file, line: line)
        return want
    }

    /// Radii 0 -> 4: (231, 0, 24), worked out by hand from the format's formulas; the colour at t = 0 is (255, 0, 0).
    func testRadialCentrePixelGetsThePaintsAverage() throws {
        XCTAssertEqual(try assertRadialCentrePixelIsTheAverage(r0: 0, r1: 4), SIMD4(231, 0, 24, 255))
    }

    /// The reversed radial (radii 6 -> 0), about 16 levels from the colour at the centre.
    func testReversedRadialCentrePixelGetsThePaintsAverage() throws {
        _ = try assertRadialCentrePixelIsTheAverage(r0: 6, r1: 0)
    }

    /// A radial gradient whose whole ramp lies within half a pixel of a centre on a pixel
    /// edge (centre (12.5, 12), radius 0.5): the two pixels that share the edge each hold
    /// half the disc. Their average, by symmetry, is the disc's mean colour times its area
    /// (pi/8 of a pixel each) plus the last colour elsewhere; the disc's mean t is 2/3
    /// (mean radius of a disc: 2R/3). Red = 255 (pi/8)(1 - 2/3) = 33.4.
    func testSubPixelRadialRingOnAPixelEdgeIsAveraged() throws {
        let red = 255 * (Double.pi / 8) * (1 - 2.0 / 3)
        let want = SIMD4<Int>(Int(red.rounded()), 0, 255 - Int(red.rounded()), 255)
        let json = """
        {"format":1,"canvas":{"width":24,"height":24},"layers":[{"shape":{"type":"rect","rect":[0,0,24,24]},
         "fill":{"type":"radial","center":[0.5208333333333334,0.5],"startRadius":0,"endRadius":0.5,"colors":["#FF0000","#0000FF"]}}]}
        """
        let (cpu, gpu) = try renders(json)
        for (img, tol, name) in [(cpu, 1, "cpu"), (gpu, 2, "gpu")] {
            assertPixel(img, 12, 11, want, within: tol, name)
            assertPixel(img, 12, 12, want, within: tol, name)
        }
    }

    /// An angular gradient centred on a pixel centre, red -> green -> blue: the centre
    /// pixel gets the ramp averaged over the pixel, here by a 600 x 600 midpoint grid of
    /// the scene format's t = angle / 360 (written out below, independent of Halo's code): the
    /// colour at t = 0 (red) would be 128 levels off.
    func testAngularCentrePixelGetsThePaintsAverage() throws {
        let n = 600
        var sum = SIMD3<Double>(0, 0, 0)
        for i in 0..<n {
            for j in 0..<n {
                let x = (Double(i) + 0.5) / Double(n) - 0.5, y = (Double(j) + 0.5) / Double(n) - 0.5
                var deg = atan2(y, x) * 180 / .pi
                if deg < 0 { deg += 360 }
                let t = deg / 360
                let u = 2 * t
                let c: SIMD3<Double> = t < 0.5 ? SIMD3(1 - u, u, 0) : SIMD3(0, 2 - u, u - 1)
                sum += c
            }
        }
        let mean = sum / Double(n * n) * 255
        let want = SIMD4<Int>(Int(mean.x.rounded()), Int(mean.y.rounded()), Int(mean.z.rounded()), 255)
        let json = """
        {"format":1,"canvas":{"width":9,"height":9},"layers":[{"shape":{"type":"rect","rect":[0,0,9,9]},
         "fill":{"type":"angular","colors":["#FF0000","#00FF00","#0000FF"]}}]}
        """
        let (cpu, gpu) = try renders(json)
        assertPixel(cpu, 4, 4, want, within: 1, "cpu")
        assertPixel(gpu, 4, 4, want, within: 2, "gpu")
    }

    /// A 20 x 20 crop of a big card's corner with an inside stroke 40 wide (wider than
    /// the canvas's diagonal) is valid (docs/scene-format.md "Stroke": no upper limit) and draws.
    func testStrokeWiderThanTheCanvasIsValid() throws {
        let json = """
        {"format":1,"canvas":{"width":20,"height":20},"layers":[{"shape":{"type":"roundedRect","rect":[-100,-100,112,112],"cornerRadius":30},
         "stroke":{"paint":{"type":"solid","color":"#FF9500"},"width":40,"alignment":"inside"}}]}
        """
        let (cpu, gpu) = try renders(json)
        // Pixel (0, 0) is deep inside the stroke; pixel (19, 19) is outside the shape.
        for (img, name) in [(cpu, "cpu"), (gpu, "gpu")] {
            assertPixel(img, 0, 0, SIMD4(255, 149, 0, 255), within: 0, name)
            assertPixel(img, 19, 19, SIMD4(0, 0, 0, 0), within: 0, name)
        }
    }

    /// Huge strokes (far wider than any canvas) render without error on both backends:
    /// the whole canvas inside a circle's centred stroke is covered.
    func testHugeStrokeWidthsRender() throws {
        for width in ["1e6", "1e30", "1e300"] {
            let json = """
            {"format":1,"canvas":{"width":8,"height":8},"layers":[{"shape":{"type":"ellipse","rect":[2,2,4,4]},
             "stroke":{"paint":{"type":"solid","color":"#FFFFFF"},"width":\(width)}}]}
            """
            let (cpu, gpu) = try renders(json)
            for (img, name) in [(cpu, "cpu"), (gpu, "gpu")] {
                assertPixel(img, 0, 0, SIMD4(255, 255, 255, 255), within: 0, "\(name) width \(width)")
                assertPixel(img, 4, 4, SIMD4(255, 255, 255, 255), within: 0, "\(name) width \(width)")
            }
        }
    }

    /// A huge angle (1e308 degrees) draws as the same angle reduced mod 360 (exact in
    /// double, C fmod): the pixel's own angle is not lost in theta - angle.
    func testHugeAngularAngleEqualsItsRemainder() throws {
        func json(_ angle: String) -> String {
            """
            {"format":1,"canvas":{"width":24,"height":16},"layers":[{"shape":{"type":"rect","rect":[0,0,24,16]},
             "fill":{"type":"angular","colors":["#FF0000","#0000FF"],"angle":\(angle)}}]}
            """
        }
        let reduced = "\(fmod(1e308, 360.0))"
        let expected = try Halo.render(try scene(json(reduced)), background: nil, backend: .cpu)
        let (cpu, gpu) = try renders(json("1e308"))
        XCTAssertEqual(ImageComparison(expected, cpu)?.maxDifference, 0)
        XCTAssertLessThanOrEqual(ImageComparison(expected, gpu)?.maxDifference ?? 255, 8)
    }
}
