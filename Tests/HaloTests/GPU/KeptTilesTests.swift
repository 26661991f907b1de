import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloTesting

/// Frames that draw only the cells whose tile draws changed (``KeptTiles``): the image is
/// the full redraw's, bit for bit.
final class KeptTilesTests: XCTestCase {
    /// Renders `frames` (in order) keeping cells, and checks each image against the same
    /// frame drawn whole on the same renderer; the frame before's kept state is put back
    /// after each full draw (the target then holds the full draw, which the kept draw must
    /// have equalled). Returns the cells each kept frame drew (nil: all).
    @discardableResult
    private func checkKept(_ frames: [Frame], _ name: String) throws -> [(cells: Int, of: Int)?] {
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.keepsUnchangedCells = true }
        // Every program compiled first: a frame that compiles one draws every cell.
        gpu.options.keepsUnchangedCells = false
        for frame in frames { _ = try gpu.render(frame) }
        gpu.keptTiles.reset()
        var drawn: [(cells: Int, of: Int)?] = []
        for (k, frame) in frames.enumerated() {
            gpu.options.keepsUnchangedCells = true
            let kept = try gpu.render(frame)
            drawn.append(gpu.keptTiles.drawnLastFrame)
            let state = gpu.keptTiles
            gpu.options.keepsUnchangedCells = false
            let full = try gpu.render(frame)
            gpu.keptTiles = state
            let diff = try XCTUnwrap(ImageComparison(kept, full))
            XCTAssertEqual(diff.maxDifference, 0, "\(name) frame \(k): \(diff.percentOver(0))% of pixels differ")
        }
        return drawn
    }

    private func example(_ name: String) throws -> (scene: Scene, background: RGBA8Image?) {
        try Halo.load(repositoryRoot.appendingPathComponent("Examples/\(name)").path)
    }

    /// The bench's bottom sheet over its photo: the border's gradient walks, the translucent
    /// fill does not, so the second frame on draws the border's cells alone.
    func testTheBottomSheetKeepsItsFillAndDrawsTheSameImages() throws {
        let (scene, bg) = try Halo.load(repositoryRoot.appendingPathComponent("tools/bench-scenes/bottom-sheet.json").path)
        let frames = (0..<4).map { Frame(scene, time: 1 + Double($0) / 60, backgroundImage: bg) }
        let drawn = try checkKept(frames, "bottom sheet")
        XCTAssertNil(drawn[0], "the first frame draws every cell")
        for d in drawn.dropFirst() {
            let d = try XCTUnwrap(d, "a later frame keeps cells")
            XCTAssertLessThan(Double(d.cells), 0.5 * Double(d.of), "the fill's inner cells are kept")
        }
    }

    /// Every example, animated over four frames: kept cells never show.
    func testEveryExampleAnimatesToTheSameImagesWithCellsKept() throws {
        let dir = repositoryRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let (scene, bg) = try example(name)
            let t = scene.effectiveTime()
            try checkKept((0..<4).map { Frame(scene, time: t + Double($0) / 60, backgroundImage: bg) }, name)
        }
    }

    /// Random scenes, each over three frames and one after another on the same renderer.
    func testRandomScenesAnimateToTheSameImagesWithCellsKept() throws {
        var frames: [Frame] = []
        for seed in UInt64(1)...12 {
            let scene = try SceneDecoder.decode(Data(RandomScene.json(seed: seed).utf8))
            let t = scene.effectiveTime()
            frames += (0..<3).map { Frame(scene, time: t + Double($0) / 30) }
        }
        try checkKept(frames, "random scenes")
    }

    /// Random scenes, one layer changed at a time (its opacity halved, its shape moved by a
    /// fraction of a pixel, its fill dropped, the layer dropped) and then put back: the
    /// cells of every other layer, overlapping ones included, are kept where they can be.
    func testRandomScenesWithOneLayerChangedDrawTheSameImagesWithCellsKept() throws {
        var frames: [Frame] = []
        for seed in UInt64(20)...31 {
            let scene = try SceneDecoder.decode(Data(RandomScene.json(seed: seed).utf8))
            guard !scene.layers.isEmpty else { continue }
            let k = Int(seed) % scene.layers.count
            var faded = scene, moved = scene, unfilled = scene, dropped = scene
            faded.layers[k].opacity *= 0.5
            moved.layers[k].shape.rect.x += 0.37
            unfilled.layers[k].fill = nil
            dropped.layers.remove(at: k)
            frames += [scene, faded, scene, moved, unfilled, dropped, scene].map { Frame($0) }
        }
        let drawn = try checkKept(frames, "one layer changed")
        XCTAssertGreaterThan(drawn.compactMap { $0 }.filter { $0.cells > 0 }.count, 10, "frames that kept some cells and drew others")
    }

    /// A layer over a static one whose paint turns: the frame redraws the cells the turning
    /// layer reaches, the static layer's own cells are kept.
    func testAStaticLayerBesideATurningOneIsKept() throws {
        let json = """
        { "format": 1, "canvas": { "width": 200, "height": 100, "scale": 1, "background": "#1C1C1E" }, "time": 0,
          "layers": [
            { "shape": { "type": "roundedRect", "rect": [8, 8, 90, 84], "cornerRadius": 12 },
              "fill": { "type": "linear", "colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 1] } },
            { "shape": { "type": "capsule", "rect": [110, 20, 80, 60] },
              "stroke": { "paint": { "type": "angular", "colors": ["red", "yellow", "blue", "red"],
                                     "rotation": { "period": 2 } }, "width": 3, "alignment": "inside" } }
          ] }
        """
        let scene = try SceneDecoder.decode(Data(json.utf8))
        let drawn = try checkKept((0..<3).map { Frame(scene, time: Double($0) / 60) }, "static beside turning")
        let d = try XCTUnwrap(drawn[2])
        XCTAssertGreaterThan(d.cells, 0, "the turning stroke's cells are drawn")
        XCTAssertLessThan(d.cells, d.of / 2, "the static layer and the background are kept")
    }

    /// clip: the pieces of each instance cover exactly its pixels in flagged cells, and keep
    /// its other floats.
    func testClippedInstancesCoverExactlyTheirFlaggedCells() {
        let grid = TileGrid(width: 100, height: 70)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let flags = (0..<(grid.columns * grid.rows)).map { _ in Bool.random(using: &rng) }
            let x0 = Int.random(in: 0..<90), y0 = Int.random(in: 0..<60)
            let x1 = Int.random(in: (x0 + 1)...100), y1 = Int.random(in: (y0 + 1)...70)
            let inst: [Float] = [Float(x0), Float(y0), Float(x1), Float(y1), 1, 0, 3, 2]
            let out = KeptTiles.clip(inst, to: flags, grid: grid)
            var covered = Set<Int>()
            for i in stride(from: 0, to: out.count, by: 8) {
                XCTAssertEqual(Array(out[(i + 4)..<(i + 8)]), [1, 0, 3, 2])
                for y in Int(out[i + 1])..<Int(out[i + 3]) {
                    for x in Int(out[i])..<Int(out[i + 2]) { XCTAssertTrue(covered.insert(y * 1000 + x).inserted, "pieces overlap") }
                }
            }
            var expected = Set<Int>()
            for y in y0..<y1 { for x in x0..<x1 where flags[grid.cell(x, y)] { expected.insert(y * 1000 + x) } }
            XCTAssertEqual(covered, expected)
        }
    }
}
