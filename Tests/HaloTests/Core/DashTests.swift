import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
import HaloCore
import HaloGL
import HaloReference

/// docs/scene-format.md "Stroke" (`dash`) and "Paints" (`path`): dashes are the stroke's band cut along
/// the outline's arc length, with butt or round caps; a path paint colours by arc length.
/// Expected images are drawn from the geometry by hand (dashes that start and end on
/// pixel boundaries of straight sides), not by either renderer.
final class DashTests: XCTestCase {
    private func decode(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), file: "t.json")
    }

    private func render(_ s: Scene, _ backend: Backend) throws -> RGBA8Image {
        try Halo.render(s, background: nil, backend: backend, gpu: backend == .gpu ? try SharedGPU.renderer() : nil)
    }

    /// A 60 x 30 canvas, black, with a 40 x 10 rect at (10, 10) stroked `stroke`.
    private func rectScene(_ stroke: String) throws -> Scene {
        try decode(#"""
        { "format": 1, "canvas": { "width": 60, "height": 30, "background": "black" },
          "layers": [ { "shape": { "type": "rect", "rect": [10, 10, 40, 10] }, "stroke": \#(stroke) } ] }
        """#)
    }

    private func dashError(_ dash: String) -> String {
        do { _ = try rectScene(#"{ "paint": { "type": "solid", "color": "white" }, "width": 2, "dash": \#(dash) }"#); return "" }
        catch { return "\(error)" }
    }

    // MARK: - Reading

    func testADashReadsWithItsDefaults() throws {
        let s = try rectScene(#"{ "paint": { "type": "solid", "color": "white" }, "width": 2, "dash": { "pattern": [4, 2] } }"#)
        XCTAssertEqual(s.layers[0].stroke?.dash, Dash(pattern: [4, 2], phase: 0, cap: .butt))
    }

    func testBadPatternsAreRefusedAtTheirPaths() {
        XCTAssertEqual(dashError(#"{ "pattern": [] }"#), "t.json: layers[0].stroke.dash.pattern: expected a non-empty list of lengths in points [dash, gap, ...], found []")
        XCTAssertTrue(dashError(#"{ "pattern": [4, 0] }"#).hasPrefix("t.json: layers[0].stroke.dash.pattern[1]: expected a gap > 0"))
        XCTAssertTrue(dashError(#"{ "pattern": [-1, 2] }"#).hasPrefix("t.json: layers[0].stroke.dash.pattern[0]: expected a dash >= 0"))
        XCTAssertTrue(dashError(#"{ "pattern": [0, 2] }"#).contains("needs \"cap\": \"round\""))
        // An odd pattern repeats, so its entries are gaps too.
        XCTAssertTrue(dashError(#"{ "pattern": [3, 0, 2], "cap": "round" }"#).hasPrefix("t.json: layers[0].stroke.dash.pattern[1]: expected a length > 0 (in an odd pattern every entry is also a gap)"))
        XCTAssertTrue(dashError(#"{ "pattern": [3, 2], "cap": "square" }"#).hasPrefix("t.json: layers[0].stroke.dash.cap: expected one of"))
    }

    func testADotNeedsRoundCapsAndThenReads() throws {
        XCTAssertEqual(dashError(#"{ "pattern": [0, 3], "cap": "round" }"#), "")
    }

    func testAPathPaintReadsItsOffsetAndRotation() throws {
        let s = try rectScene(#"{ "paint": { "type": "path", "colors": ["red", "blue"], "offset": 0.25, "rotation": { "period": 2 } }, "width": 2 }"#)
        XCTAssertEqual(s.layers[0].stroke?.paint.kind, .path(offset: 0.25))
    }

    // MARK: - Membership (docs/scene-format.md "Dashes")

    func testAnOddPatternRepeatsAndThePhaseShiftsItBack() {
        // Rect 80 x 30 (L = 220), pattern [10, 5, 3] -> [10, 5, 3, 10, 5, 3] (m = 36), phase 4.
        let arc = OutlineArc(Outline(Shape(kind: .rect, rect: Rect(0, 0, 80, 30)), scale: 1))
        let d = ResolvedDash(Dash(pattern: [10, 5, 3], phase: 4), arc: arc, scale: 1, width: 2, middle: 0)
        // q = s + 4: dashes at q in (0, 10), (15, 18), (28, 33); gaps (10, 15), (18, 28), (33, 36).
        XCTAssertTrue(d.contains(1))        // q = 5
        XCTAssertFalse(d.contains(8))       // q = 12
        XCTAssertTrue(d.contains(12.5))     // q = 16.5: the 5 is a dash the second time round
        XCTAssertFalse(d.contains(20))      // q = 24
        XCTAssertTrue(d.contains(26))       // q = 30
        XCTAssertFalse(d.contains(6))       // q = 10: a dash's end is not inside it
    }

    func testTheDashRunningIntoTheEndIsCutAtTheStart() {
        // L = 220, pattern [15, 10] (m = 25): the dash (200, 215) is whole, (225, 240) starts
        // past L; the dash at the start is (0, 15). Ends: 0, 15, ..., 200, 215.
        let arc = OutlineArc(Outline(Shape(kind: .rect, rect: Rect(0, 0, 80, 30)), scale: 1))
        let d = ResolvedDash(Dash(pattern: [15, 10]), arc: arc, scale: 1, width: 2, middle: 0)
        let dashes = d.dashes()
        XCTAssertEqual(dashes.count, 9)
        XCTAssertEqual(dashes.first?.0, 0); XCTAssertEqual(dashes.first?.1, 15)
        XCTAssertEqual(dashes.last?.0, 200); XCTAssertEqual(dashes.last?.1, 215)
        // Phase 10: (0, 5) is cut at the start and (215, 220) at the end: both end at the start.
        let shifted = ResolvedDash(Dash(pattern: [15, 10], phase: 10), arc: arc, scale: 1, width: 2, middle: 0).dashes()
        XCTAssertEqual(shifted.first?.0, 0); XCTAssertEqual(shifted.first?.1, 5)
        XCTAssertEqual(shifted.last?.0, 215); XCTAssertEqual(shifted.last?.1, 220)
    }

    // MARK: - Images, both backends

    /// The top side of the rect stroked outside 4 px with butt dashes [10, 5] drawn by hand:
    /// the band y in [6, 10), x in dashes [10 + 15 k, 20 + 15 k) within [10, 50].
    func testButtDashesOnAStraightSideCoverWholePixelsOnBothBackends() throws {
        let s = try rectScene(#"{ "paint": { "type": "solid", "color": "white" }, "width": 4, "alignment": "outside", "dash": { "pattern": [10, 5] } }"#)
        for backend in [Backend.cpu, .gpu] {
            let img = try render(s, backend)
            for x in 8..<52 {
                let q = x - 10
                let inDash = x >= 10 && x < 50 && q % 15 < 10
                for y in 6..<10 {
                    let v = img.pixels[(y * img.width + x) * 4]
                    XCTAssertEqual(v, inDash ? 255 : 0, "\(backend) pixel (\(x), \(y))")
                }
            }
        }
    }

    /// Dashes that end exactly at a sharp corner leave its mitre empty; one passing over the
    /// corner fills it (docs/scene-format.md "Dashes").
    func testAMitreIsFilledOnlyByADashThatPassesOverTheCorner() throws {
        // L = 100 (40 x 10): pattern [40, 10]: (0, 40) ends at the top-right corner (s = 40);
        // (50, 90) passes over the bottom-right (s = 50)? No: it starts there. Phase 5 moves
        // them to (35, 75): over the top-right (40) and the bottom-right (50) corners.
        for (phase, filled) in [(0.0, false), (-35.0, true)] {
            let s = try rectScene(#"{ "paint": { "type": "solid", "color": "white" }, "width": 4, "alignment": "outside", "dash": { "pattern": [40, 10], "phase": \#(phase) } }"#)
            for backend in [Backend.cpu, .gpu] {
                let img = try render(s, backend)
                // The top-right mitre square: x in [50, 54), y in [6, 10).
                let v = img.pixels[(8 * img.width + 52) * 4]
                XCTAssertEqual(v, filled ? 255 : 0, "\(backend), phase \(phase)")
            }
        }
    }

    /// Round a small outline (a 3 x 2.5 rounded rect with corners of up to 12, outside
    /// stroke 3.4) the line of a cut far along the outline passes through squares of the
    /// band elsewhere; only the cut itself (the segment across the band) parts a dash from
    /// a gap, so those squares keep their own interval's coverage.
    func testACutsLineFarAlongASmallOutlineCutsNoOtherPartOfTheBand() throws {
        try assertGPUWithinCertifiedBound("""
            { "format": 1, "canvas": { "width": 48, "height": 20, "scale": 2, "background": "black" },
              "layers": [ { "shape": { "type": "roundedRect", "rect": [24, 8, 3, 2.5], "cornerRadius": [12, 5.2, 0, 0.4], "cornerStyle": "circular" },
                            "stroke": { "paint": { "type": "solid", "color": "white" }, "width": 3.4, "alignment": "outside",
                                        "dash": { "pattern": [6.4, 1.4] } } } ] }
            """)
    }

    /// A cut on a straight side a fraction of a pixel from a sharp corner parts the whole
    /// strip of that side, the corner's mitre half included (round caps, outside stroke:
    /// the last dot of the left side ends just above the bottom-left corner, whose mitre
    /// stays empty).
    func testACutNearASharpCornerPartsTheMitreToo() throws {
        try assertGPUWithinCertifiedBound("""
            { "format": 1, "canvas": { "width": 76, "height": 81, "scale": 1.5, "background": "black" },
              "layers": [ { "shape": { "type": "rect", "rect": [51.078, 12.589, 26.08, 52.431] },
                            "stroke": { "paint": { "type": "solid", "color": "white" }, "width": 6.651, "alignment": "outside",
                                        "dash": { "pattern": [1.663, 6.651], "phase": -4.847, "cap": "round" } } } ] }
            """)
    }

    /// Periods under a pixel (0.5 px) on an inside stroke: inside the rect's sharp corners the
    /// band splits along the diagonal, which reaches the band's inner corner, sqrt(2) times
    /// its depth from the corner; the pixels it crosses are within their bound too (there,
    /// none: s jumps across them).
    func testAFineDashBesideACornersDiagonalIsWithinItsBound() throws {
        try assertGPUWithinCertifiedBound("""
            { "format": 1, "canvas": { "width": 74, "height": 59, "scale": 2, "background": "#1C1C1E" }, "time": 2,
              "layers": [ { "shape": { "type": "rect", "rect": [49.633, 2.731, 27.468, 42.011] },
                            "stroke": { "paint": { "type": "angular", "colors": ["#5F42B7", "#13A879", "green", [0.925, 0.675, 0.379, 0.5]],
                                                   "interpolation": "linear", "center": [0.808, -0.012], "angle": -90 },
                                        "width": 3.971, "alignment": "inside", "dash": { "pattern": [0.0625, 0.1875], "phase": 0.0652857 } } } ] }
            """)
    }

    /// A dash longer than the whole outline (L = 100 here) leaves no cut on it: the stroke
    /// is drawn all round, on both backends, as a solid one (the band 9...11 above the top
    /// side covers the pixel row y in [9, 10) wholly).
    func testADashLongerThanTheOutlineDrawsTheWholeStroke() throws {
        let s = try rectScene(#"{ "paint": { "type": "solid", "color": "white" }, "width": 2, "dash": { "pattern": [200, 1] } }"#)
        for backend in [Backend.cpu, .gpu] {
            let img = try render(s, backend)
            for x in [12, 30, 47] { XCTAssertEqual(img.pixels[(9 * img.width + x) * 4], 255, "\(backend) (\(x), 9)") }
        }
    }

    /// A period far below a pixel, even one float holds only as a subnormal (1e-38 pt), draws
    /// the band times the pattern's share of dash: half of white, 127.5, within a level.
    func testASubnormalPeriodDrawsItsShareOfTheBand() throws {
        let s = try rectScene(#"{ "paint": { "type": "solid", "color": "white" }, "width": 2, "dash": { "pattern": [1e-38, 1e-38] } }"#)
        for backend in [Backend.cpu, .gpu] {
            let img = try render(s, backend)
            XCTAssertEqual(Double(img.pixels[(9 * img.width + 30) * 4]), 127.5, accuracy: 1, "\(backend)")
        }
    }

    /// A dot (a dash of 0 with round caps) is a whole disc of diameter w: its coverage sums
    /// to pi (w / 2)^2 pixels.
    func testADotIsAWholeDiscOnBothBackends() throws {
        // One dot per 50 pt (more than the outline: a single dot at the start, s = 0, on the
        // top side 10 pt right of a 10 pt corner).
        let s = try decode(#"""
        { "format": 1, "canvas": { "width": 60, "height": 40, "background": "black" },
          "layers": [ { "shape": { "type": "capsule", "rect": [10, 10, 40, 20] },
                        "stroke": { "paint": { "type": "solid", "color": "white" }, "width": 6, "dash": { "pattern": [0, 500], "cap": "round" } } } ] }
        """#)
        for backend in [Backend.cpu, .gpu] {
            let img = try render(s, backend)
            var sum = 0.0
            for i in stride(from: 0, to: img.pixels.count, by: 4) { sum += Double(img.pixels[i]) / 255 }
            XCTAssertEqual(sum, Double.pi * 9, accuracy: 0.15, "\(backend)")
            // Centred on the start point (20, 10): the disc is mirror-symmetric about x = 20.
            for y in 6..<14 { XCTAssertEqual(Int(img.pixels[(y * 60 + 18) * 4]), Int(img.pixels[(y * 60 + 21) * 4]), accuracy: 2) }
        }
    }

    /// The beam travels at constant arc speed: a path paint's highlight on a 3:1 rounded rect,
    /// located from rendered frames by the brightest pixel's arc length, moves by L / period
    /// per second (within a pixel) on the long and the short sides alike.
    func testAPathPaintsHighlightMovesAtConstantArcSpeed() throws {
        let json = #"""
        { "format": 1, "canvas": { "width": 140, "height": 60, "background": "black" }, "time": TIME,
          "layers": [ { "shape": { "type": "roundedRect", "rect": [10, 10, 120, 40], "cornerRadius": 10 },
                        "stroke": { "paint": { "type": "path", "stops": [ { "color": "clear", "location": 0 }, { "color": "white", "location": 0.02 }, { "color": "clear", "location": 0.04 } ],
                                               "rotation": { "period": 8 } }, "width": 2 } } ] }
        """#
        let arc = OutlineArc(Outline(Shape(kind: .roundedRect, rect: Rect(10, 10, 120, 40), cornerRadii: [10, 10, 10, 10]), scale: 1))
        let L = arc.length
        var previous: Double?
        for step in 0...8 {
            let t = Double(step)
            let img = try render(decode(json.replacingOccurrences(of: "TIME", with: "\(t)")), .cpu)
            // The highlight's arc length: the brightness-weighted mean of s over its pixels.
            var ws = 0.0, w = 0.0, ref = -1.0
            for y in 0..<60 { for x in 0..<140 {
                let v = Double(img.pixels[(y * 140 + x) * 4])
                if v < 64 { continue }
                var s = arc.arcLength(at: Vec2(Double(x) + 0.5, Double(y) + 0.5))
                if ref < 0 { ref = s }
                s -= L * ((s - ref) / L).rounded()       // unwrapped near the first pixel
                ws += v * s; w += v
            } }
            let s = ws / w
            if let p = previous {
                var ds = s - p
                ds -= L * (ds / L).rounded(.down)
                XCTAssertEqual(ds, L / 8, accuracy: 1.0, "from t = \(t - 1) to \(t)")
            }
            previous = s
        }
    }
}

extension DashTests {
    func testAPathPaintOnTextIsRefusedAsTextHasNoOutline() {
        let json = #"{ "format": 1, "canvas": { "width": 40, "height": 20 }, "layers": [ { "shape": { "type": "text", "rect": [0, 0, 40, 20], "text": "Hi" }, "fill": { "type": "path", "colors": ["red", "blue"] } } ] }"#
        XCTAssertThrowsError(try decode(json)) { e in
            XCTAssertEqual("\(e)", #"t.json: layers[0].fill.type: expected a paint other than a path on a text shape (text has no outline), found "path""#)
        }
    }
}
