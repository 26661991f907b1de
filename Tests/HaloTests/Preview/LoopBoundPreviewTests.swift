import Foundation
import XCTest
import HaloPNG

/// The preview with a shader paint whose loop runs away (Shaders/README.md "Loops"): the
/// error panel names the file and the loop's line and shows that line, as for a compile
/// error, and the preview keeps running.
final class LoopBoundPreviewTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-loop-preview") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The error panel names the file and line; the canvas shows the scene's background, not
    /// black; a scripted run whose scene never drew exits 2, as `halo render` does.
    func testARunawayLoopShowsItsFileAndLineInTheErrorPanel() throws {
        let paint = folder.appendingPathComponent("runaway.glsl")
        try Data("""
            vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
                float s = 0.0;
                for (int i = 0; i < 2000000000; i++) s += 1e-9 * point.x;
                return vec4(vec3(fract(s)), 1.0);
            }
            """.utf8).write(to: paint)
        let scene = folder.appendingPathComponent("scene.json")
        try Data("""
            { "format": 1, "canvas": { "width": 120, "height": 80, "background": "#202030" },
              "layers": [ { "shape": { "type": "rect", "rect": [10, 10, 40, 30] }, "fill": { "type": "shader", "file": "runaway.glsl" } } ] }
            """.utf8).write(to: scene)
        let shot = folder.appendingPathComponent("window.png").path
        let run = try PreviewProcess(arguments: ["preview", scene.path, "--frames", "3", "--time", "0", "--window-screenshot", shot],
                                     folder: folder).wait()
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("halo preview: no frame of the scene was drawn (the error above); exit 2"), run.stderr)
        let at = try SaidLayout(lastIn: run.stdout), w = try PNG.read(shot)
        let i = 4 * ((at.y + 2) * w.width + at.x + 2)
        XCTAssertEqual(Array(w.pixels[i..<(i + 3)]), [0x20, 0x20, 0x30], "the canvas's background #202030 at its top-left")
        XCTAssertTrue(run.stdout.contains("halo preview: error panel: \(paint.path):3: shader loop bound reached:"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\n    for (int i = 0; i < 2000000000; i++) s += 1e-9 * point.x;\n"), "the loop's line:\n\(run.stdout)")
    }
}
