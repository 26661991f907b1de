import Foundation
import XCTest
import Halo

/// `halo export`: what it writes, what it warns about, and what it refuses.
final class CodeExportCommandTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testWritesBothFilesAndListsApproximations() throws {
        let html = dir.appendingPathComponent("card.html").path, swift = dir.appendingPathComponent("card.swift").path
        let run = try runHalo(["export", repositoryRoot.appendingPathComponent("Examples/dashed-card.json").path,
                               "--css", html, "--swiftui", swift, "--time", "1.5"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("<!DOCTYPE html>"))
        XCTAssertFalse(text.contains("<script"), "no script")
        // No network: the only URL is SVG's namespace name, which is never fetched.
        XCTAssertFalse(text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"), "no network")
        XCTAssertTrue(text.contains("animation-play-state: paused"))
        // Round caps on an inside stroke are an approximation: in the file and on stderr.
        XCTAssertTrue(text.contains("layers[0].stroke.dash"), text.prefix(600).description)
        XCTAssertTrue(run.stderr.contains("warning: \(html): layers[0].stroke.dash"), run.stderr)
        XCTAssertTrue(try String(contentsOfFile: swift, encoding: .utf8).contains("struct DashedCard: View"))
    }

    func testAFeatureWithoutMappingIsNamedAndASceneWithNothingToDrawIsRefused() throws {
        // A shader paint has no CSS: named, exit 0, when something else draws (the background).
        let shader = repositoryRoot.appendingPathComponent("Shaders/examples/aurora.glsl").path
        let scene = { (background: String) in """
            {"format": 1, "canvas": {"width": 40, "height": 20, "background": "\(background)"},
             "layers": [{"shape": {"type": "rect", "rect": [0, 0, 40, 20]}, "fill": {"type": "shader", "file": "\(shader)"}}]}
            """ }
        let drawn = dir.appendingPathComponent("drawn.json"), empty = dir.appendingPathComponent("empty.json")
        try scene("#102030").write(to: drawn, atomically: true, encoding: .utf8)
        try scene("clear").write(to: empty, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.html").path
        let ok = try runHalo(["export", drawn.path, "--css", out])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stderr.contains("layers[0].fill.paint: not drawn: a shader paint has no CSS mapping"), ok.stderr)
        try FileManager.default.removeItem(atPath: out)
        let refused = try runHalo(["export", empty.path, "--css", out])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("nothing can be drawn"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no output file")
    }

    /// A shader shape's distance is GLSL: neither CSS nor SwiftUI can draw it. The layer is
    /// left out and named on stderr; the background still draws, so the export exits 0.
    func testAShaderShapeIsLeftOutAndNamed() throws {
        let scene = repositoryRoot.appendingPathComponent("Shaders/examples/star-glow.json").path
        let html = dir.appendingPathComponent("star.html").path, swift = dir.appendingPathComponent("star.swift").path
        let run = try runHalo(["export", scene, "--css", html, "--swiftui", swift])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("layers[0].shape: not drawn: a shader shape's GLSL signed distance has no CSS mapping"), run.stderr)
        XCTAssertTrue(run.stderr.contains("layers[0].shape: not drawn: a shader shape's GLSL signed distance has no SwiftUI mapping"), run.stderr)
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).contains("layers[0].shape: not drawn"))
    }

    func testBadInputExitsTwoAndWritesNothing() throws {
        let out = dir.appendingPathComponent("x.html").path
        let bad = dir.appendingPathComponent("bad.json")
        try #"{"format": 1, "canvas": {"width": 10, "height": 10}, "layers": [{"shape": {"type": "rect", "rect": [0, 0, 5, 5]}, "stroke": {"paint": {"type": "solid", "color": "red"}, "width": -1}}]}"#
            .write(to: bad, atomically: true, encoding: .utf8)
        let run = try runHalo(["export", bad.path, "--css", out])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("layers[0].stroke.width"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let none = try runHalo(["export", bad.path])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("expected --css OUT.html or --swiftui OUT.swift"), none.stderr)
        let noFolder = try runHalo(["export", repositoryRoot.appendingPathComponent("Examples/beam-card.json").path,
                                    "--css", dir.appendingPathComponent("missing/x.html").path])
        XCTAssertEqual(noFolder.status, 2, noFolder.stderr)
    }
}
