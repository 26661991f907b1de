import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloReference
import HaloTesting

/// Shared cells where only glows overlap (``GlowStacks``): drawn in one pass straight into
/// the target, with the image the float canvas gives and within the certified bound.
final class GlowStacksTests: XCTestCase {
    /// Glowing capsules (160 x 48, 3 px inside rainbow borders, glow radius 8) at `xs` on a
    /// 640 x 150 canvas over `background`.
    static func buttons(_ xs: [Int], background: String = "#0D0D1A") -> Scene {
        let layers = xs.enumerated().map { SteeredGlowRenderTests.button(x: $1, angle: 37 * $0) }.joined(separator: ", ")
        let json = """
            { "format": 1, "canvas": { "width": 640, "height": 150, "scale": 1, "background": "\(background)" },
              "layers": [ \(layers) ] }
            """
        return try! SceneDecoder.decode(Data(json.utf8))
    }

    private func plan(_ scene: Scene, stacks: Bool = true) -> FramePlan {
        FramePlan(Frame(scene, time: 0.5), gridOffset: (0, 0), isWindow: false, lutWidth: 8192, maxTextureSize: 16384, stacksGlows: stacks)
    }

    /// Per cell, the layers whose tiles lie in it and whether all of those tiles are glow only.
    private func cellContents(_ p: FramePlan) -> (layers: [Set<Int>], glowOnly: [Bool]) {
        let n = p.grid.columns * p.grid.rows
        var layers = [Set<Int>](repeating: [], count: n), glowOnly = [Bool](repeating: true, count: n)
        for (k, l) in p.layers.enumerated() {
            for t in l.tiles.cells {
                layers[t.index].insert(k)
                if t.group.edge || t.group.fill || t.group.stroke { glowOnly[t.index] = false }
            }
        }
        return (layers, glowOnly)
    }

    func testCellsWhereOnlyGlowsOverlapAreStackedAndLeaveTheCanvas() {
        // 32 px between the buttons: their glows (3 sigma = 24 px) overlap in the gap.
        let p = plan(Self.buttons([24, 216, 408]))
        let (layers, glowOnly) = cellContents(p)
        XCTAssertGreaterThan(p.stacks.count, 0)
        for c in layers.indices {
            let sharedGlows = layers[c].count >= 2 && layers[c].count <= GlowStacks.maxLayers && glowOnly[c]
            XCTAssertEqual(p.stacks.stacked[c], sharedGlows, "cell \(c): layers \(layers[c].sorted()), glow only \(glowOnly[c])")
            if p.stacks.stacked[c] { XCTAssertEqual(p.touches[c], 1, "a stacked cell is neither cleared in the canvas nor resolved") }
        }
        // No layer draws a tile of its own in a stacked cell.
        let drawn = (p.targetBatches + p.canvasBatches).flatMap { b in
            stride(from: 0, to: b.instances.count, by: FramePlan.floatsPerInstance).map { p.grid.cell(Int(b.instances[$0]), Int(b.instances[$0 + 1])) }
        }
        XCTAssertFalse(drawn.contains { p.stacks.stacked[$0] })
    }

    func testACellWhereABorderMeetsAnotherGlowKeepsTheCanvas() {
        // 8 px between the buttons: the second's border lies in the first's glow.
        let p = plan(Self.buttons([24, 192]))
        let (layers, glowOnly) = cellContents(p)
        let mixed = layers.indices.filter { layers[$0].count >= 2 && !glowOnly[$0] }
        XCTAssertFalse(mixed.isEmpty)
        for c in mixed {
            XCTAssertFalse(p.stacks.stacked[c])
            XCTAssertEqual(p.touches[c], 2)
        }
    }

    func testWithoutStacksEverySharedCellGoesThroughTheCanvas() {
        let p = plan(Self.buttons([24, 216, 408]), stacks: false)
        XCTAssertEqual(p.stacks.count, 0)
        XCTAssertTrue(p.touches.contains(2))
    }

    /// The stack does the canvas's sums in the same order, rounded once: on llvmpipe the same
    /// bytes here (its fused multiply-adds may round apart from the blend unit's at a tie:
    /// one pixel of the 1920 x 1080 100-button grid, a level, within the bound there).
    func testStackedCellsHaveTheCanvasBytes() throws {
        let renderer = try SharedGPU.renderer()
        defer { renderer.stacksGlows = true }
        for background in ["#0D0D1A", "#0D0D1A80"] {
            let frame = Frame(Self.buttons([24, 216, 408], background: background), time: 0.5)
            renderer.stacksGlows = true
            let stacked = try renderer.render(frame)
            renderer.stacksGlows = false
            let canvas = try renderer.render(frame)
            XCTAssertEqual(stacked.pixels, canvas.pixels, "background \(background)")
        }
    }

    func testStackedFramesAreWithinTheCertifiedBound() throws {
        for background in ["#0D0D1A", "#0D0D1A80"] {
            let frame = Frame(Self.buttons([24, 216, 408], background: background), time: 0.5)
            XCTAssertGreaterThan(plan(Self.buttons([24, 216, 408], background: background)).stacks.count, 0)
            let gpu = try SharedGPU.renderer().render(frame)
            let exact = ReferenceRenderer().render(frame).toRGBA8()
            let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: gpu, bound: ErrorBound(frame: frame, image: gpu)))
            XCTAssertTrue(check.passed, check.failureReason ?? "")
        }
    }

    /// Stacks drawn beside a canvas drawn in bands of 16 rows: the image of the whole canvas.
    func testStacksBesideABandedCanvasGiveTheWholeCanvassImage() throws {
        // The first two buttons 8 px apart (their shared cells need the canvas), the third
        // 48 px beyond (glows alone between them: stacks).
        let frame = Frame(Self.buttons([24, 192, 400]), time: 0.5)
        let p = plan(Self.buttons([24, 192, 400]))
        XCTAssertGreaterThan(p.stacks.count, 0)
        XCTAssertGreaterThanOrEqual(GLRenderer.canvasBands(p, limit: frame.width * 16 * 16, whole: 0)?.count ?? 0, 2, "the canvas in bands")
        let (whole, banded) = try CanvasBandTests.wholeAndBanded(frame, stacksGlows: true)
        try CanvasBandTests.assertAlike(whole, banded)
    }

    /// Five small glows meeting in one cell: more than a stack holds, so the canvas.
    func testFiveGlowsInACellKeepTheCanvas() throws {
        let dots = [(20, 20), (36, 20), (20, 36), (36, 36), (28, 28)].map { x, y in
            """
            { "shape": { "type": "ellipse", "rect": [\(x - 2), \(y - 2), 4, 4] }, "stroke": { "paint": { "type": "solid", "color": "white" },
              "width": 1, "alignment": "inside" }, "glow": { "radius": 6, "opacity": 0.8 } }
            """
        }.joined(separator: ", ")
        let json = """
            { "format": 1, "canvas": { "width": 64, "height": 64, "scale": 1, "background": "#000000" }, "layers": [ \(dots) ] }
            """
        let p = plan(try SceneDecoder.decode(Data(json.utf8)))
        let (layers, glowOnly) = cellContents(p)
        let crowded = layers.indices.filter { layers[$0].count > GlowStacks.maxLayers && glowOnly[$0] }
        XCTAssertFalse(crowded.isEmpty)
        for c in crowded { XCTAssertFalse(p.stacks.stacked[c]) }
    }
}
