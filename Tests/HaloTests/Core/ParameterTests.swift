import Foundation
import XCTest
@testable import Halo

/// docs/scene-format.md "Parameters": declarations, references, values from outside, and every
/// refusal of the section, each naming its JSON path (and the parameter where a
/// reference's value is what is wrong).
final class ParameterTests: XCTestCase {
    /// A scene with `params` and one layer whose stroke width and colour may be references.
    func scene(params: String, width: String = "3", color: String = "\"red\"", extra: String = "") -> String {
        """
        {"format": 1, "params": \(params), "canvas": {"width": 40, "height": 30}\(extra),
         "layers": [{"shape": {"type": "rect", "rect": [4, 4, 32, 22]},
                     "stroke": {"paint": {"type": "solid", "color": \(color)}, "width": \(width)}}]}
        """
    }

    func refusal(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        sceneRefusal(json, file: file, line: line) ?? ""
    }

    func testReferencesAreReplacedByTheirValuesBeforeAnythingElse() throws {
        let params = """
        {"w": {"type": "number", "value": 5, "min": 1, "max": 9, "step": 0.5, "label": "Width"},
         "c": {"type": "color", "value": [0, 0.5, 1]}, "unused": {"type": "boolean", "value": true}}
        """
        let s = try SceneDecoder.decode(Data(scene(params: params, width: #"{"param": "w"}"#, color: #"{"param": "c"}"#).utf8))
        let written = try SceneDecoder.decode(Data(scene(params: "{}", width: "5", color: "[0, 0.5, 1]").utf8))
        XCTAssertEqual(s.layers, written.layers)
        XCTAssertEqual(s.parameters.map(\.name), ["w", "c", "unused"], "file order")
        XCTAssertEqual(s.parameters[0].kind, .number(min: 1, max: 9, step: 0.5))
        XCTAssertEqual(s.parameters[0].label, "Width")
        XCTAssertEqual(s.parameters[1].color, RGBA(0, 0.5, 1, 1))
        // A keyframe's value and the background as a whole colour.
        let keyed = """
        {"format": 1, "params": {"o": {"type": "number", "value": 0.25}, "bg": {"type": "color", "value": "#102030"}},
         "canvas": {"width": 10, "height": 10, "background": {"param": "bg"}},
         "layers": [{"shape": {"type": "rect", "rect": [0, 0, 10, 10]}, "fill": {"type": "solid", "color": "red"},
                     "opacity": {"keyframes": [[0, 1], [2, {"param": "o"}]]}}]}
        """
        let k = try SceneDecoder.decode(Data(keyed.utf8))
        XCTAssertEqual(try k.at(2).layers[0].opacity, 0.25)
        XCTAssertEqual(k.canvas.background, .color(RGBA(16.0 / 255, 32.0 / 255, 48.0 / 255, 1)))
    }

    func testValuesFromOutsideReplaceTheFilesAndAreChecked() throws {
        let json = Data(scene(params: #"{"w": {"type": "number", "value": 5, "min": 1, "max": 9}}"#, width: #"{"param": "w"}"#).utf8)
        let s = try SceneDecoder.decode(json, values: ["w": .number(7)])
        XCTAssertEqual(s.layers[0].stroke?.width, 7)
        XCTAssertEqual(s.parameters[0].value, .number(7))
        XCTAssertEqual(s.parameters[0].fileValue, .number(5))
        func refused(_ values: [String: JSONValue]) -> String {
            do { _ = try SceneDecoder.decode(json, file: "t.json", values: values, source: "from --set"); return "" } catch { return "\(error)" }
        }
        XCTAssertEqual(refused(["w": .number(10)]), "t.json: params.w: expected a number >= 1 and <= 9, found 10 (from --set)")
        XCTAssertEqual(refused(["w": .string("5")]), "t.json: params.w: expected a number >= 1 and <= 9, found \"5\" (from --set)")
        XCTAssertEqual(refused(["nothing": .number(5)]), "t.json: params.nothing: expected the name of a declared parameter, found no such parameter (from --set)")
        XCTAssertEqual(refused(["W": .number(5)]),
                       "t.json: params.W: expected the name of a declared parameter (did you mean \"w\"?), found no such parameter (from --set)")
    }

    func testARefusalOfAReferencedValueNamesThePathAndTheParameter() {
        let params = #"{"width": {"type": "number", "value": 0}, "tone": {"type": "color", "value": "red"}}"#
        XCTAssertEqual(refusal(scene(params: params, width: #"{"param": "width"}"#)),
                       "t.json: layers[0].stroke.width: expected a number > 0, found 0 (from params.width)")
        XCTAssertTrue(refusal(scene(params: params, width: #"{"param": "tone"}"#))
            .hasPrefix("t.json: layers[0].stroke.width: expected a number > 0, found \"red\" (from params.tone)"))
        XCTAssertEqual(refusal(scene(params: params, width: #"{"param": "widht"}"#)),
                       "t.json: layers[0].stroke.width.param: expected the name of a declared parameter (did you mean \"width\"?), found \"widht\"")
        XCTAssertEqual(refusal(scene(params: "{}", width: #"{"param": "w"}"#)),
                       "t.json: layers[0].stroke.width.param: expected the name of a declared parameter (the scene declares none under \"params\"), found \"w\"")
        XCTAssertEqual(refusal(scene(params: params, width: #"{"param": "width", "min": 1}"#)),
                       "t.json: layers[0].stroke.width: expected a parameter reference, an object whose only key is \"param\", found {\"min\": 1, \"param\": \"width\"}")
        XCTAssertEqual(refusal(scene(params: params, width: #"{"param": 3}"#)),
                       "t.json: layers[0].stroke.width.param: expected a parameter's name (a string), found 3")
    }

    /// A keyframe's value from a parameter that makes the scene invalid at some time: the
    /// message names the path, the time and the parameter.
    func testAKeyframedValueFromAParameterIsNamedAtTheTimeItFails() throws {
        let json = scene(params: #"{"end": {"type": "number", "value": -2}}"#,
                         width: #"{"keyframes": [[0, 2], [1, {"param": "end"}]]}"#)
        let s = try SceneDecoder.decode(Data(json.utf8), file: "t.json")
        XCTAssertThrowsError(try s.at(1)) {
            XCTAssertEqual("\($0)", "t.json: layers[0].stroke.width: expected a number > 0, found -2 (at t = 1 s) (from params.end)")
        }
    }

    func testReferencesOutsideLayersAndTheBackgroundAreRefused() {
        let p = #"{"n": {"type": "number", "value": 2}, "b": {"type": "boolean", "value": true}}"#
        let why = "expected a value, not a parameter reference (references stand only inside layers and for canvas.background as a whole colour)"
        for (json, path) in [
            (#"{"format": {"param": "n"}, "params": \#(p), "canvas": {"width": 9, "height": 9}, "layers": []}"#, "format"),
            (#"{"format": 1, "params": \#(p), "canvas": {"width": {"param": "n"}, "height": 9}, "layers": []}"#, "canvas.width"),
            (#"{"format": 1, "params": \#(p), "canvas": {"width": 9, "height": 9, "scale": {"param": "n"}}, "layers": []}"#, "canvas.scale"),
            (#"{"format": 1, "params": \#(p), "canvas": {"width": 9, "height": 9}, "time": {"param": "n"}, "layers": []}"#, "time"),
            (#"{"format": 1, "params": \#(p), "canvas": {"width": 9, "height": 9}, "reduceMotion": {"param": "b"}, "layers": []}"#, "reduceMotion"),
            (#"{"format": 1, "params": \#(p), "canvas": {"width": 9, "height": 9, "background": {"image": {"param": "n"}}}, "layers": []}"#,
             "canvas.background.image"),
        ] {
            XCTAssertTrue(refusal(json).hasPrefix("t.json: \(path): \(why)"), refusal(json))
        }
        // Inside params: a value is never a reference or a keyframe object.
        XCTAssertEqual(refusal(scene(params: #"{"a": {"type": "number", "value": 1}, "b": {"type": "number", "value": {"param": "a"}}}"#)),
                       "t.json: params.b.value: expected a value (a parameter's value is never a reference or a keyframe object), found {\"param\": \"a\"}")
        XCTAssertTrue(refusal(scene(params: #"{"b": {"type": "number", "value": {"keyframes": [[0, 1], [1, 2]]}}}"#))
            .hasPrefix("t.json: params.b.value: expected a value (a parameter's value is never a reference or a keyframe object)"))
    }

    func testBadDeclarationsAreRefusedAtTheirPaths() {
        let cases: [(String, String)] = [
            (#"[]"#, "params: expected an object of parameter declarations, found []"),
            (#"{"2x": {"type": "boolean", "value": true}}"#,
             "params[\"2x\"]: expected a parameter name of 1 to 64 ASCII letters, digits or _, not starting with a digit, found \"2x\""),
            (#"{"a-b": {"type": "boolean", "value": true}}"#,
             "params[\"a-b\"]: expected a parameter name of 1 to 64 ASCII letters, digits or _, not starting with a digit, found \"a-b\""),
            ("{\"" + String(repeating: "a", count: 65) + "\": {\"type\": \"boolean\", \"value\": true}}",
             "params.\(String(repeating: "a", count: 65)): expected a parameter name of 1 to 64 ASCII letters, digits or _, not starting with a digit"),
            (#"{"a": 3}"#, "params.a: expected a parameter declaration (an object with \"type\" and \"value\"), found 3"),
            (#"{"a": {"value": 3}}"#, "params.a.type: expected a value (required), found nothing"),
            (#"{"a": {"type": "numbr", "value": 3}}"#, "params.a.type: expected one of \"number\", \"color\", \"choice\", \"boolean\" (did you mean \"number\"?), found \"numbr\""),
            (#"{"a": {"type": "number"}}"#, "params.a.value: expected a value (required), found nothing"),
            (#"{"a": {"type": "number", "value": 3, "options": ["x"]}}"#, "params.a.options: expected no such key"),
            (#"{"a": {"type": "color", "value": "red", "min": 0}}"#, "params.a.min: expected no such key"),
            (#"{"a": {"type": "boolean", "value": true, "label": 3}}"#, "params.a.label: expected a string, found 3"),
            (#"{"a": {"type": "number", "value": "3"}}"#, "params.a.value: expected a finite number, found \"3\""),
            (#"{"a": {"type": "number", "value": 3, "min": 4}}"#, "params.a.value: expected a number >= 4, found 3"),
            (#"{"a": {"type": "number", "value": 3, "min": 0, "max": 2}}"#, "params.a.value: expected a number >= 0 and <= 2, found 3"),
            (#"{"a": {"type": "number", "value": 3, "min": 5, "max": 2}}"#, "params.a.max: expected a number >= min (5), found 2"),
            (#"{"a": {"type": "number", "value": 3, "step": 0}}"#, "params.a.step: expected a number > 0, found 0"),
            (##"{"a": {"type": "color", "value": "#12"}}"##, "params.a.value: expected a colour"),
            (#"{"a": {"type": "choice", "value": "x"}}"#, "params.a.options: expected a value (required), found nothing"),
            (#"{"a": {"type": "choice", "value": "x", "options": []}}"#, "params.a.options: expected a list of 1 to 256 distinct non-empty strings, found []"),
            (#"{"a": {"type": "choice", "value": "x", "options": ["x", ""]}}"#, "params.a.options[1]: expected a non-empty string, found \"\""),
            (#"{"a": {"type": "choice", "value": "x", "options": ["x", 2]}}"#, "params.a.options[1]: expected a non-empty string, found 2"),
            (#"{"a": {"type": "choice", "value": "x", "options": ["x", "x"]}}"#, "params.a.options[1]: expected an option not given before (options are distinct), found \"x\""),
            (#"{"a": {"type": "choice", "value": "yes", "options": ["x", "z"]}}"#, "params.a.value: expected one of \"x\", \"z\", found \"yes\""),
            (#"{"a": {"type": "boolean", "value": 1}}"#, "params.a.value: expected true or false, found 1"),
        ]
        for (params, message) in cases {
            let got = refusal(scene(params: params))
            XCTAssertTrue(got.hasPrefix("t.json: " + message), "\(params): \(got)")
        }
        XCTAssertEqual(refusal(scene(params: "{}").replacingOccurrences(of: #""params""#, with: #""parms""#)),
                       "t.json: parms: expected no such key (did you mean \"params\"?), found {}")
        let many = "{" + (0...256).map { "\"p\($0)\": {\"type\": \"boolean\", \"value\": true}" }.joined(separator: ", ") + "}"
        XCTAssertEqual(refusal(scene(params: many)), "t.json: params: expected at most 256 parameters, found 257 parameters")
        let options = "[" + (0...256).map { "\"o\($0)\"" }.joined(separator: ", ") + "]"
        XCTAssertTrue(refusal(scene(params: #"{"a": {"type": "choice", "value": "o0", "options": \#(options)}}"#))
            .hasPrefix("t.json: params.a.options: expected a list of 1 to 256 distinct non-empty strings"))
    }

    func testCommandLineTextIsReadByTheParametersType() throws {
        let s = try SceneDecoder.decode(Data(scene(params: """
            {"n": {"type": "number", "value": 1}, "c": {"type": "color", "value": "red"},
             "k": {"type": "choice", "value": "a", "options": ["a", "2"]}, "b": {"type": "boolean", "value": false}}
            """).utf8))
        let p = Dictionary(uniqueKeysWithValues: s.parameters.map { ($0.name, $0) })
        XCTAssertEqual(p["n"]!.value(fromText: "-2.5e1"), .number(-25))
        XCTAssertNil(p["n"]!.value(fromText: "0x10"))
        XCTAssertNil(p["n"]!.value(fromText: "five"))
        XCTAssertEqual(p["c"]!.value(fromText: "#FF2D55"), .string("#FF2D55"))
        XCTAssertEqual(p["c"]!.value(fromText: "[1, 0, 0.5]"), .array([.number(1), .number(0), .number(0.5)]))
        XCTAssertEqual(p["k"]!.value(fromText: "2"), .string("2"), "a choice's option as is, even one that reads as a number")
        XCTAssertEqual(p["b"]!.value(fromText: "true"), .bool(true))
        XCTAssertNil(p["b"]!.value(fromText: "yes"))
    }
}
