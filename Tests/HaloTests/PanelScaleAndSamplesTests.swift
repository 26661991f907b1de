import Foundation
import XCTest
@testable import Halo
@testable import HaloPreview

/// The panel's HiDPI scale (``PanelScale``), and the parameter values the preview draws at
/// load so that a value set later compiles nothing (``ParameterSamples``).
final class PanelScaleAndSamplesTests: XCTestCase {
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

    func testChoicesAndBooleansAreSampledAtEveryValue() {
        let choice = Parameter(name: "corners", kind: .choice(options: ["a", "b", "c"]), value: .string("b"))
        XCTAssertEqual(ParameterSamples.values(choice), [.string("a"), .string("b"), .string("c")])
        let flag = Parameter(name: "on", kind: .boolean, value: .bool(true))
        XCTAssertEqual(ParameterSamples.values(flag), [.bool(false), .bool(true)])
        XCTAssertEqual(ParameterSamples.values(Parameter(name: "c", kind: .color, value: .string("red"))), [])
    }

    func testASteppedRangeIsSampledAtEveryStepAndAnUnsteppedOneEvenly() {
        // 0.5...12 by 0.5: 24 values, both ends included.
        let width = Parameter(name: "width", kind: .number(min: 0.5, max: 12, step: 0.5), value: .number(3))
        XCTAssertEqual(ParameterSamples.values(width), (1...24).map { .number(Double($0) * 0.5) })
        // 0...10 by 3: 0, 3, 6, 9 and the end 10.
        let odd = Parameter(name: "n", kind: .number(min: 0, max: 10, step: 3), value: .number(3))
        XCTAssertEqual(ParameterSamples.values(odd), [0, 3, 6, 9, 10].map { .number($0) })
        // 0...40 without a step (or with one too fine): 33 values 1.25 apart.
        let glow = Parameter(name: "glow", kind: .number(min: 0, max: 40, step: nil), value: .number(6))
        XCTAssertEqual(ParameterSamples.values(glow), (0..<33).map { .number(Double($0) * 1.25) })
        let fine = Parameter(name: "glow", kind: .number(min: 0, max: 40, step: 0.01), value: .number(6))
        XCTAssertEqual(ParameterSamples.values(fine).count, ParameterSamples.spanSamples)
    }

    func testANumberWithAnOpenEndIsSampledAroundItsLiveValueInsideItsEnd() {
        let p = Parameter(name: "speed", kind: .number(min: 1, max: nil, step: nil), value: .number(4))
        // 0, 2, 8, 3, 5 around 4; 0 clamped up to the min 1.
        XCTAssertEqual(ParameterSamples.values(p), [1, 2, 8, 3, 5].map { .number($0) })
        XCTAssertEqual(ParameterSamples.values(p, live: .number(10)), [1, 5, 20, 9, 11].map { .number($0) })
    }

    func testEachSetChangesOneParameterFromTheLiveValues() throws {
        var state = ParameterState([
            Parameter(name: "corners", kind: .choice(options: ["a", "b"]), value: .string("a")),
            Parameter(name: "tint", kind: .color, value: .string("red")),
            Parameter(name: "on", kind: .boolean, value: .bool(true)),
        ])
        try state.set("tint", .string("blue"))
        let sets = ParameterSamples.sets(state)
        // The live values are not sampled again: corners b, on false; each over the live tint.
        XCTAssertEqual(sets, [["tint": .string("blue"), "corners": .string("b")], ["tint": .string("blue"), "on": .bool(false)]])
        // Capped: 300 options give maxSets sets.
        let many = ParameterState([Parameter(name: "c", kind: .choice(options: (0..<300).map { "o\($0)" }), value: .string("o0"))])
        XCTAssertEqual(ParameterSamples.sets(many).count, ParameterSamples.maxSets)
    }
}
