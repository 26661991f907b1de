import Foundation
import XCTest
import Halo
@testable import HaloExport

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
        XCTAssertTrue(try String(contentsOfFile: swift, encoding: .utf8).contains("struct DashedCardModifier: ViewModifier"))
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

    /// A shader shape's distance is GLSL, which neither CSS nor SwiftUI can draw: the export
    /// is refused, naming the layer's JSON path, and nothing is written.
    func testAShaderShapeIsRefusedNamingItsLayer() throws {
        let scene = repositoryRoot.appendingPathComponent("Shaders/examples/star-glow.json").path
        let html = dir.appendingPathComponent("star.html").path
        let run = try runHalo(["export", scene, "--css", html])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("layers[0].shape: expected a shape a code export can draw"), run.stderr)
        XCTAssertTrue(run.stderr.contains("--skip-unsupported"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: html), "no output file")
    }

    /// With --skip-unsupported the shader shape's layer is left out, listed on stderr and in
    /// each file; the background still draws, so the export exits 0.
    func testSkipUnsupportedExportsTheRestAndListsWhatItLeftOut() throws {
        let scene = repositoryRoot.appendingPathComponent("Shaders/examples/star-glow.json").path
        let html = dir.appendingPathComponent("star.html").path, swift = dir.appendingPathComponent("star.swift").path
        let run = try runHalo(["export", scene, "--css", html, "--swiftui", swift, "--skip-unsupported"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("left out (--skip-unsupported): layers[0]: its shape is a shader shape"), run.stderr)
        XCTAssertTrue(run.stderr.contains("layers[0].shape: not drawn: a shader shape's GLSL signed distance has no CSS mapping"), run.stderr)
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).contains("layers[0].shape: not drawn"))
        XCTAssertTrue(try String(contentsOfFile: swift, encoding: .utf8).contains("layers[0].shape: not drawn"))
    }

    /// `--css -` and `--swiftui -` write the file to standard output, and nothing else goes
    /// there; no file named "-" is made.
    func testADashWritesTheFileToStandardOutput() throws {
        let scene = repositoryRoot.appendingPathComponent("Examples/dashed-card.json").path
        let css = try runHalo(["export", scene, "--css", "-", "--time", "1.5"], in: dir)
        XCTAssertEqual(css.status, 0, css.stderr)
        XCTAssertTrue(css.stdout.hasPrefix("<!DOCTYPE html>"), String(css.stdout.prefix(200)))
        XCTAssertTrue(css.stdout.hasSuffix("</html>\n"))
        let swift = try runHalo(["export", scene, "--swiftui", "-"], in: dir)
        XCTAssertEqual(swift.status, 0, swift.stderr)
        XCTAssertTrue(swift.stdout.hasPrefix("// Exported by halo export from dashed-card.json"), String(swift.stdout.prefix(200)))
        XCTAssertTrue(swift.stdout.contains("struct DashedCardModifier: ViewModifier"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path), "no file named -")
        let both = try runHalo(["export", scene, "--css", "-", "--swiftui", "-"], in: dir)
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains("one file at most goes to standard output"), both.stderr)
    }

    /// Each warning is printed once: no two lines of stderr are the same, for scenes whose
    /// layers are drawn twice (a glow's copy of a stroke or a text, whose paint notes the same
    /// differences) and a scene with shader paints in a fill, a stroke and a glow.
    func testEachWarningIsPrintedOnce() throws {
        let shader = repositoryRoot.appendingPathComponent("Shaders/examples/aurora.glsl").path
        let shaders = dir.appendingPathComponent("shaders.json")
        try """
            {"format": 1, "canvas": {"width": 40, "height": 20, "background": "#102030"},
             "layers": [{"shape": {"type": "rect", "rect": [2, 2, 30, 15]}, "fill": {"type": "shader", "file": "\(shader)"},
                         "stroke": {"paint": {"type": "shader", "file": "\(shader)"}, "width": 2}, "glow": {"radius": 4}}]}
            """.write(to: shaders, atomically: true, encoding: .utf8)
        let scenes = ["Examples/dashed-card.json", "Examples/beam-card.json", "Tests/Fixtures/conformance/scenes/next/feature-path-beam.json"]
            .map { repositoryRoot.appendingPathComponent($0).path } + [shaders.path]
        for name in scenes {
            let run = try runHalo(["export", name, "--css", dir.appendingPathComponent("o.html").path,
                                   "--swiftui", dir.appendingPathComponent("o.swift").path])
            XCTAssertEqual(run.status, 0, run.stderr)
            let lines = run.stderr.split(separator: "\n")
            XCTAssertGreaterThan(lines.count, 0, "\(name) has warnings")
            XCTAssertEqual(lines.count, Set(lines).count, "\(name): a line twice in\n\(run.stderr)")
        }
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

    /// An output naming the scene itself, or both outputs one file, is refused before anything
    /// is written: the scene is kept.
    func testAnOutputThatIsTheSceneIsRefused() throws {
        let scene = dir.appendingPathComponent("self.json")
        try Data(contentsOf: repositoryRoot.appendingPathComponent("Examples/beam-card.json")).write(to: scene)
        let before = try Data(contentsOf: scene)
        for args in [["--css", scene.path], ["--swiftui", dir.appendingPathComponent("./self.json").path]] {
            let run = try runHalo(["export", scene.path] + args)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("expected a file other than the scene's"), run.stderr)
            XCTAssertEqual(try Data(contentsOf: scene), before)
        }
        let same = dir.appendingPathComponent("out.txt").path
        let both = try runHalo(["export", scene.path, "--css", same, "--swiftui", same])
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: same))
    }

    /// Numbers past 2^63 (a path paint on an outline 1e20 pt long, a parameter of 1e19) export
    /// without a trap, written as numbers both CSS and Swift read (an exponent, not a
    /// 20-digit integer literal, which Swift refuses as a CGFloat); a parameter's label holding a
    /// line break stays on its comment's line.
    func testHugeNumbersAndMultiLineLabelsExportAsCodeThatReads() throws {
        let scene = dir.appendingPathComponent("huge.json")
        try Data("""
            { "format": 1, "params": { "w": { "type": "number", "value": 1e19, "label": "two\\nlines" } },
              "canvas": { "width": 100, "height": 60 },
              "layers": [ { "shape": { "type": "roundedRect", "rect": [10, 10, 1e20, 40], "cornerRadius": 5 },
                            "stroke": { "paint": { "type": "path", "colors": ["red", "blue"] }, "width": 3 } } ] }
            """.utf8).write(to: scene)
        let css = dir.appendingPathComponent("huge.html").path, swift = dir.appendingPathComponent("huge.swift").path
        let run = try runHalo(["export", scene.path, "--css", css, "--swiftui", swift])
        XCTAssertEqual(run.status, 0, run.stderr)
        let code = try String(contentsOfFile: swift, encoding: .utf8)
        XCTAssertTrue(code.contains("1e+20"), code)
        XCTAssertFalse(code.contains("100000000000000000000"))
        XCTAssertTrue(code.contains("1e+19"), code)
        XCTAssertTrue(code.split(separator: "\n").contains { $0.contains("///") && $0.contains("two lines") }, code)
        XCTAssertEqual(ExportText.num(1e19), "1e+19")
        XCTAssertEqual(ExportText.num(-3.14159), "-3.1416")
    }
}
