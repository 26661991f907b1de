import Foundation
import XCTest
@testable import HaloPreview

/// The preview window's parts side by side: the column beside the canvas's area, the banner
/// above the canvas and the timeline below it, each as wide as that area, none overlapping.
final class WindowLayoutTests: XCTestCase {
    private func assertApart(_ a: WindowLayout.Area, _ b: WindowLayout.Area, _ what: String, line: UInt = #line) {
        let apart = a.width == 0 || a.height == 0 || b.width == 0 || b.height == 0
            || a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
        XCTAssertTrue(apart, "\(what): \(a) overlaps \(b)", line: line)
    }

    private func canvasArea(_ c: PreviewLayout) -> WindowLayout.Area { .init(x: c.originX, y: c.originY, width: c.width, height: c.height) }

    /// A framebuffer of the canvas's own pixels plus the column draws the canvas at the
    /// scene's own scale, its pixels one for one, with the column to its right.
    func testAWindowGrownByTheColumnKeepsTheCanvasAtItsOwnSize() throws {
        let l = WindowLayout(points: (160, 100), framebuffer: (320 + 300, 200), maxSide: 16384, columnWidth: 300)
        let c = try XCTUnwrap(l.canvas)
        XCTAssertEqual(c.scale, 2)
        XCTAssertEqual([c.originX, c.originY, c.width, c.height], [0, 0, 320, 200])
        XCTAssertEqual(l.column, .init(x: 320, y: 0, width: 300, height: 200))
        assertApart(canvasArea(c), l.column, "canvas and column")
    }

    /// A banner takes the top of the canvas's area (as wide as it, never under the column);
    /// the canvas scales down to fit below it, at whole pixels, centred.
    func testTheBannerSpansTheCanvasAreaAndTheCanvasScalesDownBelowIt() throws {
        let l = WindowLayout(points: (160, 100), framebuffer: (620, 254), maxSide: 16384, columnWidth: 300, bannerHeight: 71)
        XCTAssertEqual(l.banner, .init(x: 0, y: 0, width: 320, height: 71))
        let c = try XCTUnwrap(l.canvas)
        // The fit min(320 / 160, 183 / 100) = 1.83, at whole pixels (k / gcd(160, 100) = k / 20) 36 / 20 = 1.8.
        XCTAssertEqual(c.scale, 1.8)
        XCTAssertEqual([c.width, c.height], [288, 180])
        XCTAssertEqual([c.originX, c.originY], [16, 72])         // (320 - 288) / 2, 71 + (183 - 180) / 2
        for (part, name) in [(l.banner, "banner"), (l.column, "column")] { assertApart(canvasArea(c), part, "canvas and \(name)") }
        assertApart(l.banner, l.column, "banner and column")
    }

    /// The timeline is the bottom of the canvas's area; the canvas sits above it.
    func testTheTimelineIsBelowTheCanvas() throws {
        let l = WindowLayout(points: (340, 144), framebuffer: (680, 298), maxSide: 16384, timelineHeight: 10)
        XCTAssertEqual(l.timeline, .init(x: 0, y: 288, width: 680, height: 10))
        let c = try XCTUnwrap(l.canvas)
        XCTAssertEqual([c.originX, c.originY, c.width, c.height, Int(c.scale)], [0, 0, 680, 288, 2])
        assertApart(canvasArea(c), l.timeline, "canvas and timeline")
    }

    /// Parts larger than the framebuffer are cut to it (the column first) and leave no canvas.
    func testPartsAreCutToTheFramebuffer() {
        let l = WindowLayout(points: (160, 100), framebuffer: (200, 100), maxSide: 16384, columnWidth: 300, bannerHeight: 500)
        XCTAssertEqual(l.column, .init(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual([l.banner.width, l.canvasArea.width], [0, 0])
        XCTAssertNil(l.canvas)
        XCTAssertNil(WindowLayout(points: (160, 100), framebuffer: (0, 0), maxSide: 16384).canvas, "a minimised window")
    }
}
