import Foundation
import XCTest
@testable import Halo
@testable import HaloPreview

/// The panel's HiDPI scale (``PanelScale``).
final class PanelScaleTests: XCTestCase {
    func testThePanelScaleIsTheContentScaleOverTheFramebuffersOwnScale() {
        // X11 (and Xvfb): the framebuffer is the window; the monitor's DPI gives the content scale.
        XCTAssertEqual(PanelScale.uiScale(contentScale: 1, framebuffer: (800, 600), window: (800, 600)), 1)
        XCTAssertEqual(PanelScale.uiScale(contentScale: 2, framebuffer: (1600, 1200), window: (1600, 1200)), 2)
        XCTAssertEqual(PanelScale.uiScale(contentScale: 1.5, framebuffer: (1200, 900), window: (1200, 900)), 1.5)
        // Wayland, macOS: a 2x framebuffer already doubles ImGui's window coordinates.
        XCTAssertEqual(PanelScale.uiScale(contentScale: 2, framebuffer: (1600, 1200), window: (800, 600)), 1)
        // A fractional 1.5 content scale with the compositor scaling by 2 (then down): 1.5 / 2.
        XCTAssertEqual(PanelScale.uiScale(contentScale: 1.5, framebuffer: (1600, 1200), window: (800, 600)), 0.75)
        // A minimised window (0 x 0) keeps the content scale; a bogus scale is 1; the least is 0.25.
        XCTAssertEqual(PanelScale.uiScale(contentScale: 2, framebuffer: (0, 0), window: (0, 0)), 2)
        XCTAssertEqual(PanelScale.uiScale(contentScale: 0, framebuffer: (800, 600), window: (800, 600)), 1)
        XCTAssertEqual(PanelScale.uiScale(contentScale: .nan, framebuffer: (800, 600), window: (800, 600)), 1)
        XCTAssertEqual(PanelScale.uiScale(contentScale: 0.1, framebuffer: (800, 600), window: (800, 600)), 0.25)
        // A framebuffer smaller than the window (never seen; not a reason to enlarge).
        XCTAssertEqual(PanelScale.uiScale(contentScale: 1, framebuffer: (400, 300), window: (800, 600)), 1)
    }
}
