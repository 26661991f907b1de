import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
@testable import HaloPreview

/// GLSL errors in a shader shape's or paint's file, mapped back through Halo's `#include`
/// assembly to the user's file, line and column: the driver log's two formats, `halo render`
/// on the terminal, and the preview's error panel over the dimmed last good frame.
final class ShaderErrorTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-shader-error") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Mesa's `N:L(C): ...` and NVIDIA's `N(L) : ...`, Halo's line map (file k's line l is
    /// k * 100000 + l) undone; lines without a location are left as they are.
    func testDriverLogFormatsMapToFileLineAndColumn() {
        let files = ["layer.frag", "lib/shape.glsl", "/home/u/star.glsl"]
        let mesa = DriverLogLine("0:200007(12): error: syntax error, unexpected ')'")
        XCTAssertEqual(mesa?.source, 0); XCTAssertEqual(mesa?.line, 200_007); XCTAssertEqual(mesa?.column, 12)
        XCTAssertEqual(mesa?.mapped(to: files), "/home/u/star.glsl:7:12: error: syntax error, unexpected ')'")
        let nvidia = DriverLogLine("2(200007) : error C0000: syntax error, unexpected ')' at token \")\"")
        XCTAssertEqual(nvidia?.source, 2); XCTAssertNil(nvidia?.column)
        XCTAssertEqual(nvidia?.mapped(to: files), "/home/u/star.glsl:7: error C0000: syntax error, unexpected ')' at token \")\"")
        // A line number below the map's range: the source number names the file.
        XCTAssertEqual(DriverLogLine("1:3(5): warning: x")?.mapped(to: files), "lib/shape.glsl:3:5: warning: x")
        XCTAssertEqual(DriverLogLine("1(3) : warning C7050: y")?.mapped(to: files), "lib/shape.glsl:3: warning C7050: y")
        XCTAssertNil(DriverLogLine("error: linking failed"))
        XCTAssertNil(DriverLogLine("7:12(5): error: a source the program has not")?.mapped(to: files))
        XCTAssertEqual(GLProgram.mapLog("0:100004(2): error: a\nnote: b\n0(200001) : error C1: c", files: files),
                       "lib/shape.glsl:4:2: error: a\nnote: b\n/home/u/star.glsl:1: error C1: c")
    }

    /// The panel's text: location, message, the source line and a caret under the column.
    func testPanelTextHasTheLocationTheSourceLineAndACaret() {
        let source = (1...9).map { "line \($0)" }.joined(separator: "\n")
        let l = PreviewErrorLocation(parsing: "shader compile failed:\n/x/star.glsl:7:3: error: syntax error") { _ in source }
        XCTAssertEqual(l.panelText, "/x/star.glsl:7:3: shader compile failed:\nerror: syntax error\nline 7\n  ^")
    }

    /// A shape with a syntax error on line 7 of its file: `halo render` says that file's line
    /// 7 (and the column, where the driver gives one), exits 2 and writes nothing.
    func testRenderReportsTheShapeFilesLine() throws {
        let (scene, shape) = try writeScene(broken: true)
        let out = folder.appendingPathComponent("x.png")
        let run = try runHalo(["render", scene.path, "-o", out.path])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(shape.path):7:"), run.stderr)
        XCTAssertFalse(run.stderr.contains("using the CPU reference"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// The shape broken during a preview run: the terminal and the error panel name the
    /// file's line 7, and the window shows the error banner and, in a column beside the
    /// canvas (the window grown by it), the error section.
    func testPreviewShowsTheShapesLineInTheErrorPanel() throws {
        let (scene, shape) = try writeScene(broken: false)
        let window = folder.appendingPathComponent("window.png").path, good = folder.appendingPathComponent("good.png").path
        let run = try PreviewProcess(arguments: ["preview", scene.path, "--frames", "4", "--time", "0", "--window-screenshot", window,
                                                 "--script", "1 wait-reload"], folder: folder)
        try run.waitForOutput("watching")
        try Data(shapeText(broken: true).utf8).write(to: shape, options: .atomic)
        let broken = try run.wait()
        XCTAssertEqual(broken.status, 0, broken.stderr)
        XCTAssertTrue(broken.stderr.contains("\(shape.path):7:"), "the terminal names line 7:\n\(broken.stderr)")
        XCTAssertTrue(broken.stdout.contains("halo preview: error panel: \(shape.path):7:"), broken.stdout)
        XCTAssertTrue(broken.stdout.contains("\n    return length(q) - r +;\n"), "the source line under it:\n\(broken.stdout)")
        // The last good frame, drawn by the same preview without the error.
        try Data(shapeText(broken: false).utf8).write(to: shape, options: .atomic)
        let fixed = try PreviewProcess(arguments: ["preview", scene.path, "--frames", "4", "--time", "0", "--window-screenshot", good],
                                       folder: folder).wait()
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertFalse(fixed.stdout.contains("error panel"), fixed.stdout)
        let a = try PNG.read(window), b = try PNG.read(good), at = try SaidLayout(lastIn: broken.stdout)
        XCTAssertGreaterThan(at.column, 0)
        XCTAssertEqual(a.width, b.width + at.column, "the window grew by the column")
        XCTAssertGreaterThanOrEqual(a.height, b.height, "and to the column's contents' height")
        XCTAssertEqual(Array(a.pixels[8..<11]), [191, 26, 31], "the banner's red (0.75, 0.1, 0.12) at its top-left")
        XCTAssertGreaterThan(panelPixels(in: a, from: b.width), 1000, "the error section in the column")
    }

    /// Broken, then fixed, in one run: the panel shows line 7, then clears on the good load.
    func testTheErrorPanelClearsOnTheNextGoodLoad() throws {
        let (scene, shape) = try writeScene(broken: false)
        let run = try PreviewProcess(arguments: ["preview", scene.path, "--frames", "6", "--time", "0",
                                                 "--script", "1 wait-reload; 3 wait-reload"], folder: folder)
        try run.waitForOutput("watching")
        try Data(shapeText(broken: true).utf8).write(to: shape, options: .atomic)
        try run.waitForOutput("error panel: ")
        try Data(shapeText(broken: false).utf8).write(to: shape, options: .atomic)
        let r = try run.wait()
        XCTAssertEqual(r.status, 0, r.stderr)
        guard let shown = r.stdout.range(of: "halo preview: error panel: \(shape.path):7:"),
              let cleared = r.stdout.range(of: "halo preview: error panel cleared") else {
            return XCTFail("the panel shown, then cleared:\n\(r.stdout)")
        }
        XCTAssertLessThan(shown.lowerBound, cleared.lowerBound, r.stdout)
        XCTAssertTrue(r.stdout.contains("reloaded (circle.glsl changed)"), r.stdout)
    }

    /// A circle whose line 7 has a syntax error when `broken`.
    private func shapeText(broken: Bool) -> String {
        """
        // A circle (the test's shape).
        // Its centre and radius:
        float haloShape(vec2 point, vec2 size, float time) {
            vec2 q = point - 0.5 * size;
            float r = 0.4 * min(size.x, size.y);
            // line 7 follows
        \(broken ? "    return length(q) - r +;" : "    return length(q) - r;")
        }
        """
    }

    private func writeScene(broken: Bool) throws -> (scene: URL, shape: URL) {
        let shape = folder.appendingPathComponent("circle.glsl")
        try Data(shapeText(broken: broken).utf8).write(to: shape)
        let scene = folder.appendingPathComponent("circle.json")
        try Data("""
            { "format": 1, "canvas": { "width": 160, "height": 120, "background": "#202030" },
              "layers": [ { "shape": { "type": "shader", "file": "circle.glsl", "rect": [30, 10, 100, 100] },
                            "fill": { "type": "linear", "colors": ["#FF2D55", "#5856D6"], "startPoint": [0, 0], "endPoint": [1, 1] },
                            "stroke": { "paint": { "type": "solid", "color": "#FFFFFF" }, "width": 3 } } ] }
            """.utf8).write(to: scene)
        return (scene, shape)
    }
}
