import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloTesting

/// Tiles placed on the GPU (``TilePlacement/gpu``): the CPU hands over one instance a layer,
/// in one draw a run of layers of one program, layer order kept where draws overlap, and
/// frames the vertex stage cannot place stay on the CPU.
final class PlacedTilesPlanTests: XCTestCase {
    private func placedPlan(_ frame: Frame) -> FramePlan {
        FramePlan(frame, isWindow: false, lutWidth: 8192, maxTextureSize: 16384, tilesOnGPU: true)
    }

    private func layer(_ x: Double, _ y: Double, angular: Bool) -> Layer {
        let paint = angular
            ? Paint(.angular(center: UnitPoint(0.5, 0.5), angle: 0, startAngle: 0, endAngle: 360), stops: Paint.evenStops([RGBA(1, 0, 0), RGBA(0, 0, 1), RGBA(1, 0, 0)]))
            : Paint.solid(RGBA(1, 1, 1))
        return Layer(shape: Shape(kind: .capsule, rect: Rect(x, y, 80, 30)), fill: .solid(RGBA(0.1, 0.1, 0.2)),
                     stroke: Stroke(paint: paint, width: 3, alignment: .inside))
    }

    private func frame(_ layers: [Layer]) -> Frame {
        Frame(Scene(canvas: Canvas(width: 400, height: 200, background: .color(RGBA(0.05, 0.05, 0.1))), layers: layers))
    }

    func testTheThousandRectsAreOneInstanceALayerInOneDraw() throws {
        let (scene, _) = try loadScene(repositoryRoot.appendingPathComponent("tools/bench-scenes/grid-1000-rects.json"))
        let plan = placedPlan(Frame(scene, time: 0.5))
        XCTAssertTrue(plan.placed)
        XCTAssertEqual(plan.canvasBatches.count, 1)
        XCTAssertTrue(plan.targetBatches.isEmpty)
        XCTAssertEqual(plan.canvasBatches[0].tileCount, 1000, "one instance a layer")
        XCTAssertEqual(plan.canvasBatches[0].layers, 1000)
        // A 40 x 32 pt rect at the scene's scale reaches at most 4 x 4 cells of 16 px, and a
        // cell more on each axis where it straddles the grid.
        let s = scene.canvas.scale
        XCTAssertLessThanOrEqual(plan.canvasBatches[0].placedTiles, (Int((40 * s + 2) / 16) + 2) * (Int((32 * s + 2) / 16) + 2))
        XCTAssertEqual(plan.draws, 2, "the layers' draw and the resolve")
        XCTAssertEqual(plan.resolveRects, [0, 0, Float(plan.width), Float(plan.height), 0, 0, 0, 0])
    }

    func testTheGridsGlowSourcesAreOneInstanceAGlowInOneDraw() throws {
        let (scene, _) = try loadScene(repositoryRoot.appendingPathComponent("tools/bench-scenes/grid-100-buttons.json"))
        let plan = placedPlan(Frame(scene, time: 0.5))
        XCTAssertTrue(plan.placed)
        let sources = plan.glowPages.flatMap(\.source)
        XCTAssertEqual(sources.count, 1)
        XCTAssertTrue(sources[0].variant.placed)
        XCTAssertEqual(sources[0].tileCount, 100, "one instance a glow: its whole region in the atlas")
        // Each instance is its glow's region at its atlas place, the tiles the vertex stage cuts.
        for (n, layer) in plan.layers.enumerated() {
            let r = layer.glowRegion, a = layer.atlas, i = sources[0].instances[(n * FramePlan.floatsPerInstance)...]
            XCTAssertEqual(Array(i.prefix(4)), [Float(a.x), Float(a.y), Float(a.x + r.gw), Float(a.y + r.gh)])
            XCTAssertEqual(i.dropFirst(6).first, Float(n), "its layer's row")
            let side = Double(LayerTiles.size)
            XCTAssertLessThanOrEqual(((Double(r.gw) / side).rounded(.up)) * ((Double(r.gh) / side).rounded(.up)), Double(sources[0].placedTiles))
        }
    }

    func testALayerJoinsAnEarlierDrawOfItsProgramUnlessADrawBetweenReachesIt() {
        // A and C share a program; B, another, overlaps A. C far from B joins A's draw.
        let apart = placedPlan(frame([layer(10, 10, angular: true), layer(60, 20, angular: false), layer(250, 120, angular: true)]))
        XCTAssertEqual(apart.canvasBatches.map(\.layers), [2, 1])
        XCTAssertEqual(apart.canvasBatches[0].instances[6 ..< 7].first, 0)
        XCTAssertEqual(apart.canvasBatches[0].instances[14], 2, "C's row follows A's in the first draw")
        // C over B: drawn after B, in a draw of its own.
        let over = placedPlan(frame([layer(10, 10, angular: true), layer(60, 20, angular: false), layer(100, 30, angular: true)]))
        XCTAssertEqual(over.canvasBatches.map(\.layers), [1, 1, 1])
        XCTAssertEqual(over.canvasBatches.map { $0.instances[6] }, [0, 1, 2], "layer order")
    }

    func testAFrameWithADashedStrokeIsPlacedOnTheCPU() {
        var dashed = layer(10, 10, angular: false)
        dashed.stroke?.dash = Dash(pattern: [6, 4])
        let plan = placedPlan(frame([layer(200, 10, angular: true), dashed]))
        XCTAssertFalse(plan.placed)
        XCTAssertTrue(plan.canvasBatches.allSatisfy { !$0.variant.placed } && plan.targetBatches.allSatisfy { !$0.variant.placed })
        XCTAssertTrue(placedPlan(frame([layer(200, 10, angular: true)])).placed)
    }
}
