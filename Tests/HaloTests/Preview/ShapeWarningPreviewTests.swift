import Foundation
import XCTest
import HaloPNG

/// A shader shape whose distance turns NaN: the preview lists the warning in its side column
/// (a designer working in the window never sees the terminal), and keeps drawing.
final class ShapeWarningPreviewTests: XCTestCase {
    private var folder: URL!
    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-shape-warning") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testANaNDistanceIsListedInTheColumn() throws {
        try Data("""
            float haloShape(vec2 point, vec2 size, float time) {
                float d = length(point - 0.5 * size) - 30.0;
                return point.x < 50.0 ? sqrt(-1.0 - point.x) : d;
            }
            """.utf8).write(to: folder.appendingPathComponent("nan.glsl"))
        let scene = folder.appendingPathComponent("scene.json")
        try Data("""
            { "format": 1, "canvas": { "width": 200, "height": 120, "background": "#202030" },
              "layers": [ { "shape": { "type": "shader", "file": "nan.glsl", "rect": [20, 10, 160, 100] }, "fill": { "type": "solid", "color": "#FFFFFF" } } ] }
            """.utf8).write(to: scene)
        let shot = folder.appendingPathComponent("window.png").path
        let run = try PreviewProcess(arguments: ["preview", scene.path, "--frames", "4", "--window-screenshot", shot], folder: folder).wait()
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("nan.glsl: warning: the shape's distance is NaN at "), run.stdout)
        let at = try SaidLayout(lastIn: run.stdout), w = try PNG.read(shot)
        XCTAssertGreaterThan(at.column, 0, "the column shows the warning")
        // The section's amber header (0.55, 0.4, 0.05) in the column.
        let amber = (0..<min(w.height, 60)).contains { y in
            ((w.width - at.column)..<w.width).contains { x in
                let i = 4 * (y * w.width + x)
                return abs(Int(w.pixels[i]) - 140) <= 3 && abs(Int(w.pixels[i + 1]) - 102) <= 3 && abs(Int(w.pixels[i + 2]) - 13) <= 3
            }
        }
        XCTAssertTrue(amber, "the warning section's header in the column")
    }
}
