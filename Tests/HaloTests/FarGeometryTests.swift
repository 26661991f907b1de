import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
import HaloCore
import HaloGL
import HaloReference

/// Geometry far larger than the canvas (finite numbers the format allows: a line height of
/// 1e300, an ellipse 1e19 pt wide with a path paint) is drawn by the GPU, not refused and
/// never a trap: within a level of the CPU reference, or within its certified bound where
/// float32 cannot resolve the geometry (the bound then says so).
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

    func testAPathPaintOnAHugeEllipseIsDrawnOnTheGPU() throws {
        try assertGPUWithinCertifiedBound("""
            { "format": 1, "canvas": { "width": 40, "height": 40, "background": "black" },
              "layers": [ { "shape": { "type": "ellipse", "rect": [0, 0, 1e19, 30] },
                            "stroke": { "paint": { "type": "path", "colors": ["red", "blue"] }, "width": 3 } } ] }
            """)
    }
}
