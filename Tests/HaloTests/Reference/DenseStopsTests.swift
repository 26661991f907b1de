import Foundation
import XCTest
@testable import HaloReference
import Halo

/// Colour stops denser than any sample pattern: N hard-edged bands alternating black and
/// white inside one pixel, placed so that the pixel's corners see black, and its centre too
/// where N is a multiple of 4.
/// The pixel's mean is the white bands' share of its area, each band's area from a formula
/// integrated in the test (a strip's width, a disk's part of the square, a wedge's),
/// never from the renderer.
final class DenseStopsTests: XCTestCase {
    static let black = RGBA(0, 0, 0), white = RGBA(1, 1, 1)
    /// Levels (of 255) a pixel's mean may differ from its exact value.
    static let tolerance = 0.01

    /// Stops for N bands between t = a and t = b, black first, black outside.
    func bandStops(_ n: Int, from a: Double, to b: Double) -> [ColorStop] {
        var stops = [ColorStop(color: Self.black, location: 0)]
        for k in 0..<n {
            let colour = k % 2 == 0 ? Self.black : Self.white
            let lo = a + (b - a) * Double(k) / Double(n), hi = a + (b - a) * Double(k + 1) / Double(n)
            stops += [ColorStop(color: colour, location: lo), ColorStop(color: colour, location: hi)]
        }
        return stops + [ColorStop(color: Self.black, location: b), ColorStop(color: Self.black, location: 1)]
    }

    /// The pixel's mean (any channel of white over black) against `exact(n)`, for N = 2 ... 32.
    func assertBandsAverage(_ paint: (Int) -> ResolvedPaint, pixel c: Vec2, exact: (Int) -> Double,
                            file: StaticString = #filePath, line: UInt = #line) {
        for n in 2...32 {
            let mean = PaintAverage(paint(n)).covered(c, 1, 0).x
            XCTAssertEqual(mean * 255, exact(n) * 255, accuracy: Self.tolerance, "N = \(n)", file: file, line: line)
        }
    }

    /// The white bands' share: sum over white bands k (the odd ones) of area(k + 1) - area(k), where
    /// area(x) is the pixel's area below band boundary x in [0, 1].
    func whiteShare(_ n: Int, _ area: (Double) -> Double) -> Double {
        stride(from: 1, to: n, by: 2).reduce(0) { $0 + area(Double($1 + 1) / Double(n)) - area(Double($1) / Double(n)) }
    }

    /// Midpoint rule for the integral of f over [a, b] with 4 000 steps (f smooth but for a
    /// few kinks: error under 1e-7 here).
    func integral(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
        let steps = 4_000, dx = (b - a) / Double(steps)
        return (0..<steps).reduce(0) { $0 + f(a + (Double($1) + 0.5) * dx) } * dx
    }

    func testLinearBandsInsideAPixelAverageToTheWhiteBandsShare() {
        // t = x / 100 across a 100 px rect: the bands fill x in [60, 61], pixel 60 exactly.
        for interpolation in [Interpolation.srgb, .linear] {
            assertBandsAverage({ n in
                ResolvedPaint(Paint(.linear(start: UnitPoint(0, 0.5), end: UnitPoint(1, 0.5)), stops: self.bandStops(n, from: 0.6, to: 0.61),
                                    interpolation: interpolation), rect: Rect(0, 0, 100, 10), time: 0, scale: 1)
            }, pixel: Vec2(60.5, 4.5), exact: { n in self.whiteShare(n) { $0 } })
        }
    }

    func testRadialBandsInsideAPixelAverageToTheRingsArea() {
        // t = r / 200 about (0, 0): the bands fill r in [100, 101]; pixel [100, 101] x [0, 1]
        // spans r from 100 to 101.005. Area within radius rho: the integral over y of
        // sqrt(rho^2 - y^2) - 100, clamped to the pixel.
        func area(_ rho: Double) -> Double { integral(0, 1) { y in min(max((rho * rho - y * y).squareRoot() - 100, 0), 1) } }
        assertBandsAverage({ n in
            ResolvedPaint(Paint(.radial(center: UnitPoint(0, 0), startRadius: 0, endRadius: 200), stops: self.bandStops(n, from: 0.5, to: 0.505)),
                          rect: Rect(0, 0, 200, 200), time: 0, scale: 1)
        }, pixel: Vec2(100.5, 0.5), exact: { n in self.whiteShare(n) { area(100 + $0) } })
    }

    func testAngularBandsInsideAPixelAverageToTheWedgesArea() {
        // t = angle / 360 about (0, 0): the bands fill 30 ... 60 degrees; pixel [1, 2] x [1, 2]
        // spans 26.6 ... 63.4 degrees. Area below the ray at angle theta: the integral over
        // x of x tan(theta) - 1, clamped to the pixel.
        func area(_ theta: Double) -> Double { integral(1, 2) { x in min(max(x * tan(theta) - 1, 0), 1) } }
        assertBandsAverage({ n in
            ResolvedPaint(Paint(.angular(center: UnitPoint(0, 0), angle: 0, startAngle: 0, endAngle: 360),
                                stops: self.bandStops(n, from: 30.0 / 360, to: 60.0 / 360)),
                          rect: Rect(0, 0, 64, 64), time: 0, scale: 1)
        }, pixel: Vec2(1.5, 1.5), exact: { n in self.whiteShare(n) { area((30 + 30 * $0) * .pi / 180) } })
    }

    func testAngularBandsInThePixelThatHoldsTheCentreAverageToTheWedgesArea() {
        // The centre at the pixel's corner (0, 0), the bands fill 0 ... 90 degrees: the area of
        // [0, 1]^2 below the ray at theta is tan(theta) / 2 up to 45 degrees, then
        // 1 - 1 / (2 tan(theta)).
        func area(_ theta: Double) -> Double { theta <= .pi / 4 ? tan(theta) / 2 : 1 - 1 / (2 * tan(theta)) }
        assertBandsAverage({ n in
            ResolvedPaint(Paint(.angular(center: UnitPoint(0, 0), angle: 0, startAngle: 0, endAngle: 360),
                                stops: self.bandStops(n, from: 0, to: 0.25)),
                          rect: Rect(0, 0, 64, 64), time: 0, scale: 1)
        }, pixel: Vec2(0.5, 0.5), exact: { n in self.whiteShare(n) { area(90 * $0 * .pi / 180) } })
    }

    func testAPixelWithStopsInsideIsNotTakenAsLinearEvenWhereItsSamplesAgree() {
        // 16 bands inside pixel 60 whose corners and centre all see black (x = 60 and 60.5
        // start black bands, x = 61 is past the bands).
        let paint = ResolvedPaint(Paint(.linear(start: UnitPoint(0, 0.5), end: UnitPoint(1, 0.5)), stops: bandStops(16, from: 0.6, to: 0.61)),
                                  rect: Rect(0, 0, 100, 10), time: 0, scale: 1)
        let c = Vec2(60.5, 4.5)
        for p in [c, c + Vec2(-0.5, -0.5), c + Vec2(0.5, -0.5), c + Vec2(-0.5, 0.5), c + Vec2(0.5, 0.5)] {
            XCTAssertEqual(paint.color(at: p), Premul(0, 0, 0, 1))
        }
        XCTAssertFalse(PaintAverage(paint).isLinear(c, 1, corners: nil, pixel: 0))
        XCTAssertTrue(PaintAverage(paint).isLinear(c + Vec2(5, 0), 1, corners: nil, pixel: 0))
    }
}
