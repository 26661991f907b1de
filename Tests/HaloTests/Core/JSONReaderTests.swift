import Foundation
import XCTest
import Halo

/// RFC 8259 JSON read in one pass by `JSONReader`: the same tree Foundation's parser
/// gives for valid text, and the refusals Foundation does not make.
final class JSONReaderTests: XCTestCase {

    /// Foundation's reading of a JSON value, the independent side of the comparisons here.
    private struct FoundationJSON: Decodable {
        let value: JSONValue
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        init(from decoder: Decoder) throws {
            if var a = try? decoder.unkeyedContainer() {
                var items: [JSONValue] = []
                while !a.isAtEnd { items.append(try a.decode(FoundationJSON.self).value) }
                value = .array(items)
            } else if let o = try? decoder.container(keyedBy: Key.self) {
                var members: [String: JSONValue] = [:]
                for k in o.allKeys { members[k.stringValue] = try o.decode(FoundationJSON.self, forKey: k).value }
                value = .object(members)
            } else {
                let s = try decoder.singleValueContainer()
                if s.decodeNil() { value = .null }
                else if let b = try? s.decode(Bool.self) { value = .bool(b) }
                else if let d = try? s.decode(Double.self) { value = .number(d) }
                else { value = .string(try s.decode(String.self)) }
            }
        }
    }

    private func read(_ text: String) throws -> JSONValue {
        try JSONReader.read(Array(text.utf8), file: "t.json")
    }

    private func refusal(_ bytes: [UInt8]) -> String? {
        do { _ = try JSONReader.read(bytes, file: "t.json"); XCTFail("expected a refusal"); return nil } catch {
            return "\(error)"
        }
    }

    func testEveryBundledSceneReadsAsFoundationReadsIt() throws {
        let root = repositoryRoot
        var files = try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("Examples"), includingPropertiesForKeys: nil)
        let scenes = conformanceScenesDirectory()
        files += try FileManager.default.contentsOfDirectory(at: scenes, includingPropertiesForKeys: nil)
        files += try FileManager.default.contentsOfDirectory(at: scenes.appendingPathComponent("next"), includingPropertiesForKeys: nil)
        files = files.filter { $0.pathExtension == "json" }
        XCTAssertGreaterThanOrEqual(files.count, 60)
        for file in files {
            let data = try Data(contentsOf: file)
            let foundation = try JSONDecoder().decode(FoundationJSON.self, from: data).value
            XCTAssertEqual(try JSONReader.read([UInt8](data), file: file.path), foundation, file.lastPathComponent)
        }
    }

    func testEscapesDecodeAsFoundationDecodesThem() throws {
        let literal = #""caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t""#
        let foundation = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
        XCTAssertEqual(try read(literal), .string(foundation))
        XCTAssertEqual(foundation, "café 😀 \"q\" \\ / \u{8}\u{C}\n\r\t")
    }

    func testKeyRepeatedThroughAnEscapeIsADuplicate() {
        // "\u0061" is "a": the same key, though its bytes differ.
        XCTAssertEqual(refusal(Array(#"{"x": [{"a": 1, "\u0061": 2}]}"#.utf8)),
                       "t.json: x[0].a: expected each key once in an object, found a duplicate key")
    }

    func testByteThatIsNotUTF8OutsideAStringIsRefusedAsNotUTF8() {
        // 0xFF can start no UTF-8 sequence; it stands where a value belongs.
        XCTAssertEqual(refusal(Array("{\n  \"a\": ".utf8) + [0xFF] + Array("}".utf8)),
                       "t.json: line 2, column 8: expected UTF-8 text, found the byte 0xFF (offset 9)")
    }

    func testOverlongEncodingInsideAStringIsRefusedAsNotUTF8() {
        // 0xC0 0xAF is an overlong "/" (Unicode 15, table 3-7 forbids it).
        XCTAssertEqual(refusal(Array(#"["a"#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8)),
                       "t.json: line 1, column 4: expected UTF-8 text, found the byte 0xC0 (offset 3)")
    }

    func testNumbersReadAsTheNearestDouble() throws {
        XCTAssertEqual(try read("[0.1, -0, 1e308, 5e-324, 12345678901234567890]"),
                       .array([.number(0.1), .number(-0.0), .number(1e308), .number(Double.leastNonzeroMagnitude), .number(12_345_678_901_234_567_168)]))
    }
}
