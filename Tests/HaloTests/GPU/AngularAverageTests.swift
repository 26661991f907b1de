import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
@testable import HaloTesting

/// An angular paint of many hard-edged spokes, where one pixel holds several jumps: the GPU
/// averages it piece by piece in the angle (angularAverage in
/// Shaders/lib/angular_average.glsl), and its certified bound says so (AngularPieceTerm).
/// Expected colours come from the scene format's t = angle / 360 (docs/scene-format.md
/// "Paints"), integrated over the pixel by a midpoint grid written out below, or from a
/// symmetry.
final class AngularAverageTests: XCTestCase {
    /// White and #0B85FF spokes, `count` of them alternating from the seam, filling a
    /// size x size canvas, centred on the canvas's middle.
    static func spokes(_ count: Int, size: Int, centre: (Double, Double) = (0.5, 0.5), shape: String = "rect", rect: String? = nil) -> String {
        var stops: [String] = []
        for k in 0..<count {
            let c = k % 2 == 0 ? "#FFFFFF" : "#0B85FF"
            let a = Double(k) / Double(count), b = Double(k + 1) / Double(count)
            stops.append(#"{"color":"\#(c)","location":\#(a)},{"color":"\#(c)","location":\#(b)}"#)
        }
        return """
        {"format":1,"canvas":{"width":\(size),"height":\(size),"background":"#000000"},"layers":[{"shape":{"type":"\(shape)","rect":[\(rect ?? "0,0,\(size),\(size)")]},
         "fill":{"type":"angular","center":[\(centre.0),\(centre.1)],"stops":[\(stops.joined(separator: ","))]}}]}
        """
    }

    func render(_ json: String) throws -> RGBA8Image {
        try SharedGPU.renderer().render(Frame(try SceneDecoder.decode(Data(json.utf8), file: "spokes.json")))
    }

    /// The spokes' colours averaged over the pixel (px, py) of a canvas centred at (cx, cy):
    /// a 400 x 400 midpoint grid, each point's spoke from its angle (y down, clockwise from +x).
    /// Within `disc` (centre, radius) only, on black: premultiplied, the covered share of
    /// the pixel times its colours.
    func gridAverage(count: Int, centre: (Double, Double), pixel: (Int, Int), disc: (Double, Double, Double)? = nil) -> SIMD3<Double> {
        let n = 400
        var sum = SIMD3<Double>(0, 0, 0)
        for i in 0..<n {
            for j in 0..<n {
                let x = Double(pixel.0) + (Double(i) + 0.5) / Double(n), y = Double(pixel.1) + (Double(j) + 0.5) / Double(n)
                var deg = atan2(y - centre.1, x - centre.0) * 180 / .pi
                if deg < 0 { deg += 360 }
                if let (dx, dy, r) = disc, (x - dx) * (x - dx) + (y - dy) * (y - dy) > r * r { continue }
                let k = min(Int(deg / 360 * Double(count)), count - 1)
                sum += k % 2 == 0 ? SIMD3(255, 255, 255) : SIMD3(11, 133, 255)
            }
        }
        return sum / Double(n * n)
    }

    func assertPixel(_ img: RGBA8Image, _ x: Int, _ y: Int, _ expected: SIMD3<Double>, within tolerance: Double,
                     file: StaticString = #filePath, line: UInt = #line) {
        let p = img[x, y]
        let got = SIMD3<Double>(Double(p.x), Double(p.y), Double(p.z))
        let d = got - expected
        XCTAssertLessThanOrEqual(max(abs(d.x), max(abs(d.y), abs(d.z))), tolerance,
                                 "pixel (\(x), \(y)): \(p), expected \(expected)", file: file, line: line)
    }

    /// 72 spokes meeting at the centre of pixel (4, 4): mirrored in the horizontal line
    /// through the centre, the spoke [k, k + 1] * 5 degrees becomes [71 - k, 72 - k] * 5, of
    /// the other colour, and the pixel square is its own mirror image: each colour covers
    /// exactly half the pixel, which is their mean (133, 194, 255). 144 jumps in one pixel;
    /// 128 rays put 16 of them between two rays.
    func testSpokesMeetingAtAPixelCentreAverageToTheirTwoColoursMean() throws {
        let gpu = try render(Self.spokes(72, size: 9))
        assertPixel(gpu, 4, 4, SIMD3(133, 194, 255), within: 1)
    }

    /// The 72 spokes' centre off the pixel's centre, at (4.23, 4.77) of a 9 x 9 canvas:
    /// pixel (4, 4) holds it, and every colour's share is its exact area (the midpoint grid).
    func testSpokesMeetingOffAPixelsCentreTakeTheirExactAreas() throws {
        let gpu = try render(Self.spokes(72, size: 9, centre: (0.47, 0.53)))
        assertPixel(gpu, 4, 4, gridAverage(count: 72, centre: (4.23, 4.77), pixel: (4, 4)), within: 1.5)
    }

    /// 120 spokes of 3 degrees seen from 7.6 px away: pixel (19, 15) of a 25 x 25 canvas
    /// centred at (12.5, 12.5) spans about 7.5 degrees, three jumps; pixel (20, 12) is
    /// halved by the seam (the ray y = 12.5) and holds a jump on each side of it, 3 degrees
    /// away. The single straight jump took the far side's colour across the seam.
    func testSeveralSpokesInAPixelAwayFromTheCentreTakeTheirExactAreas() throws {
        let gpu = try render(Self.spokes(120, size: 25))
        for (x, y) in [(19, 15), (20, 12), (18, 12), (12, 4)] {
            assertPixel(gpu, x, y, gridAverage(count: 120, centre: (12.5, 12.5), pixel: (x, y)), within: 1.5)
        }
    }

    /// The CPU reference near the centre of 120 spokes of 3 degrees, where a pixel beside
    /// the centre holds dozens of jumps and a 1/16 px leaf several: every pixel within 3 px
    /// of the centre takes each colour's exact area (the midpoint grid). Its quadtree splits
    /// wherever the square's range of angles holds a stop and cuts leaves along the rays.
    func testTheReferenceTakesExactAreasAtTheCentreOfDenseSpokes() throws {
        let frame = Frame(try SceneDecoder.decode(Data(Self.spokes(120, size: 25).utf8), file: "spokes.json"))
        let cpu = ReferenceRenderer().render(frame).toRGBA8()
        for y in 9...15 {
            for x in 9...15 {
                assertPixel(cpu, x, y, gridAverage(count: 120, centre: (12.5, 12.5), pixel: (x, y)), within: 1)
            }
        }
    }

    /// A disc of 72 spokes, radius 24.5 about (25, 25) (case-b48-angular-spokes' disc): at
    /// its rim a partly covered pixel holds a spoke's edge across the disc's slanted edge, its
    /// covered part no rectangle about the jump; each colour takes its exact share of the
    /// covered part (the grid, the disc's edge included). The strip's rectangle was 3 to 7
    /// levels off at these pixels.
    func testPartlyCoveredPixelsAtTheRimOfASpokedDiscTakeTheirColoursExactAreas() throws {
        let gpu = try render(Self.spokes(72, size: 50, shape: "ellipse", rect: "0.5,0.5,49,49"))
        for (x, y) in [(47, 14), (2, 35), (14, 2), (35, 47), (6, 9), (9, 6), (12, 46), (48, 18)] {
            assertPixel(gpu, x, y, gridAverage(count: 72, centre: (25, 25), pixel: (x, y), disc: (25, 25, 24.5)), within: 1.5)
        }
    }

    /// At the 72 spokes' centre pixel the certified bound is a level at most (exact areas
    /// between hard stops, AngularPieceTerm), and the GPU lies within it of the two colours'
    /// mean (the symmetry above). The checker's exact image of case-b48-angular-spokes holds
    /// it across a whole disc of spokes (ConformanceTests).
    func testTheCertifiedBoundAtTheSpokesCentreIsALevelAndHolds() throws {
        let frame = Frame(try SceneDecoder.decode(Data(Self.spokes(72, size: 9).utf8), file: "spokes.json"))
        let gpu = try SharedGPU.renderer().render(frame)
        let bound = ErrorBound(frame: frame, image: gpu).levels[4 * 9 + 4]
        XCTAssertLessThanOrEqual(Double(bound), 1)
        assertPixel(gpu, 4, 4, SIMD3(133, 194, 255), within: Double(bound) + CertifiedComparison.roundingAllowance)
    }

    /// Between hard stops the colour is constant on each piece: the bound is float32's alone,
    /// under a tenth of a level beside the centre.
    func testTheBoundOfHardEdgedSpokesIsUnderATenthOfALevel() {
        var stops: [ColorStop] = []
        for k in 0..<72 {
            let c = k % 2 == 0 ? RGBA(1, 1, 1, 1) : RGBA(0, 0.5, 1, 1)
            stops += [ColorStop(color: c, location: Double(k) / 72), ColorStop(color: c, location: Double(k + 1) / 72)]
        }
        let ramp = GradientRamp(stops: stops, interpolation: .srgb)
        let b = AngularPieceTerm.bound(ramp, span: 360, centre: Vec2(4.5, 4.5), at: Vec2(4.5, 4.5), intervals: [(0, 1)])
        XCTAssertLessThan(b * 255, 0.1)
    }

    /// Black to white over a whole turn: the colour changes by 1 / 128 of full scale across
    /// each of the 128 pieces of a pixel holding the centre, so the bound is half that.
    func testTheBoundOfASmoothRampIsHalfItsChangeAcrossAPiece() {
        let ramp = GradientRamp(stops: [ColorStop(color: RGBA(0, 0, 0, 1), location: 0), ColorStop(color: RGBA(1, 1, 1, 1), location: 1)],
                                interpolation: .srgb)
        let b = AngularPieceTerm.bound(ramp, span: 360, centre: Vec2(4.5, 4.5), at: Vec2(4.5, 4.5), intervals: [(0, 1)])
        XCTAssertEqual(b, 0.5 / 128, accuracy: 1e-4)
    }
}
