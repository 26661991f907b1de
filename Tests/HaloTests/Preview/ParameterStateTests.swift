import Foundation
import XCTest
@testable import Halo
@testable import HaloPreview

/// The preview's model of live parameter values, and saving them into a file by a
/// byte-level rewrite of just the `value` tokens.
final class ParameterStateTests: XCTestCase {
    /// Unusual spacing and key order: `value` before `type`, tabs, CRLF line ends, `value`
    /// in strings elsewhere (a label, the description), escapes in names.
    let unusual = "{\r\n\t\"description\": \"{\\\"value\\\": 2}\", \"layers\" : [ { \"shape\": {\"type\":\"rect\", \"rect\":[0,0,10,10]},"
        + " \"fill\": {\"type\": \"solid\", \"color\": {\"param\":\"tint\"}} } ],\r\n"
        + "  \"params\":{ \"tint\":{\"value\"  :\t\"#FF0000\" ,\"type\":\"color\", \"label\": \"\\\"value\\\": 1\"},\n"
        + "   \"w\\u0069dth\" : {  \"max\": 9,\"value\":3.50 , \"type\" : \"number\", \"min\":1 },\n"
        + "   \"on\": {\"type\":\"boolean\",\"value\":false}},\n"
        + " \"format\":1, \"canvas\":{\"width\":10,\"height\":10} }\n"

    func testTheScannerFindsEachValueTokenAndTheRewriteChangesOnlyThose() throws {
        let bytes = Array(unusual.utf8)
        let tokens = try XCTUnwrap(ParameterTokens.scan(bytes))
        XCTAssertEqual(tokens.entries.map(\.name), ["tint", "width", "on"])
        let text = { (r: Range<Int>?) in String(decoding: bytes[r!], as: UTF8.self) }
        XCTAssertEqual(tokens.entries.map { text($0.valueRange) }, ["\"#FF0000\"", "3.50", "false"])
        let out = try XCTUnwrap(ParameterTokens.rewrite(bytes, values: ["width": .number(7.25), "on": .bool(true)]))
        // Expected independently: the same text with the two tokens swapped by hand.
        let expected = unusual.replacingOccurrences(of: "\"value\":3.50 ,", with: "\"value\":7.25 ,")
            .replacingOccurrences(of: "\"value\":false}", with: "\"value\":true}")
        XCTAssertEqual(String(decoding: out, as: UTF8.self), expected)
        XCTAssertNil(ParameterTokens.rewrite(bytes, values: ["nothere": .number(1)]))
        XCTAssertNil(ParameterTokens.scan(Array("{\"params\": {\"a\": {\"value\": 1}".utf8)), "an unfinished file")
    }

    func testSaveWritesTheLiveValuesIntoTheFileAndKeepsEveryOtherByte() throws {
        let dir = try makeTemporaryFolder("halo-params-save")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.json").path
        try Data(unusual.utf8).write(to: URL(fileURLWithPath: path))
        var source = try PreviewSceneSource(path: path)
        try source.set("tint", text: "#00FF00")
        try source.set("width", .number(2))
        XCTAssertEqual(source.scene.layers[0].fill, .solid(RGBA(0, 1, 0, 1)), "drawn at once, the file not read again")
        XCTAssertEqual(try source.save(), ["tint", "width"])
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(saved, unusual.replacingOccurrences(of: "\"#FF0000\"", with: "\"#00FF00\"")
            .replacingOccurrences(of: "\"value\":3.50 ,", with: "\"value\":2 ,"))
        XCTAssertTrue(source.state.overrides.isEmpty, "the live values are now the file's")
        // The reload the write causes keeps them: the scene is the same.
        let (reloaded, adoption) = try source.reloaded()
        XCTAssertEqual(reloaded.scene.layers, source.scene.layers)
        XCTAssertEqual(adoption, ParameterState.Adoption())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(leftovers, ["s.json"], "no temporary file left")
    }

    func testSetResetAndDiffersFromFile() throws {
        let s = try SceneDecoder.decode(Data(unusual.utf8))
        var state = ParameterState(s.parameters)
        XCTAssertFalse(state.differsFromFile("width"))
        try state.set("width", text: "5")
        XCTAssertTrue(state.differsFromFile("width"))
        XCTAssertEqual(state.value("width"), .number(5))
        try state.set("width", .number(3.5))
        XCTAssertFalse(state.differsFromFile("width"), "set back to the file's value")
        XCTAssertThrowsError(try state.set("width", .number(10), file: "s.json")) {
            XCTAssertEqual("\($0)", "s.json: params.width: expected a number >= 1 and <= 9, found 10")
        }
        XCTAssertThrowsError(try state.set("widht", .number(2), file: "s.json")) {
            XCTAssertEqual("\($0)", "s.json: params.widht: expected the name of a parameter the scene declares (did you mean \"width\"?), found no such parameter")
        }
        try state.set("on", text: "true")
        try state.set("tint", text: "blue")
        state.reset("on")
        XCTAssertEqual(state.overrides.keys.sorted(), ["tint"])
        state.resetAll()
        XCTAssertTrue(state.overrides.isEmpty)
    }

    func testAReloadKeepsLiveValuesThatStillFitClampsThemAndSaysWhichItReset() throws {
        func params(_ json: String) throws -> [Parameter] {
            try SceneDecoder.decode(Data("{\"format\": 1, \"params\": \(json), \"canvas\": {\"width\": 9, \"height\": 9}, \"layers\": []}".utf8)).parameters
        }
        var state = ParameterState(try params("""
            {"w": {"type": "number", "value": 3, "max": 9}, "c": {"type": "color", "value": "red"},
             "k": {"type": "choice", "value": "a", "options": ["a", "b", "c"]}, "gone": {"type": "boolean", "value": false},
             "retyped": {"type": "number", "value": 1}, "kept": {"type": "choice", "value": "a", "options": ["a", "b"]}}
            """))
        try state.set("w", .number(8)); try state.set("c", .string("blue")); try state.set("k", .string("c"))
        try state.set("gone", .bool(true)); try state.set("retyped", .number(2)); try state.set("kept", .string("b"))
        let adoption = state.adopt(try params("""
            {"w": {"type": "number", "value": 3, "max": 6}, "c": {"type": "color", "value": "red"},
             "k": {"type": "choice", "value": "a", "options": ["a", "b"]}, "retyped": {"type": "boolean", "value": true},
             "kept": {"type": "choice", "value": "a", "options": ["b", "a"]}}
            """))
        XCTAssertEqual(adoption.reset, ["gone", "k", "retyped"])
        XCTAssertEqual(adoption.clamped, ["w"])
        XCTAssertEqual(state.overrides, ["w": .number(6), "c": .string("blue"), "kept": .string("b")])
    }
}
