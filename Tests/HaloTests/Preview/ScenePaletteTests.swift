import Foundation
import XCTest
@testable import Halo
@testable import HaloPreview

/// The colours the picker offers: those the scene file writes, named as written.
final class ScenePaletteTests: XCTestCase {
    /// feature-params writes #1C1C2E (the card's fill), mint and yellow (the stroke's colour
    /// list, between two references to the accent), and the accent and background
    /// parameters' values; keys are walked sorted (canvas, layers, params), references skipped.
    func testFeatureParamsOffersTheColoursItWritesNamedAsWritten() throws {
        let path = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next/feature-params.json").path
        let palette = ScenePalette.colours(in: try PreviewSceneSource(path: path).document.tree)
        XCTAssertEqual(palette.map(\.name), ["#1C1C2E", "mint", "yellow", "#7C5CFF", "#0D0D1A"])
        // The system colours' values (docs/scene-format.md "Colours"): mint 0,199,190; yellow 255,204,0.
        XCTAssertEqual(palette[1].colour, .init(red: 0, green: 199.0 / 255, blue: 190.0 / 255))
        XCTAssertEqual(palette[2].colour, .init(red: 1, green: 204.0 / 255, blue: 0))
        XCTAssertEqual(palette[0].colour, try HexColour.parse("#1C1C2E"))
    }

    /// A colour written twice is offered once, named as first met ([1, 0, 0] before #FF0000;
    /// the glow's #007AFF before the stop's blue, 0,122,255); lists of numbers are colours
    /// too; strings under other keys (a text "red", an option "blue") are not.
    func testEachColourOnceAndOnlyUnderColourKeys() throws {
        let tree = try JSONReader.read(Array("""
            { "canvas": { "background": [1, 0, 0] },
              "layers": [ { "shape": { "type": "text", "text": "red" }, "fill": { "type": "solid", "color": "#FF0000" } },
                          { "stroke": { "paint": { "stops": [ { "color": "blue", "location": 0 } ] } }, "glow": { "color": "#007AFF" } } ],
              "params": { "c": { "type": "choice", "value": "blue", "options": ["blue"] } } }
            """.utf8), file: "palette.json")
        XCTAssertEqual(ScenePalette.colours(in: tree).map(\.name), ["[1, 0, 0]", "#007AFF"])
    }
}
