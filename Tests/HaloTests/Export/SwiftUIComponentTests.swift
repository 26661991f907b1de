import Foundation
import XCTest
import Halo
@testable import HaloExport

/// The SwiftUI export as a component (docs/code-export.md "As a component"): the scene's
/// parameters are the type's stored properties, read where the scene's file referred to
/// them; a scene that forms one control is a `ButtonStyle` sized by its label; text is one
/// `Text` per paragraph; the file carries one `#Preview` and only the helpers it uses, and
/// writes a paint shared by a glow and its stroke once. That the files type-check, with the
/// style on a plain `Button`, is `SwiftUIExportTests`'.
final class SwiftUIComponentTests: XCTestCase {
    private let params = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next/feature-params.json").path
    private let button = repositoryRoot.appendingPathComponent("Examples/gradient-border-button.json").path

    private func swift(_ path: String, values: [String: JSONValue] = [:], frozenAt: Double? = nil) throws -> ExportResult {
        try SwiftUIExporter(scene: Halo.load(path, values: values).scene, frozenAt: frozenAt, typeName: SwiftUIExporter.typeName(for: path)).export()
    }

    private func count(_ text: String, _ piece: String) -> Int { text.components(separatedBy: piece).count - 1 }

    /// width 3, accent #7C5CFF (124/255 = 0.4863, 92/255 = 0.3608, 1), corners "continuous".
    func testEachParameterIsAStoredPropertyWithTheScenesValue() throws {
        let text = try swift(params).text
        XCTAssertTrue(text.contains("    var width: CGFloat = 3\n"), text)
        XCTAssertTrue(text.contains("    var accent: Color = Color(.sRGB, red: 0.4863, green: 0.3608, blue: 1, opacity: 1)\n"), text)
        XCTAssertTrue(text.contains("    var corners: Corners = .continuous\n"), text)
        XCTAssertTrue(text.contains("    /// unused: boolean, true (Not referred to). The drawing does not read it.\n    var unused: Bool = true\n"), text)
        XCTAssertTrue(text.contains("    /// width: number, 3, 0.5 to 12, step 0.5 (Border width).\n"), text)
        XCTAssertTrue(text.contains("enum Corners: String, CaseIterable {\n        case circular = \"circular\"\n        case continuous = \"continuous\"\n    }"), text)
        // `background` is a modifier's name: the property is backgroundColor.
        XCTAssertTrue(text.contains("    var backgroundColor: Color = Color(.sRGB, red: 0.051, green: 0.051, blue: 0.102, opacity: 1)\n"), text)
    }

    /// The default is the value the scene is drawn with: --set width=5 writes 5.
    func testADefaultIsTheValueSet() throws {
        let text = try swift(params, values: ["width": .number(5), "corners": .string("circular")]).text
        XCTAssertTrue(text.contains("    var width: CGFloat = 5\n"), text)
        XCTAssertTrue(text.contains("    var corners: Corners = .circular\n"), text)
    }

    /// Where the file wrote { "param": NAME }, the drawing reads the property: the stroke's
    /// width, the glow's radius, the first and last stop colours, the rotation's period, the
    /// keyframed opacity's end value, the background; the corner style picks the drawing.
    func testTheDrawingReadsTheProperties() throws {
        let text = try swift(params).text
        XCTAssertEqual(count(text, ".strokeBorder(strokePaint, lineWidth: width)"), 2, text)
        XCTAssertTrue(text.contains(".blur(radius: glow).opacity(0.8)"), text)
        XCTAssertTrue(text.contains("AngularGradient(stops: [\n            Gradient.Stop(color: accent, location: 0),\n"), text)
        XCTAssertTrue(text.contains("            Gradient.Stop(color: accent, location: 1),\n        ], center: "), text)
        XCTAssertTrue(text.contains("haloTurn(t, period: Double(period), "), text)
        XCTAssertTrue(text.contains("haloKeyframe(t, values: [1, Double(fade)], times: [0, 1.5]"), text)
        XCTAssertTrue(text.contains(".background(backgroundColor)"), text)
        XCTAssertTrue(text.contains("RoundedRectangle(cornerRadius: 22, style: corners == .circular ? .circular : .continuous)"), text)
        XCTAssertTrue(text.contains("FeatureParams(width: 3, accent: Color(.sRGB, red: 0.4863, green: 0.3608, blue: 1, opacity: 1), period: 3, "), text)
    }

    /// A layer that depends on a choice or boolean is drawn once per option under `if`; an
    /// enum named like a SwiftUI type gets "Option" after it; a keyword is written in backticks;
    /// a name taken by another parameter's property gets a number.
    func testChoicesAndBooleansPickTheDrawing() throws {
        let text = try swift(repositoryRoot.appendingPathComponent("Tests/Fixtures/swiftui-choices.json").path).text
        XCTAssertTrue(text.contains("    var edge: EdgeOption = .inside\n"), text)
        XCTAssertTrue(text.contains("    var `default`: CGFloat = 2\n"), text)
        // "background" would be backgroundColor, which another parameter is named.
        XCTAssertTrue(text.contains("    var backgroundColor2: Color = Color(.sRGB, red: 0.0627, green: 0.0627, blue: 0.0941, opacity: 1)\n"), text)
        XCTAssertTrue(text.contains("    var backgroundColor: Color = Color(.sRGB, red: 0.1255, green: 0.1255, blue: 0.1882, opacity: 1)\n"), text)
        XCTAssertTrue(text.contains(".background(backgroundColor2)"), text)
        let inside = try XCTUnwrap(text.range(of: "if edge == .inside {")), center = try XCTUnwrap(text.range(of: "} else if edge == .center {"))
        let outside = try XCTUnwrap(text.range(of: "} else {", range: center.upperBound..<text.endIndex))
        XCTAssertTrue(text[inside.upperBound..<center.lowerBound].contains("Rectangle().strokeBorder("), text)
        XCTAssertTrue(text[center.upperBound..<outside.lowerBound].contains("Rectangle().stroke("), text)
        XCTAssertTrue(text[outside.upperBound...].contains("Rectangle().inset(by: -`default` / 2).stroke("), text)
        let slanted = try XCTUnwrap(text.range(of: "if slanted {"))
        XCTAssertTrue(text[slanted.upperBound...].prefix(300).contains(".italic()"), text)
        XCTAssertTrue(text.contains("SwiftuiChoices(edge: .inside, slanted: false, default: 2, backgroundColor2: "), text)
    }

    /// A reference where SwiftUI has no reader (a rect's width) is written in and listed.
    func testAReferenceNotReadIsListed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("halo-param-rect-\(getpid()).json")
        try #"{ "format": 1, "params": { "w": { "type": "number", "value": 30 } }, "canvas": { "width": 40, "height": 40 }, "layers": [ { "shape": { "type": "rect", "rect": [5, 5, { "param": "w" }, 30] }, "fill": { "type": "solid", "color": "red" } } ] }"#
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try swift(file.path)
        XCTAssertTrue(result.approximations.contains { $0.path == "layers[0].shape.rect[2]" && $0.note.contains("params.w written in as its value, 30") },
                      "\(result.approximations)")
        XCTAssertTrue(result.text.contains("var w: CGFloat = 30"), result.text)
    }

    /// The seed button: a ButtonStyle whose label sits on the material (the layer under the
    /// text) under the rotating border (the layer over it), padded by 20 pt above and below
    /// ((64 - one line of 20 x 1.2) / 2) and by half of 260 less the label's advance at the sides.
    func testTheSeedButtonIsAButtonStyleSizedByItsLabel() throws {
        let text = try swift(button).text
        XCTAssertTrue(text.contains("struct GradientBorderButtonStyle: ButtonStyle {"), text)
        XCTAssertTrue(text.contains("func makeBody(configuration: Configuration) -> some View {"), text)
        XCTAssertTrue(text.contains("configuration.label\n                .font(.custom(\"Inter\", size: 20).weight(.bold))"), text)
        XCTAssertTrue(text.contains(".padding(.vertical, 20)"), text)
        // The material does not move; the border turns with the clock's t.
        XCTAssertTrue(text.contains(".background { layer0 }\n                .overlay { layer2(t) }"), text)
        let scene = try Halo.load(button).scene
        let label = try XCTUnwrap(scene.layers[1].shape.text)
        let face = try FontFace.load(label.fontFile)
        let advance = Double(face.shape("Upgrade to Pro").reduce(0) { $0 + Int($1.xAdvance) }) * 20 / Double(face.unitsPerEm)
        XCTAssertTrue(text.contains(".padding(.horizontal, \(ExportText.num((260 - advance) / 2)))"), text)
        for placed in [".offset(", ".position(", ".frame(width: 260"] { XCTAssertFalse(text.contains(placed), placed) }
        XCTAssertTrue(text.contains("#Preview {\n    Button(\"Upgrade to Pro\") { }\n        .buttonStyle(GradientBorderButtonStyle())"), text)
    }

    /// The seed's capsule without a label: a view modifier with the fill behind the content and
    /// the border and its glow over it, in the content's frame.
    func testAShapeWithoutALabelIsAViewModifier() throws {
        let text = try swift(repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/seed-gradient-button.json").path).text
        XCTAssertTrue(text.contains("struct SeedGradientButtonModifier: ViewModifier {\n    func body(content: Content) -> some View {"), text)
        XCTAssertTrue(text.contains("content\n                .background { layer0Fill }\n                .overlay { layer0Border(t) }"), text)
        XCTAssertTrue(text.contains("private var layer0Fill: some View {\n        Capsule(style: .circular).fill(Color(.sRGB, red: 1, green: 1, blue: 1, opacity: 0.12))\n    }"), text)
        XCTAssertFalse(text.components(separatedBy: "#Preview")[0].contains(".frame(width: 260"), text)
        XCTAssertTrue(text.contains("#Preview {\n    Color.clear\n        .frame(width: 260, height: 64)\n        .modifier(SeedGradientButtonModifier())"), text)
    }

    /// A fill drawn over a stroke cannot go behind the content: the scene keeps the canvas form.
    func testAFillOverAStrokeKeepsTheCanvas() throws {
        let scene = try SceneDecoder.decode(Data(#"{ "format": 1, "canvas": { "width": 40, "height": 40 }, "layers": [ { "shape": { "type": "rect", "rect": [5, 5, 30, 30] }, "stroke": { "paint": { "type": "solid", "color": "red" }, "width": 4 } }, { "shape": { "type": "rect", "rect": [5, 5, 30, 30] }, "fill": { "type": "solid", "color": "blue" } } ] }"#.utf8))
        let text = try SwiftUIExporter(scene: scene, typeName: "T").export().text
        XCTAssertTrue(text.contains("struct T: View {"), text)
    }

    /// The border's angular gradient is one `let`, stroked by the border and by its glow's blurred copy.
    func testAPaintSharedByAGlowIsWrittenOnce() throws {
        let text = try swift(button).text
        XCTAssertEqual(count(text, "AngularGradient("), 1, text)
        XCTAssertTrue(text.contains("let strokePaint = AngularGradient("), text)
        XCTAssertTrue(text.contains("strokeBorder(strokePaint, lineWidth: 3).blur(radius: 12).opacity(0.8)\n"), text)
    }

    /// A still scene has no clock and no motion helpers; a scene's file declares each helper it
    /// uses once and uses every one it declares.
    func testTheFileCarriesOnlyTheHelpersItUses() throws {
        let still = try swift(repositoryRoot.appendingPathComponent("Examples/rounded-gradient-button.json").path).text
        for helper in ["HaloClock", "TimelineView", "haloPhase", "haloEase", "haloKeyframe"] { XCTAssertFalse(still.contains(helper), helper) }
        let paramsText = try swift(params).text
        for helper in ["haloKeyframeColor", "haloCornerCycle", "haloTurned"] { XCTAssertFalse(paramsText.contains(helper), helper) }
        let examples = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Examples").path).filter { $0.hasSuffix(".json") }
        for name in examples + ["../Tests/Fixtures/conformance/scenes/next/feature-keyframes-colour.json"] {
            let text = try swift(repositoryRoot.appendingPathComponent("Examples/\(name)").path).text
            let declared = text.matches(of: /(?:func|struct) ([Hh]alo\w+)/).map { String($0.1) }
            XCTAssertEqual(declared.count, Set(declared).count, "\(name): \(declared)")
            for d in declared { XCTAssertGreaterThan(count(text, d), 1, "\(name) declares \(d) and never uses it") }
        }
    }

    /// Two paragraphs are two `Text`s in a VStack, aligned and spaced by the line pitch less
    /// the font's line height (hhea ascender - descender at the size).
    func testEachParagraphIsOneText() throws {
        let scene = try SceneDecoder.decode(Data(#"{ "format": 1, "canvas": { "width": 100, "height": 100 }, "layers": [ { "shape": { "type": "text", "rect": [0, 0, 60, 100], "text": "one two three four five\nsix", "size": 10, "align": "left", "lineHeight": 1.6 }, "fill": { "type": "solid", "color": "white" } } ] }"#.utf8))
        let text = try SwiftUIExporter(scene: scene, typeName: "T").export().text
        let face = try FontFace.load(XCTUnwrap(scene.layers[0].shape.text).fontFile)
        let spacing = ExportText.num(16 - Double(face.ascender - face.descender) * 10 / Double(face.unitsPerEm))
        XCTAssertTrue(text.contains("VStack(alignment: .leading, spacing: \(spacing)) { Text(\"one two three four five\"); Text(\"six\") }\n"
            + "            .font(.custom(\"Inter\", size: 10).weight(.regular))\n            .multilineTextAlignment(.leading)\n"
            + "            .lineSpacing(\(spacing))\n"), text)
        XCTAssertEqual(count(text, "Text(\""), 2, text)
        XCTAssertTrue(text.contains("// Font: \"Inter\" is not on iOS: bundle its file ("), text)
    }
}
