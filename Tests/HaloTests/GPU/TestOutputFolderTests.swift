import Foundation
import XCTest
import Halo

/// Where `halo test` writes: report folders are made when missing, the default artifacts
/// folder is one per suite, and a run starts with no images of the last run in its folder.
final class TestOutputFolderTests: XCTestCase {
    private var dir: URL!
    private var scenes: URL { dir.appendingPathComponent("scenes") }

    override func setUpWithError() throws {
        dir = try makeTemporaryFolder("halo-test-output")
        try TestCommandTests.makeSuite(at: scenes)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// --junit and --html into folders that do not exist yet (the artifacts folder of the same
    /// run, and one of their own) are written, the folders made: a fresh CI checkout.
    func testReportsAreWrittenIntoFoldersMadeForThem() throws {
        let artifacts = dir.appendingPathComponent("out/artifacts"), junit = artifacts.appendingPathComponent("junit.xml")
        let html = dir.appendingPathComponent("out/pages/deep/report.html")
        let run = try runHalo(["test", scenes.path, "--backend", "cpu", "--record", "never", "--artifacts", artifacts.path,
                               "--junit", junit.path, "--html", html.path])
        XCTAssertEqual(run.status, 1, run.stderr)  // the suite's failing and missing references
        XCTAssertTrue(try String(contentsOf: junit, encoding: .utf8).contains("<testsuites"))
        XCTAssertTrue(try String(contentsOf: html, encoding: .utf8).contains("<html"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("group/failing.actual.png").path))
    }

    /// A report path that names a folder, or lies under a file, is refused before any work.
    func testAReportPathUnderAFileOrNamingAFolderIsRefused() throws {
        let file = dir.appendingPathComponent("plain.txt")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        for (option, path, words) in [("--junit", file.path + "/sub/junit.xml", "is a file"), ("--html", dir.path, "found the folder")] {
            let run = try runHalo(["test", scenes.path, "--backend", "cpu", option, path])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("\(option): expected a file") && run.stderr.contains(words), run.stderr)
        }
    }

    /// Without --artifacts (and $HALO_ARTIFACTS), each suite has its own folder under the
    /// temporary folder, named after the suite; two suites of one name in two places differ.
    func testTheDefaultArtifactsFolderIsTheSuites() throws {
        let other = dir.appendingPathComponent("elsewhere/scenes")
        try TestCommandTests.makeSuite(at: other)
        let folders = try [scenes, other].map { suite -> String in
            let run = try runHalo(["test", suite.path, "--backend", "cpu", "--record", "never"])
            XCTAssertEqual(run.status, 1, run.stderr)
            let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("artifacts: ") }
            return String(line?.dropFirst("artifacts: ".count) ?? "")
        }
        defer { for f in folders where !f.isEmpty { try? FileManager.default.removeItem(atPath: f) } }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("halo-artifacts").path
        for f in folders {
            XCTAssertTrue(f.hasPrefix(temporary + "/scenes-"), f)
            XCTAssertTrue(FileManager.default.fileExists(atPath: f + "/group/failing.actual.png"), f)
        }
        XCTAssertNotEqual(folders[0], folders[1])
    }

    /// A run removes the last run's images and approval list from its artifacts folder first
    /// (a scene that passes now leaves none behind); other files there stay.
    func testARunStartsWithoutTheLastRunsImages() throws {
        let artifacts = dir.appendingPathComponent("artifacts")
        XCTAssertEqual(try runHalo(["test", scenes.path, "--backend", "cpu", "--record", "never", "--artifacts", artifacts.path]).status, 1)
        let stale = artifacts.appendingPathComponent("group/failing.actual.png").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale))
        let mine = artifacts.appendingPathComponent("notes.txt")
        try "kept".write(to: mine, atomically: true, encoding: .utf8)
        // The failing scene is fixed and the missing one removed: nothing fails.
        try TestCommandTests.sceneJSON(colour: "#FF0000").write(to: scenes.appendingPathComponent("group/failing.json"), atomically: true, encoding: .utf8)
        try PNG.write(TestCommandTests.expectedImage(rectX: 2, colour: (255, 0, 0, 255)), to: scenes.appendingPathComponent("group/failing.png").path)
        try FileManager.default.removeItem(at: scenes.appendingPathComponent("missing.json"))
        XCTAssertEqual(try runHalo(["test", scenes.path, "--backend", "cpu", "--record", "never", "--artifacts", artifacts.path]).status, 0)
        for suffix in ["actual", "expected", "diff"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("group/failing.\(suffix).png").path), suffix)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("halo-approve.tsv").path))
        XCTAssertEqual(try String(contentsOf: mine, encoding: .utf8), "kept")
    }
}
