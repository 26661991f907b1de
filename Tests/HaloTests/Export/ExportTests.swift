import Foundation
import XCTest
@testable import Halo

/// Motion export: the loop period of a scene, and `halo render --from
/// --to / --loop` writing PNG sequences and, through ffmpeg, MP4, WebM, GIF and APNG.
final class ExportTests: XCTestCase {
    private let button = repositoryRoot.appendingPathComponent("Tests/Fixtures/seed-button-frame.json")
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("halo-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func decode(_ layersJSON: String) throws -> Scene {
        try SceneDecoder.decode(Data(#"{ "format": 1, "canvas": { "width": 20, "height": 20 }, "layers": \#(layersJSON) }"#.utf8), file: "t.json")
    }

    private func rect(fill: String) -> String { #"{ "shape": { "type": "rect", "rect": [0, 0, 10, 10] }, "fill": \#(fill) }"# }
    private func angular(_ rotation: String) -> String { #"{ "type": "angular", "colors": ["red", "blue"], "rotation": \#(rotation) }"# }

    // MARK: - Loop period

    /// A still scene with a shader paint exports one frame with --loop, and says why: Halo
    /// cannot see the GLSL's motion (the warning names the paint's JSON path); a still scene
    /// without one exports its frame without a warning.
    func testLoopOfAStillSceneWithAShaderPaintWarnsThatItsMotionIsUnseen() throws {
        let example = repositoryRoot.appendingPathComponent("Shaders/examples/pulse-rings-card.json").path
        let pattern = folder.appendingPathComponent("f-%04d.png").path
        let run = try runHalo(["render", example, "--loop", "-o", pattern])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("1 frames"), run.stdout)
        XCTAssertTrue(run.stderr.contains("warning: --loop: the scene declares no animation"), run.stderr)
        XCTAssertTrue(run.stderr.contains("layers[0].stroke.paint is GLSL"), run.stderr)
        let plain = folder.appendingPathComponent("still.json")
        try Data(#"{ "format": 1, "canvas": { "width": 8, "height": 8 }, "layers": [ \#(rect(fill: #"{ "type": "solid", "color": "red" }"#)) ] }"#.utf8).write(to: plain)
        let still = try runHalo(["render", plain.path, "--loop", "-o", folder.appendingPathComponent("g-%04d.png").path, "--backend", "cpu"])
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertFalse(still.stderr.contains("warning"), still.stderr)
    }

    /// A 3 s rotation and a corner cycle of 1 s steps (4 s round) loop together every 12 s.
    func testTheLoopIsTheLeastCommonPeriodOfTheAnimations() throws {
        let cycle = #"{ "type": "linear", "colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 1], "cornerCycle": { "stepDuration": 1 } }"#
        let s = try decode("[\(rect(fill: angular(#"{ "period": 3 }"#))), \(rect(fill: cycle))]")
        XCTAssertEqual(s.loopPeriod, .period(seconds: 12, start: 0))
    }

    /// Reversing doubles a cycle; a delay moves the loop's start; a keyframe track that holds
    /// its last value is still from its end on.
    func testReverseDoublesAndDelaysAndHeldTracksMoveTheStart() throws {
        let s = try decode("[\(rect(fill: angular(#"{ "period": 1.5, "repeat": "reverse", "delay": 0.5 }"#)))]")
        XCTAssertEqual(s.loopPeriod, .period(seconds: 3, start: 0.5))
        let held = try decode(#"[{ "shape": { "type": "rect", "rect": [0, 0, { "keyframes": [[0, 5], [2, 10]] }, 10] }, "fill": { "type": "solid", "color": "red" } }]"#)
        XCTAssertEqual(held.loopPeriod, .still(start: 2))
        let looped = try decode(#"[{ "shape": { "type": "rect", "rect": [0, 0, { "keyframes": [[0, 5], [2.5, 10]], "repeat": "loop" }, 10] }, "fill": { "type": "solid", "color": "red" } }]"#)
        XCTAssertEqual(looped.loopPeriod, .period(seconds: 2.5, start: 0))
    }

    /// Periods with no common multiple up to 60 s: the reason names them.
    func testNoLoopWithinSixtySecondsNamesTheAnimations() throws {
        let s = try decode("[\(rect(fill: angular(#"{ "period": 7 }"#))), \(rect(fill: angular(#"{ "period": 11 }"#)))]")
        guard case .none(let reason) = s.loopPeriod else { return XCTFail("\(s.loopPeriod)") }
        XCTAssertTrue(reason.contains("layers[0].fill.rotation (7 s)") && reason.contains("layers[1].fill.rotation (11 s)"), reason)
    }

    // MARK: - Export

    /// Every exported PNG is byte-identical to `halo render --time` of its time, and the
    /// loop's frame after the last is its first.
    func testExportedFramesAreTheRenderedFramesAndTheLoopCloses() throws {
        let pattern = folder.appendingPathComponent("f-%04d.png").path
        let run = try runHalo(["render", button.path, "--loop", "--fps", "4", "-o", pattern])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("12 frames"), run.stdout)    // a 3 s loop at 4 fps
        for (i, t) in [(1, "0"), (2, "0.25"), (12, "2.75")] {
            let single = folder.appendingPathComponent("t.png").path
            XCTAssertEqual(try runHalo(["render", button.path, "--time", t, "-o", single]).status, 0)
            let frame = folder.appendingPathComponent(String(format: "f-%04d.png", i)).path
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: frame)), try Data(contentsOf: URL(fileURLWithPath: single)), "frame \(i)")
        }
        let after = folder.appendingPathComponent("after.png").path
        XCTAssertEqual(try runHalo(["render", button.path, "--time", "3", "-o", after]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: after)),
                       try Data(contentsOf: folder.appendingPathComponent("f-0001.png")), "the frame after the last is the first")
    }

    /// MP4, WebM, GIF and APNG come out of ffmpeg with every frame (ffprobe counts them).
    func testVideoGIFAndAPNGHoldEveryFrame() throws {
        for ext in ["mp4", "webm", "gif", "apng"] {
            let out = folder.appendingPathComponent("b.\(ext)").path
            let run = try runHalo(["render", button.path, "--from", "0", "--to", "0.5", "--fps", "10", "-o", out])
            XCTAssertEqual(run.status, 0, "\(ext): \(run.stderr)")
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
            probe.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames,width,height",
                               "-of", "default=nw=1", out]
            let pipe = Pipe()
            probe.standardOutput = pipe
            try probe.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            probe.waitUntilExit()
            XCTAssertTrue(text.contains("nb_read_frames=5"), "\(ext): \(text)")
            XCTAssertTrue(text.contains("width=680") && text.contains("height=288"), "\(ext): \(text)")
        }
    }

    /// Without ffmpeg: one line saying so, exit 1, nothing written.
    func testWithoutFfmpegOneLineExitOneAndNoFile() throws {
        let out = folder.appendingPathComponent("b.mp4").path
        let run = try runHalo(["render", button.path, "--from", "0", "--to", "0.1", "-o", out], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("ffmpeg is not installed"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no temporary file left")
    }

    /// A PNG sequence's names fill the first %d field only; other % signs stay literal (no
    /// format string is ever built from a user's path).
    func testFrameNamesFillTheFirstNumberFieldOnly() {
        XCTAssertEqual(MotionFormat.frameName("out/f-%04d.png", 7), "out/f-0007.png")
        XCTAssertEqual(MotionFormat.frameName("a%s-%d.png", 12), "a%s-12.png")
        XCTAssertNil(MotionFormat.frameName("plain.png", 1))
    }

    func testBadExportRequestsAreRefused() throws {
        let out = folder.appendingPathComponent("b.mp4").path
        let reversed = try runHalo(["render", button.path, "--from", "1", "--to", "0.5", "-o", out])
        XCTAssertEqual(reversed.status, 2)
        XCTAssertTrue(reversed.stderr.contains("--to: expected a time after --from"), reversed.stderr)
        let png = try runHalo(["render", button.path, "--loop", "-o", folder.appendingPathComponent("x.png").path])
        XCTAssertEqual(png.status, 2)
        XCTAssertTrue(png.stderr.contains("%04d"), png.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
