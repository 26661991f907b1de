import Foundation
import XCTest
import HaloGL

/// A shader paint's or shape's loops run at most HALO_MAX_ITERATIONS (16384) iterations a
/// call (Shaders/README.md "Loops"): a loop that would run 2e9 makes `halo render` exit 2
/// naming the file and the loop's line, and write no image; loops within the bound draw as
/// the same function without loops does, to the byte. Small canvases: a loop cut at the
/// bound still costs 16384 iterations a call on llvmpipe.
final class ShaderLoopBoundTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-loop-bound") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The loop on line 3 would run 2e9 times at every pixel.
    private let runawayPaint = """
        vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
            float s = 0.0;
            for (int i = 0; i < 2000000000; i++) s += 1e-9 * point.x;
            return vec4(vec3(fract(s)), 1.0);
        }
        """

    func testARunawayLoopInAPaintExits2NamingItsFileAndLine() throws {
        let paint = try write("runaway.glsl", runawayPaint)
        let (run, out) = try render(shape: #"{ "type": "rect", "rect": [2, 2, 12, 12] }"#,
                                    drawing: #""fill": { "type": "shader", "file": "runaway.glsl" }"#)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(paint):3: error: this loop reached Halo's bound of 16384 iterations in one call of haloPaint"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "no image for a frame the bound cut short")
    }

    /// A paint whose loop runs away only within 0.05 pt of point.x = 7.5: at the centres of one
    /// pixel column (canvas x 9.5, the rect from x = 2), and at no point of a 32 x 32 grid over
    /// the 10 pt rect (0.156 + 0.3125 i: 7.344, 7.656): every pixel the layer draws is scanned.
    func testALoopThatRunsAwayInOnePixelColumnIsFound() throws {
        let paint = try write("column.glsl", """
            vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
                float s = 0.0;
                for (int i = 0; i < (abs(point.x - 7.5) < 0.05 ? 2000000000 : 2); i++) s += 0.25;
                return vec4(vec3(s), 1.0);
            }
            """)
        let (run, _) = try render(shape: #"{ "type": "rect", "rect": [2, 2, 12, 12] }"#,
                                  drawing: #""fill": { "type": "shader", "file": "column.glsl" }"#)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(paint):3: error: this loop reached Halo's bound"), run.stderr)
    }

    /// A text's shader fill is scanned too (the text's tiles, its layer's fill).
    func testARunawayLoopInATextsFillIsFound() throws {
        let paint = try write("runaway.glsl", runawayPaint)
        let (run, _) = try render(shape: #"{ "type": "text", "rect": [0, 0, 16, 16], "text": "Hi", "size": 12 }"#,
                                  drawing: #""fill": { "type": "shader", "file": "runaway.glsl" }"#)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(paint):3: error: this loop reached Halo's bound"), run.stderr)
    }

    /// A motion export stops at the first such frame: exit 2, and no frame of the sequence left.
    func testAMotionExportOfARunawayLoopExits2AndLeavesNoFrames() throws {
        let paint = try write("runaway.glsl", runawayPaint)
        let scene = folder.appendingPathComponent("motion.json")
        try Data("""
            { "format": 1, "canvas": { "width": 16, "height": 16, "background": "#202030" },
              "layers": [ { "shape": { "type": "rect", "rect": [2, 2, 12, 12] }, "fill": { "type": "shader", "file": "runaway.glsl" } } ] }
            """.utf8).write(to: scene)
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let run = try runHalo(["render", scene.path, "-o", frames.appendingPathComponent("f-%04d.png").path,
                               "--from", "0", "--to", "0.2", "--fps", "10", "--backend", "gpu"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(paint):3: error: this loop reached Halo's bound"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames.path), [])
    }

    /// A stroke's paint too (the probe's second slot): its while loop on line 2 never ends.
    func testARunawayLoopInAStrokesPaintIsFoundToo() throws {
        let paint = try write("spin.glsl", """
            vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
                float x = point.x; while (x > -1.0) x += 1.0;
                return vec4(vec3(fract(x)), 1.0);
            }
            """)
        let (run, _) = try render(shape: #"{ "type": "rect", "rect": [2, 2, 12, 12] }"#,
                                  drawing: #""stroke": { "paint": { "type": "shader", "file": "spin.glsl" }, "width": 2 }"#)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(paint):2: error: this loop reached Halo's bound"), run.stderr)
    }

    func testARunawayLoopInAShapeExits2NamingItsFileAndLine() throws {
        let shape = try write("runaway-shape.glsl", """
            float haloShape(vec2 point, vec2 size, float time) {
                float r = 0.0;
                // a loop that would run 2e9 times
                for (int i = 0; i < 2000000000; i++) { r += 1e-9; }
                return length(point - 0.5 * size) - 4.0 - r;
            }
            """)
        let (run, out) = try render(shape: #"{ "type": "shader", "file": "runaway-shape.glsl", "rect": [2, 2, 12, 12] }"#,
                                    drawing: ##""fill": { "type": "solid", "color": "#FF2D55" }"##)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(shape):4: error: this loop reached Halo's bound of 16384 iterations in one call of haloShape"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// A loop that runs away only within 0.5 pt of the outline, a ring of radius 10.875 pt
    /// about (80, 60) on a 160 x 120 canvas: every point of the 32 x 32 probe grid (x = 2.5 + 5 i,
    /// y = 1.875 + 3.75 j) lies at least 1.13 pt off the ring, so the probe alone misses it; the
    /// loop scan of every texel the shape pass wrote finds it.
    func testALoopThatRunsAwayOnlyNearTheOutlineIsFound() throws {
        let shape = try write("ring.glsl", """
            float haloShape(vec2 point, vec2 size, float time) {
                float d = length(point - 0.5 * size) - 10.875;
                for (int i = 0; i < (abs(d) < 0.5 ? 2000000000 : 1); i++) d += 0.0;
                return d;
            }
            """)
        let scene = folder.appendingPathComponent("ring.json")
        try Data("""
            { "format": 1, "canvas": { "width": 160, "height": 120, "background": "#202030" },
              "layers": [ { "shape": { "type": "shader", "file": "ring.glsl", "rect": [30, 10, 100, 100] },
                            "fill": { "type": "solid", "color": "#FF2D55" } } ] }
            """.utf8).write(to: scene)
        let run = try runHalo(["render", scene.path, "-o", folder.appendingPathComponent("ring.png").path, "--backend", "gpu"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(shape):3: error: this loop reached Halo's bound"), run.stderr)
    }

    /// A helper included from beside the paint (Shaders/README.md "Includes") is the user's
    /// file too: its runaway loop, on its line 2, is named with the helper's path.
    func testARunawayLoopInAnIncludedFileNamesThatFile() throws {
        let helper = try write("helper.glsl", "float helperSpin(float x) {\n    while (x > -1.0) x += 1.0;\n    return x;\n}\n")
        try write("uses-helper.glsl", """
            #include "helper.glsl"
            vec4 haloPaint(vec2 unitPoint, vec2 point, float time) { return vec4(vec3(fract(helperSpin(point.x))), 1.0); }
            """)
        let (run, _) = try render(shape: #"{ "type": "rect", "rect": [2, 2, 12, 12] }"#,
                                  drawing: #""fill": { "type": "shader", "file": "uses-helper.glsl" }"#)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(helper):2: error: this loop reached Halo's bound"), run.stderr)
    }

    /// A while loop counting up to the pixel's floor(point.x) draws as that value computed
    /// without a loop, byte for byte: the rewritten condition changes nothing within the bound.
    func testALoopWithinTheBoundDrawsAsTheSameFunctionWithoutALoop() throws {
        try write("counted.glsl", """
            vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
                int n = 0;
                while (n < int(point.x)) n++;
                for (int i = 0; i < 3; i++) { n += 1; }
                return vec4(vec3(float(n) / 16.0), 1.0);
            }
            """)
        try write("direct.glsl", """
            vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
                int n = int(point.x) + 3;
                return vec4(vec3(float(n) / 16.0), 1.0);
            }
            """)
        try assertSameImage("counted.glsl", "direct.glsl")
    }

    /// Exactly 16384 iterations is within the bound (the loop's own condition ends it first).
    func testALoopOfExactlyTheBoundDrawsAsWithoutALoop() throws {
        try write("full.glsl", """
            vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
                int n = 0;
                for (int i = 0; i < 16384 - int(unitPoint.x * 0.0); i++) n += 1;
                return vec4(vec3(float(n) / 32768.0), 1.0);
            }
            """)
        try write("half.glsl", "vec4 haloPaint(vec2 unitPoint, vec2 point, float time) { return vec4(vec3(0.5), 1.0); }\n")
        try assertSameImage("full.glsl", "half.glsl")
    }

    /// A compile error after a loop on its line: the column and the context are the file's
    /// as written (Halo's insertions into the loop's header left out). The stray `+` before
    /// `;` at the end of line 3: `;` is column 43 as written (counted by hand), 60 as compiled.
    func testACompileErrorAfterALoopNamesTheColumnAsWritten() throws {
        let shape = try write("typo.glsl", """
            float haloShape(vec2 point, vec2 size, float time) {
                float r = 0.0;
                for (int i = 0; i < 4; i++) r += 1.0 +;
                return length(point - 0.5 * size) - 4.0 - r;
            }
            """)
        let (run, out) = try render(shape: #"{ "type": "shader", "file": "typo.glsl", "rect": [2, 2, 12, 12] }"#,
                                    drawing: ##""fill": { "type": "solid", "color": "#FF2D55" }"##)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("""
            \(shape):3:43: error: syntax error, unexpected ';'
              1 | float haloShape(vec2 point, vec2 size, float time) {
              2 |     float r = 0.0;
              3 |     for (int i = 0; i < 4; i++) r += 1.0 +;
                |                                           ^
            """), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// A frame over 1 s of GPU time is warned of (`halo render` and the preview print it);
    /// one of 1 s or less is not.
    func testAFrameOverASecondOfGPUTimeIsWarnedOf() {
        XCTAssertNil(GLRenderer.longFrameWarning(gpuMs: 1000))
        XCTAssertEqual(GLRenderer.longFrameWarning(gpuMs: 1500.4)?.hasPrefix("warning: the frame took 1500 ms of GPU time, over 1 s"), true)
    }

    private func assertSameImage(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let images = try [a, b].map { name -> Data in
            let (run, out) = try render(shape: #"{ "type": "rect", "rect": [1, 1, 14, 14] }"#,
                                        drawing: #""fill": { "type": "shader", "file": "\#(name)" }"#, output: name + ".png")
            XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
            return try Data(contentsOf: out)
        }
        XCTAssertEqual(images[0], images[1], "\(a) against \(b)", file: file, line: line)
    }

    @discardableResult
    private func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `halo render` of a 16 x 16 pt scene with one layer.
    private func render(shape: String, drawing: String, output: String = "out.png") throws -> (HaloRun, URL) {
        let scene = folder.appendingPathComponent("scene-\(output).json")
        try Data("""
            { "format": 1, "canvas": { "width": 16, "height": 16, "background": "#202030" },
              "layers": [ { "shape": \(shape), \(drawing) } ] }
            """.utf8).write(to: scene)
        let out = folder.appendingPathComponent(output)
        return (try runHalo(["render", scene.path, "-o", out.path, "--backend", "gpu"]), out)
    }
}
