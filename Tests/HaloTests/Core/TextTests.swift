import Foundation
import XCTest
@testable import Halo
import HaloReference
import HaloTesting

/// docs/scene-format.md "Text": fonts resolved as fontconfig does, greedy lines, and the exact area
/// coverage of the union of the glyph outlines (nonzero winding).
final class TextTests: XCTestCase {
    private func decode(_ json: String, file: String = "t.json") throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), file: file)
    }

    private func textLayer(_ shapeMembers: String, layerMembers: String = #""fill": { "type": "solid", "color": "white" }"#) -> String {
        #"{ "format": 1, "canvas": { "width": 100, "height": 50 }, "layers": [ { "shape": { "type": "text", "rect": [0, 0, 100, 50], \#(shapeMembers) }, \#(layerMembers) } ] }"#
    }

    private func assertRefused(_ json: String, path: String, contains: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(json), file: file, line: line) { e in
            let m = "\(e)"
            XCTAssertTrue(m.hasPrefix("t.json: \(path): expected "), m, file: file, line: line)
            XCTAssertTrue(m.contains(contains), m, file: file, line: line)
        }
    }

    // MARK: - Fonts

    /// fontconfig's FcWeightFromOpenType points (fcweight.c), as docs/scene-format.md lists them.
    func testCSSWeightsMapToFontconfigWeightsAsFcWeightFromOpenType() {
        XCTAssertEqual(FontMatch.fontconfigWeight(400), 80)
        XCTAssertEqual(FontMatch.fontconfigWeight(700), 200)
        XCTAssertEqual(FontMatch.fontconfigWeight(100), 0)
        XCTAssertEqual(FontMatch.fontconfigWeight(1000), 215)
        XCTAssertEqual(FontMatch.fontconfigWeight(450), 90)     // halfway between 80 and 100
        XCTAssertEqual(FontMatch.fontconfigWeight(390), 78)     // 75 + 5 * 10 / 20 = 77.5, half up
    }

    func testFamilyNamesAreEscapedForFontconfigPatterns() {
        XCTAssertEqual(FontMatch.escape(#"A-B:C,D\E"#), #"A\-B\:C\,D\\E"#)
    }

    /// The default family is Inter (fonts-inter); weight 700 is its Bold face.
    func testTheDefaultFamilyIsInterAndWeightsPickItsFaces() throws {
        let s = try decode(textLayer(#""text": "Hi", "weight": 700"#))
        let f = try XCTUnwrap(s.layers[0].shape.text)
        XCTAssertEqual(f.font, "Inter")
        XCTAssertTrue(f.fontFile.path.lowercased().contains("inter"), f.fontFile.path)
        XCTAssertTrue(f.fontFile.path.lowercased().contains("bold"), f.fontFile.path)
    }

    func testAFamilyFontconfigDoesNotHaveIsRefusedNamingTheFamilyItFound() {
        assertRefused(textLayer(#""text": "Hi", "font": "No Such Family Anywhere""#), path: "layers[0].shape.font",
                      contains: "an installed font family (fontconfig's match is ")
    }

    func testAFontFileThatIsNotAFontIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-text-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("bad.ttf"))
        let json = textLayer(#""text": "Hi", "font": "bad.ttf""#)
        XCTAssertThrowsError(try decode(json, file: dir.appendingPathComponent("t.json").path)) { e in
            XCTAssertTrue("\(e)".contains("shape.font: expected a readable OpenType or TrueType font file"), "\(e)")
            XCTAssertTrue("\(e)".hasSuffix(#"found "bad.ttf""#), "\(e)")
        }
    }

    func testEmptyTextAStrokeAMaterialAndAWeightWithAFileAreRefused() {
        assertRefused(textLayer(#""text": """#), path: "layers[0].shape.text", contains: "a non-empty string")
        assertRefused(textLayer(#""text": "Hi""#, layerMembers: #""stroke": { "paint": { "type": "solid", "color": "red" }, "width": 1 }"#),
                      path: "layers[0].stroke", contains: "no stroke on a text shape")
        assertRefused(textLayer(#""text": "Hi""#, layerMembers: #""fill": { "type": "material", "blur": 3 }"#),
                      path: "layers[0].fill.type", contains: "a paint other than a material")
        assertRefused(textLayer(#""text": "Hi", "font": "x.otf", "weight": 700"#), path: "layers[0].shape.weight",
                      contains: "no weight with a font file")
        assertRefused(textLayer(#""text": "Hi", "weight": 450.5"#), path: "layers[0].shape.weight", contains: "a whole number in 1...1000")
        assertRefused(textLayer(#""text": "Hi""#, layerMembers: #""glow": { "radius": 2 }"#), path: "layers[0].glow", contains: "a stroke or a fill")
    }

    // MARK: - Lines

    /// A word wider than the rect stays alone on its line and overflows; the next word
    /// starts a new line (the checker's feature-text-align scene, "Unbreakable words" in 60 pt).
    func testAWordWiderThanTheRectIsAloneOnItsLine() throws {
        let s = try decode(textLayer(#""text": "Unbreakable words", "size": 13"#).replacingOccurrences(of: "[0, 0, 100, 50]", with: "[0, 0, 60, 32]"))
        let g = try TextGeometry.resolve(s.layers[0].shape.text!, rect: s.layers[0].shape.rect, scale: 1)
        XCTAssertEqual(g.layout.lines.map(\.text), ["Unbreakable", "words"])
        XCTAssertGreaterThan(g.layout.lines[0].advance, 60)
    }

    /// Paragraphs split at "\n"; an empty paragraph is an empty line; trailing spaces do not count.
    func testNewlinesSplitParagraphsAndEmptyParagraphsAreEmptyLines() throws {
        let s = try decode(textLayer(#""text": "a  \n\nb""#))
        let g = try TextGeometry.resolve(s.layers[0].shape.text!, rect: s.layers[0].shape.rect, scale: 1)
        XCTAssertEqual(g.layout.lines.map(\.text), ["a", "", "b"])
        // Baselines one line height (1.2 x 17 pt) apart, the block centred in the 50 pt rect.
        let b = g.layout.lines.map(\.baseline)
        XCTAssertEqual(b[1] - b[0], 20.4, accuracy: 1e-9)
        XCTAssertEqual(b[2] - b[1], 20.4, accuracy: 1e-9)
    }

    // MARK: - Coverage

    private typealias Edge = GlyphCoverage.Edge

    private func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> [Edge] {
        let pts = clockwise ? [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] : [(x0, y0), (x0, y1), (x1, y1), (x1, y0)]
        return (0..<4).map { i in Edge(pts[i].0, pts[i].1, pts[(i + 1) % 4].0, pts[(i + 1) % 4].1) }
    }

    /// A rectangle's coverage is the area of each pixel inside it, exactly (box filter).
    func testARectanglesCoverageIsItsAreaInEachPixel() {
        let (c, _) = GlyphCoverage.rasterize(rectangle(0.25, 0.5, 2.7, 1.5), i0: 0, j0: 0, i1: 3, j1: 2)
        let expected: [Float] = [0.75 * 0.5, 0.5, 0.7 * 0.5, 0.75 * 0.5, 0.5, 0.7 * 0.5]
        for (a, b) in zip(c, expected) { XCTAssertEqual(a, b, accuracy: 1e-6) }
    }

    /// A right triangle with legs of 2 px over a 2 x 2 block: the half pixels on its
    /// diagonal and the full one below it; its covered part's centroid in the diagonal
    /// pixel is 1/6 px from the centre along each axis towards the inside.
    func testATrianglesCoverageAndCentroidAreExact() {
        let tri = [Edge(0, 0, 2, 2), Edge(2, 2, 0, 2), Edge(0, 2, 0, 0)]
        let (c, m) = GlyphCoverage.rasterize(tri, i0: 0, j0: 0, i1: 2, j1: 2)
        XCTAssertEqual(c[0], 0.5, accuracy: 1e-6); XCTAssertEqual(c[1], 0, accuracy: 1e-6)
        XCTAssertEqual(c[2], 1, accuracy: 1e-6); XCTAssertEqual(c[3], 0.5, accuracy: 1e-6)
        // Sub-cell centroids: within 1/8 px of the true (-1/6, +1/6).
        XCTAssertEqual(Double(m[0].x), -1.0 / 6, accuracy: 0.125)
        XCTAssertEqual(Double(m[0].y), 1.0 / 6, accuracy: 0.125)
    }

    /// Overlapping contours of the same winding are covered once (a union), and a contour of
    /// the opposite winding inside another cuts a hole (nonzero rule).
    func testOverlapsCountOnceAndOppositeWindingsCutHoles() {
        let twice = rectangle(0, 0, 2, 1) + rectangle(1, 0, 3, 1)
        let (c, _) = GlyphCoverage.rasterize(twice, i0: 0, j0: 0, i1: 3, j1: 1)
        for v in c { XCTAssertEqual(v, 1, accuracy: 1e-6) }
        let ring = rectangle(0, 0, 3, 3) + rectangle(1, 1, 2, 2, clockwise: false)
        let (r, _) = GlyphCoverage.rasterize(ring, i0: 0, j0: 0, i1: 3, j1: 3)
        XCTAssertEqual(r[4], 0, accuracy: 1e-6)
        XCTAssertEqual(r[0], 1, accuracy: 1e-6)
        // Two crossing bars of a plus sign, each 1 px wide and the same winding: the middle once.
        let plus = rectangle(0, 1, 3, 2) + rectangle(1.5, 0, 2.5, 3)
        let (p, _) = GlyphCoverage.rasterize(plus, i0: 0, j0: 0, i1: 3, j1: 3)
        XCTAssertEqual(p[4], 1, accuracy: 1e-6)
        XCTAssertEqual(p[1], 0.5, accuracy: 1e-6)
    }

    /// Edges crossing inside a pixel still give the union's exact area: two triangles of
    /// area 1/2 overlapping in one of area 1/4 cover 3/4 (inclusion-exclusion).
    func testCrossingEdgesInsideAPixelGiveTheUnionsArea() {
        // (0,0)-(1,0)-(0,1) and (0,0)-(1,0)-(1,1) overlap in (0,0)-(1,0)-(0.5,0.5).
        let a = [Edge(0, 0, 1, 0), Edge(1, 0, 0, 1), Edge(0, 1, 0, 0)]
        let b = [Edge(0, 0, 1, 0), Edge(1, 0, 1, 1), Edge(1, 1, 0, 0)]
        let (c, _) = GlyphCoverage.rasterize(a + b, i0: 0, j0: 0, i1: 1, j1: 1)
        XCTAssertEqual(c[0], 0.5 + 0.5 - 0.25, accuracy: 1e-5)
    }

    /// The CPU reference draws a text layer as its coverage times its paint: solid white on
    /// clear has alpha = coverage.
    func testATextsAlphaIsItsCoverage() throws {
        let s = try decode(textLayer(#""text": "Hi", "size": 30"#))
        let img = ReferenceRenderer().render(Frame(s))
        let g = Frame(s).layers[0].text!
        let cov = g.coverage(i0: 0, j0: 0, i1: 100, j1: 50)
        var maxDiff: Float = 0
        for n in 0..<(100 * 50) { maxDiff = max(maxDiff, abs(img.pixels[n].w - cov.coverage[n])) }
        XCTAssertLessThan(maxDiff, 1e-6)
        XCTAssertGreaterThan(cov.coverage.reduce(0, +), 50, "the text covers something")
    }
}

extension TextTests {
    /// The GPU keeps a text's drawn group between frames while its glyphs, place, paint and
    /// glow stay the same (GLRenderer.textAtlasContent): a text whose colour changes from
    /// one frame to the next is drawn in its new colour, as the exact reference draws it.
    func testTheGPUDrawsATextAgainWhenItsPaintChangesBetweenFrames() throws {
        func scene(_ color: String) throws -> Scene {
            try decode(textLayer(#""text": "Hi", "size": 30, "weight": 700"#, layerMembers: #""fill": { "type": "solid", "color": "\#(color)" }"#))
        }
        let gpu = try SharedGPU.renderer()
        let white = try scene("white"), red = try scene("red")
        _ = try gpu.render(Frame(white))
        _ = try gpu.render(Frame(white))                 // the second frame reuses the atlas
        let got = try gpu.render(Frame(red))
        let exact = ReferenceRenderer().render(Frame(red)).toRGBA8()
        let r = try XCTUnwrap(ImageComparison(exact, got))
        XCTAssertLessThanOrEqual(r.maxDifference, 8, "red text after white: max \(r.maxDifference)")
        // And back: the white text again, as the reference draws it.
        let again = try gpu.render(Frame(white))
        let r2 = try XCTUnwrap(ImageComparison(ReferenceRenderer().render(Frame(white)).toRGBA8(), again))
        XCTAssertLessThanOrEqual(r2.maxDifference, 8, "white text after red: max \(r2.maxDifference)")
    }
}
