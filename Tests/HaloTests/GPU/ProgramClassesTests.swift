import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
@testable import HaloPreview
import HaloTesting

/// The programs a scene's parameter values can need are listed by class, not by sampled
/// values (``PendingPrograms``, ``ProgramClasses``): every draw of every frame planned at
/// random values, times and scales is one of them; blur kernels padded to their bucket
/// draw the same texels as unpadded ones.
final class ProgramClassesTests: XCTestCase {
    /// A scene with parameters where every class flag can move: a dashed stroke whose dash
    /// and width are numbers (fine dashes at small periods) and whose cap is a choice, a
    /// paint type that is a choice, a fill that glows (no stroke), a radial fill, opacities
    /// and a background colour with alpha.
    static let dashedScene = """
    { "format": 1,
      "params": {
        "w": { "type": "number", "value": 4, "min": 0.25, "max": 30 },
        "dash": { "type": "number", "value": 6, "min": 0.1, "max": 40 },
        "cap": { "type": "choice", "value": "round", "options": ["round", "butt"] },
        "kind": { "type": "choice", "value": "capsule", "options": ["capsule", "ellipse"] },
        "gap": { "type": "number", "value": 3, "min": 0.1, "max": 10 },
        "r": { "type": "number", "value": 8, "min": 0, "max": 30 },
        "spin": { "type": "number", "value": 2, "min": 0.2, "max": 9 },
        "op": { "type": "number", "value": 1, "min": 0, "max": 1 },
        "bg": { "type": "color", "value": "#102030" },
        "c": { "type": "color", "value": "#FF8000" }
      },
      "canvas": { "width": 160, "height": 110, "scale": 1, "background": { "param": "bg" } },
      "layers": [
        { "shape": { "type": "roundedRect", "rect": [10, 10, 120, 80], "cornerRadius": { "param": "r" } },
          "stroke": { "paint": { "type": "angular", "colors": ["red", { "param": "c" }, "blue", "red"], "rotation": { "period": { "param": "spin" } } },
                      "width": { "param": "w" }, "dash": { "pattern": [{ "param": "dash" }, { "param": "gap" }], "cap": { "param": "cap" } } },
          "opacity": { "param": "op" } },
        { "shape": { "type": "ellipse", "rect": [40, 30, 70, 50] },
          "fill": { "type": "radial", "colors": [{ "param": "c" }, "#00000000"], "endRadius": 30 },
          "glow": { "radius": { "param": "r" }, "opacity": 0.7 } },
        { "shape": { "type": { "param": "kind" }, "rect": [20, 60, 90, 30] },
          "fill": { "type": "linear", "colors": ["white", { "param": "c" }], "startPoint": [0, 0], "endPoint": [1, 0] } }
      ] }
    """

    /// Random values (uniform in each range: between any samples), times and scales:
    /// every planned draw's program is listed for the scene's structural combinations.
    func testEveryPlannedDrawIsAListedProgram() throws {
        let feature = try String(contentsOf: conformanceScenesDirectory().appendingPathComponent("next/feature-params.json"), encoding: .utf8)
        for (name, text) in [("feature-params", feature), ("dashed", ProgramClassesTests.dashedScene)] {
            let document = try SceneDocument(bytes: Array(text.utf8), file: name)
            var state = ParameterState(try document.scene().parameters)
            var random = SplitMix64(seed: 7)
            var checked = 0, placedChecked = 0
            for round in 0..<200 {
                for p in state.parameters where random.next() % 2 == 0 || round == 0 { try state.set(p.name, randomValue(p, &random)) }
                let scale = [0.5, 1, 1.5, 2, 2.7][Int(random.next() % 5)], time = random.uniform() * 4
                func frame(_ values: [String: JSONValue]) throws -> Frame {
                    var s = try document.scene(values: values)
                    s.canvas.scale = scale
                    return Frame(s, time: time)
                }
                let frames = try StructuralValues.combinations(state).map { try frame($0) }
                let items = Set(PendingPrograms(listing: frames, window: true, general: false).items)
                // The general programs that serve them: a handful, whatever the values.
                let general = PendingPrograms(listing: frames, window: true, general: true)
                XCTAssertLessThanOrEqual(general.total, 16, "\(name): \(general.items)")
                let generalItems = Set(general.items)
                let f = try frame(state.overrides)
                let plan = FramePlan(f, isWindow: true,
                                     lutWidth: 8192, maxTextureSize: 16384)
                for b in plan.canvasBatches + plan.targetBatches {
                    XCTAssertTrue(items.contains(.layer(b.variant)), "\(name) round \(round): \(b.variant) with \(state.overrides)")
                    XCTAssertTrue(generalItems.contains(.layer(b.variant.general)), "\(name) round \(round): general \(b.variant)")
                    checked += 1
                }
                // Tiles placed on the GPU: the placed programs listed for a frame that can be so.
                let placedItems = Set(PendingPrograms(listing: frames, window: true, general: true, placed: true).items)
                XCTAssertLessThanOrEqual(placedItems.count, 16, "\(name): \(placedItems)")
                let placedPlan = FramePlan(f, isWindow: true, lutWidth: 8192, maxTextureSize: 16384, tilesOnGPU: true)
                for b in placedPlan.canvasBatches + placedPlan.targetBatches {
                    XCTAssertTrue(placedItems.contains(.layer(b.variant.general)), "\(name) round \(round): placed \(b.variant)")
                    if b.variant.placed { placedChecked += 1 }
                }
                for b in placedPlan.glowPages.flatMap(\.source) {
                    XCTAssertTrue(placedItems.contains(.glowSource(b.variant.general)), "\(name) round \(round): placed glow source \(b.variant)")
                }
                for page in plan.glowPages {
                    for b in page.source {
                        XCTAssertTrue(items.contains(.glowSource(b.variant)), "\(name) round \(round): glow source \(b.variant)")
                        XCTAssertTrue(generalItems.contains(.glowSource(b.variant.general)), "\(name) round \(round): general glow source")
                    }
                    for blur in page.blurs {
                        XCTAssertTrue(items.contains(.blur(pairs: blur.plan.pairs().weights.count, region: false)),
                                      "\(name) round \(round): blur of sigma \(blur.plan.sigma)")
                        XCTAssertTrue(generalItems.contains(.blur(pairs: 0, region: false)), "\(name) round \(round): general blur")
                    }
                }
            }
            XCTAssertGreaterThan(checked, 300, name)
            // feature-params' layers can always be placed (the dashed scene's only where a value turns its dashes off).
            if name == "feature-params" { XCTAssertGreaterThan(placedChecked, 100) }
        }
    }

    /// Combinations of the choices and booleans, the live values first, numbers kept.
    func testStructuralCombinationsAreEveryChoiceAndBoolean() throws {
        var state = ParameterState([
            Parameter(name: "corners", kind: .choice(options: ["a", "b", "c"]), value: .string("b")),
            Parameter(name: "w", kind: .number(min: 0, max: 9, step: nil), value: .number(3)),
            Parameter(name: "on", kind: .boolean, value: .bool(true)),
        ])
        try state.set("w", .number(5))
        let sets = StructuralValues.combinations(state)
        XCTAssertEqual(sets.first, ["w": .number(5)])
        XCTAssertEqual(sets.count, 6, "3 options x 2 booleans, the live one among them: \(sets)")
        for s in sets { XCTAssertEqual(s["w"], .number(5)) }
        let pairs = Set(sets.map { "\(($0["corners"] ?? .string("b")).jsonText)\(($0["on"] ?? .bool(true)).jsonText)" })
        XCTAssertEqual(pairs.count, 6)
        // Past the cap each is varied alone: 2^7 = 128 combinations -> 1 + 7 x 2 sets, the live one once.
        let many = ParameterState((0..<7).map { Parameter(name: "b\($0)", kind: .boolean, value: .bool(false)) })
        XCTAssertEqual(StructuralValues.combinations(many).count, 1 + 7)
    }

    /// Zero-padded blur kernels: every glow scene of the checker, byte for byte the same as
    /// with a program of the kernel's own pair count, and feature-params at a radius for each
    /// pair count that a bucket pads.
    func testPaddedBlurKernelsDrawTheSameBytes() throws {
        let renderer = try SharedGPU.renderer()
        defer { renderer.options.padsBlurKernels = true }
        let names = ["case-b21-glow-white", "case-b22-glow-large", "feature-glow-thin", "seed-gradient-button",
                     "next/case-b30-huge-glow", "next/feature-glow-fill", "next/feature-keyframes-glow", "next/feature-params",
                     "next/feature-material-button", "next/feature-text-gradient"]
        var padded = 0
        // The checker's glow scenes, and feature-params at glow radii between every bucket's.
        let params = conformanceScenesDirectory().appendingPathComponent("next/feature-params.json")
        let document = try SceneDocument(bytes: Array(try Data(contentsOf: params)), file: params.path)
        var frames = try names.map { name -> (String, Frame) in
            let (scene, background) = try loadScene(conformanceScenesDirectory().appendingPathComponent(name + ".json"))
            return (name, Frame(scene, backgroundImage: background))
        }
        // A radius for each pair count that its bucket pads (feature-params' scale is 2).
        var radii: [Int: Double] = [:]
        for r in stride(from: 0.05, through: 40, by: 0.05) {
            let plan = GlowPlan(sigma: 2 * r), n = plan.pairs(padded: false).weights.count
            if n != plan.pairs().weights.count && radii[n] == nil { radii[n] = r }
        }
        for r in radii.values.sorted() + [13, 27, 39] {
            frames.append(("feature-params glow \(r)", Frame(try document.scene(values: ["glow": .number(r)]))))
        }
        for (name, frame) in frames {
            renderer.options.padsBlurKernels = true
            let a = try renderer.render(frame)
            renderer.options.padsBlurKernels = false
            let b = try renderer.render(frame)
            XCTAssertEqual(a.pixels, b.pixels, name)
            let sigmas = frame.layers.compactMap { $0.glow?.sigma } + frame.layers.compactMap { l -> Double? in
                if case .material(let s, _, _)? = l.fill?.geometry { return s } else { return nil } }
            padded += sigmas.filter { $0 > 0 && GlowPlan(sigma: $0).pairs(padded: false).weights.count != GlowPlan(sigma: $0).pairs().weights.count }.count
        }
        XCTAssertGreaterThanOrEqual(padded, 8, "kernels whose bucket pads them: \(radii)")
    }
}

/// TestSupport's SplitMix64 with a uniform draw in [0, 1).
extension SplitMix64 {
    mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// A value of `p` drawn at random: a number uniform in its range (0...10 past an open end)
/// or one of its ends,
/// a colour of random channels and alpha, any option, either boolean.
func randomValue(_ p: Parameter, _ random: inout SplitMix64) -> JSONValue {
    switch p.kind {
    case .number(let lo, let hi, _):
        let a = lo ?? 0, b = hi ?? a + 10
        // An end a quarter of the time (a glow radius of 0 is sharp; the least dash and gap are fine dashes).
        switch random.next() % 8 { case 0: return .number(a); case 1: return .number(b); default: return .number(a + (b - a) * random.uniform()) }
    case .color:
        let c = (0..<4).map { _ in Int(random.next() % 256) }
        return .string(String(format: "#%02X%02X%02X%02X", c[0], c[1], c[2], c[3]))
    case .choice(let options):
        return .string(options[Int(random.next() % UInt64(options.count))])
    case .boolean:
        return .bool(random.next() % 2 == 0)
    }
}

extension ProgramClassesTests {
    /// Every bundled scene (the examples, the conformance scenes), had it parameters whose
    /// values may move every number: the general programs its structure can need, with the
    /// renderer's own three (resolve, canvas clear, target restore), are at most 16.
    func testEveryBundledScenesGeneralProgramsAreAtMostSixteen() throws {
        var files = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".json") }.map { "Examples/\($0)" }
        for dir in ["Tests/Fixtures/conformance/scenes", "Tests/Fixtures/conformance/scenes/next"] {
            files += try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(dir).path)
                .filter { $0.hasSuffix(".json") }.map { "\(dir)/\($0)" }
        }
        XCTAssertGreaterThan(files.count, 80)
        for file in files {
            let (scene, background) = try loadScene(repositoryRoot.appendingPathComponent(file))
            for placed in [false, true] {
                let listed = PendingPrograms(listing: [Frame(scene, time: 0.5, backgroundImage: background)], window: false, general: true, placed: placed)
                XCTAssertLessThanOrEqual(listed.total + 3, 16, "\(file)\(placed ? ", tiles placed on the GPU" : ""): \(listed.items)")
            }
        }
    }
}
