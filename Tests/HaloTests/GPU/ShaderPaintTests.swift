import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Shader paints (`{ "type": "shader", "file": "paint.glsl" }`, Shaders/README.md): the
/// decoder's checks, the GPU's arguments to haloPaint (unitPoint, point, time), errors
/// mapped to the paint's file, the CPU's refusal, and the two example paints.
final class ShaderPaintTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-shader-paint") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// R = unitPoint.x, G = point.y / 40 (points), B = fract(time): each argument readable from a pixel.
    private let probe = """
        // A probe paint for the tests.
        float probeFraction(float t) { return fract(t); }

        vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
            return vec4(unitPoint.x, point.y / 40.0, probeFraction(time), 1.0);
        }
        """

    /// A 64 x 48 pt canvas at @2x with a rect [8, 8, 48, 32] filled by `fill` and, when
    /// given, stroked by `stroke` with a glow.
    private func writeScene(fill: String, stroke: String? = nil, extra: String = "") throws -> URL {
        let strokeJSON = stroke.map { #", "stroke": { "paint": { "type": "shader", "file": "\#($0)" }, "width": 2 }, "glow": { "radius": 3 }"# } ?? ""
        let json = """
            { "format": 1, "canvas": { "width": 64, "height": 48, "scale": 2, "background": "#000000" },
              "layers": [ { "shape": { "type": "rect", "rect": [8, 8, 48, 32] },
                            "fill": { "type": "shader", "file": "\(fill)"\(extra) }\(strokeJSON) } ] }
            """
        let url = folder.appendingPathComponent("scene-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    private func pixel(_ img: RGBA8Image, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * img.width + x) * 4
        return img.pixels[i..<(i + 4)].map(Int.init)
    }

    func testHaloPaintGetsUnitPointPointAndTime() throws {
        try Data(probe.utf8).write(to: folder.appendingPathComponent("probe.glsl"))
        let (scene, bg) = try loadScene(try writeScene(fill: "probe.glsl"))
        let image = try Halo.render(scene, background: bg, time: 1.25, backend: .gpu, gpu: try SharedGPU.renderer())
        // Pixel (40, 30) at @2x: centre (40.5, 30.5) px; the rect starts at (16, 16) px and is 96 x 64 px.
        // unitPoint.x = 24.5 / 96 = 0.2552 -> 65; point.y = 14.5 / 2 = 7.25 pt -> 7.25 / 40 = 0.181 -> 46;
        // fract(1.25) = 0.25 -> 64.
        let p = pixel(image, 40, 30)
        XCTAssertEqual(p[3], 255)
        for (got, want) in zip(p[0..<3], [65, 46, 64]) { XCTAssertEqual(Double(got), Double(want), accuracy: 1, "\(p)") }
        // Outside the shape: the background.
        XCTAssertEqual(pixel(image, 4, 4), [0, 0, 0, 255])
        // Under reduceMotion the time is 0.
        var still = scene
        still.reduceMotion = true
        let frozen = try Halo.render(still, background: bg, time: 1.25, backend: .gpu, gpu: try SharedGPU.renderer())
        XCTAssertEqual(pixel(frozen, 40, 30)[2], 0)
    }

    /// haloLoopPeriod is the scene's loop period: a 2.5 s rotation and a 1.25 s corner cycle
    /// (5 s round) loop every 5 s; the paint shows 5 / 10 as its red.
    func testHaloLoopPeriodIsTheScenesLoop() throws {
        try Data("vec4 haloPaint(vec2 unitPoint, vec2 point, float time) { return vec4(haloLoopPeriod / 10.0, 0.0, 0.0, 1.0); }\n".utf8)
            .write(to: folder.appendingPathComponent("loop.glsl"))
        let json = """
            { "format": 1, "canvas": { "width": 20, "height": 20, "background": "black" },
              "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 20, 20] }, "fill": { "type": "shader", "file": "loop.glsl" } },
                          { "shape": { "type": "rect", "rect": [0, 0, 4, 4] },
                            "stroke": { "paint": { "type": "angular", "colors": ["red", "blue"], "rotation": { "period": 2.5 } }, "width": 1 } },
                          { "shape": { "type": "rect", "rect": [0, 0, 4, 4] },
                            "fill": { "type": "linear", "colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 1],
                                      "cornerCycle": { "stepDuration": 1.25 } } } ] }
            """
        let url = folder.appendingPathComponent("loop.json")
        try Data(json.utf8).write(to: url)
        let (scene, bg) = try loadScene(url)
        XCTAssertEqual(scene.loopPeriod, .period(seconds: 5, start: 0))
        let image = try Halo.render(scene, background: bg, time: 0.3, backend: .gpu, gpu: try SharedGPU.renderer())
        XCTAssertEqual(pixel(image, 15, 15), [128, 0, 0, 255])   // 0.5 * 255 = 127.5 -> 128
    }

    func testOneFileForFillAndStrokeAndAnotherForTheStroke() throws {
        try Data(probe.utf8).write(to: folder.appendingPathComponent("probe.glsl"))
        // Same helper name in a second file: only the same file is shared, so this one renames nothing
        // and uses another helper name (Shaders/README.md: helpers must differ between the files of one layer).
        try Data("vec4 haloPaint(vec2 u, vec2 p, float t) { return vec4(1.0, 0.0, 0.0, 1.0); }\n".utf8)
            .write(to: folder.appendingPathComponent("red.glsl"))
        let gpu = try SharedGPU.renderer()
        for stroke in ["probe.glsl", "red.glsl"] {
            let (scene, bg) = try loadScene(try writeScene(fill: "probe.glsl", stroke: stroke))
            let image = try Halo.render(scene, background: bg, time: 0.5, backend: .gpu, gpu: gpu)
            // The stroke (centred on the rect's edge, 2 pt = 4 px) at the left edge, x = 16 px, y = 40 px.
            let s = pixel(image, 16, 40)
            if stroke == "red.glsl" { XCTAssertEqual(s, [255, 0, 0, 255]) } else {
                XCTAssertEqual(Double(s[0]), 0, accuracy: 2, "\(s)")               // unitPoint.x at the left edge ~ 0
                XCTAssertEqual(Double(s[2]), 128, accuracy: 1, "\(s)")             // fract(0.5)
            }
            // The glow of the stroke's colours shows outside the shape.
            XCTAssertGreaterThan(pixel(image, 16, 8)[0] + pixel(image, 16, 8)[1] + pixel(image, 16, 8)[2], 0)
        }
    }

    func testCompileErrorsNameThePaintFileAndLine() throws {
        let broken = folder.appendingPathComponent("broken.glsl")
        try Data("// line 1\nvec4 haloPaint(vec2 u, vec2 p, float t) {\n    return vec4(u, undefinedThing, 1.0);\n}\n".utf8).write(to: broken)
        let (scene, bg) = try loadScene(try writeScene(fill: "broken.glsl"))
        XCTAssertThrowsError(try Halo.render(scene, background: bg, backend: .gpu, gpu: try SharedGPU.renderer())) { error in
            XCTAssertTrue("\(error)".contains("\(broken.path):3:"), "\(error)")
            XCTAssertFalse("\(error)".contains("layer.frag"), "every message names the paint's file: \(error)")
        }
        // The renderer is still usable afterwards.
        try Data(probe.utf8).write(to: folder.appendingPathComponent("probe.glsl"))
        let (ok, okBG) = try loadScene(try writeScene(fill: "probe.glsl"))
        XCTAssertNoThrow(try Halo.render(ok, background: okBG, backend: .gpu, gpu: try SharedGPU.renderer()))
    }

    /// A paint file that is not text, or that defines no haloPaint, is refused when the scene
    /// is read (the paint's file is read once, there), at the paint's JSON path, naming the file.
    func testAFileWithoutHaloPaintOrNotTextIsRefusedAtItsPathNamingTheFile() throws {
        let cases: [(String, Data, String)] = [
            ("empty.glsl", Data(), "no function haloPaint"),
            ("other.glsl", Data("vec4 somethingElse(vec2 u) { return vec4(u, 0.0, 1.0); }\n".utf8), "no function haloPaint"),
            ("bytes.glsl", Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE]), "not UTF-8"),
            ("nul.glsl", Data("vec4 haloPaint(vec2 u, vec2 p, float t) { return vec4(1.0); }\n\u{0}".utf8), "a NUL character"),
            ("main.glsl", Data("vec4 haloPaint(vec2 u, vec2 p, float t) { return vec4(1.0); }\nvoid main() {}\n".utf8), "a main function at line 2"),
        ]
        for (name, data, expected) in cases {
            let file = folder.appendingPathComponent(name)
            try data.write(to: file)
            let scene = try writeScene(fill: name)
            XCTAssertThrowsError(try SceneDecoder.load(path: scene.path), name) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("\(scene.path): layers[0].fill.file: expected a readable UTF-8 GLSL file defining vec4 haloPaint("), message)
                XCTAssertTrue(message.contains("found \(file.path) ("), message)
                XCTAssertTrue(message.contains(expected), message)
            }
        }
    }

    /// An error in an included file names that file and its own line (ShaderLibrary.assemble),
    /// thrown by the first frame that needs a program including it (layer programs are
    /// compiled when a frame first needs them).
    func testErrorsInIncludedFilesNameThatFile() throws {
        _ = try SharedGPU.renderer()                                   // its context is current
        let shaders = folder.appendingPathComponent("Shaders")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Shaders"), to: shaders)
        let coverage = shaders.appendingPathComponent("lib/coverage.glsl")
        var lines = try String(contentsOf: coverage, encoding: .utf8).components(separatedBy: "\n")
        let guardLine = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("#define") })
        lines.insert("float brokenOnPurpose = undefinedThing;", at: guardLine + 1)   // line guardLine + 2
        try lines.joined(separator: "\n").write(to: coverage, atomically: true, encoding: .utf8)
        let gpu = try GLRenderer(shaders: ShaderLibrary(directory: shaders.path), context: nil)
        let frame = Frame(Scene(canvas: Canvas(width: 32, height: 32, background: .color(RGBA(1, 1, 1))),
                                layers: [Layer(shape: Shape(kind: .rect, rect: Rect(4, 4, 20, 20)), fill: .solid(RGBA(1, 0, 0)))]))
        XCTAssertThrowsError(try gpu.render(frame)) { error in
            XCTAssertTrue("\(error)".contains("\(coverage.path):\(guardLine + 2):"), "\(error)")
        }
    }

    /// `halo render` of a paint whose GLSL does not compile: bad input (exit 2) naming the
    /// paint's file and line, with no fall-back to the CPU (which cannot draw it).
    func testRenderOfABrokenPaintIsBadInputNamingItsLine() throws {
        let broken = folder.appendingPathComponent("broken-cli.glsl")
        try Data("// line 1\nvec4 haloPaint(vec2 u, vec2 p, float t) {\n    return vec4(u, undefinedThing, 1.0);\n}\n".utf8).write(to: broken)
        let out = folder.appendingPathComponent("broken.png")
        let run = try runHalo(["render", try writeScene(fill: "broken-cli.glsl").path, "-o", out.path])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(broken.path):3:"), run.stderr)
        XCTAssertFalse(run.stderr.contains("using the CPU reference"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// An installed `halo` run by name reads the `Shaders/` beside or above its executable,
    /// not one in the current folder (found by a new-user check: argv[0] is then "halo").
    func testShadersAreFoundBesideTheExecutableNotInTheCurrentFolder() throws {
        let cwd = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: cwd.appendingPathComponent("Shaders"), withIntermediateDirectories: true)
        try Data("not GLSL".utf8).write(to: cwd.appendingPathComponent("Shaders/layer.frag"))
        let out = cwd.appendingPathComponent("button.png")
        let run = try runHalo(["render", repositoryRoot.appendingPathComponent("Examples/gradient-border-button.json").path,
                               "-o", out.path, "--backend", "gpu"], environment: ["HALO_SHADERS": ""], in: cwd, byName: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("(gpu"), run.stdout)
    }

    func testTheCPURefusesShaderPaints() throws {
        try Data(probe.utf8).write(to: folder.appendingPathComponent("probe.glsl"))
        let url = try writeScene(fill: "probe.glsl")
        let (scene, bg) = try loadScene(url)
        XCTAssertThrowsError(try Halo.render(scene, background: bg, backend: .cpu)) { error in
            XCTAssertEqual("\(error)", "\(url.path): layers[0].fill: expected a paint the CPU reference can draw "
                           + "(shader paints are GPU-only: use --backend gpu), found a shader paint (probe.glsl)")
        }
        let run = try runHalo(["render", url.path, "-o", folder.appendingPathComponent("x.png").path, "--backend", "cpu"])
        XCTAssertEqual(run.status, 2, "bad input for the CPU backend")
        XCTAssertTrue(run.stderr.contains("shader paints are GPU-only"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }

    func testDecoderChecksTheFile() throws {
        func refusal(_ paint: String) -> String {
            let json = #"{ "format": 1, "canvas": { "width": 10, "height": 10 }, "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 5, 5] }, "fill": \#(paint) } ] }"#
            do { _ = try SceneDecoder.decode(Data(json.utf8), file: folder.appendingPathComponent("s.json").path); return "decoded" } catch {
                return "\(error)"
            }
        }
        XCTAssertTrue(refusal(#"{ "type": "shader", "file": "nope.glsl" }"#).contains("layers[0].fill.file: expected a readable UTF-8 GLSL file defining vec4 haloPaint(vec2 unitPoint, vec2 point, float time) (Shaders/README.md), found \(folder.appendingPathComponent("nope.glsl").path) (no such file)"))
        XCTAssertTrue(refusal(#"{ "type": "shader" }"#).contains("layers[0].fill.file: expected a value (required)"))
        XCTAssertTrue(refusal(#"{ "type": "shader", "file": "" }"#).contains("layers[0].fill.file: expected a path to a GLSL file"))
        try Data(probe.utf8).write(to: folder.appendingPathComponent("p.glsl"))
        XCTAssertTrue(refusal(#"{ "type": "shader", "file": "p.glsl", "colors": ["red"] }"#).contains("layers[0].fill.colors: expected no such key"))
        XCTAssertEqual(refusal(#"{ "type": "shader", "file": "p.glsl" }"#), "decoded")
        XCTAssertTrue(refusal(#"{ "type": "shadr", "file": "p.glsl" }"#).contains("did you mean \"shader\""))
    }

    /// Both example paints compile and draw (Shaders/examples, documented in Shaders/README.md).
    func testExamplePaintsRender() throws {
        let url = repositoryRoot.appendingPathComponent("Shaders/examples/aurora-button.json")
        let (scene, bg) = try loadScene(url)
        XCTAssertEqual(scene.shaderPaints.map { ($0.file as NSString).lastPathComponent }, ["aurora.glsl", "marching_ants.glsl"])
        let a = try Halo.render(scene, background: bg, time: 0, backend: .gpu, gpu: try SharedGPU.renderer())
        let b = try Halo.render(scene, background: bg, time: 1, backend: .gpu, gpu: try SharedGPU.renderer())
        XCTAssertNotEqual(a.pixels, b.pixels, "the paints animate")
        // The aurora stroke is bright and saturated at the top edge's middle (y = 41.5 pt -> 83 px).
        let top = pixel(a, 340, 83)
        XCTAssertGreaterThan(top.max()! - top[0..<3].min()!, 80, "\(top)")
    }
}
