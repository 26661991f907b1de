import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
@testable import HaloPreview

/// `halo preview`: the window's keys, layout and script as values, and scripted runs of
/// the built executable under a virtual X server. Each run goes through `xvfb-run -a`,
/// which starts its own Xvfb on a free display and stops it afterwards, so plain
/// `swift test` needs no display (tools/setup-debian installs xvfb; llvmpipe draws).
final class PreviewTests: XCTestCase {
    private var folder: URL!
    private let button = repositoryRoot.appendingPathComponent("Tests/Fixtures/seed-button-frame.json")

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-preview") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    // MARK: Values

    func testLayoutKeepsTheAspectRatioCentredAndSkipsAnEmptyWindow() throws {
        // The fit is 1280 / 340 = 3.7647; whole-pixel scales of 340 x 144 are k / gcd = k / 4:
        // 15 / 4 = 3.75 gives up 0.4% of it (at most 2%) for 1275 x 540 whole pixels.
        let l = try XCTUnwrap(PreviewLayout(points: (340, 144), framebuffer: (1280, 720), maxSide: 16384))
        XCTAssertEqual(l.scale, 3.75)
        XCTAssertEqual(l.width, 1275)                              // 340 * 3.75
        XCTAssertEqual(l.height, 540)                              // 144 * 3.75
        XCTAssertEqual(l.originX, 2)                               // (1280 - 1275) / 2
        XCTAssertEqual(l.originY, 90)                              // (720 - 540) / 2
        // The scene's own pixel size gives the scene's own scale.
        let native = try XCTUnwrap(PreviewLayout(points: (340, 144), framebuffer: (680, 288), maxSide: 16384))
        XCTAssertEqual(native.scale, 2)
        XCTAssertEqual([native.width, native.height, native.originX, native.originY], [680, 288, 0, 0])
        // Tall window: fits the width, centred vertically; wide window: fits the height.
        let tall = try XCTUnwrap(PreviewLayout(points: (100, 100), framebuffer: (300, 900), maxSide: 16384))
        XCTAssertEqual([tall.width, tall.height, tall.originX, tall.originY], [300, 300, 0, 300])
        let wide = try XCTUnwrap(PreviewLayout(points: (100, 100), framebuffer: (901, 300), maxSide: 16384))
        XCTAssertEqual([wide.width, wide.height, wide.originX, wide.originY], [300, 300, 300, 0])
        XCTAssertNil(PreviewLayout(points: (340, 144), framebuffer: (0, 0), maxSide: 16384))
        XCTAssertNil(PreviewLayout(points: (340, 144), framebuffer: (1280, 0), maxSide: 16384))
        // At most 4096 pixels a side: 4096 / 340 = 12.047, at whole pixels 48 / 4 = 12: 4080.
        XCTAssertEqual(PreviewLayout(points: (340, 144), framebuffer: (100_000, 100_000), maxSide: 4096)?.width, 4080)
        // Sides that are not whole points, or a whole-pixel scale more than 2% down, keep the fit.
        XCTAssertEqual(PreviewLayout(points: (100.5, 100), framebuffer: (201, 400), maxSide: 16384)?.scale, 2)
        XCTAssertEqual(PreviewLayout(points: (97, 89), framebuffer: (100, 100), maxSide: 16384)?.scale, 100.0 / 97)  // 1 / gcd 1 = 1 is 3% down
    }

    /// A loop range wraps playback back to its start; seek goes to a time and pauses.
    func testClockLoopsWithinItsRangeAndSeekPauses() {
        var c = PreviewClock(time: 2.5)
        c.loop = 1..<3
        c.advance(by: 1)          // 3.5 -> 1.5
        XCTAssertEqual(c.time, 1.5, accuracy: 1e-12)
        c.seek(to: 0.25)
        XCTAssertTrue(c.paused)
        XCTAssertEqual(c.time, 0.25)
    }

    func testKeysMoveTheClock() {
        var c = PreviewClock(time: 0.5)
        c.advance(by: 0.25)
        XCTAssertEqual(c.time, 0.75)
        c.handle(.pause)
        c.advance(by: 1)
        XCTAssertEqual(c.time, 0.75, "paused")
        c.handle(.stepForward); c.handle(.stepForward); c.handle(.stepBack)
        XCTAssertEqual(c.time, 0.75 + 1.0 / 60, accuracy: 1e-12)
        c.handle(.pause)
        c.handle(.faster)
        c.advance(by: 0.5)
        XCTAssertEqual(c.time, 0.75 + 1.0 / 60 + 1, accuracy: 1e-12)
        c.handle(.home)
        XCTAssertEqual(c.time, 0)
        for _ in 0..<20 { c.handle(.slower) }
        XCTAssertEqual(c.speed, 1.0 / 64)
        for _ in 0..<20 { c.handle(.faster) }
        XCTAssertEqual(c.speed, 64)
        XCTAssertNil(c.reduceMotion)
        c.handle(.reduceMotion, sceneReduceMotion: true)
        XCTAssertEqual(c.reduceMotion, false, "M turns the scene's own reduce motion off first")
        c.handle(.reduceMotion)
        XCTAssertEqual(c.reduceMotion, true)
        XCTAssertFalse(c.handle(.save))
        XCTAssertFalse(c.handle(.quit))
    }

    func testScriptParsing() throws {
        let s = try PreviewScript(parsing: "1 key space; 2 key ]; 3 resize 0 0; 4 resize 640 360; 5 wait-reload; 6 key Escape")
        XCTAssertEqual(s.actions(at: 1), [.key(.pause)])
        XCTAssertEqual(s.actions(at: 2), [.key(.faster)])
        XCTAssertEqual(s.actions(at: 3), [.resize(width: 0, height: 0)])
        XCTAssertEqual(s.actions(at: 4), [.resize(width: 640, height: 360)])
        XCTAssertEqual(s.actions(at: 5), [.waitReload])
        XCTAssertEqual(s.actions(at: 6), [.key(.quit)])
        // A resize past --size's limit (16384 a side) is refused: llvmpipe could not hold it.
        for bad in ["x key space", "1 key f13", "1 resize 0 5", "1 jump", "1 resize 10", "1 resize 16385 100", "1 resize 100000 100000"] {
            XCTAssertThrowsError(try PreviewScript(parsing: bad), bad)
        }
        // A known action with the wrong arguments names what it takes.
        XCTAssertThrowsError(try PreviewScript(parsing: "1 set width")) { error in
            XCTAssertEqual("\(error)", "--script: expected \"set NAME VALUE\", found \"set width\"")
        }
    }

    // MARK: Scripted runs of `halo preview` under Xvfb

    /// The seed button's scripted screenshot (canvas, and the whole window at the scene's
    /// size) equals `halo render --backend gpu` at the last frame's time.
    func testScriptedRunScreenshotEqualsRender() throws {
        let shot = folder.appendingPathComponent("shot.png").path, window = folder.appendingPathComponent("window.png").path
        let run = try preview([button.path, "--frames", "5", "--time", "1.25", "--screenshot", shot, "--window-screenshot", window])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("5 frames, 680x288 canvas in a 680x288 window"), run.stdout)
        let expected = try render(button.path, time: 1.25 + 4.0 / 60)
        try assertClose(try PNG.read(shot), expected, "canvas screenshot")
        try assertClose(try PNG.read(window), expected, "window screenshot (opaque scene: the present pass's flip and rounding)")
    }

    /// A script's `seek T` pauses at T: the screenshot is byte-identical to `halo render
    /// --time T` (the same renderer, offscreen, at the scene's own scale).
    func testSeekGivesTheFrameRenderDrawsAtThatTime() throws {
        let shot = folder.appendingPathComponent("seek.png").path
        let run = try preview([button.path, "--frames", "4", "--screenshot", shot, "--script", "1 seek 1.7"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let single = folder.appendingPathComponent("single.png").path
        XCTAssertEqual(try runHalo(["render", button.path, "--backend", "gpu", "--time", "1.7", "-o", single]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: shot)), try Data(contentsOf: URL(fileURLWithPath: single)))
    }

    /// A window smaller than the scene (the canvas shrunk to fit): the screenshot is still the
    /// scene at its own scale, byte for byte `halo render --time T`.
    func testAScreenshotIsTheSceneAtItsOwnScaleInASmallWindow() throws {
        let shot = folder.appendingPathComponent("small.png").path
        let run = try preview([button.path, "--size", "340x144", "--frames", "4", "--screenshot", shot, "--script", "1 seek 1.7"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("340x144 window"), run.stdout)
        let single = folder.appendingPathComponent("single.png").path
        XCTAssertEqual(try runHalo(["render", button.path, "--backend", "gpu", "--time", "1.7", "-o", single]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: shot)), try Data(contentsOf: URL(fileURLWithPath: single)))
    }

    /// R records one loop beside the scene; its frames are the ones `halo render --loop` exports.
    func testARecordedLoopIsTheExportedLoop() throws {
        let scene = folder.appendingPathComponent("rec.json")
        try FileManager.default.copyItem(at: button, to: scene)
        let run = try preview([scene.path, "--frames", "2", "--record-format", "png", "--script", "0 key r"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("recorded 90 frames to"), run.stdout)     // 3 s at 30 fps
        let export = try runHalo(["render", scene.path, "--loop", "--fps", "30", "-o", folder.appendingPathComponent("e-%04d.png").path])
        XCTAssertEqual(export.status, 0, export.stderr)
        for i in [1, 45, 90] {
            let a = folder.appendingPathComponent(String(format: "rec-loop-%04d.png", i)), b = folder.appendingPathComponent(String(format: "e-%04d.png", i))
            XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b), "frame \(i)")
        }
    }

    /// T shows the timeline along the window's bottom edge (its track's grey in the last
    /// rows, the playhead at the loop's phase); hidden, the window shows the canvas alone.
    func testTheTimelineShowsTheLoopsPhase() throws {
        let window = folder.appendingPathComponent("tl.png").path
        let run = try preview([button.path, "--frames", "2", "--window-screenshot", window, "--script", "0 seek 1.5; 0 key t"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let img = try PNG.read(window)
        func px(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * img.width + x) * 4; return Array(img.pixels[i..<(i + 3)]) }
        let bottom = img.height - 1
        XCTAssertEqual(px(img.width - 5, bottom), [41, 41, 46], "the track (0.16, 0.16, 0.18)")
        XCTAssertEqual(px(img.width / 2, bottom), [255, 255, 255], "the playhead at 1.5 / 3 of the width")
        XCTAssertNotEqual(px(img.width - 5, bottom - 12), [41, 41, 46], "above the timeline: the canvas")
    }

    /// Keys in a scripted run: pause, two steps forward, and reduce motion.
    func testKeysInAScriptedRun() throws {
        let shot = folder.appendingPathComponent("paused.png").path
        let run = try preview([button.path, "--frames", "6", "--time", "0", "--screenshot", shot,
                               "--script", "1 key space; 2 key right; 3 key right"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("paused"), run.stdout)
        try assertClose(try PNG.read(shot), try render(button.path, time: 3.0 / 60), "paused after two steps")
        let still = folder.appendingPathComponent("still.png").path
        let m = try preview([button.path, "--frames", "3", "--time", "2", "--screenshot", still, "--script", "0 key m"])
        XCTAssertEqual(m.status, 0, m.stderr)
        XCTAssertTrue(m.stdout.contains("reduce motion"), m.stdout)
        try assertClose(try PNG.read(still), try render(button.path, time: 0), "reduce motion: the time-0 state")
    }

    /// A scripted run that quits early (key q) still writes its screenshot: the frame at
    /// the time it quit.
    func testScreenshotIsWrittenWhenAScriptedRunQuitsEarly() throws {
        let shot = folder.appendingPathComponent("quit.png").path
        let run = try preview([button.path, "--frames", "6", "--time", "0", "--screenshot", shot, "--script", "2 key q"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("wrote \(shot)"), run.stdout)
        try assertClose(try PNG.read(shot), try render(button.path, time: 2.0 / 60), "the frame at quit")
    }

    /// S saves the frame beside the scene, named by its time, and says where.
    func testSaveKeyWritesBesideTheScene() throws {
        let scene = folder.appendingPathComponent("button.json")
        try FileManager.default.copyItem(at: button, to: scene)
        let run = try preview([scene.path, "--frames", "3", "--time", "1", "--script", "1 key s; 2 key s"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let first = folder.appendingPathComponent("button-t1.017.png"), second = folder.appendingPathComponent("button-t1.033.png")
        XCTAssertTrue(run.stdout.contains("saved \(first.path)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("saved \(second.path)"), run.stdout)
        try assertClose(try PNG.read(first.path), try render(scene.path, time: 1 + 1.0 / 60), "the saved frame")
    }

    /// A scene edited during a run is reloaded: the screenshot shows the edit.
    func testSceneEditedDuringARunIsReloaded() throws {
        let scene = folder.appendingPathComponent("button.json")
        try FileManager.default.copyItem(at: button, to: scene)
        let shot = folder.appendingPathComponent("edited.png").path
        let run = try preview([scene.path, "--frames", "6", "--time", "0.5", "--screenshot", shot, "--script", "2 wait-reload"]) { p in
            try p.waitForOutput("watching")
            let edited = try String(contentsOf: scene, encoding: .utf8)
                .replacingOccurrences(of: "\"background\": \"#0D0D1A\"", with: "\"background\": \"#203848\"")
                .replacingOccurrences(of: "\"width\": 3,", with: "\"width\": 6,")
            try Data(edited.utf8).write(to: scene, options: .atomic)
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("reloaded (button.json changed)"), run.stdout)
        let expected = try render(scene.path, time: 0.5 + 5.0 / 60)
        XCTAssertEqual(Array(expected.pixels[0..<4]), [0x20, 0x38, 0x48, 255], "the edit is in the reference")
        try assertClose(try PNG.read(shot), expected, "the edited scene")
    }

    /// A scene broken during a run: the error with its JSON path, the last good frame, and
    /// "error" in the title.
    func testBrokenSceneKeepsTheLastGoodState() throws {
        let scene = folder.appendingPathComponent("button.json")
        try FileManager.default.copyItem(at: button, to: scene)
        let broken = try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "\"width\": 3,", with: "\"width\": -3,")
        try assertBreakingKeepsTheLastGoodFrame([scene.path], writing: broken, to: scene,
                                                 error: "layers[0].stroke.width: expected a number > 0, found -3")
    }

    /// A shader broken during a run: the process stays up, the GLSL error is printed as
    /// file:line in the shaders folder, the last good state keeps drawing; fixing the file
    /// recovers without a restart.
    func testBrokenShaderKeepsTheLastGoodFrameAndRecovers() throws {
        let shaders = folder.appendingPathComponent("Shaders")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Shaders"), to: shaders)
        let resolve = shaders.appendingPathComponent("resolve.frag")
        let good = try String(contentsOf: resolve, encoding: .utf8)
        var lines = good.components(separatedBy: "\n")
        let main = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("void main()") })
        lines.insert("    this_is_not_glsl = 1;", at: main + 1)                // line main + 2 (1-based)
        let broken = lines.joined(separator: "\n")
        let shot = folder.appendingPathComponent("last-good.png").path
        let run = try preview([button.path, "--shaders", shaders.path, "--frames", "6", "--time", "0.5", "--screenshot", shot,
                               "--script", "1 wait-reload; 3 wait-reload"]) { p in
            try p.waitForOutput("watching")
            try Data(broken.utf8).write(to: resolve, options: .atomic)
            try p.waitForError("keeping the last good state")
            try Data(good.utf8).write(to: resolve, options: .atomic)
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(resolve.path):\(main + 2):"), "GLSL error mapped to file:line:\n\(run.stderr)")
        XCTAssertTrue(run.stdout.contains("reloaded (resolve.frag changed)"), "recovered:\n\(run.stdout)")
        XCTAssertFalse(run.stdout.contains("error, see terminal"), run.stdout)
        try assertClose(try PNG.read(shot), try render(button.path, time: 0.5 + 5.0 / 60), "the frame after recovery")

        // Broken until the end: the last good frame, and the title says so.
        try assertBreakingKeepsTheLastGoodFrame([button.path, "--shaders", shaders.path], writing: broken, to: resolve,
                                                 error: "\(resolve.path):\(main + 2):")
    }

    /// A shader paint's file is watched too: broken, the error names the paint's file and
    /// line and the last good frame stays; fixed (with a new colour), the edit shows.
    func testShaderPaintFileReloads() throws {
        let paint = folder.appendingPathComponent("my_paint.glsl"), scene = folder.appendingPathComponent("painted.json")
        func paintFile(_ colour: String) -> String {
            "// A test paint.\nvec4 haloPaint(vec2 unitPoint, vec2 point, float time) {\n    return vec4(\(colour), 1.0);\n}\n"
        }
        try Data(paintFile("unitPoint.x, 0.2, 0.6").utf8).write(to: paint)
        let json = try String(contentsOf: button, encoding: .utf8)
            .replacingOccurrences(of: #""fill": {"#, with: #""fill": { "type": "shader", "file": "my_paint.glsl" }, "unusedFill": {"#)
        // The seed's fill becomes the shader paint (the old fill object is dropped below).
        var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        var layers = object["layers"] as! [[String: Any]]
        layers[0]["fill"] = ["type": "shader", "file": "my_paint.glsl"]
        layers[0]["unusedFill"] = nil
        object["layers"] = layers
        try JSONSerialization.data(withJSONObject: object).write(to: scene)
        let shot = folder.appendingPathComponent("painted.png").path
        let run = try preview([scene.path, "--frames", "6", "--time", "0.5", "--screenshot", shot,
                               "--script", "1 wait-reload; 3 wait-reload"]) { p in
            try p.waitForOutput("watching")
            try Data(paintFile("unitPoint.x, 0.2, undefinedName").utf8).write(to: paint, options: .atomic)
            try p.waitForError("keeping the last good state")
            try Data(paintFile("0.9, unitPoint.y, 0.1").utf8).write(to: paint, options: .atomic)
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(paint.path):3:"), "the paint's GLSL error as file:line:\n\(run.stderr)")
        XCTAssertTrue(run.stdout.contains("reloaded (my_paint.glsl changed)"), run.stdout)
        let expected = try render(scene.path, time: 0.5 + 5.0 / 60)
        try assertClose(try PNG.read(shot), expected, "the fixed paint")
        // The fill's new colour (red 0.9 = 230) is in the picture.
        let centre = (144 * 680 + 340) * 4
        XCTAssertGreaterThan(expected.pixels[centre], 40, "\(Array(expected.pixels[centre..<(centre + 4)]))")
    }

    /// A shader paint broken while the window is minimised (0 x 0, nothing drawn) is still
    /// reported at the reload: the new state is checked offscreen instead.
    func testShaderPaintBrokenWhileMinimisedIsReported() throws {
        let paint = folder.appendingPathComponent("min_paint.glsl"), scene = folder.appendingPathComponent("min.json")
        let good = "vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {\n    return vec4(unitPoint.x, 0.2, 0.6, 1.0);\n}\n"
        try Data(good.utf8).write(to: paint)
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: button)) as! [String: Any]
        var layers = object["layers"] as! [[String: Any]]
        layers[0]["fill"] = ["type": "shader", "file": "min_paint.glsl"]
        object["layers"] = layers
        try JSONSerialization.data(withJSONObject: object).write(to: scene)
        let run = try preview([scene.path, "--frames", "5", "--time", "0.5", "--script", "1 resize 0 0; 2 wait-reload; 3 resize 680 288"]) { p in
            try p.waitForOutput("watching")
            try Data(good.replacingOccurrences(of: "0.6", with: "undefinedName").utf8).write(to: paint, options: .atomic)
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(paint.path):2:"), "the paint's GLSL error as file:line:\n\(run.stderr)")
        XCTAssertTrue(run.stderr.contains("keeping the last good state"), run.stderr)
        XCTAssertFalse(run.stdout.contains("reloaded (min_paint.glsl changed)"), run.stdout)
    }

    /// A window minimised to 0 x 0 (nothing drawn), resized, and back to the scene's size.
    func testWindowResizedToZeroAndBack() throws {
        let shot = folder.appendingPathComponent("resized.png").path, window = folder.appendingPathComponent("w.png").path
        let run = try preview([button.path, "--frames", "10", "--time", "0", "--screenshot", shot, "--window-screenshot", window,
                               "--script", "2 resize 0 0; 4 resize 401 173; 5 resize 0 0; 7 resize 1 1; 8 resize 680 288"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("680x288 canvas in a 680x288 window"), run.stdout)
        let expected = try render(button.path, time: 9.0 / 60)
        try assertClose(try PNG.read(shot), expected, "after the resizes")
        try assertClose(try PNG.read(window), expected, "the window after the resizes")
    }

    // MARK: Helpers

    /// `halo render --backend gpu` of `scene` at `time`.
    private func render(_ scene: String, time: Double) throws -> RGBA8Image {
        let out = folder.appendingPathComponent("render-\(UUID().uuidString).png").path
        let r = try runHalo(["render", scene, "-o", out, "--backend", "gpu", "--time", String(time)])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try PNG.read(out)
    }

    /// The preview's bound: 99.9% of pixels within 1 level (premultiplied, as `halo diff` measures).
    private func assertClose(_ actual: RGBA8Image, _ expected: RGBA8Image, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        guard let c = ImageComparison(actual, expected) else {
            return XCTFail("\(what): \(actual.width)x\(actual.height) vs \(expected.width)x\(expected.height)", file: file, line: line)
        }
        if c.percentOver(1) > 0.1 {
            let dir = writeArtifacts(name: "preview-\(what.prefix(20))", actual: actual, expected: expected, comparison: c)
            XCTFail("\(what): \(c.percentOver(1))% of pixels off by more than 1 (max \(c.maxDifference)); artifacts in \(dir)", file: file, line: line)
        }
    }

    /// Runs `xvfb-run -a halo preview ARGS`; `during` runs while it does (edits files).
    /// Runs the preview of the seed button (`args`: its scene and options) for 4 frames from
    /// time 0.5 s, writing `text` to `file` once it watches: the process stays up, prints
    /// `error`, says "error, see terminal" in its title, and keeps drawing the last good
    /// frame (the button as `halo render` draws it at the last frame's time), below the
    /// error banner and beside the column that lists the error.
    private func assertBreakingKeepsTheLastGoodFrame(_ args: [String], writing text: String, to file: URL, error: String,
                                                     sourceFile: StaticString = #filePath, line: UInt = #line) throws {
        let shot = folder.appendingPathComponent("kept.png").path, window = folder.appendingPathComponent("kept-window.png").path
        let run = try preview(args + ["--frames", "4", "--time", "0.5", "--screenshot", shot, "--window-screenshot", window,
                                      "--script", "1 wait-reload"]) { p in
            try p.waitForOutput("watching")
            try Data(text.utf8).write(to: file, options: .atomic)
        }
        XCTAssertEqual(run.status, 0, run.stderr, file: sourceFile, line: line)
        XCTAssertTrue(run.stderr.contains(error), run.stderr, file: sourceFile, line: line)
        XCTAssertTrue(run.stdout.contains("error, see terminal"), run.stdout, file: sourceFile, line: line)
        // --screenshot is the canvas at the window's scale without the banner: here its own (the window grew by the column).
        try assertClose(try PNG.read(shot), try render(button.path, time: 0.5 + 3.0 / 60), "the last good frame")
        // The window shows the error too: a red banner across the top of the canvas's area with white text in it.
        let w = try PNG.read(window), at = try SaidLayout(lastIn: run.stdout)
        func px(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * w.width + x) * 4; return Array(w.pixels[i..<(i + 3)]) }
        XCTAssertEqual(px(2, 2), [191, 26, 31], "the banner's red (0.75, 0.1, 0.12)", file: sourceFile, line: line)
        let text = (0..<at.banner).contains { y in (0..<(w.width - at.column)).contains { x in px(x, y).allSatisfy { $0 > 230 } } }
        XCTAssertTrue(text, "white text in the banner", file: sourceFile, line: line)
        // The column (the error list) beside the canvas; the canvas below the banner is the last good frame.
        XCTAssertEqual(w.width, 680 + at.column, "the window grew by the column", file: sourceFile, line: line)
        XCTAssertGreaterThanOrEqual(at.y, at.banner, "the canvas below the banner", file: sourceFile, line: line)
        try assertClose(at.canvas(of: w), try renderScaled(button, scale: at.scale, time: 0.5 + 3.0 / 60, in: folder),
                        "the last good frame below the banner")
    }

    private func preview(_ args: [String], during: ((PreviewProcess) throws -> Void)? = nil) throws -> HaloRun {
        let p = try PreviewProcess(arguments: ["preview"] + args, folder: folder)
        do { try during?(p) } catch {
            p.stop()
            throw error
        }
        return try p.wait()
    }
}
