import Foundation
import XCTest
@testable import Halo
@testable import HaloPreview

/// The control panel's hex field: `#RRGGBB` and `#RRGGBBAA` taken and shown, anything else
/// refused with a message, and a value typed into it setting the scene's parameter.
final class HexColourTests: XCTestCase {
    func testSixDigitsAreAnOpaqueColourOfEachPairOver255() throws {
        XCTAssertEqual(try HexColour.parse("#FF2D55"), .init(red: 1, green: 45.0 / 255, blue: 85.0 / 255, alpha: 1))
        XCTAssertEqual(try HexColour.parse(" ff2d55 "), try HexColour.parse("#FF2D55"), "either case, blanks and a missing # allowed")
    }

    func testEightDigitsCarryTheAlpha() throws {
        XCTAssertEqual(try HexColour.parse("#7C5CFF80"), .init(red: 124.0 / 255, green: 92.0 / 255, blue: 1, alpha: 128.0 / 255))
    }

    /// Every byte value of each component survives text -> colour -> text, upper-case, the
    /// alpha pair written only when it is not FF.
    func testFormatAndParseRoundTripEveryByte() throws {
        for b in 0...255 {
            let pair = String(format: "%02X", b)
            for text in ["#\(pair)0000", "#00\(pair)00", "#0000\(pair)", "#102030\(pair)"] {
                let expected = text.hasSuffix("FF") && text.count == 9 ? String(text.dropLast(2)) : text
                XCTAssertEqual(HexColour.format(try HexColour.parse(text)), expected)
            }
        }
        XCTAssertEqual(HexColour.format(try HexColour.parse("#abcdef")), "#ABCDEF")
    }

    func testFormatRoundsEachComponentToTheNearestByte() {
        XCTAssertEqual(HexColour.format(.init(red: 0.5, green: 0, blue: 1, alpha: 0.5)), "#8000FF80", "127.5 rounds half up")
        XCTAssertEqual(HexColour.format(.init(red: 1.4, green: -2, blue: 0.2, alpha: 1)), "#FF0033", "clamped to 0...1")
    }

    func testOtherTextIsRefusedNamingWhatWasExpectedAndFound() {
        for bad in ["", "#", "#FFF", "#FF2D5", "#FF2D555", "#FF2D55FF0", "#GG2D55", "FF 2D 55", "#ＦＦ2D55", "red"] {
            XCTAssertThrowsError(try HexColour.parse(bad), bad) { error in
                XCTAssertEqual("\(error)", "expected #RRGGBB or #RRGGBBAA (hex digits 0-9, A-F), found \"\(bad)\"")
            }
        }
    }

    /// The field's text goes through the panel: a refusal is kept for its row (and changes
    /// nothing), a good value clears it and becomes the control's new value.
    func testThePanelKeepsARefusalUntilAValueIsTaken() {
        var panel = ControlPanel()
        XCTAssertNil(panel.hexEntered("#12", for: "accent"))
        XCTAssertEqual(panel.hexRefusals["accent"], "expected #RRGGBB or #RRGGBBAA (hex digits 0-9, A-F), found \"#12\"")
        XCTAssertEqual(panel.hexEntered("#FF2D55", for: "accent"), .colour(.init(red: 1, green: 45.0 / 255, blue: 85.0 / 255)))
        XCTAssertNil(panel.hexRefusals["accent"])
    }

    /// A hex value typed into feature-params' accent field sets the parameter: the live value
    /// is the typed colour, and the scene drawn has it where the file refers to the parameter.
    func testAHexValueTypedIntoTheFieldSetsTheParameter() throws {
        let path = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next/feature-params.json").path
        var source = try PreviewSceneSource(path: path)
        var panel = ControlPanel()
        let value = try XCTUnwrap(panel.hexEntered("#ff2d5580", for: "accent"))
        XCTAssertTrue(source.apply([.set(name: "accent", value: value)]).isEmpty)
        XCTAssertEqual(source.state.value("accent"), .string("#FF2D5580"))
        XCTAssertTrue(source.state.differsFromFile("accent"))
        // Layer 1's stroke is an angular paint whose first and last colour stops are the accent.
        let stops = try XCTUnwrap(source.scene.layers[1].stroke?.paint.stops)
        let expected = RGBA(1, 45.0 / 255, 85.0 / 255, 128.0 / 255)
        XCTAssertEqual(stops.count, 4)
        XCTAssertEqual(stops.first?.color, expected)
        XCTAssertEqual(stops.last?.color, expected)
    }

    /// A scripted run focuses feature-params' accent hex field, types #FF2D55 through the
    /// window and presses Enter: the panel sets the parameter, and the frame saved at the end
    /// is `halo render --set accent=#FF2D55`'s image of that time (0.75 + 5/60 s).
    func testAScriptTypingAHexValueIntoTheFieldSetsTheParameter() throws {
        let folder = try makeTemporaryFolder("halo-hex")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next/feature-params.json").path
        let shot = folder.appendingPathComponent("shot.png").path, expected = folder.appendingPathComponent("expected.png").path
        let r = try PreviewProcess(arguments: ["preview", path, "--frames", "6", "--screenshot", shot,
                                               "--script", "1 focus accent; 3 enter-text #FF2D55"], folder: folder).wait()
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("halo preview: panel set accent = \"#FF2D55FF\""), r.stdout)
        let render = try runHalo(["render", path, "--backend", "gpu", "--set", "accent=#FF2D55", "--time", String(0.75 + 5.0 / 60), "-o", expected])
        XCTAssertEqual(render.status, 0, render.stderr)
        let a = try PNG.read(shot), b = try PNG.read(expected)
        XCTAssertEqual([a.width, a.height], [b.width, b.height])
        XCTAssertTrue(a.pixels == b.pixels, "the saved frame is the render with the typed accent")
    }
}
