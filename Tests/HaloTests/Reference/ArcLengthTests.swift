import Foundation
import XCTest
@testable import HaloCore

/// docs/scene-format.md "Outline and arc length": every outline starts where the top side leaves the
/// top-left corner (an ellipse at its rightmost point), runs clockwise on screen, and s(p)
/// is the arc length of p's nearest outline point, the smallest s where several are
/// equally near. Expected values come from closed forms (perimeters, distances along
/// sides), Ramanujan's ellipse perimeter and fine polylines, not from OutlineArc.
final class ArcLengthTests: XCTestCase {
    private func arc(_ shape: Shape, scale: Double = 1) -> OutlineArc { OutlineArc(Outline(shape, scale: scale)) }

    func testARectsLengthIsItsPerimeterAndSRunsClockwiseFromTheTopLeftCorner() {
        let a = arc(Shape(kind: .rect, rect: Rect(60, 72, 80, 30)))
        XCTAssertEqual(a.length, 220, accuracy: 1e-12)
        XCTAssertEqual(a.arcLength(at: Vec2(70, 71)), 10, accuracy: 1e-12)      // top side, going right
        XCTAssertEqual(a.arcLength(at: Vec2(141, 77)), 85, accuracy: 1e-12)     // right side, going down
        XCTAssertEqual(a.arcLength(at: Vec2(135, 103)), 115, accuracy: 1e-12)   // bottom, going left
        XCTAssertEqual(a.arcLength(at: Vec2(59, 97)), 195, accuracy: 1e-12)     // left, going up
    }

    func testTheMitreOutsideASharpCornerTakesTheCornersArcLength() {
        let a = arc(Shape(kind: .rect, rect: Rect(60, 72, 80, 30)))
        XCTAssertEqual(a.arcLength(at: Vec2(57, 70)), 0, accuracy: 1e-12)       // the start corner: 0, not L
        XCTAssertEqual(a.arcLength(at: Vec2(143, 69)), 80, accuracy: 1e-12)
        XCTAssertEqual(a.arcLength(at: Vec2(142, 105)), 110, accuracy: 1e-12)
        XCTAssertEqual(a.arcLength(at: Vec2(58, 104)), 190, accuracy: 1e-12)
    }

    func testOnTheMedialAxisTheSmallestArcLengthWins() {
        let a = arc(Shape(kind: .rect, rect: Rect(0, 0, 40, 40)))
        // The centre is equally near all four sides: the top side's (20, 0), s = 20.
        XCTAssertEqual(a.arcLength(at: Vec2(20, 20)), 20, accuracy: 1e-12)
        // On the top-left diagonal: the top side (s = 5), not the left side (s = 155).
        XCTAssertEqual(a.arcLength(at: Vec2(5, 5)), 5, accuracy: 1e-12)
        // On the top-right diagonal: the top side (s = 35) before the right side (s = 45).
        XCTAssertEqual(a.arcLength(at: Vec2(35, 5)), 35, accuracy: 1e-12)
    }

    func testACapsulesLengthAndItsArcLengthRoundAnEnd() {
        // 120 x 36: L = 2 (120 - 36) + 36 pi; the start is 18 pt right of the left end.
        let a = arc(Shape(kind: .capsule, rect: Rect(14, 12, 120, 36)))
        XCTAssertEqual(a.length, 168 + 36 * .pi, accuracy: 1e-9)
        // Round the right end (centre (116, 30), radius 18): 30 degrees past its top.
        let phi = Double.pi / 6
        let p = Vec2(116 + 25 * sin(phi), 30 - 25 * cos(phi))
        XCTAssertEqual(a.arcLength(at: p), 84 + 18 * phi, accuracy: 1e-9)
    }

    func testACircleStartsAtThreeOclockAndRunsDownFirst() {
        let a = arc(Shape(kind: .ellipse, rect: Rect(70, 30, 60, 60)))
        XCTAssertEqual(a.length, 60 * .pi, accuracy: 1e-9)
        for deg in stride(from: 5.0, to: 360, by: 35) {
            let t = deg * .pi / 180
            let p = Vec2(100 + 20 * cos(t), 60 + 20 * sin(t))     // y down: clockwise on screen
            XCTAssertEqual(a.arcLength(at: p), 30 * t, accuracy: 1e-9, "\(deg) degrees")
        }
        XCTAssertEqual(a.arcLength(at: Vec2(100, 60)), 0, accuracy: 1e-12, "the centre: every point is nearest; s = 0")
    }

    func testAnEllipsesLengthMatchesRamanujansSecondApproximation() {
        // a = 84, b = 50: Ramanujan II's relative error is about h^5 / 2^19 (h = 0.06): far below 1e-9.
        let a = 84.0, b = 50.0
        let h = pow((a - b) / (a + b), 2)
        let ramanujan = Double.pi * (a + b) * (1 + 3 * h / (10 + (4 - 3 * h).squareRoot()))
        XCTAssertEqual(arc(Shape(kind: .ellipse, rect: Rect(16, 10, 168, 100))).length, ramanujan, accuracy: 1e-6)
    }

    func testAnEllipsesArcLengthMatchesAFinePolyline() {
        let shape = Shape(kind: .ellipse, rect: Rect(16, 10, 168, 100))
        let a = arc(shape)
        let c = Vec2(100, 60)
        // Up to theta = 2 (radians) the ellipse is about 105 pt long: 200 000 chords.
        let n = 200_000, theta = 2.0
        var s = 0.0, prev = c + Vec2(84, 0)
        for i in 1...n {
            let t = theta * Double(i) / Double(n)
            let q = c + Vec2(84 * cos(t), 50 * sin(t))
            s += length(q - prev); prev = q
        }
        let onCurve = c + Vec2(84 * cos(theta), 50 * sin(theta))
        XCTAssertEqual(a.arcLength(at: onCurve), s, accuracy: 1e-6)
    }

    func testAContinuousCornersLengthMatchesAFinePolylineOfCONTINUOUSmdsTable() {
        // The corner's five pieces, sampled at 100 000 steps each, in units of R.
        var total = 0.0
        for piece in ContinuousCorner.pieces {
            var prev = piece[0]
            for i in 1...100_000 {
                let t = Double(i) / 100_000
                let q: Vec2
                if piece.count == 2 { q = piece[0] + t * (piece[1] - piece[0]) } else {
                    let u = 1 - t
                    q = u * u * u * piece[0] + 3 * u * u * t * piece[1] + 3 * u * t * t * piece[2] + t * t * t * piece[3]
                }
                total += length(q - prev); prev = q
            }
        }
        XCTAssertEqual(ContinuousCorner.unitLength, total, accuracy: 1e-8)
    }

    func testAContinuousRoundedRectStartsPastTheCornersReachAndEndsAtL() {
        // 164 x 96, radius 40 limited to 96 / (2 x 1.52866483): the start is at x = 18 + 48.
        let shape = Shape(kind: .roundedRect, rect: Rect(18, 12, 164, 96), cornerRadii: [40, 40, 40, 40], cornerStyle: .continuous)
        let a = arc(shape)
        let R = 96 / (2 * ContinuousCorner.reach)
        XCTAssertEqual(a.length, 2 * (164 - 96) + 4 * R * ContinuousCorner.unitLength, accuracy: 1e-9)
        XCTAssertEqual(a.arcLength(at: Vec2(18 + 48 + 10, 11)), 10, accuracy: 1e-9)
        // Just before the start, in the top-left corner: s just below L.
        let before = a.arcLength(at: Vec2(18 + 48 - 2, 13))
        XCTAssertEqual(before, a.length - 2, accuracy: 0.05)
    }

    func testAFrameAtASharpCornerHasBothSidesTangentsAndTheMitreNormal() {
        let a = arc(Shape(kind: .rect, rect: Rect(0, 0, 80, 30)))
        let f = a.frame(at: 80)
        XCTAssertEqual(f.point, Vec2(80, 0))
        XCTAssertEqual(f.tangentIn, Vec2(1, 0))
        XCTAssertEqual(f.tangentOut, Vec2(0, 1))
        XCTAssertEqual(f.normal, Vec2(1, -1))    // N1 + N2 = (0, -1) + (1, 0)
    }
}

extension ArcLengthTests {
    func testTheStartPointOfARoundedRectIsSmoothNotACorner() {
        // The piece before s = 0 is the top-left corner's end, tangent to the top side.
        let a = OutlineArc(Outline(Shape(kind: .roundedRect, rect: Rect(50, 38, 100, 44), cornerRadii: [30, 30, 30, 30], cornerStyle: .continuous), scale: 1))
        let f = a.frame(at: 0)
        XCTAssertEqual(f.point.x, 50 + 44 / 2, accuracy: 1e-9)
        XCTAssertEqual(f.normal.x, 0, accuracy: 1e-9)
        XCTAssertEqual(f.normal.y, -1, accuracy: 1e-9)
    }
}
