import Foundation
import XCTest
import Halo
import HaloExport

/// What the HTML and SwiftUI exports draw differently from the exact image is listed (in the
/// file's header and on stderr, once each), or drawn as Halo draws it.
final class ExportDifferencesTests: XCTestCase {
    /// A 40 x 40 pt scene of one layer (JSON).
    static func scene(_ layer: String) throws -> Scene {
        try SceneDecoder.decode(Data(#"{ "format": 1, "canvas": { "width": 40, "height": 40, "background": "black" }, "layers": [\#(layer)] }"#.utf8))
    }

    private func scene(_ layer: String) throws -> Scene { try Self.scene(layer) }

    private func css(_ s: Scene) throws -> ExportResult { try CSSExporter(scene: s).export() }

    /// The format's green (52, 199, 89) as the exporter spells it.
    private let green = "rgb(52 199 89 / 1)"

    /// red | green | blue, all three at 0.5125: the green stop has no width.
    static let zeroWidthGreen = #""stops": [ { "color": "red", "location": 0 }, { "color": "red", "location": 0.5125 }, "#
        + #"{ "color": "green", "location": 0.5125 }, { "color": "blue", "location": 0.5125 }, { "color": "blue", "location": 1 } ]"#

    /// red | green (no width) | blue at 0.5125: the exact image holds no green (each pixel is red,
    /// blue or a mix of the two: its green channel below the larger of red and blue),
    /// and the CSS names no green stop, for linear, radial and angular paints alike.
    func testAStopOfNoWidthBetweenTwoAtItsLocationIsNotDrawn() throws {
        for paint in [#""type": "linear", "startPoint": [0, 0], "endPoint": [1, 0.3]"#,
                      #""type": "radial", "center": [0.5, 0.5], "startRadius": 0, "endRadius": 20"#,
                      #""type": "angular", "center": [0.5, 0.5]"#] {
            let s = try scene(#"{ "shape": { "type": "rect", "rect": [0, 0, 40, 40] }, "fill": { \#(paint), \#(Self.zeroWidthGreen) } }"#)
            let exact = try Halo.render(s, background: nil, backend: .cpu)
            var greenest = Int.min
            for i in stride(from: 0, to: exact.pixels.count, by: 4) {
                let r = Int(exact.pixels[i]), g = Int(exact.pixels[i + 1]), b = Int(exact.pixels[i + 2])
                greenest = max(greenest, g - max(r, b))
            }
            XCTAssertLessThan(greenest, 0, "\(paint): the exact image has no green-dominated pixel")
            XCTAssertFalse(try css(s).text.contains(green), "\(paint): the CSS has no green stop")
        }
    }

    /// Two stops at location 1 of a radial in Oklab: the exact image beyond the end is the
    /// first of them (green), in sRGB the last (blue), as CSS draws both. Listed for Oklab only.
    func testStopsSharingTheLastLocationAreListedWhereHaloDrawsTheFirst() throws {
        for (space, expected) in [("oklab", [52, 199, 89]), ("srgb", [0, 122, 255])] {
            let s = try scene(#"{ "shape": { "type": "rect", "rect": [0, 0, 40, 40] }, "fill": { "type": "radial", "center": [0.5, 0.5], "startRadius": 0, "#
                + #""endRadius": 10, "interpolation": "\#(space)", "stops": [ { "color": "red", "location": 0 }, { "color": "green", "location": 1 }, "#
                + #"{ "color": "blue", "location": 1 } ] } }"#)
            let corner = try Halo.render(s, background: nil, backend: .cpu).pixels[0..<3].map(Int.init)
            XCTAssertEqual(corner, expected, "\(space): the exact image's corner, beyond the radial's end")
            let listed = try css(s).approximations.contains { $0.path == "layers[0].fill" && $0.note.hasPrefix("stops sharing the last location") }
            XCTAssertEqual(listed, space == "oklab", space)
        }
    }

    /// cubic-bezier(0.25, 1.5, 0.75, 1.5)'s output peaks at y(s*) = 4.5 s*(1 - s*) + s*^3,
    /// s* = (9 - sqrt 27) / 6 (dy/ds = 0), at progress x(s*); a colour keyframed from alpha
    /// 0.5 to 1 under it mixes to alpha 0.5 + 0.5 y(s*) = 1.1495 there.
    static let overshoot = { () -> (time: Double, alpha: Double) in
        let s = (9 - 27.0.squareRoot()) / 6, r = 1 - s
        return (3 * r * r * s * 0.25 + 3 * r * s * s * 0.75 + s * s * s, 0.5 + 0.5 * (4.5 * s * r + s * s * s))
    }()

    /// A rect filled with a colour keyframed from `from` to `to` under that curve.
    static func overshootingFill(from: String, to: String) throws -> Scene {
        try scene(#"{ "shape": { "type": "rect", "rect": [0, 0, 40, 40] }, "fill": { "type": "solid", "color": { "keyframes": "#
            + #"[[0, \#(from)], [1, \#(to)]], "timing": [0.25, 1.5, 0.75, 1.5] } } }"#)
    }

    /// The alpha-0.5-to-1 keyframes under that curve are listed with the factor 1.1495; two
    /// opaque keyframes under the same curve keep alpha 1 and are not listed.
    func testAnOvershootingColourKeyframeIsListedWithItsFactor() throws {
        let peak = Self.overshoot.alpha
        for (from, listed) in [("[1, 0, 0, 0.5]", true), ("[1, 0, 0, 1]", false)] {
            let s = try Self.overshootingFill(from: from, to: "[0, 0, 1, 1]")
            let notes = try css(s).approximations.filter { $0.path == "layers[0].fill.color" && $0.note.contains("overshoots") }
            XCTAssertEqual(notes.count, listed ? 1 : 0, from)
            if listed { XCTAssertTrue(notes[0].note.contains(String(format: "%.4f", peak)), "\(notes[0].note) names \(peak)") }
        }
    }

    /// Hebrew text: the CSS keeps Halo's logical order (each line `unicode-bidi: bidi-override`
    /// under `direction: ltr`); SwiftUI's bidirectional layout reorders it, which is listed.
    func testRightToLeftTextIsDrawnInLogicalOrderOrListed() throws {
        let s = try scene(#"{ "shape": { "type": "text", "rect": [0, 0, 40, 40], "text": "abc \#u{05E9}\#u{05DC}\#u{05D5}\#u{05DD}", "size": 10 }, "fill": { "type": "solid", "color": "white" } }"#)
        let html = try css(s).text
        XCTAssertTrue(html.contains("direction: ltr"), html)
        let lines = html.components(separatedBy: "<div style=\"position: relative").count - 1
        XCTAssertEqual(html.components(separatedBy: "; unicode-bidi: bidi-override\">").count - 1, lines, "each of the \(lines) lines: \(html)")
        XCTAssertTrue(html.contains("bidi-override\">\u{05E9}\u{05DC}"), html)
        let swift = try SwiftUIExporter(scene: s, typeName: "T").export()
        XCTAssertTrue(swift.approximations.contains { $0.path == "layers[0].shape.text" && $0.note.contains("right-to-left") }, "\(swift.approximations)")
    }

    /// A glow drawn twice (the part and its glow's copy) notes each approximation once.
    func testEachApproximationIsListedOnce() throws {
        let s = try scene(#"{ "shape": { "type": "rect", "rect": [5, 5, 30, 30] }, "stroke": { "width": 2, "dash": { "pattern": [4, 2] }, "#
            + #""paint": { "type": "path", "colors": ["red", "blue"] } }, "glow": { "radius": 3 } }"#)
        for notes in [try css(s).approximations, try SwiftUIExporter(scene: s, typeName: "T").export().approximations] {
            XCTAssertFalse(notes.isEmpty)
            XCTAssertEqual(notes.count, Set(notes.map(\.description)).count, "\(notes)")
        }
    }

    /// The causes docs/code-export.md gives for the conformance scenes Chromium draws furthest
    /// from the exact image are listed under the layers they come from.
    func testTheFurthestConformanceScenesNameTheirCause() throws {
        let next = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next")
        for (name, path, cause) in [("case-b30-huge-glow", "layers[0].glow", "a blur wider than the canvas"),
                                    ("case-b30-huge-glow", "layers[1].glow", "a blur wider than the canvas"),
                                    ("case-b40-hard-stops-45deg", "layers[0].fill", "hard stops spread over a ramp one pixel wide"),
                                    ("case-b47-hard-stops-in-a-pixel", "layers[0].fill", "colour stops closer together than a pixel"),
                                    ("case-b47-hard-stops-in-a-pixel", "layers[1].fill", "colour stops closer together than a pixel"),
                                    ("feature-text-wrap", "layers[1].shape", "the browser shapes and rasterises the glyphs")] {
            let s = try Halo.load(next.appendingPathComponent("\(name).json").path).scene
            let notes = try CSSExporter(scene: s, frozenAt: s.time).export().approximations
            XCTAssertTrue(notes.contains { $0.path == path && $0.note.hasPrefix(cause) }, "\(name): \(path): \(cause) in \(notes)")
        }
    }
}
