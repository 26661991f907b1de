import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
import Halo
import HaloTesting

/// `halo test --shard K/N` and `--merge` on TestCommandTests' fixture suite (passing,
/// group/failing, missing) plus four passing scenes, seven in all: each shard checks the
/// scenes whose relative path hashes to it, the shards together are the whole run, and
/// their JUnit reports merge into the whole run's.
final class TestShardTests: XCTestCase {
    var dir: URL!
    var scenes: URL { dir.appendingPathComponent("scenes") }
    static let names = ["passing", "group/failing", "missing", "three", "group/four", "extra/one", "extra/deeper/two"]

    override func setUpWithError() throws {
        dir = try makeTemporaryFolder("halo-test-shard")
        try TestCommandTests.makeSuite(at: scenes)
        for name in ["three", "group/four", "extra/one", "extra/deeper/two"] { try TestCommandTests.addPassingScene(name, to: scenes) }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func test(_ extra: [String]) throws -> HaloRun {
        try runHalo(["test", scenes.path, "--backend", "cpu", "--record", "never",
                     "--artifacts", dir.appendingPathComponent("artifacts").path] + extra)
    }

    /// The table's rows (the lines after the header, up to a blank line or the summary,
    /// "N images ..."), without the time and reference columns: name, result, max, over,
    /// differing, ignored.
    func rows(_ output: String) -> [[String]] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("SCENE ") }) else { return [] }
        let table = lines[(header + 1)...].prefix { !$0.isEmpty && $0.range(of: #"^[0-9]+ images"#, options: .regularExpression) == nil }
        return table.map { Array($0.split(separator: " ").map(String.init).prefix(6)) }
    }

    /// FNV-1a 64 written from its definition (offset basis, then xor and multiply by the
    /// prime each byte), apart from SuiteShard's, and checked against the FNV test vectors.
    static func fnv1a(_ s: String) -> UInt64 {
        s.utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }

    func testFNV1aMatchesThePublishedVectors() {
        XCTAssertEqual(Self.fnv1a(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(Self.fnv1a("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(Self.fnv1a("foobar"), 0x8594_4171_f739_67e8)
        for s in ["", "a", "foobar", "group/failing.json"] { XCTAssertEqual(SuiteShard.fnv1a64(Array(s.utf8)), Self.fnv1a(s), s) }
    }

    /// For N = 1, 2, 3 the shards' rows together are the whole run's rows, each scene in
    /// exactly one shard, the one its path's hash names; each shard's exit status is its
    /// own rows' (1 where group/failing or missing is in it).
    func testShardsTogetherAreTheWholeRunEachSceneOnce() throws {
        let whole = try test([])
        XCTAssertEqual(whole.status, 1, whole.stdout + whole.stderr)
        let wholeRows = rows(whole.stdout)
        XCTAssertEqual(wholeRows.map { $0[0] }.sorted(), Self.names.sorted(), whole.stdout)
        for n in 1...3 {
            var union: [[String]] = []
            for k in 1...n {
                let run = try test(["--shard", "\(k)/\(n)"])
                let shardRows = rows(run.stdout)
                for row in shardRows {
                    XCTAssertEqual(Int(Self.fnv1a(row[0] + ".json") % UInt64(n)) + 1, k, "\(row[0]) in shard \(k)/\(n)")
                }
                let failing = shardRows.contains { $0[1] != "pass" }
                XCTAssertEqual(run.status, failing ? 1 : 0, run.stdout + run.stderr)
                XCTAssertTrue(run.stdout.contains("shard \(k)/\(n) of 7 scenes"), run.stdout)
                union += shardRows
            }
            XCTAssertEqual(union.map { $0[0] }.sorted(), Self.names.sorted(), "N = \(n): each scene exactly once")
            XCTAssertEqual(union.sorted { $0[0] < $1[0] }, wholeRows.sorted { $0[0] < $1[0] }, "N = \(n)")
        }
    }

    /// A scene added to the suite goes to its own hash's shard and moves no other scene.
    func testAddingASceneMovesNoOther() throws {
        func shards() throws -> [String: Int] {
            var at: [String: Int] = [:]
            for k in 1...3 { for row in rows(try test(["--shard", "\(k)/3"]).stdout) { at[row[0]] = k } }
            return at
        }
        let before = try shards()
        try TestCommandTests.addPassingScene("group/added", to: scenes)
        var after = try shards()
        XCTAssertEqual(after.removeValue(forKey: "group/added"), Int(Self.fnv1a("group/added.json") % 3) + 1)
        XCTAssertEqual(after, before)
    }

    func testBadShardValuesExitTwoSayingWhatIsExpected() throws {
        for bad in ["0/2", "3/2", "a/b", "1/0", "2", "1/2/3", "-1/2", "+1/2", "1/", ""] {
            let run = try test(["--shard", bad])
            XCTAssertEqual(run.status, 2, bad)
            XCTAssertTrue(run.stderr.contains("--shard: expected K/N, whole numbers with 1 <= K <= N (e.g. 2/3), found \(bad)")
                          || (bad.isEmpty && run.stderr.contains("--shard: expected K/N, found an empty value")), run.stderr)
            XCTAssertTrue(run.stdout.isEmpty, "nothing run for \(bad): \(run.stdout)")
        }
        XCTAssertEqual(SuiteShard(parsing: "2/3"), SuiteShard(index: 2, count: 3))
        XCTAssertNil(SuiteShard(parsing: "3/2"))
    }

    /// The three shards' JUnit reports merge into the whole run's: the same testcases,
    /// failures and errors; the merged table has the whole run's names and results, and
    /// the exit status is the whole run's. Missing or repeated shards are refused.
    func testMergingTheShardsReportsGivesTheWholeRunsReport() throws {
        let wholeXML = dir.appendingPathComponent("whole.xml").path
        let whole = try test(["--junit", wholeXML])
        var reports: [String] = []
        for k in 1...3 {
            reports.append(dir.appendingPathComponent("shard-\(k).xml").path)
            _ = try test(["--shard", "\(k)/3", "--junit", reports.last!])
        }
        let mergedXML = dir.appendingPathComponent("merged.xml").path, mergedHTML = dir.appendingPathComponent("merged.html").path
        let merge = try runHalo(["test", "--merge", "--junit", mergedXML, "--html", mergedHTML] + reports)
        XCTAssertEqual(merge.status, whole.status, merge.stdout + merge.stderr)
        XCTAssertEqual(rows(merge.stdout).map { Array($0.prefix(2)) }.sorted { $0[0] < $1[0] },
                       rows(whole.stdout).map { Array($0.prefix(2)) }.sorted { $0[0] < $1[0] }, merge.stdout)
        XCTAssertTrue(merge.stdout.contains("7 images: 5 passed, 2 failed (merged from 3 reports)"), merge.stdout)
        let (w, m) = (try junit(wholeXML), try junit(mergedXML))
        XCTAssertEqual(m.suites["tests"], "7")
        for key in ["tests", "failures", "errors"] { XCTAssertEqual(m.suites[key], w.suites[key], key) }
        XCTAssertEqual(m.testcases, w.testcases, "the whole run's cases in its order")
        XCTAssertEqual(m.failed.sorted(), w.failed.sorted())
        XCTAssertEqual(m.failureMessages.sorted(), w.failureMessages.sorted())
        let page = try String(contentsOfFile: mergedHTML, encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "<section").count - 1, 7)
        XCTAssertTrue(page.components(separatedBy: "<section").dropFirst().first!.contains("FAIL"), "failures first")

        let missing = try runHalo(["test", "--merge", reports[0], reports[2]])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("(missing 2/3)"), missing.stderr)
        let twice = try runHalo(["test", "--merge"] + reports + [reports[1]])
        XCTAssertEqual(twice.status, 2, twice.stderr)
        let notXML = dir.appendingPathComponent("not.xml")
        try "not xml".write(to: notXML, atomically: true, encoding: .utf8)
        let bad = try runHalo(["test", "--merge", notXML.path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("expected a JUnit report of halo test"), bad.stderr)
        XCTAssertEqual(try runHalo(["test", "--merge", "--backend", "cpu", reports[0]]).status, 2, "run options do not go with --merge")
        XCTAssertEqual(try runHalo(["test", "--merge"]).status, 2, "no reports")
    }

    /// An image the run records is a `<system-out>` note in its JUnit report, not a failure
    /// (the counts say one failure, group/failing's), and the merge reads it back as recorded.
    func testARecordedImageIsANoteNotAFailure() throws {
        let xml = dir.appendingPathComponent("recorded.xml").path
        let run = try runHalo(["test", scenes.path, "--backend", "cpu", "--record", "missing",
                               "--artifacts", dir.appendingPathComponent("artifacts").path, "--junit", xml])
        XCTAssertEqual(tableRow(run.stdout, "missing")?[1], "new", run.stdout)
        let report = try junit(xml)
        XCTAssertEqual(report.suites["failures"], "1")
        XCTAssertEqual(report.failed, ["group/failing"])
        let merge = try runHalo(["test", "--merge", xml])
        XCTAssertEqual(merge.status, 1, merge.stdout + merge.stderr)
        XCTAssertEqual(rows(merge.stdout).first { $0[0] == "missing" }?[1], "recorded", merge.stdout)
        XCTAssertTrue(merge.stdout.contains("7 images: 5 passed, 1 failed, 1 recorded (merged from 1 report)"), merge.stdout)
    }

    func junit(_ path: String) throws -> JUnitCollector {
        let collector = JUnitCollector()
        let parser = try XCTUnwrap(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "\(path): \(String(describing: parser.parserError))")
        return collector
    }
}
