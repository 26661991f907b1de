import Foundation
import XCTest
import Halo

/// Bad scene input and the limits: each class of bad scene gets one exact
/// message (file, JSON path or line and column, expected, found). DecodingTests
/// covers the value rules of docs/scene-format.md; these are the classes a hand-edited file adds.
final class BadInputTests: XCTestCase {

    /// A valid scene with `members` added to its one layer's rect shape layer.
    private func scene(canvas: String = #""width": 100, "height": 50"#, layers: String = "") -> String {
        #"{ "format": 1, "canvas": { \#(canvas) }, "layers": [\#(layers)] }"#
    }

    private let strokedLayer = #"{ "shape": { "type": "rect", "rect": [0, 0, 10, 10] }, "stroke": { "paint": { "type": "solid", "color": "red" }, "width": 1 } }"#

    // MARK: - Invalid JSON: line and column

    func testSyntaxErrorsGiveLineColumnExpectationAndFinding() {
        let cases: [(String, String)] = [
            ("{ \"format\": 1,\n  \"layers\": [ }",
             #"t.json: line 2, column 15: expected a value, found "}""#),
            ("{\n  \"format\": 1,\n  \"layers\": [],\n}",
             #"t.json: line 4, column 1: expected a key, found "}" (a comma after the last member)"#),
            ("{ \"layers\": [1, 2,] }",
             #"t.json: line 1, column 19: expected a value, found "]" (a comma after the last item)"#),
            ("{ \"format\": 1 // the version\n}",
             #"t.json: line 1, column 15: expected "," or "}", found a comment (JSON has none)"#),
            ("{ 'format': 1 }",
             #"t.json: line 1, column 3: expected a key in double quotes or "}", found "'" (JSON strings use double quotes)"#),
            ("{ format: 1 }",
             #"t.json: line 1, column 3: expected a key in double quotes or "}", found "format" (keys are in double quotes)"#),
            ("{ \"format\": 1\n  \"canvas\": {} }",
             #"t.json: line 2, column 3: expected "," or "}", found the string "canvas" (a comma is missing before it)"#),
            ("{ \"format\" 1 }",
             #"t.json: line 1, column 12: expected ":" after the key, found "1""#),
            ("{ \"format\": 01 }",
             #"t.json: line 1, column 13: expected a number, found "01" (JSON numbers have no leading zeros)"#),
            ("{ \"format\": 1. }",
             #"t.json: line 1, column 13: expected a number, found "1." (a digit must follow ".")"#),
            ("{ \"format\": tru }",
             #"t.json: line 1, column 13: expected a value, found "tru""#),
            ("{ \"format\": 1 } x",
             #"t.json: line 1, column 17: expected the end of the file after the JSON value, found "x""#),
            ("{ \"format\": 1",
             #"t.json: line 1, column 14: expected "," or "}", found the end of the file"#),
            ("{ \"description\": \"Gradient\n border\" }",
             #"t.json: line 1, column 27: expected the closing quote of the string, found a line break (write \n)"#),
            ("{ \"format\": 1, \"description\": \"never closed }",
             #"t.json: line 1, column 31: expected a closing quote for the string that starts here, found the end of the file"#),
            ("{ \"description\": \"a\\qb\" }",
             #"t.json: line 1, column 20: expected an escape (\" \\ \/ \b \f \n \r \t or \uXXXX), found "\q""#),
            ("{ \"description\": \"\\ud800\" }",
             #"t.json: line 1, column 19: expected a character, found "\ud800" (half of a UTF-16 pair)"#),
            // Columns count characters, not bytes: "é" and "→" are one column each.
            ("{ \"description\": \"é→\", \"format\": ] }",
             #"t.json: line 1, column 34: expected a value, found "]""#),
        ]
        for (json, message) in cases {
            XCTAssertEqual(sceneRefusal(json), message, json)
        }
    }

    func testNaNWrittenBareIsASyntaxErrorAndWrittenAsAStringIsAWrongType() {
        XCTAssertEqual(sceneRefusal(scene(canvas: #""width": NaN, "height": 50"#)),
                       #"t.json: line 1, column 37: expected a value, found "NaN" (JSON has no NaN or Infinity)"#)
        XCTAssertEqual(sceneRefusal(scene(canvas: #""width": "NaN", "height": 50"#)),
                       #"t.json: canvas.width: expected a number > 0, found "NaN""#)
    }

    func testEmptyAndBlankFilesAreRefusedAsSuch() {
        XCTAssertEqual(sceneRefusal(""), "t.json: expected a scene (a JSON object), found an empty file")
        XCTAssertEqual(sceneRefusal(" \n\t\n"), "t.json: expected a scene (a JSON object), found a file of only white space")
    }

    func testAByteOrderMarkIsSkippedAndColumnsStartAfterIt() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertNoThrow(try SceneDecoder.decode(Data(bom + Array(scene().utf8)), file: "t.json"))
        XCTAssertEqual(sceneRefusal(Data(bom + Array("{ ]".utf8))), #"t.json: line 1, column 3: expected a key in double quotes or "}", found "]""#)
    }

    // MARK: - Wrong types, missing and unknown keys, duplicates

    func testWrongTypesNameTheTypeFound() {
        XCTAssertEqual(sceneRefusal(scene(canvas: #""width": "100", "height": 50"#)),
                       #"t.json: canvas.width: expected a number > 0, found "100""#)
        XCTAssertEqual(sceneRefusal(#"{ "format": 1, "canvas": { "width": 100, "height": 50 }, "layers": {} }"#),
                       "t.json: layers: expected a list of layers, found {}")
        XCTAssertEqual(sceneRefusal(#"{ "format": 1, "canvas": [100, 50], "layers": [] }"#),
                       "t.json: canvas: expected an object, found [100, 50]")
        XCTAssertEqual(sceneRefusal(#"{ "format": "1", "canvas": { "width": 100, "height": 50 }, "layers": [] }"#),
                       #"t.json: format: expected 1, found "1""#)
        XCTAssertEqual(sceneRefusal(#"[1, 2]"#), "t.json: expected an object, found [1, 2]")
    }

    func testMissingRequiredTopLevelKeyIsNamed() {
        XCTAssertEqual(sceneRefusal(#"{ "format": 1, "canvas": { "width": 100, "height": 50 } }"#),
                       "t.json: layers: expected a value (required), found nothing")
    }

    func testUnknownKeyInsideAShapeListsTheAllowedKeys() {
        let layer = #"{ "shape": { "type": "rect", "rect": [0, 0, 10, 10], "colour": "red" } }"#
        XCTAssertEqual(sceneRefusal(scene(layers: layer)),
                       #"t.json: layers[0].shape.colour: expected no such key (allowed: type, rect, cornerRadius, cornerStyle), found "red""#)
    }

    func testDuplicateTopLevelKeyIsRefused() {
        XCTAssertEqual(sceneRefusal(#"{ "format": 1, "format": 1, "canvas": { "width": 100, "height": 50 }, "layers": [] }"#),
                       "t.json: format: expected each key once in an object, found a duplicate key")
    }

    func testEmptyLayersIsAValidSceneOfBackgroundOnly() throws {
        let s = try SceneDecoder.decode(Data(scene(canvas: ##""width": 3, "height": 2, "background": "#336699""##).utf8), file: "t.json")
        XCTAssertTrue(s.layers.isEmpty)
        let image = try Halo.render(s, background: nil, backend: .cpu)
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image.pixels, Array(repeating: [0x33, 0x66, 0x99, 0xFF], count: 6).flatMap { $0 })
    }

    // MARK: - Sizes, nesting, encodings, numbers

    func testNestingDeeperThan64IsRefusedWithItsPosition() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertEqual(sceneRefusal(deep), "t.json: line 1, column 65: expected JSON nested at most 64 deep, found level 65")
        // A million brackets: refused at the 65th, without recursion.
        XCTAssertEqual(sceneRefusal(String(repeating: "[", count: 1_000_000)),
                       "t.json: line 1, column 65: expected JSON nested at most 64 deep, found level 65")
    }

    func testHundredMegabyteFileIsRefusedBySizeBeforeReading() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("halo-huge-\(getpid()).json")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 100_000_000)  // sparse: no 100 MB written
        try handle.close()
        XCTAssertThrowsError(try SceneDecoder.load(path: url.path)) { error in
            XCTAssertEqual("\(error)", "\(url.path): expected a scene file of at most 16777216 bytes, found 100000000 bytes")
        }
    }

    func testNonUTF8ByteIsRefusedWithItsLineColumnAndOffset() {
        var bytes = Array("{ \"format\": 1,\n  \"description\": \"caf".utf8)
        bytes += [0xE9]  // Latin-1 "é"
        bytes += Array("\" }".utf8)
        XCTAssertEqual(sceneRefusal(Data(bytes)), "t.json: line 2, column 22: expected UTF-8 text, found the byte 0xE9 (offset 36)")
    }

    func testNumberBeyondDoubleIsRefusedAtItsPath() {
        XCTAssertEqual(sceneRefusal(scene(canvas: #""width": 100, "height": 1e309"#)),
                       "t.json: canvas.height: expected a finite number, found 1e309")
    }

    func testMinusZeroReadsAsZero() throws {
        XCTAssertEqual(sceneRefusal(scene(canvas: #""width": -0, "height": 50"#)),
                       "t.json: canvas.width: expected a number > 0, found -0")
        let s = try SceneDecoder.decode(Data(#"{ "format": 1, "time": -0, "canvas": { "width": 10, "height": 10 }, "layers": [] }"#.utf8))
        XCTAssertEqual(s.time, 0)
        XCTAssertEqual(s.time.sign, .plus)
    }

    func testPeriodsSoShortThatThePhaseOverflowsDrawAtPhaseZero() throws {
        // 2.5 s / 1e-320 s is infinite: found by MutationFuzzTests (it trapped converting to Int).
        for animation in [#""cornerCycle": { "stepDuration": 1e-320 }"#, #""rotation": { "period": 4.9e-324 }"#] {
            let paint = #"{ "type": "linear", "colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 0], \#(animation) }"#
            let layer = #"{ "shape": { "type": "rect", "rect": [0, 0, 4, 2] }, "fill": \#(paint) }"#
            let s = try SceneDecoder.decode(Data(scene(canvas: #""width": 4, "height": 2"#, layers: layer).utf8))
            XCTAssertEqual(try Halo.render(s, background: nil, time: 2.5, backend: .cpu), try Halo.render(s, background: nil, time: 0, backend: .cpu), animation)
        }
    }

    // MARK: - Limits

    func testCanvasSideLimitIsCheckedAfterScale() {
        XCTAssertEqual(sceneRefusal(scene(canvas: #""width": 16385, "height": 50"#)),
                       "t.json: canvas.width: expected a size of 1...16384 pixels once scaled, found 16385 pt x 1 = 16385 px")
        XCTAssertEqual(sceneRefusal(scene(canvas: #""width": 100, "height": 8193, "scale": 2"#)),
                       "t.json: canvas.height: expected a size of 1...16384 pixels once scaled, found 8193 pt x 2 = 16386 px")
        XCTAssertEqual(sceneRefusal(scene(canvas: #""width": 100, "height": 0.2"#)),
                       "t.json: canvas.height: expected a size of 1...16384 pixels once scaled, found 0.2 pt x 1 = 0.2 px")
    }

    func testLargestCanvasIsExactlyThePixelLimit() throws {
        // 16384 x 16384 = 268 435 456 pixels: the side limit and the area limit meet.
        let s = try SceneDecoder.decode(Data(scene(canvas: #""width": 8192, "height": 8192, "scale": 2"#).utf8))
        XCTAssertEqual(s.canvas.pixelWidth * s.canvas.pixelHeight, Limits.maxCanvasPixels)
    }

    func testMoreThanTenThousandLayersIsRefused() {
        let layers = Array(repeating: #"{ "shape": { "type": "rect", "rect": [0, 0, 1, 1] } }"#, count: 10_001).joined(separator: ",")
        XCTAssertEqual(sceneRefusal(scene(layers: layers)), "t.json: layers: expected at most 10000 layers, found 10001 layers")
    }

    func testMoreThan256StopsIsRefused() {
        let colours = Array(repeating: #""red""#, count: 257).joined(separator: ",")
        let paint = #"{ "type": "angular", "colors": [\#(colours)] }"#
        let layer = #"{ "shape": { "type": "rect", "rect": [0, 0, 10, 10] }, "fill": \#(paint) }"#
        XCTAssertEqual(sceneRefusal(scene(layers: layer)), "t.json: layers[0].fill.colors: expected at most 256 colours, found 257 colours")
        let stops = (0..<257).map { _ in #"{ "color": "red", "location": 0.5 }"# }.joined(separator: ",")
        let stopLayer = #"{ "shape": { "type": "rect", "rect": [0, 0, 10, 10] }, "fill": { "type": "angular", "stops": [\#(stops)] } }"#
        XCTAssertEqual(sceneRefusal(scene(layers: stopLayer)), "t.json: layers[0].fill.stops: expected at most 256 stops, found 257 stops")
    }

    func testGlowRadiusOver1000PointsIsRefused() {
        let layer = strokedLayer.dropLast(2) + #", "glow": { "radius": 1000.5 } }"#
        XCTAssertEqual(sceneRefusal(scene(layers: String(layer))),
                       "t.json: layers[0].glow.radius: expected a glow radius of at most 1000 pt, found 1000.5")
    }

    /// docs/scene-format.md "Stroke": a width has no upper limit (a crop of a wider design is valid).
    func testStrokeWiderThanTheCanvasDiagonalIsAccepted() {
        // Canvas 30 x 40 pt: diagonal 50 pt.
        let layer = #"{ "shape": { "type": "rect", "rect": [0, 0, 10, 10] }, "stroke": { "paint": { "type": "solid", "color": "red" }, "width": 50.5 } }"#
        XCTAssertNoThrow(try SceneDecoder.decode(Data(scene(canvas: #""width": 30, "height": 40"#, layers: layer).utf8), file: "t.json"))
    }

    /// A number that rounds to 0 in a Double (1e-400) is refused with its JSON path, not
    /// as a syntax error without one.
    func testNumberThatUnderflowsIsRefusedWithItsPath() {
        let layer = #"{ "shape": { "type": "rect", "rect": [0, 0, 10, 1e-400] } }"#
        XCTAssertEqual(sceneRefusal(scene(layers: layer)),
                       "t.json: layers[0].shape.rect[3]: expected a number a Double holds (0, or at least 5e-324 in magnitude), found 1e-400")
    }

    // MARK: - Messages that stay one readable line (found by a new-user check)

    func testControlCharactersInAKeyArePrintedEscaped() {
        let json = "{ \"format\": 1, \"canvas\": { \"width\": 4, \"height\": 2 }, \"layers\": [], \"\\u001b[31mX\\nY\": 1 }"
        XCTAssertEqual(sceneRefusal(json).map { $0.hasPrefix(#"t.json: ["\u001b[31mX\nY"]: expected no such key"#) }, true,
                       sceneRefusal(json) ?? "")
        XCTAssertFalse(sceneRefusal(json)?.contains("\u{1B}") ?? true, "no raw escape character")
    }

    func testKeyWithADotOrNothingIsQuotedInThePath() {
        let dotted = #"{ "format": 1, "canvas": { "width": 4, "height": 2 }, "layers": [], "test": { "a.b": { "c": 1, "c": 2 } } }"#
        XCTAssertEqual(sceneRefusal(dotted), #"t.json: test["a.b"].c: expected each key once in an object, found a duplicate key"#)
        let empty = #"{ "format": 1, "canvas": { "width": 4, "height": 2 }, "layers": [], "": 1 }"#
        XCTAssertEqual(sceneRefusal(empty)?.hasPrefix(#"t.json: [""]: expected no such key"#), true, sceneRefusal(empty) ?? "")
    }

    func testOneKeyInTwoNormalizationFormsIsNamedAsSuch() {
        // U+00E9 and e + U+0301 are one key to Swift's String, two to JSON.
        let json = "{ \"format\": 1, \"canvas\": { \"width\": 4, \"height\": 2 }, \"layers\": [], \"test\": { \"\u{E9}\": 1, \"e\u{301}\": 2 } }"
        XCTAssertEqual(sceneRefusal(json)?.hasSuffix("expected keys that differ by more than their Unicode normalization form, found two forms of one key"), true,
                       sceneRefusal(json) ?? "")
    }

    func testInvisibleCharacterBetweenTokensIsNamedByItsNumber() {
        let json = "{ \"format\": 1, \"canvas\": { \"width\": 4, \"height\": 2 }, \"layers\": []\u{A0}}"
        XCTAssertEqual(sceneRefusal(json)?.hasSuffix("found the character U+00A0"), true, sceneRefusal(json) ?? "")
    }

    func testAVeryLongFindingIsCut() {
        let json = #"{ "format": 1, "canvas": { "width": 4, "height": 2 }, "layers": [], "time": 1"# + String(repeating: "0", count: 400) + " }"
        let message = sceneRefusal(json) ?? ""
        XCTAssertTrue(message.hasPrefix("t.json: time: expected a finite number, found 1000"), message)
        XCTAssertTrue(message.hasSuffix("..."), message)
        XCTAssertLessThan(message.count, 300)
    }

    // MARK: - Command lines

    func testAnOptionGivenTwiceIsRefused() throws {
        let run = try runHalo(["render", "x.json", "-o", "a.png", "--output", "b.png"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("halo render: --output given twice (-o and --output are one option)"), run.stderr)
        let once = try runHalo(["test", "Examples", "--tolerance", "certified", "--tolerance", "fuzzy"])
        XCTAssertTrue(once.stderr.contains("--tolerance given twice: it takes one value"), once.stderr)
        let empty = try runHalo(["test", "Examples", "--tolerance", ""])
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("--tolerance: expected fuzzy|certified, found an empty value"), empty.stderr)
    }

    func testAnOptionWhereAValueBelongsIsRefused() throws {
        let run = try runHalo(["render", "x.json", "-o", "--backend", "cpu"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("halo render: -o needs a value, found the option --backend"), run.stderr)
    }

    func testATimeThatIsNotADecimalNumberIsRefused() throws {
        for time in ["0x10", "+1", "inf"] {
            let run = try runHalo(["render", "x.json", "-o", "a.png", "--time", time])
            XCTAssertEqual(run.status, 2, time)
            XCTAssertTrue(run.stderr.hasPrefix("halo render: --time: expected a finite decimal number, found \(time)"), run.stderr)
        }
    }
}
