import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Shader shapes (`{ "type": "shader", "file": "shape.glsl", "rect": [...] }`, Shaders/README.md
/// "Shader shapes"): a shape whose haloShape is the exact distance of a built-in shape draws
/// as that shape does on the GPU (fill, each stroke alignment, glow, a gradient over the rect);
/// parameters and time reach it; the refusals name their JSON path.
final class ShaderShapeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-shader-shape") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The circle inscribed in the rect: its exact signed distance.
    private let circle = """
        float haloShape(vec2 point, vec2 size, float time) {
            return length(point - 0.5 * size) - 0.5 * min(size.x, size.y);
        }
        """

    /// Inigo Quilez's sdRoundBox (iquilezles.org/articles/distfunctions2d) with one radius r:
    /// the exact signed distance of a rounded box with circular corners.
    private func roundBox(radius r: Double) -> String {
        """
        float haloShape(vec2 point, vec2 size, float time) {
            vec2 q = abs(point - 0.5 * size) - 0.5 * size + \(r);
            return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - \(r);
        }
        """
    }

    /// The layers of a 120 x 100 pt scene at `scale`, each `shape` (its JSON) with `rest`.
    private func scene(_ shape: String, _ rest: String, scale: Double = 1) throws -> URL {
        let json = """
            { "format": 1, "canvas": { "width": 120, "height": 100, "scale": \(scale), "background": "#101018" },
              "layers": [ { "shape": \(shape), \(rest) } ] }
            """
        let url = folder.appendingPathComponent("scene-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    private func render(_ url: URL, time: Double = 0, parameters: [String: String] = [:]) throws -> RGBA8Image {
        let (scene, bg) = try loadScene(url)
        return try Halo.render(scene, background: bg, time: time, backend: .gpu, gpu: try SharedGPU.renderer())
    }

    /// The largest difference of any channel, levels of 255.
    private func maxDifference(_ a: RGBA8Image, _ b: RGBA8Image) -> Int {
        XCTAssertEqual(a.width, b.width); XCTAssertEqual(a.height, b.height)
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// How the layer is drawn in each case: fill, stroke in each alignment (over a fill), glow.
    private let drawings = [
        ##""fill": { "type": "linear", "colors": ["#FF2D55", "#5856D6"], "startPoint": [0, 0], "endPoint": [1, 1] }"##,
        ##""stroke": { "paint": { "type": "angular", "colors": ["#FF9500", "#34C759", "#FF9500"] }, "width": 5, "alignment": "inside" }"##,
        ##""fill": { "type": "solid", "color": "#1C1C28" }, "stroke": { "paint": { "type": "solid", "color": "#FFFFFF" }, "width": 3.5, "alignment": "center" }"##,
        ##""stroke": { "paint": { "type": "radial", "colors": ["#5AC8FA", "#AF52DE"], "endRadius": 40 }, "width": 4, "alignment": "outside" }"##,
        ##""stroke": { "paint": { "type": "solid", "color": "#FF2D55" }, "width": 3 }, "glow": { "radius": 6 }"##,
        ##""fill": { "type": "solid", "color": "#34C759" }, "glow": { "radius": 4, "opacity": 0.8 }"##,
    ]

    /// A shader shape returning the circle's exact distance against the built-in ellipse
    /// (a circle), both on the GPU: within 1 level in every drawing, at @1x and @2x.
    func testCircleDistanceDrawsAsTheBuiltInCircle() throws {
        try Data(circle.utf8).write(to: folder.appendingPathComponent("circle.glsl"))
        for scale in [1.0, 2.0] {
            for d in drawings {
                let shader = try render(try scene(#"{ "type": "shader", "file": "circle.glsl", "rect": [25, 15, 70, 70] }"#, d, scale: scale))
                let builtIn = try render(try scene(#"{ "type": "ellipse", "rect": [25, 15, 70, 70] }"#, d, scale: scale))
                XCTAssertLessThanOrEqual(maxDifference(shader, builtIn), 1, "@\(scale)x \(d)")
            }
        }
    }

    /// sdRoundBox against the built-in roundedRect (circular corners of 14 pt), on the GPU:
    /// within 1 level in every drawing.
    func testRoundBoxDistanceDrawsAsTheBuiltInRoundedRect() throws {
        try Data(roundBox(radius: 14).utf8).write(to: folder.appendingPathComponent("box.glsl"))
        for scale in [1.0, 2.0] {
            for d in drawings {
                let shader = try render(try scene(#"{ "type": "shader", "file": "box.glsl", "rect": [20.5, 20, 80, 60] }"#, d, scale: scale))
                let builtIn = try render(try scene(#"{ "type": "roundedRect", "rect": [20.5, 20, 80, 60], "cornerRadius": 14 }"#, d, scale: scale))
                XCTAssertLessThanOrEqual(maxDifference(shader, builtIn), 1, "@\(scale)x \(d)")
            }
        }
    }

    /// Parameters are uniforms p_NAME in the shape too, and `time` is the scene time: a circle of
    /// radius p_radius + time (points) draws as the built-in circle of that radius.
    func testParametersAndTimeReachTheShape() throws {
        try Data("""
            float haloShape(vec2 point, vec2 size, float time) {
                return length(point - 0.5 * size) - (p_radius + time);
            }
            """.utf8).write(to: folder.appendingPathComponent("param.glsl"))
        let fill = ##""fill": { "type": "solid", "color": "#FFCC00" }"##
        let json = """
            { "format": 1, "canvas": { "width": 120, "height": 100, "background": "#101018" },
              "params": { "radius": { "type": "number", "value": 20, "min": 0, "max": 40 } },
              "layers": [ { "shape": { "type": "shader", "file": "param.glsl", "rect": [20, 10, 80, 80] }, \(fill) } ] }
            """
        let url = folder.appendingPathComponent("param.json")
        try Data(json.utf8).write(to: url)
        // A value set from the command line (a uniform: no recompile), at time 5.
        let out = folder.appendingPathComponent("param.png")
        let run = try runHalo(["render", url.path, "-o", out.path, "--backend", "gpu", "--set", "radius=25", "--time", "5"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let shader = try PNG.read(out.path)
        // Radius 25 + 5 = 30 pt about the rect's centre (60, 50).
        let builtIn = try render(try scene(#"{ "type": "ellipse", "rect": [30, 20, 60, 60] }"#, fill))
        XCTAssertLessThanOrEqual(maxDifference(shader, builtIn), 1)
    }

    /// A frame with a material is drawn in segments (GLRenderer+Segments.swift), the shape
    /// pass in each: a circle drawn under and over a material capsule draws as the built-in
    /// circle does there, within 1 level.
    func testAShapeBesideAMaterialDrawsAsTheBuiltInCircle() throws {
        try Data(circle.utf8).write(to: folder.appendingPathComponent("circle.glsl"))
        let drawing = ##""fill": { "type": "solid", "color": "#FF2D55" }, "stroke": { "paint": { "type": "solid", "color": "#FFFFFF" }, "width": 3 }, "glow": { "radius": 4 }"##
        func scene(_ shape: String) throws -> URL {
            let json = """
                { "format": 1, "canvas": { "width": 120, "height": 100, "background": "#101018" },
                  "layers": [ { "shape": \(shape), \(drawing) },
                              { "shape": { "type": "capsule", "rect": [10, 35, 100, 30] },
                                "fill": { "type": "material", "blur": 6, "saturation": 1.5, "tint": "#FFFFFF1F" } },
                              { "shape": \(shape.replacingOccurrences(of: "[25, 15, 70, 70]", with: "[40, 30, 40, 40]")), \(drawing) } ] }
                """
            let url = folder.appendingPathComponent("material-\(UUID().uuidString).json")
            try Data(json.utf8).write(to: url)
            return url
        }
        let shader = try render(try scene(#"{ "type": "shader", "file": "circle.glsl", "rect": [25, 15, 70, 70] }"#))
        let builtIn = try render(try scene(#"{ "type": "ellipse", "rect": [25, 15, 70, 70] }"#))
        XCTAssertLessThanOrEqual(maxDifference(shader, builtIn), 1)
    }

    /// Only the shape pass holds the shape's file (Shaders/shape_pass.frag): a renderer that
    /// drew the shape compiles one program for an edited file, and draws the new shape as a
    /// renderer that never saw the old one does, to the bit.
    func testAnEditedShapeCompilesOnlyItsShapePass() throws {
        let file = folder.appendingPathComponent("edited.glsl")
        let shape = #"{ "type": "shader", "file": "edited.glsl", "rect": [25, 15, 70, 70] }"#
        let drawing = ##""fill": { "type": "solid", "color": "#1C1C28" }, "stroke": { "paint": { "type": "solid", "color": "#FF2D55" }, "width": 3 }, "glow": { "radius": 6 }"##
        let kept = try GLRenderer()
        try Data(circle.utf8).write(to: file)
        let (first, bg) = try loadScene(try scene(shape, drawing))
        _ = try Halo.render(first, background: bg, backend: .gpu, gpu: kept)
        let before = kept.programsCompiled
        // The circle 5 pt smaller.
        try Data(circle.replacingOccurrences(of: "0.5 * min(size.x, size.y)", with: "0.5 * min(size.x, size.y) + 5.0").utf8).write(to: file)
        let (edited, _) = try loadScene(try scene(shape, drawing))
        let image = try Halo.render(edited, background: bg, backend: .gpu, gpu: kept)
        XCTAssertEqual(kept.programsCompiled - before, 1, "the shape pass alone")
        let fresh = try Halo.render(edited, background: bg, backend: .gpu, gpu: try GLRenderer())
        XCTAssertEqual(image.pixels, fresh.pixels)
        XCTAssertNotEqual(image.pixels, try Halo.render(first, background: bg, backend: .gpu, gpu: kept).pixels, "the edit shows")
    }

    /// A shader shape's pixels have no certified bound: 255 over its reach, and what other
    /// layers certify stays.
    func testTheBoundIsUnboundedOverTheShape() throws {
        try Data(circle.utf8).write(to: folder.appendingPathComponent("circle.glsl"))
        let (glowing, _) = try loadScene(try scene(#"{ "type": "shader", "file": "circle.glsl", "rect": [25, 15, 70, 70] }"#, drawings[4]))
        let bound = ErrorBound(frame: Frame(glowing)).encoded
        func red(_ x: Int, _ y: Int) -> UInt8 { bound.pixels[(y * bound.width + x) * 4] }
        XCTAssertEqual(red(60, 50), 255)
        XCTAssertEqual(red(22, 12), 255, "within the glow's reach")
        let (plain, _) = try loadScene(try scene(##"{ "type": "shader", "file": "circle.glsl", "rect": [25, 15, 70, 70] }"##, drawings[2]))
        let unglowed = ErrorBound(frame: Frame(plain)).encoded
        XCTAssertEqual(unglowed.pixels[(50 * unglowed.width + 60) * 4], 255)
        XCTAssertEqual(unglowed.pixels[(2 * unglowed.width + 2) * 4], 0, "beyond the stroke's reach, without a glow")
    }

    func testRefusalsNameTheirPath() throws {
        try Data(circle.utf8).write(to: folder.appendingPathComponent("circle.glsl"))
        try Data("float notAShape(vec2 p) { return 0.0; }\n".utf8).write(to: folder.appendingPathComponent("none.glsl"))
        let shape = ##"{ "type": "shader", "file": "circle.glsl", "rect": [10, 10, 50, 50] }"##
        func refusal(_ shape: String, _ rest: String) throws -> String {
            do { _ = try SceneDecoder.decode(Data(try Data(contentsOf: try scene(shape, rest))), file: folder.appendingPathComponent("s.json").path) } catch {
                return "\(error)"
            }
            return "decoded"
        }
        let dash = try refusal(shape, #""stroke": { "paint": { "type": "solid", "color": "red" }, "width": 2, "dash": { "pattern": [4, 2] } }"#)
        XCTAssertTrue(dash.contains("layers[0].stroke.dash: expected no dash on a shader shape (dashes and path paints are laid along the outline's arc length"), dash)
        let path = try refusal(shape, #""stroke": { "paint": { "type": "path", "colors": ["red", "blue"] }, "width": 2 }"#)
        XCTAssertTrue(path.contains("layers[0].stroke.paint.type: expected a paint other than path on a shader shape"), path)
        let fillPath = try refusal(shape, #""fill": { "type": "path", "colors": ["red", "blue"] }"#)
        XCTAssertTrue(fillPath.contains("layers[0].fill.type: expected a paint other than path on a shader shape"), fillPath)
        let missing = try refusal(#"{ "type": "shader", "file": "none.glsl", "rect": [10, 10, 50, 50] }"#, #""fill": { "type": "solid", "color": "red" }"#)
        XCTAssertTrue(missing.contains("layers[0].shape.file: expected a readable UTF-8 GLSL file defining float haloShape(vec2 point, vec2 size, float time)"), missing)
        XCTAssertTrue(missing.contains("(no function haloShape in it)"), missing)
        let extra = try refusal(#"{ "type": "shader", "file": "circle.glsl", "rect": [10, 10, 50, 50], "cornerRadius": 4 }"#, #""fill": { "type": "solid", "color": "red" }"#)
        XCTAssertTrue(extra.contains("layers[0].shape.cornerRadius: expected no such key"), extra)
        XCTAssertEqual(try refusal(shape, #""fill": { "type": "solid", "color": "red" }"#), "decoded")
    }

    /// `halo render` exits 2 naming the path: the CPU backend, a dash, a file without haloShape;
    /// nothing is written.
    func testCommandLineRefusalsExit2() throws {
        try Data(circle.utf8).write(to: folder.appendingPathComponent("circle.glsl"))
        try Data("float notAShape(vec2 p) { return 0.0; }\n".utf8).write(to: folder.appendingPathComponent("none.glsl"))
        let out = folder.appendingPathComponent("x.png")
        let cases: [(url: URL, args: [String], says: String)] = [
            (try scene(#"{ "type": "shader", "file": "circle.glsl", "rect": [10, 10, 50, 50] }"#, #""fill": { "type": "solid", "color": "red" }"#),
             ["--backend", "cpu"], "layers[0].shape: expected a shape the CPU reference can draw (shader shapes are GPU-only: use --backend gpu), found a shader shape (circle.glsl)"),
            (try scene(#"{ "type": "shader", "file": "circle.glsl", "rect": [10, 10, 50, 50] }"#,
                       #""stroke": { "paint": { "type": "solid", "color": "red" }, "width": 2, "dash": { "pattern": [4, 2] } }"#),
             [], "layers[0].stroke.dash: expected no dash on a shader shape"),
            (try scene(#"{ "type": "shader", "file": "none.glsl", "rect": [10, 10, 50, 50] }"#, #""fill": { "type": "solid", "color": "red" }"#),
             [], "layers[0].shape.file: expected a readable UTF-8 GLSL file defining float haloShape"),
        ]
        for c in cases {
            let run = try runHalo(["render", c.url.path, "-o", out.path] + c.args)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains(c.says), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        }
    }

    /// The examples render on the GPU; superellipse.glsl at exponent 2 is a circle's exact
    /// distance (the 2-norm's d / |grad d|), so its scene draws as with the built-in ellipse.
    func testExampleShapesRender() throws {
        let examples = repositoryRoot.appendingPathComponent("Shaders/examples")
        for name in ["star-glow", "heart-glow", "superellipse-glow", "three-shapes"] {
            let (scene, bg) = try loadScene(examples.appendingPathComponent("\(name).json"))
            let image = try Halo.render(scene, background: bg, backend: .gpu, gpu: try SharedGPU.renderer())
            let c = ((image.height / 2) * image.width + image.width / 2) * 4
            XCTAssertNotEqual(Array(image.pixels[c..<(c + 3)]), Array(image.pixels[0..<3]), "\(name): the shape at the centre")
        }
        let json = try String(contentsOf: examples.appendingPathComponent("superellipse-glow.json"), encoding: .utf8)
        let circle = folder.appendingPathComponent("circle.json"), shader = folder.appendingPathComponent("superellipse.json")
        try Data(json.replacingOccurrences(of: #""type": "shader", "file": "superellipse.glsl""#, with: #""type": "ellipse""#).utf8).write(to: circle)
        try Data(json.replacingOccurrences(of: #""file": "superellipse.glsl""#, with: "\"file\": \"\(examples.path)/superellipse.glsl\"").utf8).write(to: shader)
        let out = folder.appendingPathComponent("n2.png")
        let run = try runHalo(["render", shader.path, "-o", out.path, "--backend", "gpu", "--set", "exponent=2"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertLessThanOrEqual(maxDifference(try PNG.read(out.path), try render(circle)), 1)
    }
}
