import Foundation
import XCTest
@testable import Halo
import HaloTesting

/// docs/scene-format.md "Text": a glyph is exactly its outline. A TrueType outline's implied
/// on-curve points are the exact midpoints of their two control points (often half a font
/// unit), and a font without outlines to draw is refused, saying so.
final class FontOutlineTests: XCTestCase {
    func testATrueTypeImpliedOnCurvePointIsTheExactMidpointOfItsControlPoints() throws {
        // DejaVu Serif 2.37 (fonts-dejavu-core): its "R" has the consecutive off-curve points
        // (1051, 722) and (1152, 631) (points 1 and 2 of its glyf entry, as fontTools reads
        // them), so an on-curve point at their midpoint, (1101.5, 676.5).
        let face = try FontFace.load(FontMatch.match(family: "DejaVu Serif", weight: 400, italic: false))
        XCTAssertEqual(face.unitsPerEm, 2048)
        let glyph = try XCTUnwrap(face.shape("R").first).id
        let outline = face.outline(glyph)
        let k = try XCTUnwrap(outline.firstIndex(of: .quad(1051, 722, 1101.5, 676.5)), "\(outline)")
        guard case .quad(1152, 631, _, _) = outline[k + 1] else { return XCTFail("\(outline[k + 1])") }
    }

    func testAColourBitmapFontIsRefusedAsHavingNoOutlinesNamingTheFileAndThePath() throws {
        let font = repositoryRoot.appendingPathComponent("Tests/Fixtures/fonts/colour-bitmap-star.ttf")
        let json = #"{ "format": 1, "canvas": { "width": 100, "height": 50 }, "layers": [ { "shape": { "type": "text", "rect": [0, 0, 100, 50], "text": "\u2b50", "font": "colour-bitmap-star.ttf" }, "fill": { "type": "solid", "color": "white" } } ] }"#
        XCTAssertThrowsError(try SceneDecoder.decode(Data(json.utf8), file: font.deletingLastPathComponent().appendingPathComponent("t.json").path)) { e in
            let m = "\(e)"
            XCTAssertTrue(m.contains("layers[0].shape.font: expected a font with glyph outlines (\(font.path) has no outlines to draw: colour bitmap fonts are not supported)"), m)
            XCTAssertFalse(m.contains("hhea"), m)
        }
    }

    func testHaloRenderRefusesAColourBitmapFontWithExitStatus2AndNoImage() throws {
        let folder = try makeTemporaryFolder("halo-bitmap-font")
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = repositoryRoot.appendingPathComponent("Tests/Fixtures/fonts/colour-bitmap-star.ttf")
        let scene = folder.appendingPathComponent("star.json"), out = folder.appendingPathComponent("star.png")
        let json = #"{ "format": 1, "canvas": { "width": 100, "height": 50 }, "layers": [ { "shape": { "type": "text", "rect": [0, 0, 100, 50], "text": "\u2b50", "font": "\#(font.path)" }, "fill": { "type": "solid", "color": "white" } } ] }"#
        try Data(json.utf8).write(to: scene)
        let run = try runHalo(["render", scene.path, "-o", out.path, "--backend", "cpu"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("layers[0].shape.font"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(font.path) has no outlines to draw: colour bitmap fonts are not supported"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }
}
