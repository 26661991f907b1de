import Foundation
import XCTest
@testable import HaloReference
import Halo

/// The CPU reference's paint averages over squares (``PaintAverage``): pieces of a square cut
/// by straight lines (``ConvexPiece``), hard stops of linear gradients at any angle and
/// offset (their exact value is the area on each side: ``halfPlaneCoverage``, an independent
/// closed form), and the leaf pattern's hash. Expected values come from formulas.
final class PaintAverageTests: XCTestCase {
    func testTheDiagonalCutsAUnitSquareIntoTwoTrianglesOfAreaHalfWithCentroidsASixthOff() {
        let n = Vec2(1, 1) / 2.squareRoot()
        let upper = ConvexPiece.slab(side: 1, normal: n, from: 0, to: .infinity)
        XCTAssertEqual(upper.area, 0.5, accuracy: 1e-15)
        XCTAssertEqual(upper.centroid.x, 1.0 / 6, accuracy: 1e-15)
        XCTAssertEqual(upper.centroid.y, 1.0 / 6, accuracy: 1e-15)
        let lower = ConvexPiece.slab(side: 1, normal: n, from: -.infinity, to: 0)
        XCTAssertEqual(lower.centroid.x, -1.0 / 6, accuracy: 1e-15)
        // A band of a square of side 2 along x: a rectangle 0.5 x 2 about x = 0.25.
        let band = ConvexPiece.slab(side: 2, normal: Vec2(1, 0), from: 0, to: 0.5)
        XCTAssertEqual(band.area, 1, accuracy: 1e-15)
        XCTAssertEqual(band.centroid.x, 0.25, accuracy: 1e-15)
        XCTAssertEqual(band.centroid.y, 0, accuracy: 1e-15)
    }

    /// A black-to-white hard stop at location l of a linear gradient across a 64 x 64 rect
    /// along `direction`: each pixel's mean is the area of its part past the stop line.
    func assertHardStopPixelsAreTheirAreas(direction: (Double, Double), locations: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for l in locations {
            let black = RGBA(0, 0, 0), white = RGBA(1, 1, 1)
            let stops = [ColorStop(color: black, location: 0), ColorStop(color: black, location: l),
                         ColorStop(color: white, location: l), ColorStop(color: white, location: 1)]
            let end = UnitPoint(0.5 + direction.0 / 2, 0.5 + direction.1 / 2), start = UnitPoint(0.5 - direction.0 / 2, 0.5 - direction.1 / 2)
            let paint = ResolvedPaint(Paint(.linear(start: start, end: end), stops: stops), rect: Rect(0, 0, 64, 64), time: 0, scale: 1)
            let average = PaintAverage(paint)
            let g = paint.linearGradient, gl = length(g)
            var worst = 0.0
            for j in 0..<64 {
                for i in 0..<64 {
                    let c = Vec2(Double(i) + 0.5, Double(j) + 0.5)
                    // The white side t >= l: the half-plane whose outward normal is -g / |g|.
                    let exact = halfPlaneCoverage(sd: (l - paint.paintT(at: c)) / gl, normal: -g / gl)
                    worst = max(worst, abs(average.covered(c, 1, 0).x - exact))
                }
            }
            XCTAssertLessThan(worst * 255, 0.05, "stop at \(l) along \(direction): \(worst * 255) levels", file: file, line: line)
        }
    }

    func testHardStopsAt45DegreesAreTheExactAreasAtEveryOffset() {
        // Lines x + y = 64 (2 l) cross pixel corners (l = 1/2), centres and everything between.
        assertHardStopPixelsAreTheirAreas(direction: (1, 1), locations: [0.5, 0.5 + 1.0 / 256, 0.3 + 0.25 / 64, 0.71])
    }

    func testHardStopsAtShallowAnglesAreTheExactAreas() {
        assertHardStopPixelsAreTheirAreas(direction: (1, 0.2), locations: [0.5, 0.437])
        assertHardStopPixelsAreTheirAreas(direction: (-0.3, 1), locations: [0.5, 0.61])
    }

    func testAnAngularHardStopAwayFromTheCentreIsTheExactAreaBesideItsRay() {
        // Black below t = 20/360, white above: the jump is the ray from the centre (0, 64) at
        // 20 degrees (clockwise on screen, y down), a straight line; pixels beside it from 20
        // to 120 px out (the seam, the ray at 0 degrees, is over 6 px away).
        let l = 20.0 / 360, theta = 20.0 * Double.pi / 180
        let black = RGBA(0, 0, 0), white = RGBA(1, 1, 1)
        let stops = [ColorStop(color: black, location: 0), ColorStop(color: black, location: l),
                     ColorStop(color: white, location: l), ColorStop(color: white, location: 1)]
        let paint = ResolvedPaint(Paint(.angular(center: UnitPoint(0, 0.5), angle: 0, startAngle: 0, endAngle: 360), stops: stops),
                                  rect: Rect(0, 0, 128, 128), time: 0, scale: 1)
        let centre = Vec2(0, 64), ray = Vec2(cos(theta), sin(theta)), across = Vec2(-sin(theta), cos(theta))
        XCTAssertEqual(paint.paintT(at: centre + 50 * ray + 0.01 * across), l, accuracy: 1e-4, "the ray is the stop's")
        let average = PaintAverage(paint)
        var worst = 0.0, pixels = 0
        for j in 0..<128 {
            for i in 0..<128 {
                let c = Vec2(Double(i) + 0.5, Double(j) + 0.5)
                let along = dot(c - centre, ray), side = dot(c - centre, across)
                guard along > 20, along < 120, abs(side) < 1.5 else { continue }
                let exact = halfPlaneCoverage(sd: -side, normal: -across)
                worst = max(worst, abs(average.covered(c, 1, 0).x - exact))
                pixels += 1
            }
        }
        XCTAssertGreaterThan(pixels, 200)
        XCTAssertLessThan(worst * 255, 0.05, "\(worst * 255) levels")
    }

    func testTheLeafHashIsDeterministicAndUniform() {
        var a = LeafHash(Vec2(12.34375, 7.0625)), b = LeafHash(Vec2(12.34375, 7.0625))
        XCTAssertEqual(a.next(), b.next())
        // Means of many leaves' first draws: uniform on [0, 1) has mean 1/2, variance 1/12.
        var sum = 0.0, squares = 0.0
        let n = 4096
        for k in 0..<n {
            var h = LeafHash(Vec2(Double(k % 64) / 16 + 3, Double(k / 64) / 16))
            let u = h.next()
            XCTAssertTrue(u >= 0 && u < 1)
            sum += u; squares += u * u
        }
        XCTAssertEqual(sum / Double(n), 0.5, accuracy: 0.02)
        XCTAssertEqual(squares / Double(n) - (sum / Double(n)) * (sum / Double(n)), 1.0 / 12, accuracy: 0.01)
    }
}
