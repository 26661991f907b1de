import Foundation
import XCTest

/// A shader shape whose distance is NaN or infinite somewhere on the canvas: `halo render`
/// warns, naming the file and the first point of the probe grid (32 x 32 cell centres over
/// the canvas, row by row from the top left) where it is not finite, and still exits 0.
/// The canvas is 160 x 120 pt at scale 1, so the grid's points are at x = 2.5 + 5 i,
/// y = 1.875 + 3.75 j; the shape's rect starts at (30, 10), so point = canvas - (30, 10).
final class ShapeDistanceWarningTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-shape-warning") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// sqrt(50 - point.y) is NaN below point.y = 50, canvas y = 60: first at row j = 16 (y = 61.875), x = 2.5.
    func testANaNDistanceIsReportedAtTheFirstGridPointWhereItHappens() throws {
        let (run, shape) = try render("return length(point - 0.5 * size) - 40.0 + sqrt(50.0 - point.y);")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("halo render: \(shape): warning: the shape's distance is NaN at (2.5, 61.875) pt on the "
                                           + "canvas, the first of a 32 x 32 grid of points over it (cell centres, row by row from "
                                           + "the top left) where it is not finite: it draws nothing there\n"), run.stderr)
    }

    /// At scale 2 the grid's points are the same in points (the pixels double, and so does the cell).
    func testThePointIsInPointsAtAnyScale() throws {
        let (run, shape) = try render("return length(point - 0.5 * size) - 40.0 + sqrt(50.0 - point.y);", scale: 2)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("halo render: \(shape): warning: the shape's distance is NaN at (2.5, 61.875) pt "), run.stderr)
    }

    /// 1 / (point.x - 2.5) is +infinity at canvas x = 32.5 (i = 6), first in row 0 (y = 1.875).
    func testAnInfiniteDistanceIsReportedWithItsSign() throws {
        let (run, shape) = try render("return 1.0 / (point.x - 2.5);")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("halo render: \(shape): warning: the shape's distance is +infinity at (32.5, 1.875) pt "), run.stderr)
    }

    func testAFiniteDistanceGivesNoWarning() throws {
        let (run, _) = try render("return length(point - 0.5 * size) - 40.0;")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
    }

    private func render(_ body: String, scale: Int = 1) throws -> (HaloRun, String) {
        let shape = folder.appendingPathComponent("shape.glsl")
        try Data("float haloShape(vec2 point, vec2 size, float time) {\n    \(body)\n}\n".utf8).write(to: shape)
        let scene = folder.appendingPathComponent("scene.json")
        try Data("""
            { "format": 1, "canvas": { "width": 160, "height": 120, "background": "#202030", "scale": \(scale) },
              "layers": [ { "shape": { "type": "shader", "file": "shape.glsl", "rect": [30, 10, 100, 100] },
                            "fill": { "type": "solid", "color": "#FF2D55" } } ] }
            """.utf8).write(to: scene)
        return (try runHalo(["render", scene.path, "-o", folder.appendingPathComponent("out.png").path]), shape.path)
    }
}
