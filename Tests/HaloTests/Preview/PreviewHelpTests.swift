import Foundation
import XCTest
@testable import HaloPreview

/// `halo preview --help` lists every key and every script action from the tables the
/// window's key handling (``Preview/keyCodes``) and the script parser
/// (``PreviewScript/actionTable``) read, and what help lists is what the parser accepts.
final class PreviewHelpTests: XCTestCase {
    private var help = ""

    override func setUpWithError() throws {
        let run = try runHalo(["preview", "--help"])
        XCTAssertEqual(run.status, 0, run.stderr)
        help = run.stdout
    }

    /// The lines from `heading` to the next blank line.
    private func section(_ heading: String) throws -> String {
        let start = try XCTUnwrap(help.range(of: heading + "\n"), "no \(heading) in help:\n\(help)")
        let rest = help[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
    }

    func testEveryKeyOfTheWindowIsListedUnderKeysWithWhatItDoes() throws {
        let keys = try section("KEYS:")
        let entries = keys.split(separator: "\n").filter { !$0.hasPrefix("   ") }
        XCTAssertEqual(entries.count, PreviewKey.allCases.count, keys)
        for (key, entry) in zip(PreviewKey.allCases, entries) {
            let label = "  " + key.windowKeys.joined(separator: ", ") + "  "
            XCTAssertTrue(entry.hasPrefix(label), "\(key): \"\(entry)\" should start with \"\(label)\"")
            let firstWord = String(key.help.split(separator: " ")[0])
            XCTAssertTrue(entry.contains(firstWord), "\(key): \(entry)")
        }
        XCTAssertTrue(keys.contains("  D "), "the distance view's key:\n\(keys)")
    }

    func testEveryKeyHasOneGLFWCodeForEachKeyboardKeyHelpNames() {
        for key in PreviewKey.allCases {
            XCTAssertEqual(Preview.keyCodes[key]?.count, key.windowKeys.count, "\(key): help names \(key.windowKeys)")
        }
        XCTAssertEqual(Preview.keys.count, PreviewKey.allCases.map(\.windowKeys.count).reduce(0, +), "no code shared by two keys")
        XCTAssertEqual(Set(Preview.keys.values), Set(PreviewKey.allCases))
    }

    func testEveryScriptActionIsListedWithItsArguments() throws {
        let scripted = try section("SCRIPTED RUNS (tests, demos):")
        for syntax in PreviewScript.actionTable {
            XCTAssertTrue(scripted.contains("\(syntax.usage): "), "\(syntax.usage) not in:\n\(scripted)")
        }
        XCTAssertTrue(scripted.contains("wait-prepared: "), scripted)
    }

    /// Each key name the help lists for `key NAME` parses, to the key help says, and `d` is among them.
    func testTheKeyNamesHelpListsAreTheOnesTheScriptAccepts() throws {
        let scripted = try section("SCRIPTED RUNS (tests, demos):").replacingOccurrences(of: "\n", with: " ")
        let start = try XCTUnwrap(scripted.range(of: "(names: ")).upperBound
        let names = scripted[start...].prefix { $0 != ")" }.split(separator: " ").filter { !$0.isEmpty }.map(String.init)
        XCTAssertEqual(names, PreviewKey.allCases.flatMap(\.scriptNames))
        XCTAssertTrue(names.contains("d"))
        for name in names {
            let key = try XCTUnwrap(PreviewKey(scriptName: name), name)
            XCTAssertEqual(try PreviewScript(parsing: "0 key \(name)").actions(at: 0), [.key(key)], name)
            XCTAssertEqual(try PreviewScript(parsing: "0 type \(name.uppercased())").actions(at: 0), [.type(key)], name)
        }
        XCTAssertEqual(try PreviewScript(parsing: "2 key d").actions(at: 2), [.key(.distanceView)])
    }

    /// Every action of the table parses with its arguments and is refused with one too many
    /// or one too few; a name outside the table is refused with a message listing the table.
    func testTheParserAcceptsExactlyTheTable() throws {
        for syntax in PreviewScript.actionTable {
            let step = (["0", syntax.name] + syntax.example).joined(separator: " ")
            XCTAssertEqual(try PreviewScript(parsing: step).actions.count, 1, step)
            if !syntax.restOfStep {
                XCTAssertThrowsError(try PreviewScript(parsing: step + " extra"), step + " extra")
            }
            if !syntax.arguments.isEmpty {
                XCTAssertThrowsError(try PreviewScript(parsing: (["0", syntax.name] + syntax.example.dropLast()).joined(separator: " ")))
            }
        }
        XCTAssertThrowsError(try PreviewScript(parsing: "0 jump")) { error in
            let message = "\(error)"
            for syntax in PreviewScript.actionTable { XCTAssertTrue(message.contains(syntax.usage), message) }
        }
    }
}
