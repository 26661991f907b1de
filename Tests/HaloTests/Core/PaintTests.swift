import Foundation
import XCTest
import Halo

/// docs/scene-format.md "Paints" and "Animation": gradient parameters, colour mixing and
/// motion, checked through ``ResolvedPaint`` (geometry in pixels) against
/// colours mixed by hand.
final class PaintTests: XCTestCase {

    private let red = RGBA(1, 0, 0)
    private let blue = RGBA(0, 0, 1)
    private let green = RGBA(0, 1, 0)

    private func premul(_ c: RGBA) -> SIMD4<Double> { SIMD4(c.r * c.a, c.g * c.a, c.b * c.a, c.a) }

    private func angular(_ colors: [RGBA], angle: Double = 0, startAngle: Double = 0, endAngle: Double = 360,
                         animation: Animation? = nil) -> Paint {
        Paint(.angular(center: UnitPoint(0.5, 0.5), angle: angle, startAngle: startAngle, endAngle: endAngle),
              stops: Paint.evenStops(colors), animation: animation)
    }

    /// A point at clockwise angle `degrees` (on screen, y down) and distance 30 from (50, 50).
    private func around(_ degrees: Double) -> Vec2 {
        let a = degrees * .pi / 180
        return Vec2(50 + 30 * cos(a), 50 + 30 * sin(a))
    }

    private let square = Rect(0, 0, 100, 100)

    // MARK: - Angular

    func testAngularColourAtTwelveOClockIsThreeQuartersAlongTheStops() {
        // Twelve o'clock is theta = 270 (clockwise from +x with y down), so with
        // angle 0, t = 0.75: midway between the stops at 0.5 (red) and 1 (half-
        // transparent blue), mixed premultiplied: (0.5 (1, 0, 0, 1) + 0.5 (0, 0, 0.5, 0.5)).
        let paint = angular([green, red, RGBA(0, 0, 1, 0.5)])
        let rp = ResolvedPaint(paint, rect: square, time: 0, scale: 1)
        XCTAssertEqual(rp.paintT(at: Vec2(50, 10)), 0.75, accuracy: 1e-12)
        assertClose(rp.color(at: Vec2(50, 10)), SIMD4(0.5, 0, 0.25, 0.75), tolerance: 1e-12)
    }

    func testAngularParameterTurnsClockwiseOnScreen() {
        let rp = ResolvedPaint(angular([red, blue]), rect: square, time: 0, scale: 1)
        XCTAssertEqual(rp.paintT(at: Vec2(90, 50)), 0, accuracy: 1e-12)      // 3 o'clock
        XCTAssertEqual(rp.paintT(at: Vec2(50, 90)), 0.25, accuracy: 1e-12)   // 6 o'clock (y down)
        XCTAssertEqual(rp.paintT(at: Vec2(10, 50)), 0.5, accuracy: 1e-12)    // 9 o'clock
    }

    func testAngularAngleMovesWhereTheGradientStarts() {
        // angle 90: t = 0 points at 6 o'clock, and 12 o'clock is (270 - 90) / 360 = 0.5.
        let rp = ResolvedPaint(angular([red, blue], angle: 90), rect: square, time: 0, scale: 1)
        XCTAssertEqual(rp.paintT(at: Vec2(50, 10)), 0.5, accuracy: 1e-12)
        XCTAssertEqual(rp.paintT(at: around(100)), 10.0 / 360, accuracy: 1e-12)
    }

    func testAngularParameterAtTheExactCentreIsZero() {
        let rp = ResolvedPaint(angular([red, blue], angle: 45), rect: square, time: 0, scale: 1)
        XCTAssertEqual(rp.paintT(at: Vec2(50, 50)), 0)
    }

    func testAngularCentreIsAUnitPointOfTheBoundingRect() {
        // Centre (0.25, 1) of [20, 10, 80, 40] at scale 2 is pixel ((20 + 20) 2, (10 + 40) 2) = (80, 100).
        let paint = Paint(.angular(center: UnitPoint(0.25, 1), angle: 0, startAngle: 0, endAngle: 360), stops: Paint.evenStops([red, blue]))
        let rp = ResolvedPaint(paint, rect: Rect(20, 10, 80, 40), time: 0, scale: 2)
        guard case .angular(let c, _, _) = rp.geometry else { return XCTFail("not angular") }
        XCTAssertEqual(c, Vec2(80, 100))
    }

    func testAngularRotationByAQuarterPeriodAddsNinetyDegrees() {
        let paint = angular([red, green, blue], angle: 10, animation: .rotation(period: 4, clockwise: true))
        let at0 = ResolvedPaint(paint, rect: square, time: 0, scale: 1)
        let atQuarter = ResolvedPaint(paint, rect: square, time: 1, scale: 1)
        guard case .angular(_, let a0, _) = at0.geometry, case .angular(_, let a1, _) = atQuarter.geometry else {
            return XCTFail("not angular")
        }
        XCTAssertEqual(a1 - a0, 90, accuracy: 1e-9)
        // What was at 3 o'clock is now at 6 o'clock (clockwise on screen).
        for theta in stride(from: 0.0, to: 360, by: 37) {
            assertClose(atQuarter.color(at: around(theta + 90)), at0.color(at: around(theta)), tolerance: 1e-9, "theta \(theta)")
        }
    }

    func testCounterclockwiseRotationTurnsTheOtherWay() {
        let paint = angular([red, green, blue], animation: .rotation(period: 4, clockwise: false))
        let at0 = ResolvedPaint(paint, rect: square, time: 0, scale: 1)
        let atQuarter = ResolvedPaint(paint, rect: square, time: 1, scale: 1)
        for theta in stride(from: 0.0, to: 360, by: 37) {
            assertClose(atQuarter.color(at: around(theta - 90)), at0.color(at: around(theta)), tolerance: 1e-9, "theta \(theta)")
        }
    }

    func testRotationAfterAWholePeriodIsTheStartAgain() {
        let paint = angular([red, green, blue], angle: 20, animation: .rotation(period: 3, clockwise: true))
        let at0 = ResolvedPaint(paint, rect: square, time: 0, scale: 1)
        let later = ResolvedPaint(paint, rect: square, time: 3 * 1000, scale: 1)
        for theta in stride(from: 5.0, to: 360, by: 41) {
            assertClose(later.color(at: around(theta)), at0.color(at: around(theta)), tolerance: 1e-9)
        }
    }

    func testPartialSweepGapTakesTheEndColourThenTheStartColour() {
        // Sweep 0...180 from red to blue; the gap is 180...360: blue for its first
        // half (180...270), red for its second (270...360).
        let rp = ResolvedPaint(angular([red, blue], startAngle: 0, endAngle: 180), rect: square, time: 0, scale: 1)
        assertClose(rp.color(at: around(90)), SIMD4(0.5, 0, 0.5, 1), tolerance: 1e-12)   // inside the sweep, t = 1/2
        assertClose(rp.color(at: around(200)), premul(blue), tolerance: 1e-12)
        assertClose(rp.color(at: around(265)), premul(blue), tolerance: 1e-12)
        assertClose(rp.color(at: around(275)), premul(red), tolerance: 1e-12)
        assertClose(rp.color(at: around(350)), premul(red), tolerance: 1e-12)
    }

    func testPartialSweepStartAngleIsRelativeToAngle() {
        // angle 90 + startAngle 45: the sweep of 90 degrees starts at theta = 135,
        // so theta = 180 is t = 45 / 90.
        let rp = ResolvedPaint(angular([red, blue], angle: 90, startAngle: 45, endAngle: 135), rect: square, time: 0, scale: 1)
        XCTAssertEqual(rp.paintT(at: around(180)), 0.5, accuracy: 1e-12)
    }

    // MARK: - Linear

    func testLinearParameterIsTheProjectionOntoStartToEnd() {
        // Start (0, 0), end (1, 1) of a 200 x 100 rect: e - s = (200, 100); at the
        // top middle (100, 0), t = (100 * 200) / (200^2 + 100^2) = 0.4.
        let paint = Paint(.linear(start: UnitPoint(0, 0), end: UnitPoint(1, 1)), stops: Paint.evenStops([red, blue]))
        let rp = ResolvedPaint(paint, rect: Rect(0, 0, 200, 100), time: 0, scale: 1)
        XCTAssertEqual(rp.paintT(at: Vec2(100, 0)), 0.4, accuracy: 1e-12)
        assertClose(rp.color(at: Vec2(100, 0)), SIMD4(0.6, 0, 0.4, 1), tolerance: 1e-12)
    }

    func testLinearParameterClampsBeyondTheEnds() {
        let paint = Paint(.linear(start: UnitPoint(0, 0.5), end: UnitPoint(1, 0.5)), stops: Paint.evenStops([red, blue]))
        let rp = ResolvedPaint(paint, rect: Rect(0, 0, 100, 50), time: 0, scale: 1)
        assertClose(rp.color(at: Vec2(-30, 25)), premul(red), tolerance: 0)
        assertClose(rp.color(at: Vec2(150, 7)), premul(blue), tolerance: 0)
        assertClose(rp.color(at: Vec2(25, 40)), SIMD4(0.75, 0, 0.25, 1), tolerance: 1e-12)
    }

    /// The pixel-space start and end of a linear paint of red to blue resolved at `time`.
    private func linearAxis(start: UnitPoint, end: UnitPoint, animation: Animation, rect: Rect,
                            time: Double, scale: Double) -> (Vec2, Vec2) {
        let paint = Paint(.linear(start: start, end: end), stops: Paint.evenStops([red, blue]), animation: animation)
        guard case .linear(let s, let e) = ResolvedPaint(paint, rect: rect, time: time, scale: scale).geometry else {
            XCTFail("not linear")
            return (Vec2(.nan, .nan), Vec2(.nan, .nan))
        }
        return (s, e)
    }

    private func assertPoint(_ p: Vec2, _ x: Double, _ y: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: 1e-9, what, file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: 1e-9, what, file: file, line: line)
    }

    func testCornerCycleAfterOneStepMovesStartFromTopLeftToTopRight() {
        // f(u, v) = (1 - v, u): f(0, 0) = (1, 0) and f(1, 1) = (0, 1). For the rect
        // [10, 20, 200, 100] at scale 2 those are pixels (420, 40) and (20, 240).
        let (s, e) = linearAxis(start: UnitPoint(0, 0), end: UnitPoint(1, 1), animation: .cornerCycle(stepDuration: 2),
                                rect: Rect(10, 20, 200, 100), time: 2, scale: 2)
        assertPoint(s, 420, 40, "start")
        assertPoint(e, 20, 240, "end")
    }

    func testCornerCycleHalfwayThroughAStepIsTheMidpointOfItsTwoCorners() {
        // t = 1.5 D: lerp(f(0, 0), f^2(0, 0), 1/2) = lerp((1, 0), (1, 1), 1/2) = (1, 0.5).
        let (s, e) = linearAxis(start: UnitPoint(0, 0), end: UnitPoint(1, 1), animation: .cornerCycle(stepDuration: 2),
                                rect: Rect(0, 0, 100, 50), time: 3, scale: 1)
        assertPoint(s, 100, 25, "start")
        // End: lerp(f(1, 1), f^2(1, 1), 1/2) = lerp((0, 1), (0, 0), 1/2) = (0, 0.5).
        assertPoint(e, 0, 25, "end")
    }

    func testCornerCycleRepeatsEveryFourSteps() {
        let axis = { (t: Double) in
            self.linearAxis(start: UnitPoint(0.2, 0), end: UnitPoint(0.9, 1), animation: .cornerCycle(stepDuration: 0.5),
                            rect: Rect(0, 0, 100, 50), time: t, scale: 1)
        }
        let (s0, e0) = axis(0.3), (s1, e1) = axis(0.3 + 2)
        assertPoint(s1, s0.x, s0.y, "start")
        assertPoint(e1, e0.x, e0.y, "end")
    }

    func testLinearRotationByHalfAPeriodSwapsStartAndEndAboutTheRectCentre() {
        // Points turn about the rect's centre (60, 45) in pixels: (10, 20) <-> (110, 70).
        let (s, e) = linearAxis(start: UnitPoint(0, 0), end: UnitPoint(1, 1), animation: .rotation(period: 2, clockwise: true),
                                rect: Rect(10, 20, 100, 50), time: 1, scale: 1)
        assertPoint(s, 110, 70, "start")
        assertPoint(e, 10, 20, "end")
    }

    func testLinearRotationByAQuarterPeriodTurnsClockwiseOnScreen() {
        // Start (0, 0.5) -> end (1, 0.5) of a 100 x 100 square points right; a quarter
        // turn clockwise on screen (y down) makes it point down: start (50, 0), end (50, 100).
        let (s, e) = linearAxis(start: UnitPoint(0, 0.5), end: UnitPoint(1, 0.5), animation: .rotation(period: 8, clockwise: true),
                                rect: square, time: 2, scale: 1)
        assertPoint(s, 50, 0, "start")
        assertPoint(e, 50, 100, "end")
    }

    // MARK: - Radial

    func testRadialParameterIsTheDistanceBetweenTheRadii() {
        // Radii 10 and 30 points at scale 2; a pixel 40 px = 20 pt from the centre is t = 1/2.
        let paint = Paint(.radial(center: UnitPoint(0.5, 0.5), startRadius: 10, endRadius: 30), stops: Paint.evenStops([red, blue]))
        let rp = ResolvedPaint(paint, rect: square, time: 0, scale: 2)
        XCTAssertEqual(rp.paintT(at: Vec2(100 + 24, 100 + 32)), 0.5, accuracy: 1e-12)
        assertClose(rp.color(at: Vec2(100, 100)), premul(red), tolerance: 0)
        assertClose(rp.color(at: Vec2(100, 300)), premul(blue), tolerance: 0)
    }

    // MARK: - Stops and mixing

    func testTwoStopsAtOneLocationMakeAHardEdge() {
        let stops = [ColorStop(color: red, location: 0), ColorStop(color: red, location: 0.5),
                     ColorStop(color: blue, location: 0.5), ColorStop(color: blue, location: 1)]
        let ramp = GradientRamp(stops: stops, interpolation: .srgb)
        assertClose(ramp.color(at: 0.4999), premul(red), tolerance: 1e-12)
        assertClose(ramp.color(at: 0.5001), premul(blue), tolerance: 1e-12)
    }

    func testOneStopIsASolidColour() {
        let ramp = GradientRamp(stops: [ColorStop(color: green, location: 0.3)], interpolation: .oklab)
        for t in [-1.0, 0, 0.3, 0.7, 2] { assertClose(ramp.color(at: t), premul(green), tolerance: 0) }
    }

    func testStopColoursHoldBeforeTheFirstAndAfterTheLastLocation() {
        let ramp = GradientRamp(stops: [ColorStop(color: red, location: 0.2), ColorStop(color: blue, location: 0.8)], interpolation: .srgb)
        assertClose(ramp.color(at: 0.1), premul(red), tolerance: 0)
        assertClose(ramp.color(at: 0.9), premul(blue), tolerance: 0)
        assertClose(ramp.color(at: 0.5), SIMD4(0.5, 0, 0.5, 1), tolerance: 1e-12)
    }

    func testSRGBMixingIsPremultiplied() {
        // Opaque red to clear: halfway is (0.5, 0, 0, 0.5) premultiplied, i.e. red at
        // half alpha, not a darkened red.
        let ramp = GradientRamp(stops: Paint.evenStops([red, RGBA(0, 0, 0, 0)]), interpolation: .srgb)
        assertClose(ramp.color(at: 0.5), SIMD4(0.5, 0, 0, 0.5), tolerance: 1e-12)
    }

    func testLinearLightMixingOfRedAndBlueHalfway() {
        // In linear light red and blue are 1 and 0 per channel: halfway is 0.5 each,
        // encoded 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357.
        let encodedHalf = 1.055 * pow(0.5, 1 / 2.4) - 0.055
        let ramp = GradientRamp(stops: Paint.evenStops([red, blue]), interpolation: .linear)
        assertClose(ramp.color(at: 0.5), SIMD4(encodedHalf, 0, encodedHalf, 1), tolerance: 1e-4)
    }

    func testOklabMixingOfAColourWithItselfIsThatColour() {
        let c = RGBA(0.2, 0.6, 0.9)
        let ramp = GradientRamp(stops: Paint.evenStops([c, c]), interpolation: .oklab)
        for t in [0.0, 0.25, 0.5, 1] { assertClose(ramp.color(at: t), premul(c), tolerance: 1e-6) }
    }

    func testOklabMixingOfWhiteAndBlackStaysGrey() {
        // Oklab's axes a, b are 0 for every grey: the mix of white and black is grey.
        let ramp = GradientRamp(stops: Paint.evenStops([RGBA(1, 1, 1), RGBA(0, 0, 0)]), interpolation: .oklab)
        let m = ramp.color(at: 0.37)
        XCTAssertEqual(m.x, m.y, accuracy: 1e-6)
        XCTAssertEqual(m.y, m.z, accuracy: 1e-6)
    }

    // MARK: - Timing (docs/scene-format.md "Animation", "Timing functions")

    func testTimingFunctionsMatchCSSValues() {
        // Values of CSS's curves, from the cubic Bezier solved by hand (Newton on x(s) = p,
        // then y(s)): ease(0.5) = 0.80240, easeInOut(0.3) = 0.18739, easeIn(0.75) = 0.62186.
        XCTAssertEqual(TimingFunction.ease(0.5), 0.80240, accuracy: 1e-5)
        XCTAssertEqual(TimingFunction.easeInOut(0.3), 0.18739, accuracy: 1e-5)
        XCTAssertEqual(TimingFunction.easeIn(0.75), 0.62186, accuracy: 1e-5)
        XCTAssertEqual(TimingFunction.linear(0.37), 0.37)
        for t in [TimingFunction.ease, .easeIn, .easeOut, .easeInOut] {
            XCTAssertEqual(t(0), 0)
            XCTAssertEqual(t(1), 1)
        }
    }

    func testEasedRotationTurnsByTheCurveOfTheCyclesProgress() {
        // Period 3 s, easeInOut, t = 0.9 s: f = 0.3, turned 360 x 0.18739 = 67.46 degrees.
        let paint = angular([red, green, blue], angle: 0,
                            animation: .rotation(period: 3, clockwise: true, motion: Motion(timing: .easeInOut)))
        guard case .angular(_, let a, _) = ResolvedPaint(paint, rect: square, time: 0.9, scale: 1).geometry else { return XCTFail() }
        XCTAssertEqual(a, 360 * 0.18739, accuracy: 1e-2)
    }

    func testReversingRotationRunsItsOddCyclesBackTimeMirrored() {
        // Period 2, easeIn, counterclockwise, reverse, t = 2.5: k = 1 (odd), f = 0.25, so the
        // turn is -360 easeIn(0.75) = -223.87 degrees, i.e. 136.13 modulo 360.
        let paint = angular([red, green, blue], angle: 0,
                            animation: .rotation(period: 2, clockwise: false, motion: Motion(timing: .easeIn, reverses: true)))
        guard case .angular(_, let a, _) = ResolvedPaint(paint, rect: square, time: 2.5, scale: 1).geometry else { return XCTFail() }
        XCTAssertEqual((a + 720).truncatingRemainder(dividingBy: 360), 360 - 360 * 0.62186, accuracy: 1e-2)
    }

    func testDelayedMotionRestsInItsTimeZeroStateUntilTheDelay() {
        let paint = angular([red, green, blue], angle: 30,
                            animation: .rotation(period: 2, clockwise: true, motion: Motion(delay: 1.5)))
        for t in [-1.0, 0, 1.5] {
            guard case .angular(_, let a, _) = ResolvedPaint(paint, rect: square, time: t, scale: 1).geometry else { return XCTFail() }
            XCTAssertEqual(a, 30, accuracy: 1e-9, "t = \(t)")
        }
    }

    func testReversingCornerCycleStepsToTheNextCornerAndBack() {
        // stepDuration 1, easeInOut, delay 0.25, reverse, t = 1.6: tau = 1.35, k = 1 (odd),
        // f = 0.35, b = easeInOut(0.65) = 0.74450: startPoint = lerp((0, 0), (1, 0), b).
        let (s, e) = linearAxis(start: UnitPoint(0, 0), end: UnitPoint(1, 1),
                                animation: .cornerCycle(stepDuration: 1, motion: Motion(timing: .easeInOut, delay: 0.25, reverses: true)),
                                rect: Rect(0, 0, 100, 100), time: 1.6, scale: 1)
        XCTAssertEqual(s.x, 74.450, accuracy: 1e-2); XCTAssertEqual(s.y, 0, accuracy: 1e-9)
        XCTAssertEqual(e.x, 100 - 74.450, accuracy: 1e-2); XCTAssertEqual(e.y, 100, accuracy: 1e-9)
    }
}
