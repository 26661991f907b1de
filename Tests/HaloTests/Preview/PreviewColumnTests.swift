import Foundation
import XCTest
@testable import Halo
@testable import HaloPreview
@testable import HaloTesting

/// Scripted runs under Xvfb: the side column (controls, error list) and the error banner sit
/// beside the canvas, which the window shows as `halo render --backend gpu` draws the frame.
final class PreviewColumnTests: XCTestCase {
    private var folder: URL!
    private let params = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next/feature-params.json")
    /// A 4-frame run from feature-params' own time (0.75 s) ends at 0.75 + 3/60 s.
    private let lastTime = 0.75 + 3.0 / 60

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-column") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func render(scale: Double, time: Double) throws -> RGBA8Image {
        try renderScaled(params, scale: scale, time: time, in: folder)
    }

    /// The window's canvas rect against `expected`, byte for byte: the window splits tiles on
    /// the canvas's own grid and rounds direct tiles itself, as `halo render` does, and reads
    /// the glow atlas at coordinates that do not depend on where the canvas lies or how large
    /// the atlas has grown (layer.frag, ``GlowAtlas/textureSide(_:)``).
    private func assertCanvas(_ window: RGBA8Image, _ at: SaidLayout, equals expected: RGBA8Image, line: UInt = #line) throws {
        let c = try XCTUnwrap(ImageComparison(at.canvas(of: window), expected), "\(at.width)x\(at.height) vs \(expected.width)x\(expected.height)", line: line)
        XCTAssertEqual(c.maxDifference, 0, "largest difference (\(c.pixelsOver[0] ?? 0) pixels differ)", line: line)
    }

    /// feature-params with its panel open: the window is the canvas's own pixels (scale 2)
    /// with the column beside it, and the canvas is `halo render`'s image of the frame.
    func testTheCanvasBesideTheOpenPanelIsHalosRender() throws {
        let window = folder.appendingPathComponent("window.png").path
        let r = try PreviewProcess(arguments: ["preview", params.path, "--frames", "4", "--window-screenshot", window], folder: folder).wait()
        XCTAssertEqual(r.status, 0, r.stderr)
        let at = try SaidLayout(lastIn: r.stdout), w = try PNG.read(window)
        XCTAssertEqual([at.width, at.height, at.x, at.banner], [320, 200, 0, 0], "the canvas at its own size, left")
        XCTAssertEqual(w.width, 320 + at.column, "the window grew by the column")
        XCTAssertGreaterThan(at.column, 0)
        XCTAssertGreaterThan(panelPixels(in: w, from: 320), 1000, "the column's panel right of the canvas")
        try assertCanvas(w, at, equals: try render(scale: 2, time: lastTime))
    }

    /// P hides the column: the window goes back to the canvas's own width, still the render.
    func testPHidesTheColumnAndTheWindowShrinksBack() throws {
        let window = folder.appendingPathComponent("window.png").path
        let r = try PreviewProcess(arguments: ["preview", params.path, "--frames", "4", "--window-screenshot", window,
                                               "--script", "1 key p"], folder: folder).wait()
        XCTAssertEqual(r.status, 0, r.stderr)
        let at = try SaidLayout(lastIn: r.stdout), w = try PNG.read(window)
        XCTAssertEqual([w.width, at.column, at.width, at.height], [320, 0, 320, 200])
        try assertCanvas(w, at, equals: try render(scale: 2, time: lastTime))
    }

    /// A scene made invalid while the preview runs: the banner spans the canvas's area above
    /// it, the column lists the error beside it, and the canvas below the banner is
    /// `halo render`'s image of the last good scene at the scale it was scaled down to.
    func testWithAnErrorBannerTheCanvasIsStillHalosRender() throws {
        let scene = folder.appendingPathComponent("params.json"), window = folder.appendingPathComponent("window.png").path
        try FileManager.default.copyItem(at: params, to: scene)
        let p = try PreviewProcess(arguments: ["preview", scene.path, "--frames", "4", "--window-screenshot", window,
                                               "--script", "1 wait-reload"], folder: folder)
        try p.waitForOutput("watching")
        let broken = try String(contentsOf: scene, encoding: .utf8)
            .replacingOccurrences(of: "\"width\": { \"param\": \"width\" }", with: "\"width\": { \"param\": \"widht\" }")
        try Data(broken.utf8).write(to: scene, options: .atomic)
        let r = try p.wait()
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("error panel: "), r.stdout)
        let at = try SaidLayout(lastIn: r.stdout), w = try PNG.read(window)
        XCTAssertGreaterThan(at.banner, 0)
        XCTAssertGreaterThanOrEqual(at.y, at.banner, "the canvas below the banner")
        XCTAssertLessThanOrEqual(at.x + at.width, w.width - at.column, "the canvas left of the column")
        let red = (w.pixels[8], w.pixels[9], w.pixels[10])
        XCTAssertTrue(red == (191, 26, 31), "the banner's red (0.75, 0.1, 0.12) at its top-left: \(red)")
        let right = ((w.width - at.column - 3) * 4, 4)
        XCTAssertEqual([w.pixels[right.0 + right.1 * w.width * 4], w.pixels[right.0 + 1 + right.1 * w.width * 4]], [191, 26],
                       "the banner reaches the column")
        XCTAssertGreaterThan(panelPixels(in: w, from: w.width - at.column), 1000, "the error list and the panel in the column")
        try assertCanvas(w, at, equals: try render(scale: at.scale, time: lastTime))
    }

    /// A window grown to hold the error list goes back to its height once the error is fixed
    /// (the column stays for the parameters).
    func testTheWindowGoesBackToItsHeightOnceTheErrorIsFixed() throws {
        let scene = folder.appendingPathComponent("params.json")
        try FileManager.default.copyItem(at: params, to: scene)
        let good = try String(contentsOf: scene, encoding: .utf8)
        let p = try PreviewProcess(arguments: ["preview", scene.path, "--frames", "6", "--script", "1 wait-reload; 3 wait-reload"],
                                   folder: folder)
        try p.waitForOutput("watching")
        try Data(good.replacingOccurrences(of: "\"value\": 3, \"min\"", with: "\"value\": 3 \"min\"").utf8).write(to: scene, options: .atomic)
        try p.waitForOutput("error panel: ")
        try Data(good.utf8).write(to: scene, options: .atomic)
        let r = try p.wait()
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("error panel cleared"), r.stdout)
        // The same run without the error: the window it ends with.
        let plain = try PreviewProcess(arguments: ["preview", params.path, "--frames", "6"], folder: folder).wait()
        func window(_ out: String) -> String? { out.firstMatch(of: /in a (\d+x\d+) window/).map { String($0.1) } }
        XCTAssertNotNil(window(plain.stdout), plain.stdout)
        XCTAssertEqual(window(r.stdout), window(plain.stdout), "the window's height without the error: \(r.stdout)")
        let last = try SaidLayout(lastIn: r.stdout)
        XCTAssertEqual([last.banner, last.width, last.height], [0, 320, 200])
    }

    /// While programs are made ready the run says "preparing K of N" after each frame, K
    /// rising, N the count the end line gives; the first frame is drawn before any of it.
    /// (No shader cache: each program a cold compile, longer than a frame's budget.)
    func testProgressIsSaidWhileProgramsArePrepared() throws {
        let r = try PreviewProcess(arguments: ["preview", params.path, "--frames", "4", "--script", "3 wait-prepared"], folder: folder,
                                   environment: ["MESA_SHADER_CACHE_DISABLE": "true"]).wait()
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let progress = lines.compactMap { l -> (Int, Int)? in
            guard l.hasPrefix("halo preview: preparing ") else { return nil }
            let n = l.split(separator: " ").compactMap { Int($0) }
            return n.count == 2 ? (n[0], n[1]) : nil
        }
        XCTAssertGreaterThanOrEqual(progress.count, 2, r.stdout)
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("halo preview: layout: ") })
        XCTAssertLessThan(first, try XCTUnwrap(lines.firstIndex { $0.hasPrefix("halo preview: preparing ") }), "the first frame first")
        XCTAssertEqual(zip(progress, progress.dropFirst()).filter { $0.0 >= $1.0 }.count, 0, "K rises: \(progress)")
        let listed = try XCTUnwrap(lines.first { $0.contains("programs prepared: ") }, r.stdout)
        let total = try XCTUnwrap(listed.components(separatedBy: "programs prepared: ").last?.split(separator: " ").first.flatMap { Int($0) })
        XCTAssertTrue(progress.allSatisfy { $0.1 == total && $0.0 < total }, "N is the listed count \(total): \(progress)")
    }

    /// Before the first frame is drawn (its programs compiling), the window already shows the
    /// canvas's background and the column saying so: said before "watching", which follows
    /// the first frame.
    func testTheWindowShowsTheColumnBeforeTheFirstFrame() throws {
        let r = try PreviewProcess(arguments: ["preview", params.path, "--frames", "1"], folder: folder).wait()
        XCTAssertEqual(r.status, 0, r.stderr)
        let before = try XCTUnwrap(r.stdout.range(of: "halo preview: before the first frame: the canvas's background and the column (preparing the first frame)"), r.stdout)
        let watching = try XCTUnwrap(r.stdout.range(of: "halo preview: watching"), r.stdout)
        XCTAssertLessThan(before.lowerBound, watching.lowerBound)
    }
}
