import Foundation
import XCTest
@testable import HaloReference
import Halo

/// The CPU reference's closed forms for a rounded box's band: a disk's part of a
/// rectangle (``DiskRectangle``), and the pixels it gives on a capsule's arcs and sides.
/// Expected values come from formulas (a quarter disk's area and centroid, a capsule
/// ring's area) or from numerical integration written here, not from the code under test.
final class ClosedFormCoverageTests: XCTestCase {
    /// Area and first moments of [u0, u1] x [v0, v1] within rho of the origin, integrated
    /// numerically over u of the clipped chord: split where the chord's ends change
    /// (u = +-rho and where the circle meets v = v0 or v1), and each piece in theta,
    /// u = rho sin(theta), where the chord is smooth (composite Simpson, 2 000 intervals).
    private func numerical(rho: Double, u0: Double, u1: Double, v0: Double, v1: Double) -> (Double, Double, Double) {
        var cuts = [u0, u1]
        for v in [v0, v1] where abs(v) < rho { let u = (rho * rho - v * v).squareRoot(); cuts += [u, -u] }
        cuts += [rho, -rho]
        cuts = cuts.filter { $0 >= u0 && $0 <= u1 }.sorted()
        var a = 0.0, mu = 0.0, mv = 0.0
        for (lo, hi) in zip(cuts, cuts.dropFirst()) where hi > lo && lo >= -rho && hi <= rho {
            let t0 = asin(lo / rho), t1 = asin(hi / rho)
            let n = 2000
            let h = (t1 - t0) / Double(n)
            for k in 0...n {
                let t = t0 + Double(k) * h
                let u = rho * sin(t), du = rho * cos(t)
                let half = rho * cos(t)
                let bot = max(v0, -half), top = min(v1, half)
                let len = max(top - bot, 0)
                let w: Double = ((k == 0 || k == n) ? 1 : (k % 2 == 1 ? 4 : 2)) * h / 3 * du
                a += w * len; mu += w * u * len; mv += w * (len > 0 ? (top * top - bot * bot) / 2 : 0)
            }
        }
        return (a, mu, mv)
    }

    func testQuarterDiskHasAreaPiRSquaredOverFourAndCentroidFourROverThreePi() {
        let rho = 7.5
        let q = DiskRectangle(rho: rho, u0: 0, u1: 20, v0: 0, v1: 9)
        XCTAssertEqual(q.area, Double.pi * rho * rho / 4, accuracy: 1e-12)
        XCTAssertEqual(q.momentU / q.area, 4 * rho / (3 * Double.pi), accuracy: 1e-12)
        XCTAssertEqual(q.momentV / q.area, 4 * rho / (3 * Double.pi), accuracy: 1e-12)
    }

    func testWholeDiskInsideTheRectangleHasAreaPiRSquaredAndCentroidAtTheCentre() {
        let d = DiskRectangle(rho: 3, u0: -5, u1: 4, v0: -3.5, v1: 6)
        XCTAssertEqual(d.area, 9 * Double.pi, accuracy: 1e-12)
        XCTAssertEqual(d.momentU, 0, accuracy: 1e-12)
        XCTAssertEqual(d.momentV, 0, accuracy: 1e-12)
    }

    func testPixelSquaresAcrossACircleMatchTheirNumericalIntegral() {
        // Unit squares the circle of radius 40 crosses, in every quadrant, at its
        // steep, shallow and 45-degree parts, and one the circle only grazes.
        let rho = 40.0
        let corners: [(Double, Double)] = [(39.6, 0.2), (-40.3, -1.7), (28.1, 27.9), (-28.6, 27.6),
                                            (3.2, -40.1), (-0.4, 39.5), (39.99, -0.5)]
        for (u, v) in corners {
            let d = DiskRectangle(rho: rho, u0: u, u1: u + 1, v0: v, v1: v + 1)
            let (a, mu, mv) = numerical(rho: rho, u0: u, u1: u + 1, v0: v, v1: v + 1)
            XCTAssertEqual(d.area, a, accuracy: 1e-7, "area at (\(u), \(v))")
            XCTAssertEqual(d.momentU, mu, accuracy: 1e-6, "u moment at (\(u), \(v))")
            XCTAssertEqual(d.momentV, mv, accuracy: 1e-6, "v moment at (\(u), \(v))")
        }
    }

    func testCapsuleRingCoversTheDifferenceOfItsTwoCapsules() {
        // A 61.3 x 20.6 capsule (R = 10.3) at a fractional offset, inside stroke 2.4: its
        // pixels on the sides and the arcs are the closed forms' (the few pixels across a
        // tangent point, the quadtree's). Area of a capsule of length L and radius r:
        // (L - 2 r) 2 r + pi r^2.
        func capsule(_ length: Double, _ r: Double) -> Double { (length - 2 * r) * 2 * r + Double.pi * r * r }
        let scene = Scene(canvas: Canvas(width: 80, height: 30, scale: 1, background: .color(RGBA(0, 0, 0, 0))), layers: [
            Layer(shape: Shape(kind: .capsule, rect: Rect(7.37, 4.81, 61.3, 20.6)),
                  stroke: Stroke(paint: .solid(RGBA(1, 1, 1)), width: 2.4, alignment: .inside)),
        ])
        let image = ReferenceRenderer().render(Frame(scene))
        let total = image.pixels.reduce(0.0) { $0 + Double($1.w) }
        XCTAssertEqual(total, capsule(61.3, 10.3) - capsule(61.3 - 4.8, 10.3 - 2.4), accuracy: 1e-4)
    }

    func testArcPixelOfAnAngularStrokeIsThePaintsMeanOverItsCoveredPart() {
        // A pixel on the right arc of a capsule stroked with a rotating-style angular
        // gradient: its value is the integral of the paint over the pixel's part of the band,
        // here summed over 400 x 400 sub-pixel points with the band tested exactly.
        let paint = Paint(.angular(center: UnitPoint(0.5, 0.5), angle: 20, startAngle: 0, endAngle: 360), stops: Paint.evenStops([RGBA(1, 0, 0), RGBA(0, 1, 0), RGBA(0, 0, 1), RGBA(1, 0, 0)]))
        let rect = Rect(4, 4, 60, 24)
        let scene = Scene(canvas: Canvas(width: 70, height: 32, scale: 1, background: .color(RGBA(0, 0, 0, 0))), layers: [
            Layer(shape: Shape(kind: .capsule, rect: rect), stroke: Stroke(paint: paint, width: 3, alignment: .inside)),
        ])
        let frame = Frame(scene)
        let image = ReferenceRenderer().render(frame)
        guard let stroke = frame.layers.first?.stroke else { return XCTFail("no stroke") }
        // The right arc's centre and radius: (4 + 60 - 12, 16), 12.
        let o = Vec2(52, 16), R = 12.0
        let (i, j) = (61, 8)       // beyond the arc's tangent points, up and to the right
        var sum = SIMD4<Double>.zero
        let n = 400
        for a in 0..<n {
            for b in 0..<n {
                let p = Vec2(Double(i) + (Double(a) + 0.5) / Double(n), Double(j) + (Double(b) + 0.5) / Double(n))
                let sd = length(p - o) - R
                if sd > stroke.inner && sd < stroke.outer { sum += stroke.paint.color(at: p) }
            }
        }
        let expected = sum / Double(n * n)
        XCTAssertGreaterThan(expected.w, 0.2, "the pixel lies across the band")
        XCTAssertLessThan(expected.w, 0.95, "the pixel lies across the band")
        let got = image[i, j]
        for c in 0..<4 { XCTAssertEqual(Double(got[c]), expected[c], accuracy: 2e-4, "channel \(c)") }
    }
}

/// The CPU reference's shortcuts that must not change the image: runs of pixels the
/// signed distance proves empty or wholly covered, and small layers drawn one a thread.
final class ReferenceShortcutTests: XCTestCase {
    /// Every pixel of a run that `pixelRun` reports has the value `pixel` gives it alone.
    func testRunsOfPixelsHoldTheValueEachPixelHasAlone() {
        let capsule = Outline(kind: .roundedBox, center: Vec2(40.3, 20.7), halfSize: Vec2(30.2, 12.1), radii: SIMD4(repeating: 12.1))
        let white = ResolvedPaint(.solid(RGBA(1, 1, 1)), rect: Rect(0, 0, 80, 40), time: 0, scale: 1)
        for (lo, hi) in [(-Double.infinity, 0.0), (-3.5, 0.0), (-1.2, 2.7)] {
            let integ = AreaIntegrator(outline: capsule, lo: lo, hi: hi, paint: white)
            var skipped = 0
            for j in 0..<42 {
                var i = -2
                while i < 84 {
                    let (value, run) = integ.pixelRun(i, j, corners: nil)
                    XCTAssertGreaterThanOrEqual(run, 1)
                    for k in i..<(i + run) where k < 84 {
                        XCTAssertEqual(integ.pixel(k, j), value, "pixel (\(k), \(j)) of the band (\(lo), \(hi))")
                    }
                    skipped += run - 1
                    i += run
                }
            }
            XCTAssertGreaterThan(skipped, 100, "runs longer than one pixel are found")
        }
    }

    /// A grid of small glowing layers (drawn side by side, one a thread) gives the image
    /// the renderer gives drawing them one after another on one thread.
    func testSmallLayersDrawnSideBySideGiveTheImageOfOneThread() {
        var layers: [Layer] = []
        for k in 0..<12 {
            let x = Double(k % 4) * 100 + 30.3, y = Double(k / 4) * 80 + 22.6
            let stops = Paint.evenStops([RGBA(1, 0.2, 0.4), RGBA(0.2, 0.6, 1), RGBA(1, 0.2, 0.4)])
            let paint = Paint(.angular(center: UnitPoint(0.5, 0.5), angle: Double(k) * 30, startAngle: 0, endAngle: 360), stops: stops)
            layers.append(Layer(shape: Shape(kind: .capsule, rect: Rect(x, y, 18, 9)), fill: .solid(RGBA(1, 1, 1, 0.1)),
                                stroke: Stroke(paint: paint, width: 1.5, alignment: .inside), glow: Glow(radius: 2.5, opacity: 0.8)))
        }
        let scene = Scene(canvas: Canvas(width: 400, height: 256, scale: 1, background: .color(RGBA(0.05, 0.05, 0.1))), layers: layers)
        let frame = Frame(scene)
        XCTAssertTrue(frame.layers.allSatisfy { ReferenceRenderer(threads: 2).drawsAlone($0, width: frame.width, height: frame.height) },
                      "every layer is small enough to be drawn beside the others")
        let two = ReferenceRenderer(threads: 2).render(frame)
        let one = ReferenceRenderer(threads: 1).render(frame)
        XCTAssertEqual(two.pixels, one.pixels)
    }
}
