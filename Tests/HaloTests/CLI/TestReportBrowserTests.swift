import Foundation
import XCTest
import Halo
import HaloTesting

/// The HTML report's review viewer, checked from a real browser: headless Chromium (Debian
/// `chromium`, installed by tools/setup-debian) loads the page, runs its script and the
/// page's self-test (`#selftest=X,Y`), and the test reads the results from the DOM; a
/// screenshot of the page is saved as an artifact. Fails, never skips, without Chromium.
final class TestReportBrowserTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try makeTemporaryFolder("halo-report-browser") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func chromium(_ arguments: [String]) throws -> String {
        let exe = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let exe else {
            XCTFail("no Chromium (Debian package chromium; tools/setup-debian installs it)")
            throw ReferenceTestError("no chromium")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=5000",
                       "--user-data-dir=\(dir.appendingPathComponent("profile").path)"] + arguments
        let out = dir.appendingPathComponent("chromium.out")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let h = try FileHandle(forWritingTo: out)
        p.standardOutput = h
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try h.close()
        return try String(contentsOf: out, encoding: .utf8)
    }

    /// A run with one failing scene (the rectangle green, the reference red) and one passing:
    /// the failing one is listed first, the views switch, zoom goes to 8x, and the readout at
    /// a pixel shows both images' values there, as the PNGs hold them.
    func testTheReviewPageWorksInChromium() throws {
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try TestCommandTests.sceneJSON(colour: "#FF0000").write(to: scenes.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
            try PNG.write(TestCommandTests.expectedImage(rectX: 2, colour: (255, 0, 0, 255)), to: scenes.appendingPathComponent("\(name).png").path)
        }
        try TestCommandTests.sceneJSON(colour: "#00FF00").write(to: scenes.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("report.html")
        let run = try runHalo(["test", scenes.path, "--backend", "cpu", "--record", "never", "--artifacts", dir.appendingPathComponent("art").path,
                               "--html", report.path])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let html = try String(contentsOf: report, encoding: .utf8)
        let script = html.components(separatedBy: "<script>")[1].components(separatedBy: "</script>")[0]
        XCTAssertLessThan(script.utf8.count, 20_000, "at most about 20 KB of script")
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "self-contained: no network")

        let dom = try chromium(["--dump-dom", report.absoluteString + "#selftest=3,2"])
        guard let json = dom.components(separatedBy: "<pre id=\"selftest\">").dropFirst().first?.components(separatedBy: "</pre>").first else {
            return XCTFail("the page's self-test did not run:\n\(dom.prefix(2000))")
        }
        let result = try JSONSerialization.jsonObject(with: Data(json.replacingOccurrences(of: "&quot;", with: "\"").utf8)) as! [String: Any]
        XCTAssertEqual(result["first"] as? String, "FAILb", "the failing scene first")
        XCTAssertEqual(result["modes"] as? [String], ["onion", "blink", "diff", "swipe"], "the views switch")
        XCTAssertEqual(result["pressed"] as? String, "swipe")
        XCTAssertEqual(result["zoom"] as? Int, 8)
        // Pixel (3, 2) is inside the rectangle: red in the reference, green in the rendering.
        XCTAssertEqual(result["readout"] as? String, "x 3, y 2: expected (255, 0, 0, 255) actual (0, 255, 0, 255)")

        let shot = URL(fileURLWithPath: ReferenceTest.defaultArtifactsDirectory).appendingPathComponent("review-page.png")
        try FileManager.default.createDirectory(at: shot.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: shot)
        _ = try chromium(["--window-size=900,760", "--screenshot=\(shot.path)", report.absoluteString])
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot.path), "the screenshot artifact")
        let png = try PNG.read(shot.path)
        XCTAssertEqual(png.width, 900)
    }
}
