import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
import HaloCore
import HaloGL
import HaloReference

/// Geometry far larger than the canvas (finite numbers the format allows: a line height of
/// 1e300, an ellipse 1e19 pt wide with a path paint) is drawn by the GPU, not refused and
/// never a trap: within a level of the CPU reference, or, where float32 cannot resolve the
/// geometry, the bound says so on exactly those pixels and holds on the others.
final class FarGeometryTests: XCTestCase {
    private func assertBackendsAgree(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let s = try SceneDecoder.decode(Data(json.utf8), file: "t.json")
        let gpu = try Halo.render(s, background: nil, backend: .gpu, gpu: try SharedGPU.renderer())
        let cpu = try Halo.render(s, background: nil, backend: .cpu)
        let c = try XCTUnwrap(ImageComparison(cpu, gpu), file: file, line: line)
        XCTAssertLessThanOrEqual(c.maxDifference, 1, file: file, line: line)
    }

    func testTextWithAHugeLineHeightIsDrawnOnTheGPU() throws {
        try assertBackendsAgree("""
            { "format": 1, "canvas": { "width": 60, "height": 30, "background": "black" },
              "layers": [ { "shape": { "type": "text", "rect": [5, 5, 50, 20], "text": "a\\nb", "lineHeight": 1e300 },
                            "fill": { "type": "solid", "color": "white" }, "glow": { "radius": 3 } } ] }
            """)
    }

    /// A text placed or sized at the far end of the doubles (1e308, -1e308): nothing of it
    /// reaches the canvas, and both backends draw the background, as each other.
    func testTextPlacedPastTheRangeOfDoublesDrawsTheBackground() throws {
        for rect in ["[1e308, 10, 80, 40]", "[-1e308, 10, 80, 40]", "[10, 10, 80, 1e308]", "[8e307, 10, 80, 40]"] {
            try assertBackendsAgree("""
                { "format": 1, "canvas": { "width": 40, "height": 20, "background": "black" },
                  "layers": [ { "shape": { "type": "text", "rect": \(rect), "text": "Hi" }, "fill": { "type": "solid", "color": "red" } } ] }
                """)
        }
    }

    /// An ellipse 1e19 pt wide reaches far beyond 2^24 px, where float32 resolves neither its
    /// outline nor a path paint's position along it: the GPU draws no stroke (151 levels off
    /// the CPU's), and its bound promises nothing (``ErrorBudget/unbounded``) there. The
    /// stroke's pixels are worked out by hand: at its tip, x = 0, the ellipse is the line
    /// y = 15 to within 15 * sqrt(2 * 40 / 5e18) = 6e-8 px over the canvas, so the 3 px
    /// centred stroke covers y 13.5 ... 16.5, rows 13 ... 16. The bound must promise nothing on
    /// those rows and only there, and every other pixel (the background) must be within its
    /// bound of the CPU's: a GPU drawing anything off the stroke, or a bound giving up on
    /// more than the stroke, fails.
    func testAPathPaintOnAHugeEllipsePromisesNothingOnItsStrokeAndHoldsElsewhere() throws {
        let frame = Frame(try SceneDecoder.decode(Data("""
            { "format": 1, "canvas": { "width": 40, "height": 40, "background": "black" },
              "layers": [ { "shape": { "type": "ellipse", "rect": [0, 0, 1e19, 30] },
                            "stroke": { "paint": { "type": "path", "colors": ["red", "blue"] }, "width": 3 } } ] }
            """.utf8), file: "t.json"))
        let gpu = try SharedGPU.renderer().render(frame)
        let bound = ErrorBound(frame: frame, image: gpu)
        for i in 0..<(40 * 40) {
            let onStroke = (13...16).contains(i / 40)
            XCTAssertEqual(bound.budgets[i] == .unbounded, onStroke, "(\(i % 40), \(i / 40)): \(bound.budgets[i]), \(bound.levels[i]) levels")
        }
        let exact = ReferenceRenderer().render(frame).toRGBA8()
        let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: gpu, bound: bound))
        XCTAssertTrue(check.passed, check.failureReason ?? "")
    }
}
