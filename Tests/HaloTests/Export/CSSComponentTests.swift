import Foundation
import XCTest
import Halo
import HaloExport
import HaloTesting

/// The HTML export as a component (docs/code-export.md "As a component"): the scene's
/// parameters as custom properties and data- attributes on its element, and setting them in
/// a browser redraws the scene as `halo render --set` draws it.
final class CSSComponentTests: XCTestCase {
    private let scenePath = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next/feature-params.json").path

    func testTheSceneElementDeclaresEachParameter() throws {
        let scene = try Halo.load(scenePath).scene
        let text = try CSSExporter(scene: scene, frozenAt: scene.time).export().text
        XCTAssertTrue(text.contains("<div class=\"h-scene\" data-halo-scene=\"feature-params\" data-corners=\"continuous\" data-unused=\"true\">"),
                      text)
        // The scene's values: numbers unitless, colours as CSS.
        for d in ["--width: 3;", "--accent: rgb(124 92 255 / 1);", "--period: 3;", "--glow: 6;", "--fade: 0.4;", "--background: rgb(13 13 26 / 1);"] {
            XCTAssertTrue(text.contains(d), "\(d) in\n\(text)")
        }
        // The header lists each parameter with its range and label.
        XCTAssertTrue(text.contains("- --width: number, 3, 0.5 to 12, step 0.5 (Border width)"), text)
        XCTAssertTrue(text.contains("- data-corners: choice, \"continuous\", one of circular | continuous"), text)
        XCTAssertTrue(text.contains("- data-unused: boolean, true (Not referred to)"), text)
    }

    /// Every referenced number and colour is read where its value flows.
    func testTheDrawingReadsTheParametersWhereTheirValuesFlow() throws {
        let scene = try Halo.load(scenePath).scene
        let text = try CSSExporter(scene: scene, frozenAt: scene.time).export().text
        for read in ["background: var(--background)", "var(--accent)", "blur(calc(var(--glow) * 1px))", "calc(var(--period) * 1s)",
                     "--h-k1: var(--fade)"] {
            XCTAssertTrue(text.contains(read), "\(read) in\n\(text)")
        }
    }

    /// In headless Chromium, each parameter set on the scene's element (a custom property by
    /// `el.style.setProperty`, a choice by its data- attribute) draws within FLIP 0.05 of the
    /// CPU's exact image of `halo render --set` with that value: the overrides the scene's
    /// description names, and each number at both ends of its range. The same export left
    /// at the scene's values is further from each of those images: the setting is what
    /// brings the drawing there.
    func testSettingAParameterInTheBrowserRedrawsAsHaloRenderSet() throws {
        guard FileManager.default.isExecutableFile(atPath: CSSParity.chromium) else {
            return XCTFail("no Chromium at \(CSSParity.chromium) (tools/setup-debian installs it; HALO_CHROMIUM names another)")
        }
        let (scene, _) = try Halo.load(scenePath)
        var settings: [(name: String, value: String, json: JSONValue, attribute: Bool)] = [
            ("width", "5", .number(5), false), ("accent", "#FF2D55", .string("#FF2D55"), false),
            ("corners", "circular", .string("circular"), true),
        ]
        for p in scene.parameters {
            guard case .number(let lo?, let hi?, _) = p.kind else { continue }
            for v in [lo, hi] { settings.append((p.name, ExportTextFormat.num(v), .number(v), false)) }
        }
        // The exact images, two at a time (the CPU reference is the test's cost).
        let exact = ResultSlots<Result<RGBA8Image, Error>>(count: settings.count)
        let time = scene.time, path = scenePath, wanted = settings.map { [$0.name: $0.json] }
        DispatchQueue.concurrentPerform(iterations: settings.count) { i in
            exact.set(i, Result {
                let (set, background) = try Halo.load(path, values: wanted[i])
                return try Halo.render(set, background: background, time: time, backend: .cpu)
            })
        }
        var cases: [CSSParity.Case] = []
        for (s, image) in zip(settings, exact.values) {
            let image = try image.get()
            cases.append(CSSParity.Case(name: "\(s.name)=\(s.value)", scene: scene, time: time, exact: image,
                                        properties: s.attribute ? [:] : [s.name: s.value], attributes: s.attribute ? [s.name: s.value] : [:]))
            cases.append(CSSParity.Case(name: "\(s.name)=\(s.value) unset", scene: scene, time: time, exact: image))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("halo-css-component-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let figures = try CSSParity.measure(cases, folder: folder)
        XCTAssertEqual(figures.count, 2 * (3 + 2 * 4), "the three overrides and both ends of four numbers, set and unset")
        for i in stride(from: 0, to: figures.count, by: 2) {
            let set = figures[i], unset = figures[i + 1]
            XCTAssertLessThanOrEqual(set.flip, 0.05, "\(set.name): FLIP")
            XCTAssertGreaterThan(unset.flip, set.flip, "\(set.name): the drawing at the scene's values is further off")
            print("\(set.name): FLIP \(set.flip) set, \(unset.flip) at the scene's values")
        }
    }
}
