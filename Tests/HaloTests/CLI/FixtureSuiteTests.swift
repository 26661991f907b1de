import Foundation
import XCTest
import Halo
@testable import HaloTesting

/// The reference-image fixture suite (`Tests/Fixtures/reference-suite`: 20 scenes of
/// 64 x 48 px, 22 images, references recorded with the CPU backend) through `halo test`
/// on both backends, as CI runs it. After an intended change to the CPU reference's
/// output, re-record with `halo test Tests/Fixtures/reference-suite --backend cpu --record all`.
final class FixtureSuiteTests: XCTestCase {
    static let suite = repositoryRoot.appendingPathComponent("Tests/Fixtures/reference-suite")
    var dir: URL!

    override func setUpWithError() throws {
        dir = try makeTemporaryFolder("halo-fixture-suite")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func testSuiteHasTwentyScenesEachWithItsReferences() throws {
        let scenes = try SceneTestSpec.sceneFiles(under: Self.suite.path)
        XCTAssertEqual(scenes.count, 20)
        for s in scenes {
            _ = try loadScene(URL(fileURLWithPath: s))
            for (_, reference) in try SceneTestSpec.of(sceneFile: s).cases(forScene: s) {
                XCTAssertTrue(FileManager.default.fileExists(atPath: reference), reference)
            }
        }
    }

    func testSuitePassesOnTheCPUBackend() throws {
        try assertSuitePasses(backend: "cpu")
    }

    func testSuitePassesOnTheGPUBackend() throws {
        try assertSuitePasses(backend: "gpu")
    }

    func assertSuitePasses(backend: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let junit = dir.appendingPathComponent("junit.xml")
        let run = try runHalo(["test", Self.suite.path, "--backend", backend, "--record", "never",
                               "--artifacts", dir.appendingPathComponent("artifacts").path, "--junit", junit.path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr
                       + "\n(if the change is intended: halo test Tests/Fixtures/reference-suite --backend cpu --record all)",
                       file: file, line: line)
        XCTAssertTrue(run.stdout.contains("22 images of 20 scenes: 22 passed, 0 failed"), run.stdout, file: file, line: line)
        XCTAssertTrue(run.stdout.contains("(backend \(backend),"), "no fallback: \(run.stdout)", file: file, line: line)
        XCTAssertTrue(try String(contentsOf: junit, encoding: .utf8).contains("tests=\"22\" failures=\"0\" errors=\"0\""), file: file, line: line)
    }

    /// A deliberately broken reference (a 10 x 10 block painted magenta into the
    /// stroke-glow reference) fails; the HTML report shows it first, with expected,
    /// actual and diff.
    func testDeliberatelyFailingRunPutsTheFailingSceneFirstInTheHTMLReport() throws {
        let copy = dir.appendingPathComponent("suite")
        try FileManager.default.copyItem(at: Self.suite, to: copy)
        let ref = copy.appendingPathComponent("glow/stroke-glow.png").path
        var image = try PNG.read(ref)
        for y in 20..<30 { for x in 30..<40 { setPixel(&image, x, y, (255, 0, 255, 255)) } }
        try PNG.write(image, to: ref)
        let html = dir.appendingPathComponent("report.html")
        let run = try runHalo(["test", copy.path, "--backend", "cpu", "--record", "never", "--jobs", "2",
                               "--artifacts", dir.appendingPathComponent("artifacts").path, "--html", html.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(tableRow(run.stdout, "glow/stroke-glow")?.prefix(2), ["glow/stroke-glow", "FAIL"])
        XCTAssertGreaterThanOrEqual(Int(tableRow(run.stdout, "glow/stroke-glow")?[4] ?? "") ?? 0, 100, "the painted block's 100 pixels differ")
        let sections = try String(contentsOf: html, encoding: .utf8).components(separatedBy: "<section").dropFirst()
        XCTAssertEqual(sections.count, 22)
        XCTAssertTrue(sections.first!.contains("glow/stroke-glow"))
        XCTAssertEqual(sections.first!.components(separatedBy: "src=\"data:image/png;base64,").count - 1, 3)
    }
}
