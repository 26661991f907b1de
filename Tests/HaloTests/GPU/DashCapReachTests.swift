import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
@testable import HaloCore

/// Round caps' discs past the stroke's band (docs/scene-format.md "Dashes", round caps: the
/// discs are not clipped to the band): round a corner tighter than the half-width, across a
/// shape thinner than the stroke, and with periods under a pixel, whose mean over the band
/// stands for the discs only where they fill the band and reach no farther.
final class DashCapReachTests: XCTestCase {
    private func coverage(_ img: RGBA8Image, _ x: Int, _ y: Int) -> Double { Double(img.pixels[(y * img.width + x) * 4]) / 255 }

    /// The area of the disc of radius r about c inside the unit pixel at (x, y), by a
    /// 400 x 400 point sum (independent of both renderers).
    private func discArea(_ c: Vec2, _ r: Double, _ x: Int, _ y: Int) -> Double {
        var n = 0
        for i in 0..<400 { for j in 0..<400 {
            let p = Vec2(Double(x) + (Double(i) + 0.5) / 400, Double(y) + (Double(j) + 0.5) / 400)
            if length(p - c) < r { n += 1 }
        } }
        return Double(n) / 160_000
    }

    /// The area of a disc of radius r beyond a line at distance d < r from its centre (a
    /// circular segment): r^2 acos(d / r) - d sqrt(r^2 - d^2).
    private func segment(_ r: Double, _ d: Double) -> Double { r * r * acos(d / r) - d * (r * r - d * d).squareRoot() }

    /// A 40 x 20 rounded rect of radius 1 at (10, 10), stroked 6 inside with dots every 0.25 pt
    /// (a period under a pixel), one of them at the top end of the left side (s = L - pi/2).
    /// Its disc, centred 3 inside the left side at (13, 11), reaches 2 above the top side;
    /// every other disc near there lies within it above that side (the middle line's corner
    /// arc, about (11, 11) with radius 2, bends away). So the ink above the top side near
    /// the corner is the circular segment of radius 3 at distance 1: 8.2502 px^2, and each
    /// pixel holds the disc's area in it.
    func testSubPixelDotsReachPastAnInsideBandRoundATightCorner() throws {
        let L = 112 + 2 * Double.pi, dot = L - Double.pi / 2
        let json = """
            { "format": 1, "canvas": { "width": 60, "height": 40, "background": "black" },
              "layers": [ { "shape": { "type": "roundedRect", "rect": [10, 10, 40, 20], "cornerRadius": 1 },
                            "stroke": { "paint": { "type": "solid", "color": "white" }, "width": 6, "alignment": "inside",
                                        "dash": { "pattern": [0, 0.25], "phase": \(-dot), "cap": "round" } } } ] }
            """
        let total = segment(3, 1)
        XCTAssertEqual(total, 8.2502, accuracy: 1e-4)
        for backend in [Backend.cpu, .gpu] {
            let img = try renderJSON(json, backend)
            var sum = 0.0
            for y in 6..<10 { for x in 6..<30 {
                let expected = discArea(Vec2(13, 11), 3, x, y)
                sum += coverage(img, x, y)
                XCTAssertEqual(coverage(img, x, y), expected, accuracy: 2 / 255, "\(backend) (\(x), \(y))")
            } }
            if backend == .cpu { XCTAssertEqual(sum, total, accuracy: 0.03, "ink above the top side") }
        }
    }

    /// A dash that runs through the start point is two dashes there, each with its cap
    /// (docs/scene-format.md "Dashes"). A 60 x 4 capsule at (10, 20) stroked 7 inside with
    /// [40, 20] from q(0) = 25: the dash through the start (s = 0 at (12, 20)) ends 15 along
    /// the top side and 29.6 along the bottom one; its caps at the start are centred 3.5
    /// below it at (12, 23.5), and reach 1.5 past the capsule's left end: left of x = 10 the
    /// ink is that disc's segment beyond a line 2 from its centre (every other cap is over
    /// 10 px away).
    func testADashThroughTheStartOfAThinShapeHasItsCapsThere() throws {
        let json = """
            { "format": 1, "canvas": { "width": 80, "height": 40, "background": "black" },
              "layers": [ { "shape": { "type": "capsule", "rect": [10, 20, 60, 4] },
                            "stroke": { "paint": { "type": "solid", "color": "white" }, "width": 7, "alignment": "inside",
                                        "dash": { "pattern": [40, 20], "phase": 25, "cap": "round" } } } ] }
            """
        for backend in [Backend.cpu, .gpu] {
            let img = try renderJSON(json, backend)
            var sum = 0.0
            for y in 18..<30 { for x in 6..<10 {
                sum += coverage(img, x, y)
                XCTAssertEqual(coverage(img, x, y), discArea(Vec2(12, 23.5), 3.5, x, y), accuracy: 2 / 255, "\(backend) (\(x), \(y))")
            } }
            if backend == .cpu { XCTAssertEqual(sum, segment(3.5, 2), accuracy: 0.03, "ink left of the capsule") }
        }
    }

    private func dash(_ pattern: [Double], round: Bool = true, outline: Outline, width: Double, middle: Double) -> ResolvedDash {
        ResolvedDash(Dash(pattern: pattern, phase: 0, cap: round ? .round : .butt), arc: OutlineArc(outline), scale: 1, width: width, middle: middle)
    }

    private func box(radius: Double) -> Outline {
        Outline(kind: .roundedBox, center: Vec2(50, 40), halfSize: Vec2(40, 30), radii: SIMD4(repeating: radius))
    }

    /// An inside stroke's discs stay in the band where every corner is at least the
    /// half-width; centred and outside strokes' always (their centres are at full depth).
    func testCapsStayInTheBandWhereNoCornerIsTighterThanTheHalfWidth() {
        XCTAssertTrue(dash([0, 0.5], outline: box(radius: 3), width: 6, middle: -3).capsStayInBand)
        XCTAssertFalse(dash([0, 0.5], outline: box(radius: 2.9), width: 6, middle: -3).capsStayInBand)
        XCTAssertFalse(dash([0, 0.5], outline: box(radius: 0), width: 6, middle: -3).capsStayInBand)
        XCTAssertTrue(dash([0, 0.5], outline: box(radius: 0), width: 6, middle: 0).capsStayInBand)
        XCTAssertTrue(dash([0, 0.5], outline: box(radius: 1), width: 6, middle: 3).capsStayInBand)
    }

    /// Caps g apart on a straight middle line leave scallops w/2 - sqrt(w^2/4 - g^2/4) deep
    /// (the chord's sagitta); round a corner of radius rho an outside stroke's are deeper by
    /// (rho + d)(rho + d + w/2) / rho^2 (the caps' spacing and the edge's distance grow with
    /// the radius).
    func testScallopsAreTheSagittaOfTheGapBetweenTwoCaps() {
        let straight = 3 - (9 - 0.6 * 0.6 / 4).squareRoot()
        XCTAssertEqual(dash([0, 0.6], outline: box(radius: 40), width: 6, middle: -3).scallopDepth, straight, accuracy: 1e-12)
        XCTAssertEqual(dash([0, 0.6], outline: box(radius: 2), width: 6, middle: 3).scallopDepth, straight * 5 * 8 / 4, accuracy: 1e-12)
        XCTAssertEqual(dash([0.2, 7], outline: box(radius: 2), width: 6, middle: 0).scallopDepth, 3, "discs 7 apart do not meet")
    }

    /// A sub-pixel period of round caps is drawn as the band's mean only where that is the
    /// discs' union: not round a corner tighter than an inside stroke's half-width, nor at a
    /// sharp corner, nor where the scallops are a level deep; butt caps always; and past a
    /// million periods round the outline, whose ends are not listed.
    func testSubPixelRoundCapsAreAveragedOnlyWhereTheDiscsFillTheBand() {
        XCTAssertTrue(dash([0.01, 0.01], outline: box(radius: 10), width: 6, middle: 3).isFine)
        XCTAssertFalse(dash([0, 0.6], outline: box(radius: 10), width: 6, middle: 3).isFine, "scallops 0.015 px deep")
        XCTAssertFalse(dash([0.01, 0.01], outline: box(radius: 1), width: 6, middle: -3).isFine, "a tight corner")
        XCTAssertFalse(dash([0.01, 0.01], outline: box(radius: 0), width: 4, middle: 0).isFine, "a sharp corner's mitre")
        XCTAssertTrue(dash([0.3, 0.3], round: false, outline: box(radius: 1), width: 6, middle: -3).isFine)
        // A million periods or more round the outline (280 px / 2e-4 px): the ends are not
        // listed, and the band is drawn at its mean.
        XCTAssertTrue(dash([1e-4, 1e-4], outline: box(radius: 0), width: 4, middle: 0).isFine)
    }

    /// A dense pattern's caps round a shape smaller than a pixel (12000 ends round a
    /// 0.02 x 0.01 rect): those within ResolvedDash.capMerge of the last kept are left out,
    /// so every dash end's disc centre (C(e) + d N(e), from dashes()) lies within capMerge of
    /// a kept one, and the kept ones are few (their distinct places).
    func testADensePatternsCapsMergeWithinCapMerge() {
        let o = Outline(kind: .roundedBox, center: Vec2(30.01, 30.005), halfSize: Vec2(0.01, 0.005))
        let d = dash([5e-6, 5e-6], outline: o, width: 6, middle: -3)
        let caps = d.caps()
        XCTAssertLessThan(caps.count, 100)
        var ends = 0
        for (a, b) in d.dashes() {
            for e in [a, b] {
                ends += 1
                let c = d.capCentre(e)
                XCTAssertTrue(caps.contains { length($0.centre - c) < ResolvedDash.capMerge }, "end \(e)")
            }
        }
        XCTAssertGreaterThan(ends, 10000)
    }
}
