import Foundation
import XCTest
import Halo

/// Signed distances (docs/scene-format.md "Shapes", docs/scene-format.md "Continuous corners"), corner radius rules
/// and half-plane box coverage, each checked against an independent
/// construction: a densely sampled outline measured by brute force, or a
/// formula worked by hand.
final class GeometryTests: XCTestCase {

    // MARK: - Independent outlines

    /// A circular rounded box centred on the origin (y down): quarter arcs of
    /// `samplesPerArc` points joined by straight sides, corners in the order
    /// [topLeft, topRight, bottomRight, bottomLeft].
    private func roundedBoxOutline(halfSize b: (x: Double, y: Double), radii r: [Double],
                                   samplesPerArc: Int = 5000) -> DenseOutline {
        var o = DenseOutline()
        // Arc centres and start angles (degrees, y down: 180 = left, 270 = up).
        let corners: [(cx: Double, cy: Double, from: Double)] = [
            (-b.x + r[0], -b.y + r[0], 180),
            (b.x - r[1], -b.y + r[1], 270),
            (b.x - r[2], b.y - r[2], 0),
            (-b.x + r[3], b.y - r[3], 90),
        ]
        for (i, c) in corners.enumerated() {
            for k in 0...samplesPerArc {
                let theta = (c.from + 90 * Double(k) / Double(samplesPerArc)) * .pi / 180
                o.append(c.cx + r[i] * cos(theta), c.cy + r[i] * sin(theta))
            }
        }
        return o
    }

    /// docs/scene-format.md "Continuous corners"'s table for one corner, (a, b) in units of R: step 0's end,
    /// then each cubic's three points and each line's end, in order.
    private enum Step { case line(Double, Double); case cubic((Double, Double), (Double, Double), (Double, Double)) }
    private let continuousCornerTable: [Step] = [
        .line(1.52866483, 0),
        .cubic((1.08849299, 0), (0.86840701, 0), (0.66993397, 0.06549600)),
        .line(0.63149399, 0.07491100),
        .cubic((0.37282401, 0.16906001), (0.16906001, 0.37282401), (0.07491100, 0.63149399)),
        .line(0.06549600, 0.66993397),
        .cubic((0, 0.86840701), (0, 1.08849299), (0, 1.52866483)),
    ]

    /// The continuous rounded box [x, y, w, h] = [-bx, -by, 2bx, 2by] walked
    /// clockwise from the top side, per docs/scene-format.md "Continuous corners" "The four corners", each
    /// cubic sampled at `samplesPerCubic` points; straight parts are single segments.
    private func continuousBoxOutline(halfSize b: (x: Double, y: Double), radii r: [Double],
                                      samplesPerCubic: Int = 2000) -> DenseOutline {
        let (x, y, w, h) = (-b.x, -b.y, 2 * b.x, 2 * b.y)
        // (K, A, B, radius) for top right, bottom right, bottom left, top left.
        let corners: [((Double, Double), (Double, Double), (Double, Double), Double)] = [
            ((x + w, y), (-1, 0), (0, 1), r[1]),
            ((x + w, y + h), (0, -1), (-1, 0), r[2]),
            ((x, y + h), (1, 0), (0, -1), r[3]),
            ((x, y), (0, 1), (1, 0), r[0]),
        ]
        var o = DenseOutline()
        for (K, A, B, R) in corners {
            func screen(_ p: (Double, Double)) -> (Double, Double) {
                (K.0 + R * (p.0 * A.0 + p.1 * B.0), K.1 + R * (p.0 * A.1 + p.1 * B.1))
            }
            var current = (0.0, 0.0)
            for step in continuousCornerTable {
                switch step {
                case .line(let a, let bb):
                    current = (a, bb)
                    let s = screen(current); o.append(s.0, s.1)
                case .cubic(let c1, let c2, let end):
                    let p0 = current
                    for k in 1...samplesPerCubic {
                        let t = Double(k) / Double(samplesPerCubic), u = 1 - t
                        let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                        let a = w0 * p0.0 + w1 * c1.0 + w2 * c2.0 + w3 * end.0
                        let bb = w0 * p0.1 + w1 * c1.1 + w2 * c2.1 + w3 * end.1
                        let s = screen((a, bb)); o.append(s.0, s.1)
                    }
                    current = end
                }
            }
        }
        return o
    }

    /// An ellipse of semi-axes (a, b) sampled at `samples` parameter values.
    private func ellipseOutline(a: Double, b: Double, samples: Int = 20000) -> DenseOutline {
        var o = DenseOutline()
        for k in 0..<samples {
            let t = 2 * Double.pi * Double(k) / Double(samples)
            o.append(a * cos(t), b * sin(t))
        }
        return o
    }

    /// Compares `sdf` with the brute-force signed distance to `outline` at
    /// `count` random points of the box grown by `margin`.
    private func assertMatchesBruteForce(_ outline: DenseOutline, halfSize b: (x: Double, y: Double), margin: Double,
                                         count: Int = 300, tolerance: Double, seed: UInt64, _ label: String,
                                         sdf: (Vec2) -> Double, file: StaticString = #filePath, line: UInt = #line) {
        var rng = SplitMix64(seed: seed)
        var worst = 0.0, worstAt = (0.0, 0.0), insideCount = 0
        for _ in 0..<count {
            let px = Double.random(in: (-b.x - margin)...(b.x + margin), using: &rng)
            let py = Double.random(in: (-b.y - margin)...(b.y + margin), using: &rng)
            let expected = outline.signedDistance(px, py)
            if expected < 0 { insideCount += 1 }
            let err = abs(sdf(Vec2(px, py)) - expected)
            if err > worst { worst = err; worstAt = (px, py) }
        }
        XCTAssertLessThanOrEqual(worst, tolerance, "\(label): worst error at \(worstAt)", file: file, line: line)
        XCTAssertGreaterThan(insideCount, count / 10, "\(label): too few points inside to test", file: file, line: line)
    }

    private enum BoxKind { case rounded, continuous }

    /// ``assertMatchesBruteForce`` for `sdRoundedBox` or `sdContinuousBox` against the dense
    /// outline of the same box (tolerance 1e-4 px).
    private func assertBoxDistanceIsExact(_ kind: BoxKind, halfSize b: (x: Double, y: Double), radii r: [Double], margin: Double,
                                          count: Int = 300, seed: UInt64, _ label: String,
                                          file: StaticString = #filePath, line: UInt = #line) {
        let radii = SIMD4(r[0], r[1], r[2], r[3])
        switch kind {
        case .rounded:
            assertMatchesBruteForce(roundedBoxOutline(halfSize: b, radii: r), halfSize: b, margin: margin, count: count, tolerance: 1e-4,
                                    seed: seed, label, sdf: { sdRoundedBox($0, halfSize: Vec2(b.x, b.y), radii: radii) }, file: file, line: line)
        case .continuous:
            assertMatchesBruteForce(continuousBoxOutline(halfSize: b, radii: r), halfSize: b, margin: margin, count: count, tolerance: 1e-4,
                                    seed: seed, label, sdf: { sdContinuousBox($0, halfSize: Vec2(b.x, b.y), radii: radii) }, file: file, line: line)
        }
    }

    // MARK: - sdRoundedBox

    func testRoundedBoxDistanceIsExactForEqualRadii() {
        assertBoxDistanceIsExact(.rounded, halfSize: (60.0, 35.0), radii: [12.0, 12, 12, 12], margin: 20, seed: 1, "equal radii")
    }

    func testRoundedBoxDistanceIsExactForPerCornerRadiiInTheirOrder() {
        // Very different radii, so that a corner-order mistake shows.
        assertBoxDistanceIsExact(.rounded, halfSize: (50.0, 40.0), radii: [30.0, 4, 18, 9], margin: 15, seed: 2, "per-corner radii")
    }

    func testRoundedBoxDistanceIsExactWhenOneRadiusExceedsHalfASide() {
        // topLeft 45 > half the 60-high side: its arc reaches past the middle of the
        // left side (the trap of the one-radius-per-quadrant formula). Left side:
        // 45 + 15 = 60, exactly fits; top: 45 + 10 <= 100.
        assertBoxDistanceIsExact(.rounded, halfSize: (50.0, 30.0), radii: [45.0, 10, 5, 15], margin: 15, count: 500, seed: 3, "radius > half side")
    }

    func testCapsuleDistanceIsExact() {
        assertBoxDistanceIsExact(.rounded, halfSize: (70.0, 20.0), radii: [20.0, 20, 20, 20], margin: 15, seed: 4, "capsule")
    }

    func testSharpCornerStaysSharpWhenOffsetOutwards() {
        // docs/scene-format.md: a radius-0 corner is mitred outwards, so the offset by d of a
        // rect is the rect grown by d with sharp corners: the point 3 px right of
        // and 4 px below the bottom-right corner lies on the offset by 4.
        let d = sdRoundedBox(Vec2(20 + 3, 10 + 4), halfSize: Vec2(20, 10), radii: .zero)
        XCTAssertEqual(d, 4, accuracy: 1e-12)
    }

    func testRectDistanceInsideIsDistanceToNearestSide() {
        let d = sdRoundedBox(Vec2(5, -2), halfSize: Vec2(20, 10), radii: .zero)
        XCTAssertEqual(d, -8, accuracy: 1e-12)   // 10 - 2 to the top side
    }

    // MARK: - sdContinuousBox

    func testContinuousBoxDistanceIsExactForEqualRadii() {
        assertBoxDistanceIsExact(.continuous, halfSize: (60.0, 40.0), radii: [20.0, 20, 20, 20], margin: 15, seed: 5, "continuous equal")
    }

    func testContinuousBoxDistanceIsExactForPerCornerRadiiUpToTheLimit() {
        // Limit min(w, h) / (2 * 1.52866483) = 80 / 3.05733 = 26.17.
        assertBoxDistanceIsExact(.continuous, halfSize: (60.0, 40.0), radii: [26.0, 8, 15, 3], margin: 15, count: 400, seed: 6, "continuous per-corner")
    }

    func testContinuousBoxDistanceIsExactNearTheCornersWhereTheKinksAre() {
        // Points concentrated around the top-right corner of radius 30, inside and out.
        let b = (x: 50.0, y: 50.0), R = 30.0
        let outline = continuousBoxOutline(halfSize: b, radii: [R, R, R, R])
        var rng = SplitMix64(seed: 7)
        var worst = 0.0
        for _ in 0..<400 {
            let px = b.x - Double.random(in: -8...(1.6 * R), using: &rng)
            let py = -b.y + Double.random(in: -8...(1.6 * R), using: &rng)
            let err = abs(sdContinuousBox(Vec2(px, py), halfSize: Vec2(b.x, b.y), radii: SIMD4(repeating: R)) - outline.signedDistance(px, py))
            worst = max(worst, err)
        }
        XCTAssertLessThanOrEqual(worst, 1e-4)
    }

    func testContinuousCornerPassesThroughTheDiagonalPointOfTheTable() {
        // docs/scene-format.md "Continuous corners": on the diagonal the outline passes through (0.29151, 0.29151) R
        // (the midpoint of the symmetric middle cubic: (p0 + 3 p1 + 3 p2 + p3) / 8).
        let R = 40.0
        let mid = (0.63149399 + 3 * 0.37282401 + 3 * 0.16906001 + 0.07491100) / 8
        XCTAssertEqual(mid, 0.29151, accuracy: 1e-5)
        let b = Vec2(100, 100)
        let onCurve = Vec2(-b.x + mid * R, -b.y + mid * R)   // top-left corner
        XCTAssertEqual(sdContinuousBox(onCurve, halfSize: b, radii: SIMD4(repeating: R)), 0, accuracy: 1e-7)
    }

    // MARK: - sdEllipse

    func testEllipseDistanceIsExact() {
        for (i, e) in [(50.0, 30.0), (30.0, 50.0), (100.0, 6.0), (4.0, 60.0)].enumerated() {
            let b = (x: e.0, y: e.1)
            assertMatchesBruteForce(ellipseOutline(a: e.0, b: e.1), halfSize: b, margin: 12, tolerance: 1e-4,
                                    seed: 10 + UInt64(i), "ellipse \(e)") { sdEllipse($0, halfSize: Vec2(b.x, b.y)) }
        }
    }

    func testCircleDistanceIsDistanceToCentreMinusRadius() {
        var rng = SplitMix64(seed: 20)
        for _ in 0..<200 {
            let p = Vec2(Double.random(in: -40...40, using: &rng), Double.random(in: -40...40, using: &rng))
            let expected = (p.x * p.x + p.y * p.y).squareRoot() - 25
            XCTAssertEqual(sdEllipse(p, halfSize: Vec2(25, 25)), expected, accuracy: 1e-9)
        }
    }

    func testEllipseDistanceOnTheAxesIsTheGapToTheVertex() {
        XCTAssertEqual(sdEllipse(Vec2(0, -40), halfSize: Vec2(50, 30)), 10, accuracy: 1e-12)
        XCTAssertEqual(sdEllipse(Vec2(62, 0), halfSize: Vec2(50, 30)), 12, accuracy: 1e-12)
        XCTAssertEqual(sdEllipse(Vec2(0, 0), halfSize: Vec2(50, 30)), -30, accuracy: 1e-12)
    }

    // MARK: - Corner radius rules

    func testCornerRadiiThatDoNotFitScaleDownAsCSSDoes() {
        // Sides: top 280 / (80 + 40), right 80 / (40 + 120) = 0.5, bottom 280 / (120 + 20),
        // left 80 / (20 + 80): f = 0.5.
        let s = Shape(kind: .roundedRect, rect: Rect(0, 0, 280, 80), cornerRadii: [80, 40, 120, 20])
        XCTAssertEqual(s.resolvedCornerRadii, [40, 20, 60, 10])
    }

    func testCornerRadiiThatFitAreKept() {
        let s = Shape(kind: .roundedRect, rect: Rect(0, 0, 100, 60), cornerRadii: [45, 10, 5, 15])
        XCTAssertEqual(s.resolvedCornerRadii, [45, 10, 5, 15])
    }

    func testCapsuleRadiusIsHalfTheShorterSide() {
        XCTAssertEqual(Shape(kind: .capsule, rect: Rect(3, 4, 120, 50)).resolvedCornerRadii, [25, 25, 25, 25])
        XCTAssertEqual(Shape(kind: .capsule, rect: Rect(3, 4, 30, 90)).resolvedCornerRadii, [15, 15, 15, 15])
    }

    func testRectAndEllipseHaveNoCornerRadii() {
        XCTAssertEqual(Shape(kind: .rect, rect: Rect(0, 0, 10, 10)).resolvedCornerRadii, [0, 0, 0, 0])
        XCTAssertEqual(Shape(kind: .ellipse, rect: Rect(0, 0, 10, 10)).resolvedCornerRadii, [0, 0, 0, 0])
    }

    func testContinuousRadiusIsClampedSoTheCornerFitsHalfTheShorterSide() {
        // 200 x 100, R = 40 fits CSS-wise (f = 100 / 80 > 1), then
        // R := min(40, 100 / (2 * 1.52866483)) = 32.7083...
        let limit = 100 / (2 * 1.52866483)
        let s = Shape(kind: .roundedRect, rect: Rect(0, 0, 200, 100), cornerRadii: [40, 40, 10, 40], cornerStyle: .continuous)
        let r = s.resolvedCornerRadii
        XCTAssertEqual(r[0], limit, accuracy: 1e-9)
        XCTAssertEqual(r[1], limit, accuracy: 1e-9)
        XCTAssertEqual(r[2], 10, accuracy: 1e-12)
        XCTAssertEqual(r[3], limit, accuracy: 1e-9)
    }

    func testContinuousClampComesAfterTheCSSScaleDown() {
        // 200 x 100, R = 80: CSS f = 100 / 160 = 0.625 gives 50, then the clamp gives 100 / 3.0573.
        let s = Shape(kind: .roundedRect, rect: Rect(0, 0, 200, 100), cornerRadii: [80, 80, 80, 20], cornerStyle: .continuous)
        let r = s.resolvedCornerRadii
        let limit = 100 / (2 * 1.52866483)
        XCTAssertEqual(r[0], limit, accuracy: 1e-9)
        XCTAssertEqual(r[3], 20 * 0.625, accuracy: 1e-12)
    }

    func testCircularRadiusIsNotClampedByTheContinuousLimit() {
        let s = Shape(kind: .roundedRect, rect: Rect(0, 0, 200, 100), cornerRadii: [50, 50, 50, 50], cornerStyle: .circular)
        XCTAssertEqual(s.resolvedCornerRadii, [50, 50, 50, 50])
    }

    func testOutlineIsTheShapeInPixels() {
        let o = Outline(Shape(kind: .roundedRect, rect: Rect(10, 20, 100, 50), cornerRadii: [5, 6, 7, 8]), scale: 2)
        XCTAssertEqual(o.kind, .roundedBox)
        XCTAssertEqual(o.center, Vec2(120, 90))
        XCTAssertEqual(o.halfSize, Vec2(100, 50))
        XCTAssertEqual(o.radii, SIMD4(10, 12, 14, 16))
    }

    // MARK: - halfPlaneCoverage

    func testHalfCoveredPixelByAxisAlignedEdgeIsHalf() {
        XCTAssertEqual(halfPlaneCoverage(sd: 0, normal: Vec2(1, 0)), 0.5, accuracy: 1e-15)
        XCTAssertEqual(halfPlaneCoverage(sd: 0, normal: Vec2(0, -1)), 0.5, accuracy: 1e-15)
    }

    func testAxisAlignedEdgeCoverageIsTheCoveredFraction() {
        // Centre inside by 0.3: the edge is 0.8 from the far side.
        XCTAssertEqual(halfPlaneCoverage(sd: -0.3, normal: Vec2(1, 0)), 0.8, accuracy: 1e-15)
        XCTAssertEqual(halfPlaneCoverage(sd: 0.3, normal: Vec2(0, 1)), 0.2, accuracy: 1e-15)
        XCTAssertEqual(halfPlaneCoverage(sd: 0.5, normal: Vec2(1, 0)), 0, accuracy: 1e-15)
        XCTAssertEqual(halfPlaneCoverage(sd: -0.5, normal: Vec2(1, 0)), 1, accuracy: 1e-15)
    }

    func testDiagonalEdgeThroughTwoCornersCoversHalf() {
        let n = Vec2(1, 1) / 2.0.squareRoot()
        XCTAssertEqual(halfPlaneCoverage(sd: 0, normal: n), 0.5, accuracy: 1e-15)
    }

    func test45DegreeEdgeThroughACornerCoversAllOrNothing() {
        // The edge x + y = 1 (pixel-relative) touches only the far corner (0.5, 0.5):
        // at distance 1/sqrt(2) from the centre, the pixel is wholly inside or outside.
        let n = Vec2(1, 1) / 2.0.squareRoot()
        XCTAssertEqual(halfPlaneCoverage(sd: -1 / 2.0.squareRoot(), normal: n), 1, accuracy: 1e-15)
        XCTAssertEqual(halfPlaneCoverage(sd: 1 / 2.0.squareRoot(), normal: n), 0, accuracy: 1e-15)
    }

    func test45DegreeEdgeCuttingACornerTriangleOfLegsOneHalf() {
        // Inside is x + y < -1/2 (centre-relative): the triangle with legs 1/2 at the
        // corner (-1/2, -1/2), area 1/8. The centre is (1/2) / sqrt(2) outside.
        let n = Vec2(1, 1) / 2.0.squareRoot()
        XCTAssertEqual(halfPlaneCoverage(sd: 0.5 / 2.0.squareRoot(), normal: n), 0.125, accuracy: 1e-14)
        // The complement: 7/8.
        XCTAssertEqual(halfPlaneCoverage(sd: -0.5 / 2.0.squareRoot(), normal: n), 0.875, accuracy: 1e-14)
    }

    func testSlopedEdgeCuttingATriangleOfLegsHalfAndQuarter() {
        // Inside is x + 2y < -1: it meets y = -1/2 at x = 0 and x = -1/2 at y = -1/4,
        // a triangle of legs 1/2 and 1/4, area 1/16. sd = 1 / |(1, 2)| = 1 / sqrt(5).
        let n = Vec2(1, 2) / 5.0.squareRoot()
        XCTAssertEqual(halfPlaneCoverage(sd: 1 / 5.0.squareRoot(), normal: n), 1.0 / 16, accuracy: 1e-14)
    }

    func testSlopedEdgeCuttingATrapezoid() {
        // Inside is x + 2y < 1/4: for each x the covered height is (1/4 - x)/2 + 1/2,
        // whose mean over x in [-1/2, 1/2] is 5/8.
        let n = Vec2(1, 2) / 5.0.squareRoot()
        XCTAssertEqual(halfPlaneCoverage(sd: -0.25 / 5.0.squareRoot(), normal: n), 5.0 / 8, accuracy: 1e-14)
    }

    func testCoverageOfComplementaryHalfPlanesSumsToOne() {
        var rng = SplitMix64(seed: 30)
        for _ in 0..<200 {
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
            let n = Vec2(cos(angle), sin(angle))
            let sd = Double.random(in: -1...1, using: &rng)
            let sum = halfPlaneCoverage(sd: sd, normal: n) + halfPlaneCoverage(sd: -sd, normal: -n)
            XCTAssertEqual(sum, 1, accuracy: 1e-12)
        }
    }

    func testCoverageOfANonSquareRectangleIsAFractionOfItsArea() {
        // A 2 x 1 rectangle, vertical edge 0.5 to the right of its centre: 1.5 of 2 wide.
        XCTAssertEqual(halfPlaneCoverage(sd: -0.5, normal: Vec2(1, 0), width: 2, height: 1), 0.75, accuracy: 1e-15)
        // Same edge tilted 45 degrees through the centre: half.
        XCTAssertEqual(halfPlaneCoverage(sd: 0, normal: Vec2(1, 1) / 2.0.squareRoot(), width: 2, height: 1), 0.5, accuracy: 1e-15)
    }

    func testCoverageMatchesACountOfSubpixelSamples() {
        // A 400 x 400 grid of sample points approximates the area to about 1e-3.
        var rng = SplitMix64(seed: 31)
        let m = 400
        for _ in 0..<6 {
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
            let n = Vec2(cos(angle), sin(angle))
            let sd = Double.random(in: -0.7...0.7, using: &rng)
            var inside = 0
            for i in 0..<m {
                let x = (Double(i) + 0.5) / Double(m) - 0.5
                for j in 0..<m {
                    let y = (Double(j) + 0.5) / Double(m) - 0.5
                    if sd + n.x * x + n.y * y < 0 { inside += 1 }
                }
            }
            XCTAssertEqual(halfPlaneCoverage(sd: sd, normal: n), Double(inside) / Double(m * m), accuracy: 4e-3)
        }
    }
}
