import Foundation
import XCTest
@testable import HaloExport
import Halo

/// The numbers the exporters write, checked against their sources: the scene format's
/// definitions (docs/scene-format.md), CSS Images 3/4 and Filter Effects 1, and SwiftUI's
/// documented conventions.
final class CodeExportMappingTests: XCTestCase {
    private func sheet() -> CSSSheet { CSSSheet(prefix: "t-", frozenAt: nil) }

    /// CSS Images 3 "linear-gradient()": the gradient line runs through the box's centre at the
    /// angle (0deg up, clockwise), length L = W |sin a| + H |cos a|, and a stop at q px lies at
    /// q / L of it. Evaluating the exported stops that way must give the format's t at any point.
    func testLinearStopsReproduceTheFormatsParameter() throws {
        let rect = Rect(30, 20, 200, 80), box = Rect(27, 17, 206, 86)
        for (s, e) in [(UnitPoint(0, 0), UnitPoint(1, 1)), (UnitPoint(0.2, 0.9), UnitPoint(0.7, 0.1)), (UnitPoint(0.5, 0), UnitPoint(0.5, 1))] {
            let paint = Paint(.linear(start: s, end: e), stops: [ColorStop(color: RGBA(0, 0, 0), location: 0), ColorStop(color: RGBA(1, 1, 1), location: 1)])
            let decl = CSSPaint(sheet: sheet(), paint: paint, rect: rect, box: box).linear(s, e)[0]
            let numbers = decl.split(whereSeparator: { " (),".contains($0) }).compactMap { Double($0.replacingOccurrences(of: "px", with: "").replacingOccurrences(of: "deg", with: "")) }
            // linear-gradient(A deg, rgb(0 0 0 / 1) Q0px, rgb(255 255 255 / 1) Q1px)
            let a = numbers[0] * .pi / 180, q0 = numbers[5], q1 = numbers[10]
            let dir = Vec2(sin(a), -cos(a))
            let L = box.w * abs(sin(a)) + box.h * abs(cos(a))
            let sp = Vec2(rect.x + s.u * rect.w, rect.y + s.v * rect.h), ep = Vec2(rect.x + e.u * rect.w, rect.y + e.v * rect.h)
            for p in [Vec2(40, 30), Vec2(120, 60), Vec2(200, 95)] {
                let q = dot(p - Vec2(box.x + box.w / 2, box.y + box.h / 2), dir) + L / 2
                let css = (q - q0) / (q1 - q0)
                let halo = dot(p - sp, ep - sp) / dot(ep - sp, ep - sp)
                XCTAssertEqual(css, halo, accuracy: 2e-4, "\(s) -> \(e) at \(p)")
            }
        }
    }

    /// The format's angles run clockwise from +x (SwiftUI's convention); CSS conic-gradient's
    /// `from` runs clockwise from up: from = angle + startAngle + 90 (docs/scene-format.md "Units").
    func testConicFromIsTheAnglePlusNinetyAndSwiftUIKeepsIt() {
        let paint = Paint(.angular(center: UnitPoint(0.25, 0.5), angle: 30, startAngle: 10, endAngle: 280),
                          stops: Paint.evenStops([RGBA(1, 0, 0), RGBA(0, 0, 1)]))
        let css = CSSPaint(sheet: sheet(), paint: paint, rect: Rect(0, 0, 100, 40), box: Rect(0, 0, 100, 40)).declarations()![0]
        XCTAssertTrue(css.contains("from 130deg at 25px 20px"), css)
        // The partial sweep's gap: last colour to its middle, first after (270 + 90 / 2 = 315).
        XCTAssertTrue(css.contains("rgb(0 0 255 / 1) 315deg, rgb(255 0 0 / 1) 315deg"), css)
        let swift = SwiftUIPaint.expression(paint, rect: Rect(0, 0, 100, 40)) { _ in }!
        XCTAssertTrue(swift.contains("startAngle: .degrees(40 + 0), endAngle: .degrees(310 + 0)"), swift)
        XCTAssertTrue(swift.contains("center: UnitPoint(x: 0.25, y: 0.5)"), swift)
    }

    /// Radial stops are distances from the centre in px: r0 + l (r1 - r0); reversed radii reverse the list.
    func testRadialStopsAreRadii() {
        let paint = Paint(.radial(center: UnitPoint(0.5, 0.5), startRadius: 40, endRadius: 10),
                          stops: [ColorStop(color: RGBA(1, 0, 0), location: 0), ColorStop(color: RGBA(0, 0, 1), location: 0.5)])
        let css = CSSPaint(sheet: sheet(), paint: paint, rect: Rect(0, 0, 100, 100), box: Rect(0, 0, 100, 100)).declarations()![0]
        XCTAssertTrue(css.contains("circle 40px at 50px 50px, rgb(0 0 255 / 1) 25px, rgb(255 0 0 / 1) 40px"), css)
    }

    /// CSS Filter Effects 1: blur(<length>) is the Gaussian's standard deviation, as the format's
    /// glow radius is; SwiftUI's .blur(radius:) is given the same number.
    func testGlowRadiusIsTheStandardDeviation() throws {
        let layer = Layer(shape: Shape(kind: .capsule, rect: Rect(10, 10, 100, 40)),
                          stroke: Stroke(paint: .solid(RGBA(1, 1, 1)), width: 2), glow: Glow(radius: 12, opacity: 0.8))
        let scene = Scene(canvas: Canvas(width: 120, height: 60), layers: [layer])
        let html = try CSSExporter(scene: scene).export().text
        XCTAssertTrue(html.contains("filter: blur(12px); opacity: 0.8"), html)
        let swift = try SwiftUIExporter(scene: scene, typeName: "G").export().text
        XCTAssertTrue(swift.contains(".blur(radius: 12).opacity(0.8)"), swift)
    }

    /// The continuous corner's path is the format's table: K + R (a A + b B) for each control point.
    func testContinuousCornerPathIsTheFormatsTable() {
        let shape = Shape(kind: .roundedRect, rect: Rect(0, 0, 200, 100), cornerRadii: [20, 20, 20, 20], cornerStyle: .continuous)
        let d = OutlinePath(shape).svg
        // Top right corner, K = (200, 0), A = (-1, 0), B = (0, 1): the side ends at a = 1.52866483,
        // cubic 1's first control point is a = 1.08849299.
        XCTAssertTrue(d.hasPrefix("M30.5733 0L169.4267 0C178.2301 0 182.6319 0 186.6013 1.3099"), d)
        // Continuous radii are limited to min(w, h) / (2 x 1.52866483).
        XCTAssertEqual(OutlinePath(Shape(kind: .roundedRect, rect: Rect(0, 0, 200, 100), cornerRadii: [90, 90, 90, 90],
                                         cornerStyle: .continuous)).radii[0], 100 / (2 * 1.52866483), accuracy: 1e-9)
    }

    /// Interpolation spaces: CSS Images 4 `in oklab` / `in srgb-linear`, nothing for sRGB (the default).
    func testInterpolationSpaceIsWrittenOut() {
        for (space, text) in [(Interpolation.oklab, " in oklab"), (.linear, " in srgb-linear"), (.srgb, "")] {
            let paint = Paint(.linear(start: UnitPoint(0, 0), end: UnitPoint(1, 0)), stops: Paint.evenStops([RGBA(1, 0, 0), RGBA(0, 0, 1)]),
                              interpolation: space)
            XCTAssertEqual(CSSPaint(sheet: sheet(), paint: paint, rect: Rect(0, 0, 10, 10), box: Rect(0, 0, 10, 10)).space, text)
        }
        XCTAssertEqual(ExportText.css(RGBA(1, 0.5, 0, 0.5)), "rgb(255 127.5 0 / 0.5)")
    }

    /// A frozen export starts each animation T seconds early and pauses it (CSS Animations 1:
    /// a negative animation-delay starts part-way through); a delay d becomes d - T.
    func testFrozenTimeIsANegativeDelay() {
        let s = CSSSheet(prefix: "t-", frozenAt: 1.25)
        let decl = s.animation("k", duration: 3, timing: .easeInOut, delay: 0.5, alternate: true)
        XCTAssertEqual(decl, ["animation: k 3s cubic-bezier(0.42, 0, 0.58, 1) -0.75s infinite alternate both", "animation-play-state: paused"])
    }

    /// SwiftUI unit points and radii are the format's own numbers; corners keep their order.
    func testSwiftUIShapesKeepTheFormatsNumbers() throws {
        let layer = Layer(shape: Shape(kind: .roundedRect, rect: Rect(5, 6, 50, 40), cornerRadii: [1, 2, 3, 4], cornerStyle: .continuous),
                          fill: Paint(.linear(start: UnitPoint(0.1, 0.2), end: UnitPoint(0.9, 0.8)), stops: Paint.evenStops([RGBA(1, 0, 0), RGBA(0, 1, 0)])))
        let swift = try SwiftUIExporter(scene: Scene(canvas: Canvas(width: 60, height: 50), layers: [layer]), typeName: "S").export().text
        XCTAssertTrue(swift.contains("UnevenRoundedRectangle(topLeadingRadius: 1, bottomLeadingRadius: 4, bottomTrailingRadius: 3, topTrailingRadius: 2, style: .continuous)"), swift)
        XCTAssertTrue(swift.contains("startPoint: UnitPoint(x: 0.1, y: 0.2), endPoint: UnitPoint(x: 0.9, y: 0.8)"), swift)
        // Framed at the rect's size, its centre (30, 26) placed in the 60 x 50 canvas.
        XCTAssertTrue(swift.contains(".frame(width: 50, height: 40)\n            .position(x: 30, y: 26)"), swift)
    }

    /// A keyframe track as a CSS animation: a registered, inherited property, keyframes at the
    /// track's times as percentages of its last time, the timing per segment, `reverse` as
    /// infinite alternate, the delay less the frozen time; SwiftUI reads it through haloKeyframe.
    func testKeyframesBecomeAnimationsOfTheirTimes() throws {
        let path = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next/feature-keyframes-glow.json").path
        let scene = try Halo.load(path).scene
        let css = try CSSExporter(scene: scene, frozenAt: 1.3).fragment().css
        // "radius": { "keyframes": [[0, 2], [1, 8]], "timing": "easeInOut", "repeat": "reverse" }
        XCTAssertTrue(css.contains("syntax: '<number>'; inherits: true; initial-value: 2;"), css)
        XCTAssertNotNil(css.range(of: #"100% \{ --h-k\d+: 8 \}"#, options: .regularExpression), css)
        XCTAssertTrue(css.contains("1s cubic-bezier(0.42, 0, 0.58, 1) -1.3s infinite alternate both"), css)
        // "opacity": [[0, 0.3], [0.5, 1], [1, 0.3]], loop: the middle keyframe at 50%.
        XCTAssertNotNil(css.range(of: #"50% \{ --h-k\d+: 1 \}"#, options: .regularExpression), css)
        XCTAssertTrue(css.contains("filter: blur(calc(var(--h-k"), css)
        let swift = try SwiftUIExporter(scene: scene, typeName: "K").export().text
        XCTAssertTrue(swift.contains("haloKeyframe(t, values: [2, 8], times: [0, 1], timing: [0.42, 0, 0.58, 1], repeats: 2, delay: 0)"), swift)
    }

    /// Type names come from file names and never hide a type the file uses.
    func testTypeNamesAvoidSwiftUIsOwn() {
        XCTAssertEqual(SwiftUIExporter.typeName(for: "Examples/gradient-border-button.json"), "GradientBorderButton")
        XCTAssertEqual(SwiftUIExporter.typeName(for: "ellipse.json"), "EllipseScene")
        XCTAssertEqual(SwiftUIExporter.typeName(for: "3-up.json"), "Scene3Up")
    }
}
