import Foundation
import XCTest
@testable import Halo

/// The command line's refusals say what is wrong in plain words and exit 2 writing nothing:
/// a missing file or a folder where a file belongs, an output name `halo render` cannot
/// write one image to, and `--time` with a motion export (the first frame of `--loop`,
/// refused with `--from`/`--to`).
final class CommandRefusalTests: XCTestCase {
    private var folder: URL!
    private let button = repositoryRoot.appendingPathComponent("Examples/gradient-border-button.json").path

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("halo-refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func assertRefused(_ run: HaloRun, saying words: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 2, run.stderr, file: file, line: line)
        for w in words { XCTAssertTrue(run.stderr.contains(w), "\(w) not in: \(run.stderr)", file: file, line: line) }
        XCTAssertFalse(run.stderr.contains("cannot be read"), run.stderr, file: file, line: line)
    }

    /// A missing scene, parameter file, shader paint or JUnit report is "no such file"; a
    /// folder in its place is "a folder".
    func testMissingFilesAndFoldersAreNamedPlainly() throws {
        let missing = folder.appendingPathComponent("none.json").path, out = folder.appendingPathComponent("o.png").path
        for (path, reason) in [(missing, "no such file"), (folder.path, "a folder")] {
            assertRefused(try runHalo(["render", path, "-o", out, "--backend", "cpu"]), saying: ["\(path): expected ", "found \(reason)"])
            assertRefused(try runHalo(["render", button, "--params", path, "-o", out, "--backend", "cpu"]),
                          saying: ["\(path): expected a readable JSON file of parameter values, found \(reason)"])
            assertRefused(try runHalo(["test", "--merge", path]), saying: ["\(path): expected a JUnit report, found \(reason)"])
            let scene = folder.appendingPathComponent("paint.json")
            try Data(#"{ "format": 1, "canvas": { "width": 8, "height": 8 }, "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 8, 8] }, "fill": { "type": "shader", "file": "\#(path)" } } ] }"#.utf8).write(to: scene)
            assertRefused(try runHalo(["render", scene.path, "-o", out]), saying: ["layers[0].fill.file", "(\(reason))"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// One image is written as PNG: another extension (or none) is refused before drawing,
    /// naming .png and the motion formats; a motion format's extension asks for --loop or
    /// --from/--to.
    func testAStillToAnotherExtensionThanPNGIsRefused() throws {
        for name in ["out.jpg", "out", "out.PNG.tiff"] {
            let out = folder.appendingPathComponent(name).path
            assertRefused(try runHalo(["render", button, "-o", out, "--backend", "cpu"]),
                          saying: ["-o \(out): expected a name ending in .png", ".mp4, .webm, .gif, .apng"])
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
        let gif = folder.appendingPathComponent("out.gif").path
        assertRefused(try runHalo(["render", button, "-o", gif, "--backend", "cpu"]), saying: [".gif is a motion format: give --loop, or --from and --to"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: gif))
        let upper = folder.appendingPathComponent("OUT.PNG").path
        XCTAssertEqual(try runHalo(["render", button, "-o", upper, "--backend", "cpu"]).status, 0)
        XCTAssertEqual(try PNG.read(upper).width, 680)
    }

    /// `--loop --time T` is the same loop with its first frame at T: frame k is `halo render
    /// --time T + k L/N` (the button: L = 3 s, N = 12 at 4 fps); T before the loop's start, or
    /// --time with --from/--to, is refused.
    func testLoopStartsAtTheGivenTime() throws {
        let pattern = folder.appendingPathComponent("f-%04d.png").path
        let run = try runHalo(["render", button, "--loop", "--fps", "4", "--time", "1.5", "-o", pattern, "--backend", "cpu"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("12 frames"), run.stdout)
        for (i, t) in [(1, "1.5"), (2, "1.75"), (12, "4.25")] {
            let single = folder.appendingPathComponent("t.png").path
            XCTAssertEqual(try runHalo(["render", button, "--time", t, "-o", single, "--backend", "cpu"]).status, 0)
            let frame = folder.appendingPathComponent(String(format: "f-%04d.png", i)).path
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: frame)), try Data(contentsOf: URL(fileURLWithPath: single)), "frame \(i)")
        }
        // A rotation with a 2 s delay: the loop starts at 2 s.
        let delayed = folder.appendingPathComponent("delayed.json")
        try Data(#"{ "format": 1, "canvas": { "width": 8, "height": 8 }, "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 8, 8] }, "fill": { "type": "angular", "colors": ["red", "blue"], "rotation": { "period": 1, "delay": 2 } } } ] }"#.utf8).write(to: delayed)
        let gif = folder.appendingPathComponent("early.gif").path
        assertRefused(try runHalo(["render", delayed.path, "--loop", "--time", "1", "-o", gif, "--backend", "cpu"]),
                      saying: ["--time: the loop starts at 2 s", "found 1"])
        assertRefused(try runHalo(["render", delayed.path, "--from", "0", "--to", "1", "--time", "0.5", "-o", gif, "--backend", "cpu"]),
                      saying: ["--time draws one moment"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: gif))
    }

    /// An export's frame count is counted before it becomes a whole number: 1e300 s at 60 fps
    /// (6e301 frames, past `Int.max`) is refused like 100 001 frames, naming the limit.
    func testAnExportPastTheFrameLimitIsRefusedHoweverLong() throws {
        let pattern = folder.appendingPathComponent("f-%04d.png").path
        for (from, to, frames) in [("0", "1e300", "6e+301"), ("-1e300", "1e300", "1.2e+302"), ("0", "1666.7", "100002")] {
            assertRefused(try runHalo(["render", button, "--from", from, "--to", to, "-o", pattern, "--backend", "cpu"]),
                          saying: ["--from/--to: expected at most 100000 frames, found \(frames)"])
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// A PNG sequence's name holds one frame-number field: two would name every frame by the
    /// first alone, the second written literally.
    func testASequenceNameWithTwoFrameFieldsIsRefused() throws {
        let pattern = folder.appendingPathComponent("x-%04d-%04d.png").path
        assertRefused(try runHalo(["render", button, "--from", "0", "--to", "0.1", "-o", pattern, "--backend", "cpu"]),
                      saying: ["needs a name with one %04d for the frame number"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// `halo diff --ignore` reads its rectangles before any image: a number that is not a
    /// finite decimal, or a negative size, is refused naming the rectangle; any finite
    /// rectangle, however far outside the image, is clipped to it.
    func testIgnoredRectanglesAreCheckedThenClipped() throws {
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        try PNG.write(solidImage(width: 4, height: 4, 0, 0, 0), to: a)
        try PNG.write(solidImage(width: 4, height: 4, 9, 0, 0), to: b)
        for rect in ["nan,0,1,1", "0,0,inf,1", "0,0,-1,1", "0,0,1", "0x1,0,1,1"] {
            assertRefused(try runHalo(["diff", a, b, "--ignore", "0,0,1,1;" + rect]),
                          saying: ["--ignore: expected rectangles X,Y,W,H of finite decimal numbers", "found \(rect)"])
        }
        let everything = try runHalo(["diff", a, b, "--ignore", "-1e300,-1e300,1e308,1e308"])
        XCTAssertEqual(everything.status, 0, everything.stderr)
        XCTAssertTrue(everything.stdout.contains("ignored: 16 pixels"), everything.stdout)
        let nothing = try runHalo(["diff", a, b, "--ignore", "1e300,0,1,1"])
        XCTAssertEqual(nothing.status, 1, nothing.stderr)
        XCTAssertTrue(nothing.stdout.contains("ignored: 0 pixels"), nothing.stdout)
    }

    /// A shader folder named by `$HALO_SHADERS` is input as `--shaders` is (GLFailureTests):
    /// one whose layer.frag does not compile, or that is not a shader folder, is refused with
    /// exit 2 and no image, never replaced by the CPU reference or another copy of the shaders.
    func testAShaderFolderTheEnvironmentNamesIsNotReplacedWhenItFails() throws {
        let broken = folder.appendingPathComponent("Shaders")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Shaders"), to: broken)
        let frag = broken.appendingPathComponent("layer.frag")
        try (String(contentsOf: frag, encoding: .utf8) + "\nnot GLSL\n").write(to: frag, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("x.png").path
        let run = try runHalo(["render", button, "-o", out], environment: ["HALO_SHADERS": broken.path])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("layer.frag"), run.stderr)
        XCTAssertFalse(run.stderr.contains("using the CPU reference"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        assertRefused(try runHalo(["render", button, "-o", out], environment: ["HALO_SHADERS": folder.appendingPathComponent("none").path]),
                      saying: ["HALO_SHADERS=", "expected a folder of Halo's shaders", "no such folder"])
    }

    /// `HALO_PROGRAMS` takes general, specialised or when-ready; anything else is refused
    /// with exit 2 and no image, and each of the three draws the same bytes.
    func testTheProgramsTheEnvironmentNamesAreOneOfThree() throws {
        let out = folder.appendingPathComponent("x.png").path
        assertRefused(try runHalo(["render", button, "-o", out, "--backend", "gpu"], environment: ["HALO_PROGRAMS": "generic"]),
                      saying: ["HALO_PROGRAMS=generic", "expected general, specialised or when-ready", "found \"generic\""])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        var images: [RGBA8Image] = []
        for mode in ["general", "specialised", "when-ready"] {
            let run = try runHalo(["render", button, "-o", out, "--backend", "gpu"], environment: ["HALO_PROGRAMS": mode])
            XCTAssertEqual(run.status, 0, run.stderr)
            images.append(try PNG.read(out))
        }
        XCTAssertEqual(images[0], images[1])
        XCTAssertEqual(images[0], images[2])
    }

    /// `HALO_TILES` takes cpu or gpu; anything else is refused with exit 2 and no image.
    func testTheTilePlacementTheEnvironmentNamesIsCPUOrGPU() throws {
        let out = folder.appendingPathComponent("x.png").path
        assertRefused(try runHalo(["render", button, "-o", out, "--backend", "gpu"], environment: ["HALO_TILES": "vertex"]),
                      saying: ["HALO_TILES=vertex", "expected cpu or gpu", "found \"vertex\""])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        for mode in ["cpu", "gpu"] {
            let run = try runHalo(["bench", button, "--backend", "gpu", "--frames", "1", "--warmup", "0", "--json"], environment: ["HALO_TILES": mode])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("\"tiles\": \"\(mode)\""), run.stdout)
            // `render` says so where the GPU placed them.
            let render = try runHalo(["render", button, "-o", out, "--backend", "gpu"], environment: ["HALO_TILES": mode])
            XCTAssertEqual(render.status, 0, render.stderr)
            XCTAssertEqual(render.stdout.contains("tiles placed on the GPU"), mode == "gpu", render.stdout)
        }
    }
}
