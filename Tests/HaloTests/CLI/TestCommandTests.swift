import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
import Halo

/// `halo test` on a folder with one passing, one failing and one missing reference.
///
/// Every scene is an 8 x 6 canvas on #336699 with a pixel-aligned 4 x 2 rectangle at
/// (2, 2), so its exact image is known by hand: the rectangle's 8 pixels in the fill
/// colour, the other 40 in the background. The failing reference has the rectangle one
/// pixel to the right: columns 2 and 6 of rows 2 and 3 differ (4 pixels), the largest
/// channel difference being red 255 vs 0x33 = 204.
final class TestCommandTests: XCTestCase {
    var dir: URL!
    var scenes: URL { dir.appendingPathComponent("scenes") }
    var artifacts: URL { dir.appendingPathComponent("artifacts") }

    static let background: (UInt8, UInt8, UInt8, UInt8) = (0x33, 0x66, 0x99, 255)

    /// The exact image of the scene: a 4 x 2 rectangle of `colour` at column `x0`, row 2.
    static func expectedImage(rectX x0: Int, colour: (UInt8, UInt8, UInt8, UInt8)) -> RGBA8Image {
        var img = solidImage(width: 8, height: 6, background.0, background.1, background.2)
        for y in 2..<4 { for x in x0..<(x0 + 4) { setPixel(&img, x, y, colour) } }
        return img
    }

    static func sceneJSON(colour: String, test: String? = nil) -> String {
        """
        { "format": 1, "canvas": { "width": 8, "height": 6, "background": "#336699" },
          \(test.map { "\"test\": \($0)," } ?? "")
          "layers": [ { "shape": { "type": "rect", "rect": [2, 2, 4, 2] }, "fill": { "type": "solid", "color": "\(colour)" } } ] }
        """
    }

    override func setUpWithError() throws {
        dir = try makeTemporaryFolder("halo-test-command")
        try Self.makeSuite(at: scenes)
    }

    /// The fixture suite at `scenes`: passing, group/failing, missing.
    static func makeSuite(at scenes: URL) throws {
        try FileManager.default.createDirectory(at: scenes.appendingPathComponent("group"), withIntermediateDirectories: true)
        try addPassingScene("passing", to: scenes)
        try Self.sceneJSON(colour: "#FF0000").write(to: scenes.appendingPathComponent("group/failing.json"), atomically: true, encoding: .utf8)
        try PNG.write(Self.expectedImage(rectX: 3, colour: (255, 0, 0, 255)), to: scenes.appendingPathComponent("group/failing.png").path)
        try Self.sceneJSON(colour: "#00FF00").write(to: scenes.appendingPathComponent("missing.json"), atomically: true, encoding: .utf8)
    }

    /// A scene and its correct reference at `name`.json and `name`.png under `scenes`.
    static func addPassingScene(_ name: String, to scenes: URL) throws {
        let scene = scenes.appendingPathComponent(name + ".json")
        try FileManager.default.createDirectory(at: scene.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.sceneJSON(colour: "#FF0000").write(to: scene, atomically: true, encoding: .utf8)
        try PNG.write(Self.expectedImage(rectX: 2, colour: (255, 0, 0, 255)), to: scenes.appendingPathComponent(name + ".png").path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func test(_ extra: [String], environment: [String: String] = [:]) throws -> HaloRun {
        try runHalo(["test", scenes.path, "--backend", "cpu", "--artifacts", artifacts.path] + extra, environment: environment)
    }

    /// The test key's `ignore` rectangles leave the failing reference's differing pixels
    /// out: it passes, and the pixels are counted in the IGNORED column and the message.
    func testIgnoredRectanglesAreLeftOutAndCounted() throws {
        // The failing reference differs in columns 2 and 6 of rows 2 and 3.
        try Self.sceneJSON(colour: "#FF0000", test: #"{ "ignore": [[2, 2, 1, 2], [6, 2, 1, 2]] }"#)
            .write(to: scenes.appendingPathComponent("group/failing.json"), atomically: true, encoding: .utf8)
        let run = try test(["--record", "never"])
        let row = try XCTUnwrap(tableRow(run.stdout, "group/failing"))
        XCTAssertEqual(Array(row.prefix(6)), ["group/failing", "pass", "0", "0", "0", "4"], run.stdout)
        // Without them it fails (the test fails without the feature).
        try Self.sceneJSON(colour: "#FF0000").write(to: scenes.appendingPathComponent("group/failing.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(tableRow(try test(["--record", "never"]).stdout, "group/failing")?[1], "FAIL")
    }

    /// A mask PNG (black ignored) does the same, from the scene's folder.
    func testAMaskLeavesOutItsBlackPixels() throws {
        var mask = solidImage(width: 8, height: 6, 255, 255, 255)
        for y in 2..<4 { for x in [2, 6] { setPixel(&mask, x, y, (0, 0, 0, 255)) } }
        try PNG.write(mask, to: scenes.appendingPathComponent("group/mask.png").path)
        try Self.sceneJSON(colour: "#FF0000", test: #"{ "mask": "mask.png" }"#)
            .write(to: scenes.appendingPathComponent("group/failing.json"), atomically: true, encoding: .utf8)
        let run = try test(["--record", "never"])
        XCTAssertEqual(tableRow(run.stdout, "group/failing")?[1], "pass", run.stdout)
        XCTAssertEqual(tableRow(run.stdout, "group/failing")?[5], "4")
        // halo diff takes the same mask, and --ignore.
        let a = scenes.appendingPathComponent("group/failing.png").path
        let b = artifacts.appendingPathComponent("b.png").path
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try PNG.write(Self.expectedImage(rectX: 2, colour: (255, 0, 0, 255)), to: b)
        XCTAssertEqual(try runHalo(["diff", a, b]).status, 1)
        let masked = try runHalo(["diff", a, b, "--mask", scenes.appendingPathComponent("group/mask.png").path])
        XCTAssertEqual(masked.status, 0, masked.stdout + masked.stderr)
        XCTAssertTrue(masked.stdout.contains("ignored: 4 pixels (4 of them differ)"), masked.stdout)
        XCTAssertEqual(try runHalo(["diff", a, b, "--ignore", "2,2,1,2;6,2,1,2"]).status, 0)
    }

    /// --record failed rewrites the failing reference and writes the missing one; the
    /// passing reference's bytes and date stay as they were.
    func testRecordFailedRewritesOnlyTheFailingReference() throws {
        let passing = scenes.appendingPathComponent("passing.png").path
        let before = try Data(contentsOf: URL(fileURLWithPath: passing))
        let date = try FileManager.default.attributesOfItem(atPath: passing)[.modificationDate] as? Date
        let run = try test(["--record", "failed"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(try PNG.read(scenes.appendingPathComponent("group/failing.png").path), Self.expectedImage(rectX: 2, colour: (255, 0, 0, 255)))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: passing)), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: passing)[.modificationDate] as? Date, date)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scenes.appendingPathComponent("missing.png").path))
        XCTAssertEqual(try test(["--record", "never"]).status, 0, "the next run passes")
    }

    /// An approval list that is not ACTUAL<TAB>REFERENCE lines is refused, naming the line,
    /// and nothing is approved.
    func testApproveRefusesAMalformedListAndApprovesNothing() throws {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try "garbage\n".write(to: artifacts.appendingPathComponent("halo-approve.tsv"), atomically: true, encoding: .utf8)
        let run = try runHalo(["approve", artifacts.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("halo-approve.tsv:1: expected ACTUAL<TAB>REFERENCE, found \"garbage\": nothing approved"), run.stderr)
    }

    /// halo approve takes the last run's failing images from its artifacts folder and makes
    /// them the references, printing each; the next run passes.
    func testApproveMakesTheFailingImagesTheReferences() throws {
        try PNG.write(Self.expectedImage(rectX: 2, colour: (0, 255, 0, 255)), to: scenes.appendingPathComponent("missing.png").path)
        XCTAssertEqual(try test(["--record", "never"]).status, 1)
        let approve = try runHalo(["approve", artifacts.path])
        XCTAssertEqual(approve.status, 0, approve.stderr)
        XCTAssertTrue(approve.stdout.contains("approved \(scenes.appendingPathComponent("group/failing.png").standardizedFileURL.path)"), approve.stdout)
        XCTAssertTrue(approve.stdout.contains("1 reference approved"), approve.stdout)
        XCTAssertEqual(try test(["--record", "never"]).status, 0)
        XCTAssertEqual(try runHalo(["approve", artifacts.path]).status, 2, "nothing left to approve")
    }

    /// A backend's own baseline (SCENE.cpu.png) wins and is named in the row.
    func testTheBackendsBaselineWinsAndIsNamedInTheRow() throws {
        try PNG.write(Self.expectedImage(rectX: 2, colour: (255, 0, 0, 255)), to: scenes.appendingPathComponent("group/failing.cpu.png").path)
        let run = try test(["--record", "never"])
        XCTAssertEqual(tableRow(run.stdout, "group/failing")?[1], "pass")
        XCTAssertEqual(tableRow(run.stdout, "group/failing")?.last, "failing.cpu.png")
        let keyed = try test(["--record", "never", "--baseline", "llvmpipe"])
        XCTAssertEqual(tableRow(keyed.stdout, "group/failing")?.last, "failing.cpu.png", "no llvmpipe baseline: the backend's")
    }

    /// Under GitHub Actions each failure is an ::error annotation naming the scene, and a
    /// Markdown table is appended to $GITHUB_STEP_SUMMARY.
    func testGitHubActionsAnnotationsAndStepSummary() throws {
        let summary = dir.appendingPathComponent("summary.md").path
        let run = try test(["--record", "never"], environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        let errors = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        XCTAssertEqual(errors.count, 2, run.stdout)     // the failing and the missing reference
        XCTAssertTrue(errors.contains { $0.contains("file=\(scenes.appendingPathComponent("group/failing.json").path)") && $0.contains("title=halo test%3A group/failing::") }, "\(errors)")
        let md = try String(contentsOfFile: summary, encoding: .utf8)
        XCTAssertTrue(md.contains("| group/failing | FAIL | 204 | 4 | failing.png |"), md)
        let plain = try test(["--record", "never"])
        XCTAssertFalse(plain.stdout.contains("::error"), "no annotations outside GitHub Actions")
    }

    func testPassFailAndMissingUnderRecordNeverExitOneWithOneRowEach() throws {
        let run = try test(["--record", "never"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        // Columns: name, result, max difference, pixels over maxDifference 3, pixels differing, time.
        XCTAssertEqual(tableRow(run.stdout, "passing")?.prefix(5), ["passing", "pass", "0", "0", "0"])
        XCTAssertEqual(tableRow(run.stdout, "group/failing")?.prefix(5), ["group/failing", "FAIL", "204", "4", "4"])
        XCTAssertEqual(tableRow(run.stdout, "missing")?.prefix(2), ["missing", "FAIL"])
        XCTAssertTrue(run.stdout.contains("no reference image at"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 images of 3 scenes: 1 passed, 2 failed"), run.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scenes.appendingPathComponent("missing.png").path))
    }

    /// The recorded reference is the scene's exact image (known by hand), and the run
    /// still fails on the failing scene.
    func testRecordMissingWritesTheMissingReferenceAndReportsItNew() throws {
        let run = try test(["--record", "missing"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(tableRow(run.stdout, "missing")?.prefix(2), ["missing", "new"])
        XCTAssertEqual(try PNG.read(scenes.appendingPathComponent("missing.png").path),
                       Self.expectedImage(rectX: 2, colour: (0, 255, 0, 255)))
        XCTAssertEqual(try PNG.read(scenes.appendingPathComponent("group/failing.png").path),
                       Self.expectedImage(rectX: 3, colour: (255, 0, 0, 255)), "record missing leaves existing references alone")
    }

    func testRecordAllRewritesEveryReferenceAndExitsZero() throws {
        let run = try test(["--record", "all"])
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertEqual(tableRow(run.stdout, "group/failing")?.prefix(2), ["group/failing", "recorded"])
        XCTAssertEqual(try PNG.read(scenes.appendingPathComponent("group/failing.png").path),
                       Self.expectedImage(rectX: 2, colour: (255, 0, 0, 255)))
    }

    func testFailureWritesActualExpectedAndDiffArtifactsNamedInTheOutput() throws {
        let run = try test(["--record", "never"])
        let base = artifacts.appendingPathComponent("group/failing").path
        XCTAssertEqual(try PNG.read(base + ".actual.png"), Self.expectedImage(rectX: 2, colour: (255, 0, 0, 255)))
        XCTAssertEqual(try PNG.read(base + ".expected.png"), Self.expectedImage(rectX: 3, colour: (255, 0, 0, 255)))
        let diff = try PNG.read(base + ".diff.png")
        XCTAssertNotEqual(diff[2, 2].x, diff[2, 2].y, "a changed pixel is coloured")
        XCTAssertTrue(diff[4, 2].x == diff[4, 2].y && diff[4, 2].y == diff[4, 2].z, "an unchanged pixel is grey")
        for suffix in [".actual.png", ".expected.png", ".diff.png"] {
            XCTAssertTrue(run.stdout.contains(base + suffix), "output names \(suffix): \(run.stdout)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("passing.actual.png").path),
                       "a passing scene leaves no artifacts")
    }

    func testAllPassingExitsZero() throws {
        try FileManager.default.removeItem(at: scenes.appendingPathComponent("group"))
        try FileManager.default.removeItem(at: scenes.appendingPathComponent("missing.json"))
        let run = try test(["--record", "never"])
        XCTAssertEqual(run.status, 0, run.stdout)
    }

    func testJUnitReportParsesBackWithOneTestcasePerImage() throws {
        let junit = dir.appendingPathComponent("report.xml")
        _ = try test(["--record", "never", "--junit", junit.path])
        let collector = JUnitCollector()
        let parser = try XCTUnwrap(XMLParser(contentsOf: junit))
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "JUnit XML is well-formed: \(String(describing: parser.parserError))")
        XCTAssertEqual(collector.suites["tests"], "3")
        XCTAssertEqual(collector.suites["failures"], "2")
        XCTAssertEqual(collector.suites["errors"], "0")
        XCTAssertEqual(collector.testcases.sorted(), ["group/failing", "missing", "passing"])
        XCTAssertEqual(collector.failed.sorted(), ["group/failing", "missing"])
        XCTAssertTrue(collector.failureMessages.contains { $0.contains("max difference 204") }, "\(collector.failureMessages)")
    }

    func testHTMLReportShowsFailuresFirstWithExpectedActualAndDiff() throws {
        let html = dir.appendingPathComponent("report.html")
        _ = try test(["--record", "never", "--html", html.path])
        let page = try String(contentsOf: html, encoding: .utf8)
        let sections = page.components(separatedBy: "<section").dropFirst()
        XCTAssertEqual(sections.count, 3)
        XCTAssertTrue(sections.first!.contains("group/failing"), "the failing scene comes first")
        XCTAssertTrue(sections.last!.contains("passing"), "the passing scene comes last")
        let first = sections.first!
        for caption in ["expected", "actual", "diff"] {
            XCTAssertTrue(first.contains("<img alt=\"\(caption)\""), caption)
        }
        XCTAssertEqual(first.components(separatedBy: "src=\"data:image/png;base64,").count - 1, 3, "three inlined images")
    }

    func testUnreadableSceneIsAnErrorRowAndExitsTwo() throws {
        try #"{ "format": 1, "canvas": { "width": -8, "height": 6 }, "layers": [] }"#
            .write(to: scenes.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let junit = dir.appendingPathComponent("report.xml")
        let run = try test(["--record", "never", "--junit", junit.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(tableRow(run.stdout, "broken")?.prefix(2), ["broken", "ERROR"])
        XCTAssertTrue(run.stdout.contains("canvas.width"), run.stdout)
        XCTAssertTrue(try String(contentsOf: junit, encoding: .utf8).contains("errors=\"1\""))
    }

    /// `"test": {"times": [0, 1]}` checks two references, `name.t0.png` and `name.t1.png`.
    func testTimesInTheTestObjectCheckOneReferencePerTime() throws {
        try Self.sceneJSON(colour: "#0000FF", test: #"{ "times": [0, 1] }"#)
            .write(to: scenes.appendingPathComponent("timed.json"), atomically: true, encoding: .utf8)
        let run = try test(["--record", "missing"])
        XCTAssertEqual(tableRow(run.stdout, "timed.t0")?.prefix(2), ["timed.t0", "new"])
        XCTAssertEqual(tableRow(run.stdout, "timed.t1")?.prefix(2), ["timed.t1", "new"])
        for name in ["timed.t0.png", "timed.t1.png"] {
            XCTAssertEqual(try PNG.read(scenes.appendingPathComponent(name).path), Self.expectedImage(rectX: 2, colour: (0, 0, 255, 255)))
        }
    }

    /// A scene's own fuzzy tolerance (here in a sidecar) replaces the default: 4 pixels
    /// off by 204 pass "maxDifference=0-204;totalPixels=0-4".
    func testSidecarToleranceReplacesTheDefault() throws {
        try #"{ "fuzzy": "maxDifference=0-204;totalPixels=0-4" }"#
            .write(to: scenes.appendingPathComponent("group/failing.test.json"), atomically: true, encoding: .utf8)
        let run = try test(["--record", "never"])
        XCTAssertEqual(tableRow(run.stdout, "group/failing")?.prefix(5), ["group/failing", "pass", "204", "0", "4"])
    }

    func testCIMakesRecordNeverTheDefault() throws {
        let run = try test([], environment: ["CI": "true"])
        XCTAssertEqual(tableRow(run.stdout, "missing")?.prefix(2), ["missing", "FAIL"])
        XCTAssertTrue(run.stdout.contains("record never"), run.stdout)
    }

    func testHaloRecordEnvironmentSetsTheDefaultMode() throws {
        let run = try test([], environment: ["HALO_RECORD": "missing"])
        XCTAssertEqual(tableRow(run.stdout, "missing")?.prefix(2), ["missing", "new"])
    }

    func testParallelJobsGiveTheSameTable() throws {
        let one = try test(["--record", "never", "--jobs", "1"])
        let three = try test(["--record", "never", "--jobs", "3"])
        XCTAssertEqual(one.status, three.status)
        XCTAssertEqual(tableRow(one.stdout, "group/failing")?.prefix(5), tableRow(three.stdout, "group/failing")?.prefix(5))
        XCTAssertEqual(tableRow(three.stdout, "passing")?.prefix(2), ["passing", "pass"])
    }

    func testMissingFolderAndBadOptionsExitTwo() throws {
        XCTAssertEqual(try runHalo(["test", dir.appendingPathComponent("nowhere").path]).status, 2)
        XCTAssertEqual(try test(["--record", "sometimes"]).status, 2)
        XCTAssertEqual(try test(["--jobs", "0"]).status, 2)
        XCTAssertEqual(try test(["--backend", "metal"]).status, 2)
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertEqual(try runHalo(["test", empty.path]).status, 2)
    }

    func testHelpStatesTheDefaultToleranceAndRecordModes() throws {
        let run = try runHalo(["test", "--help"])
        XCTAssertEqual(run.status, 0)
        for word in ["maxDifference=0-3;totalPixels=0-100%", "--record", "missing", "never", "--junit", "--html", "--jobs", "--artifacts", "EXIT STATUS"] {
            XCTAssertTrue(run.stdout.contains(word), word)
        }
    }
}
