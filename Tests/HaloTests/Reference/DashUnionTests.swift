import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
@testable import HaloCore

/// Dashes whose answer follows from docs/scene-format.md's rules by hand: periods at and under a pixel
/// (the pixel's mean membership: on / m where it holds many periods), round caps as a union
/// (two caps at one place draw one disc), and the start's mitre in its dash where q(0)
/// lies strictly inside one.
final class DashUnionTests: XCTestCase {
    /// A 60 x 30 black canvas with a 40 x 10 rect at (10, 10), white stroke `stroke`.
    private func rect(_ stroke: String) -> String {
        #"""
        { "format": 1, "canvas": { "width": 60, "height": 30, "background": "black" },
          "layers": [ { "shape": { "type": "rect", "rect": [10, 10, 40, 10] },
                        "stroke": { "paint": { "type": "solid", "color": "white" }, \#(stroke) } } ] }
        """#
    }

    private func red(_ img: RGBA8Image, _ x: Int, _ y: Int) -> Int { Int(img.pixels[(y * img.width + x) * 4]) }

    /// The mean of the membership over the convolution of two boxes, by a 4000 x 400 point
    /// Riemann sum of ``ResolvedDash/contains(_:)`` (independent of the closed form).
    private func bruteMean(_ d: ResolvedDash, _ s: Double, _ w1: Double, _ w2: Double) -> Double {
        var n = 0, inside = 0
        for i in 0..<4000 {
            for j in 0..<400 {
                let u = (Double(i) + 0.5) / 4000 - 0.5, v = (Double(j) + 0.5) / 400 - 0.5
                n += 1
                if d.contains(s + u * w1 + v * w2) { inside += 1 }
            }
        }
        return Double(inside) / Double(n)
    }

    func testTheFineMeanIsTheMembershipIntegratedOverTheWindow() {
        let arc = OutlineArc(Outline(kind: .roundedBox, center: Vec2(250, 150), halfSize: Vec2(250, 150)))
        for (pattern, phase) in [([0.3, 0.2], 0.0), ([0.1, 0.25, 0.05, 0.4], 0.37), ([0.6, 0.3], -1.1)] {
            let d = ResolvedDash(Dash(pattern: pattern, phase: phase), arc: arc, scale: 1, width: 4, middle: 0)
            XCTAssertTrue(d.isFine)
            for (s, w1, w2) in [(100.13, 1.0, 0.0), (37.5, 0.8, 0.6), (12.34, 0.25, 0.1), (200.0, 0.3, 0.3)] {
                XCTAssertEqual(d.fineMean(at: s, w1, w2), bruteMean(d, s, w1, w2), accuracy: 2e-3, "\(pattern) at \(s), \(w1) x \(w2)")
            }
            // A window of whole periods holds exactly the dashes' share.
            let m = d.period, on = pattern.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).reduce(0, +)
            XCTAssertEqual(d.fineMean(at: 51.7, 3 * m, 0), on / m, accuracy: 1e-12)
        }
    }

    /// Periods far under a pixel, down to 1e-7 pt, draw the band at on / m on both backends:
    /// [p, p] is half ink, [p, 3p] a quarter, on the top side away from the corners.
    func testPeriodsUnderAPixelDrawTheirShareOfInk() throws {
        for (pattern, share) in [("[1e-7, 1e-7]", 0.5), ("[0.01, 0.03]", 0.25), ("[0.5, 0.5]", 0.5)] {
            for backend in [Backend.cpu, .gpu] {
                let img = try renderJSON(rect(#""width": 4, "alignment": "outside", "dash": { "pattern": \#(pattern) }"#), backend)
                for x in [15, 22, 30, 41] {
                    for y in 6..<10 {
                        XCTAssertEqual(Double(red(img, x, y)), 255 * share, accuracy: 2, "\(backend) \(pattern) (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// Dots [0, 1.5] of width 4: each dot's disc reaches its neighbours, so on the straight
    /// top side the union of discs covers the band but for scallops at its edges; the row
    /// next to the middle line is wholly covered, and the row at the band's edge holds the
    /// union's area, not the discs' sum: for discs of radius 2 every 1.5 px, the part of the
    /// edge row y in [8, 9) (middle line at y = 10) inside some disc, by a 200 x 200 point
    /// Riemann sum of the union per pixel.
    func testOverlappingDotsAreAUnionOnBothBackends() throws {
        let json = rect(#""width": 4, "dash": { "pattern": [0, 1.5], "cap": "round" }"#)
        // Dots at x = 10 + 1.5 k, on the middle line y = 10 (the top side, centred stroke).
        func unionArea(_ x0: Double) -> Double {
            var inside = 0
            for i in 0..<200 {
                for j in 0..<200 {
                    let x = x0 + (Double(i) + 0.5) / 200, y = 8 + (Double(j) + 0.5) / 200
                    let c = 10 + 1.5 * ((x - 10) / 1.5).rounded()
                    if (x - c) * (x - c) + (y - 10) * (y - 10) < 4 { inside += 1 }
                }
            }
            return Double(inside) / 40000
        }
        for backend in [Backend.cpu, .gpu] {
            let img = try renderJSON(json, backend)
            for x in [20, 25, 33] {
                XCTAssertEqual(Double(red(img, x, 8)), 255 * unionArea(Double(x)), accuracy: 2, "\(backend) (\(x), 8)")
                XCTAssertEqual(red(img, x, 9), 255, "\(backend) (\(x), 9)")
            }
        }
    }

    /// Phase 5 on [10, 12] (L = 100, so the dash before L is cut and a new one starts at 0):
    /// q(0) = 5 lies inside the dash [0, 10], so the start corner's mitre (outside stroke 4:
    /// the 4 x 4 square above and left of (10, 10)) is filled; phase 0 puts a dash end at
    /// q(0) = 0 and leaves it empty (docs/scene-format.md "Dashes", membership).
    func testTheStartsMitreTakesItsMembershipFromQAtZero() throws {
        for (phase, filled) in [(5, true), (0, false)] {
            for backend in [Backend.cpu, .gpu] {
                let img = try renderJSON(rect(#""width": 4, "alignment": "outside", "dash": { "pattern": [10, 12], "phase": \#(phase) }"#), backend)
                for x in 6..<10 { for y in 6..<10 {
                    XCTAssertEqual(red(img, x, y), filled ? 255 : 0, "\(backend) phase \(phase) (\(x), \(y))")
                } }
            }
        }
    }

    /// An inside stroke wider than its shape: a cap is centred w / 2 inside the outline, on
    /// the far side of a thin shape, and its disc reaches past that side unclipped
    /// (docs/scene-format.md "Dashes", round caps). A 4 pt wide rect stroked 12 inside: the
    /// dash [0, 24] ends on the right side at (24, 30), its cap centred at (18, 30) with
    /// radius 6; left of the shape (x < 20) each pixel of the row y in [30, 31] is covered by
    /// the disc's area in it (a 400 x 400 point sum).
    func testAnInsideCapReachesPastAThinShapesFarSide() throws {
        let json = #"""
            { "format": 1, "canvas": { "width": 40, "height": 60, "background": "black" },
              "layers": [ { "shape": { "type": "rect", "rect": [20, 10, 4, 40] },
                            "stroke": { "paint": { "type": "solid", "color": "white" }, "width": 12, "alignment": "inside",
                                        "dash": { "pattern": [24, 64], "cap": "round" } } } ] }
            """#
        func discArea(_ x: Int) -> Double {
            var n = 0
            for i in 0..<400 { for j in 0..<400 {
                let dx = Double(x) + (Double(i) + 0.5) / 400 - 18, dy = 30 + (Double(j) + 0.5) / 400 - 30
                if dx * dx + dy * dy < 36 { n += 1 }
            } }
            return Double(n) / 160_000
        }
        for backend in [Backend.cpu, .gpu] {
            let img = try renderJSON(json, backend)
            for x in 10..<20 {
                XCTAssertEqual(Double(red(img, x, 30)) / 255, discArea(x), accuracy: 1.5 / 255, "\(backend) (\(x), 30)")
            }
        }
    }
}
