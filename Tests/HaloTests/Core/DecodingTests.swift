import Foundation
import XCTest
import Halo

/// docs/scene-format.md "The top level", "Errors": scene files decode into checked values, and a
/// refusal reads `FILE: JSON.PATH: expected ..., found ...`.
final class DecodingTests: XCTestCase {

    // MARK: - Helpers

    /// A minimal valid scene around one layer given as JSON text.
    private func scene(layer: String) -> String {
        #"{ "format": 1, "canvas": { "width": 100, "height": 50 }, "layers": [ \#(layer) ] }"#
    }

    /// A layer with a rect shape and the given extra members (JSON text, no braces).
    private func layer(_ members: String) -> String {
        #"{ "shape": { "type": "rect", "rect": [10, 10, 80, 30] }, \#(members) }"#
    }

    /// A layer whose stroke has the given paint (JSON text).
    private func strokedLayer(paint: String) -> String {
        layer(#""stroke": { "paint": \#(paint), "width": 2 }"#)
    }

    private func decode(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), file: "t.json")
    }

    /// Asserts the refusal has the form `t.json: PATH: expected EXPECTED..., found FOUND`,
    /// with `expectedContains` somewhere in the expectation.
    private func assertRefused(_ json: String, path: String, expectedContains: String, found: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        guard let message = sceneRefusal(json, file: file, line: line) else { return }
        let prefix = path.isEmpty ? "t.json: expected " : "t.json: \(path): expected "
        XCTAssertTrue(message.hasPrefix(prefix), "\(message) does not start with \(prefix)", file: file, line: line)
        XCTAssertTrue(message.hasSuffix(", found \(found)"), "\(message) does not end with found \(found)", file: file, line: line)
        let expectation = message.dropFirst(prefix.count).dropLast(", found \(found)".count)
        XCTAssertTrue(expectation.contains(expectedContains),
                      "expectation \"\(expectation)\" does not mention \(expectedContains)", file: file, line: line)
    }

    /// ``assertRefused`` for a stroke whose paint is `paint`, at `subpath` below the paint's path.
    private func assertStrokePaintRefused(_ paint: String, at subpath: String, expectedContains: String, found: String,
                                          file: StaticString = #filePath, line: UInt = #line) {
        assertRefused(scene(layer: strokedLayer(paint: paint)), path: "layers[0].stroke.paint" + (subpath.isEmpty ? "" : "." + subpath),
                      expectedContains: expectedContains, found: found, file: file, line: line)
    }

    private func seedURL(_ name: String) throws -> URL {
        conformanceScenesDirectory().appendingPathComponent(name)
    }

    // MARK: - The seed scenes

    func testSeedRoundedButtonDecodesCircularRadiusAndInsideLinearStroke() throws {
        let s = try SceneDecoder.load(path: try seedURL("seed-rounded-button.json").path)
        XCTAssertEqual(s.canvas, Canvas(width: 240, height: 140, scale: 2, background: .color(RGBA(0, 0, 0, 0))))
        XCTAssertEqual(s.canvas.pixelWidth, 480)
        XCTAssertEqual(s.time, 0)
        XCTAssertEqual(s.layers.count, 1)
        let l = s.layers[0]
        XCTAssertEqual(l.shape, Shape(kind: .roundedRect, rect: Rect(20, 20, 200, 100), cornerRadii: [20, 20, 20, 20], cornerStyle: .circular))
        XCTAssertEqual(l.fill, .solid(RGBA(1, 1, 1, 1)))
        XCTAssertEqual(l.stroke?.width, 2)
        XCTAssertEqual(l.stroke?.alignment, .inside)
        XCTAssertEqual(l.stroke?.paint.kind, .linear(start: UnitPoint(0.5, 0), end: UnitPoint(0.5, 1)))
        XCTAssertEqual(l.stroke?.paint.stops, [ColorStop(color: RGBA(0, 0, 1, 1), location: 0),
                                               ColorStop(color: RGBA(0, 1, 0, 1), location: 1)])
        XCTAssertNil(l.glow)
        XCTAssertEqual(l.opacity, 1)
    }

    func testSeedUIKitBorderDecodesNamedColoursAsApplesSystemColours() throws {
        let s = try SceneDecoder.load(path: try seedURL("seed-uikit-border.json").path)
        XCTAssertEqual(s.canvas.background, .color(RGBA(1, 1, 1, 1)))
        let l = s.layers[0]
        XCTAssertEqual(l.shape.kind, .rect)
        XCTAssertNil(l.fill)
        XCTAssertEqual(l.stroke?.width, 3)
        // systemBlue is 0,122,255 and systemRed 255,59,48 (docs/scene-format.md "Colours").
        XCTAssertEqual(l.stroke?.paint.stops, [ColorStop(color: RGBA(0, 122.0 / 255, 1), location: 0),
                                               ColorStop(color: RGBA(1, 59.0 / 255, 48.0 / 255), location: 1)])
    }

    func testSeedGradientButtonDecodesCapsuleRotationAndGlow() throws {
        let s = try SceneDecoder.load(path: try seedURL("seed-gradient-button.json").path)
        XCTAssertEqual(s.time, 0.5)
        XCTAssertEqual(s.canvas.background, .color(RGBA(13.0 / 255, 13.0 / 255, 26.0 / 255, 1)))
        let l = s.layers[0]
        XCTAssertEqual(l.shape.kind, .capsule)
        XCTAssertEqual(l.shape.rect, Rect(40, 40, 260, 64))
        XCTAssertEqual(l.stroke?.paint.kind, .angular(center: UnitPoint(0.5, 0.5), angle: 0, startAngle: 0, endAngle: 360))
        XCTAssertEqual(l.stroke?.paint.animation, .rotation(period: 3, clockwise: true))
        // Seven colours evenly spaced: locations k / 6.
        XCTAssertEqual(l.stroke?.paint.stops.map(\.location), (0...6).map { Double($0) / 6 })
        XCTAssertEqual(l.glow, Glow(radius: 12, opacity: 0.8, color: nil))
    }

    func testSeedBottomSheetDecodesContinuousCornersCornerCycleAndImageBackground() throws {
        let url = try seedURL("seed-bottom-sheet.json")
        let s = try SceneDecoder.load(path: url.path)
        XCTAssertEqual(s.canvas.scale, 3)
        XCTAssertEqual(s.time, 1)
        // The image path is resolved relative to the scene file.
        XCTAssertEqual(s.canvas.background,
                       .image(path: url.deletingLastPathComponent().appendingPathComponent("backdrop.png").path, mode: .fill))
        let l = s.layers[0]
        XCTAssertEqual(l.shape, Shape(kind: .roundedRect, rect: Rect(16, 24, 358, 300), cornerRadii: [39, 39, 39, 39], cornerStyle: .continuous))
        XCTAssertEqual(l.fill, .solid(RGBA(1, 1, 1, 0.35)))
        XCTAssertEqual(l.stroke?.paint.animation, .cornerCycle(stepDuration: 2))
        XCTAssertEqual(l.stroke?.alignment, .center)
    }

    func testLoadingTheBottomSheetSeedAlsoReadsItsBackgroundImage() throws {
        let url = try seedURL("seed-bottom-sheet.json")
        let loaded = try Halo.load(url.path)
        let image = try XCTUnwrap(loaded.background)
        XCTAssertGreaterThan(image.width, 0)
        XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
    }

    // MARK: - Values

    func testEveryColourSyntaxDecodesToTheSameStraightAlphaColour() throws {
        let forms = ["\"#F80\"", "\"#FF8800\"", "\"#ff8800ff\"", "[1, 0.5333333333333333, 0]", "[1, 0.5333333333333333, 0, 1]"]
        for form in forms {
            let s = try decode(scene(layer: layer(#""fill": { "type": "solid", "color": \#(form) }"#)))
            guard case .solid(let c)? = s.layers[0].fill?.kind else { return XCTFail("not solid for \(form)") }
            XCTAssertEqual(c.r, 1, accuracy: 1e-12, form)
            XCTAssertEqual(c.g, 136.0 / 255, accuracy: 1e-12, form)
            XCTAssertEqual(c.b, 0, accuracy: 1e-12, form)
            XCTAssertEqual(c.a, 1, accuracy: 1e-12, form)
        }
    }

    func testEightDigitHexCarriesStraightAlpha() throws {
        let s = try decode(scene(layer: layer(##""fill": { "type": "solid", "color": "#00000080" }"##)))
        XCTAssertEqual(s.layers[0].fill, .solid(RGBA(0, 0, 0, 128.0 / 255)))
    }

    func testColoursListIsEvenlySpacedFromZeroToOne() throws {
        let s = try decode(scene(layer: layer(#""fill": { "type": "linear", "colors": ["red", "green", "blue", "white", "black"], "startPoint": [0, 0], "endPoint": [1, 0] }"#)))
        XCTAssertEqual(s.layers[0].fill?.stops.map(\.location), [0, 0.25, 0.5, 0.75, 1])
    }

    func testOmittedOptionalValuesTakeTheirDefaults() throws {
        let s = try decode(scene(layer: layer(#""stroke": { "paint": { "type": "angular", "colors": ["red", "blue"] }, "width": 1 }, "glow": { "radius": 4 }"#)))
        XCTAssertEqual(s.canvas.scale, 1)
        XCTAssertEqual(s.canvas.background, .color(RGBA(0, 0, 0, 0)))
        XCTAssertEqual(s.time, 0)
        XCTAssertFalse(s.reduceMotion)
        let l = s.layers[0]
        XCTAssertEqual(l.stroke?.alignment, .center)
        XCTAssertEqual(l.stroke?.paint.kind, .angular(center: UnitPoint(0.5, 0.5), angle: 0, startAngle: 0, endAngle: 360))
        XCTAssertEqual(l.stroke?.paint.interpolation, .srgb)
        XCTAssertEqual(l.glow, Glow(radius: 4, opacity: 1, color: nil))
        XCTAssertEqual(l.opacity, 1)
    }

    func testDescriptionAndTestMembersAreAcceptedAndIgnored() throws {
        let json = #"{ "format": 1, "description": "x", "test": { "anything": [1, 2] }, "canvas": { "width": 10, "height": 10 }, "layers": [] }"#
        let s = try decode(json)
        XCTAssertTrue(s.layers.isEmpty)
    }

    // MARK: - Refusals: exact messages

    func testNegativeStrokeWidthIsRefusedWithFilePathExpectationAndFinding() {
        let json = scene(layer: layer(#""stroke": { "paint": { "type": "solid", "color": "red" }, "width": -3 }"#))
        XCTAssertEqual(sceneRefusal(json), "t.json: layers[0].stroke.width: expected a number > 0, found -3")
    }

    func testMisspeltKeyInsideStrokeSuggestsTheKnownKey() {
        let json = scene(layer: layer(#""stroke": { "paint": { "type": "solid", "color": "red" }, "widht": 3 }"#))
        XCTAssertEqual(sceneRefusal(json), #"t.json: layers[0].stroke.widht: expected no such key (did you mean "width"?), found 3"#)
    }

    func testUnknownLayerKeyFarFromAnyKnownKeyListsTheAllowedKeys() {
        let json = scene(layer: layer(#""strokeWdith": 3"#))
        assertRefused(json, path: "layers[0].strokeWdith", expectedContains: "stroke", found: "3")
    }

    func testMisspeltColourNameSuggestsTheKnownName() {
        let json = scene(layer: layer(#""fill": { "type": "solid", "color": "reed" }"#))
        assertRefused(json, path: "layers[0].fill.color", expectedContains: #"did you mean "red"?"#, found: #""reed""#)
    }

    func testGlowWithoutStrokeOrFillIsRefused() {
        let json = scene(layer: layer(#""glow": { "radius": 4 }"#))
        assertRefused(json, path: "layers[0].glow", expectedContains: "stroke or a fill", found: "no stroke and no fill")
    }

    func testGlowOfAFillWithoutAStrokeIsAccepted() throws {
        // docs/scene-format.md "Glow": a layer with no stroke glows its fill.
        let s = try decode(scene(layer: layer(#""fill": { "type": "solid", "color": "red" }, "glow": { "radius": 4 }"#)))
        XCTAssertEqual(s.layers[0].glow?.radius, 4)
        XCTAssertTrue(Frame(s).layers[0].fillGlows)
    }

    func testRotationTogetherWithCornerCycleIsRefused() {
        assertStrokePaintRefused(#"{ "type": "linear", "colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 1], "rotation": { "period": 2 }, "cornerCycle": { "stepDuration": 1 } }"#,
                                 at: "", expectedContains: "at most one", found: "both")
    }

    func testStartPointEqualToEndPointIsRefused() {
        assertStrokePaintRefused(#"{ "type": "linear", "colors": ["red", "blue"], "startPoint": [0.5, 0.5], "endPoint": [0.5, 0.5] }"#,
                                 at: "endPoint", expectedContains: "startPoint", found: "[0.5, 0.5]")
    }

    func testStopsOutOfOrderAreRefusedAtTheFirstOffendingLocation() {
        assertStrokePaintRefused(#"{ "type": "linear", "stops": [{ "color": "red", "location": 0.6 }, { "color": "blue", "location": 0.4 }], "startPoint": [0, 0], "endPoint": [1, 0] }"#,
                                 at: "stops[1].location", expectedContains: "0.6", found: "0.4")
    }

    func testEqualStopLocationsAreAcceptedAsAHardEdge() throws {
        let paint = #"{ "type": "linear", "stops": [{ "color": "red", "location": 0.5 }, { "color": "blue", "location": 0.5 }], "startPoint": [0, 0], "endPoint": [1, 0] }"#
        let s = try decode(scene(layer: strokedLayer(paint: paint)))
        XCTAssertEqual(s.layers[0].stroke?.paint.stops.map(\.location), [0.5, 0.5])
    }

    func testInvalidJSONIsRefusedWithLineAndColumn() {
        // More syntax errors, each with its message: BadInputTests.
        XCTAssertEqual(sceneRefusal(#"{ "format": 1, "canvas": { "width": 10, "height": 10 }, "layers": [ }"#),
                       #"t.json: line 1, column 69: expected a value, found "}""#)
    }

    func testDuplicateKeyIsRefusedAtItsPath() {
        let json = scene(layer: layer(#""stroke": { "paint": { "type": "solid", "color": "red" }, "width": 3, "width": 4 }"#))
        assertRefused(json, path: "layers[0].stroke.width", expectedContains: "once", found: "a duplicate key")
    }

    func testHexColourWithNonHexDigitsIsRefused() {
        let json = scene(layer: layer(##""fill": { "type": "solid", "color": "#GGG" }"##))
        assertRefused(json, path: "layers[0].fill.color", expectedContains: "#RGB", found: "\"#GGG\"")
    }

    func testHexColourWithFullwidthDigitsIsRefusedNotACrash() throws {
        // "#ＦＦＦ" (U+FF26): Character.isHexDigit accepts fullwidth forms; only ASCII hex is a colour.
        let json = scene(layer: layer("\"fill\": { \"type\": \"solid\", \"color\": \"#\u{FF26}\u{FF26}\u{FF26}\" }"))
        assertRefused(json, path: "layers[0].fill.color", expectedContains: "#RGB", found: "\"#\u{FF26}\u{FF26}\u{FF26}\"")
    }

    func testNumberTooLargeForADoubleIsRefused() {
        guard let message = sceneRefusal(#"{ "format": 1, "canvas": { "width": 1e400, "height": 10 }, "layers": [] }"#) else { return }
        XCTAssertEqual(message, "t.json: canvas.width: expected a finite number, found 1e400")
    }

    func testHexColourOfFiveDigitsIsRefused() {
        let json = scene(layer: layer(##""fill": { "type": "solid", "color": "#12345" }"##))
        assertRefused(json, path: "layers[0].fill.color", expectedContains: "#RRGGBB", found: "\"#12345\"")
    }

    func testColourComponentAboveOneIsRefusedAtItsIndex() {
        let json = scene(layer: layer(#""fill": { "type": "solid", "color": [1, 2, 0] }"#))
        assertRefused(json, path: "layers[0].fill.color[1]", expectedContains: "<= 1", found: "2")
    }

    func testRotationTimingDelayAndRepeatDecode() throws {
        let paint = #"{ "type": "angular", "colors": ["red", "blue"], "rotation": { "period": 2, "timing": [0.1, -0.5, 0.9, 1.5], "delay": 0.5, "repeat": "reverse" } }"#
        let s = try decode(scene(layer: strokedLayer(paint: paint)))
        XCTAssertEqual(s.layers[0].stroke?.paint.animation,
                       .rotation(period: 2, clockwise: true, motion: Motion(timing: .cubicBezier(x1: 0.1, y1: -0.5, x2: 0.9, y2: 1.5), delay: 0.5, reverses: true)))
    }

    func testTimingWithAnXOutsideZeroToOneIsRefusedAtItsIndex() {
        assertStrokePaintRefused(#"{ "type": "linear", "colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 0], "cornerCycle": { "stepDuration": 1, "timing": [0.2, 0, 1.2, 1] } }"#,
                                 at: "cornerCycle.timing[2]", expectedContains: "<= 1", found: "1.2")
    }

    func testUnknownTimingNameIsRefused() {
        assertStrokePaintRefused(#"{ "type": "angular", "colors": ["red", "blue"], "rotation": { "period": 1, "timing": "bounce" } }"#,
                                 at: "rotation.timing", expectedContains: "easeInOut", found: "\"bounce\"")
    }

    func testRotationPeriodOfZeroIsRefused() {
        assertStrokePaintRefused(#"{ "type": "angular", "colors": ["red", "blue"], "rotation": { "period": 0 } }"#,
                                 at: "rotation.period", expectedContains: "> 0", found: "0")
    }

    func testEqualRadialRadiiAreRefused() {
        assertStrokePaintRefused(#"{ "type": "radial", "colors": ["red", "blue"], "startRadius": 5, "endRadius": 5 }"#,
                                 at: "endRadius", expectedContains: "startRadius", found: "5")
    }

    func testCornerCycleOnAnAngularPaintIsRefused() {
        let paint = #"{ "type": "angular", "colors": ["red", "blue"], "cornerCycle": { "stepDuration": 1 } }"#
        guard let message = sceneRefusal(scene(layer: strokedLayer(paint: paint))) else { return }
        XCTAssertTrue(message.hasPrefix("t.json: layers[0].stroke.paint.cornerCycle: expected "), message)
    }

    func testRotationOnARadialPaintIsRefused() {
        let paint = #"{ "type": "radial", "colors": ["red", "blue"], "endRadius": 5, "rotation": { "period": 1 } }"#
        guard let message = sceneRefusal(scene(layer: strokedLayer(paint: paint))) else { return }
        XCTAssertTrue(message.hasPrefix("t.json: layers[0].stroke.paint.rotation: expected "), message)
    }

    func testPartialSweepWiderThanAFullTurnIsRefused() {
        assertStrokePaintRefused(#"{ "type": "angular", "colors": ["red", "blue"], "startAngle": 10, "endAngle": 400 }"#,
                                 at: "endAngle", expectedContains: "370", found: "400")
    }

    func testNegativeRectSizeIsRefusedAtItsIndex() {
        let json = scene(layer: #"{ "shape": { "type": "rect", "rect": [0, 0, -5, 10] } }"#)
        assertRefused(json, path: "layers[0].shape.rect[2]", expectedContains: ">= 0", found: "-5")
    }

    func testUnknownTopLevelKeyIsRefused() {
        let json = #"{ "format": 1, "canvas": { "width": 10, "height": 10 }, "layers": [], "tme": 1 }"#
        assertRefused(json, path: "tme", expectedContains: #"did you mean "time"?"#, found: "1")
    }

    func testMissingRequiredValueIsReportedAsNothing() {
        let json = #"{ "format": 1, "canvas": { "width": 10 }, "layers": [] }"#
        assertRefused(json, path: "canvas.height", expectedContains: "required", found: "nothing")
    }
}
