import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloTesting

/// Glows whose source is unchanged from the last frame keep their texels in the glow atlas
/// (GlowCache): only the others are drawn and blurred again, and the image is the same, to
/// the byte, as drawing every glow.
final class GlowCacheTests: XCTestCase {
    /// A static glowing capsule (its angular paint does not turn), a capsule whose paint turns
    /// every 3 s, and, with `dashed`, a third whose dashed stroke does not move.
    private func scene(dashed: Bool = false) throws -> Scene {
        let stops = #"[ { "color": "red", "location": 0 }, { "color": "cyan", "location": 0.5 }, { "color": "red", "location": 1 } ]"#
        let dash = dashed ? #", { "shape": { "type": "capsule", "rect": [40, 150, 140, 40] }, "stroke": { "paint": { "type": "solid", "color": "yellow" }, "width": 3, "dash": { "pattern": [10, 6] } }, "glow": { "radius": 6, "opacity": 0.8 } }"# : ""
        return try SceneDecoder.decode(Data("""
            { "format": 1, "canvas": { "width": 260, "height": 220, "scale": 1, "background": "#0D0D1A" },
              "layers": [
                { "shape": { "type": "capsule", "rect": [30, 20, 160, 48] },
                  "stroke": { "paint": { "type": "angular", "stops": \(stops) }, "width": 3, "alignment": "inside" },
                  "glow": { "radius": 12, "opacity": 0.8 } },
                { "shape": { "type": "capsule", "rect": [40, 90, 140, 40] },
                  "stroke": { "paint": { "type": "angular", "stops": \(stops), "rotation": { "period": 3 } }, "width": 3, "alignment": "inside" },
                  "glow": { "radius": 8, "opacity": 0.8 } }\(dash) ] }
            """.utf8))
    }

    /// Renders frames at `times` with the cache on, then the last time again with it off;
    /// returns the cached images, each frame's (drawn, reused) and the uncached image.
    private func render(_ scene: Scene, times: [Double], passes: inout [String]) throws
        -> (cached: [RGBA8Image], counts: [(drawn: Int, reused: Int)], uncached: RGBA8Image) {
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.keepsGlows = true; gpu.passTimer = nil }
        gpu.options.keepsGlows = false          // forget what other tests left in the atlas
        gpu.options.keepsGlows = true
        var images: [RGBA8Image] = [], counts: [(Int, Int)] = []
        for (n, t) in times.enumerated() {
            var names: [String] = []
            gpu.passTimer = { name, _ in names.append(name) }
            images.append(try gpu.render(Frame(scene, time: t)))
            counts.append(gpu.glowsDrawnAndReused)
            if n == times.count - 1 { passes = names }
        }
        gpu.passTimer = nil
        gpu.options.keepsGlows = false
        let reference = try gpu.render(Frame(scene, time: times.last!))
        XCTAssertEqual(gpu.glowsDrawnAndReused.reused, 0, "the uncached reference reused a glow")
        return (images, counts, reference)
    }

    func testAnUnchangedGlowIsReusedAndOnlyTheTurningOneIsDrawnAgain() throws {
        var passes: [String] = []
        let r = try render(try scene(), times: [0.5, 0.5 + 1.0 / 60], passes: &passes)
        // Frame N draws both glows; frame N+1 draws only the turning paint's glow.
        XCTAssertEqual(r.counts.map(\.drawn), [2, 1])
        XCTAssertEqual(r.counts.map(\.reused), [0, 1])
        XCTAssertEqual(passes.filter { $0.hasPrefix("glow atlas") }.count, 3, "one source and two blur passes for the changed glow: \(passes)")
        XCTAssertEqual(r.cached[1].pixels, r.uncached.pixels, "frame N+1 with the reused glow differs from drawing every glow")
        XCTAssertNotEqual(r.cached[0].pixels, r.cached[1].pixels, "the turning paint should change the image")
    }

    func testAPaintThatStopsTurningIsReusedFromTheSecondFrameAfter() throws {
        // Frame 2's turning glow keeps only its row (its paint moved); frame 3 holds the same
        // row and makes the rest of its key, drawing it once more; frame 4 reuses it.
        var passes: [String] = []
        let r = try render(try scene(), times: [0.5, 0.6, 0.6, 0.6], passes: &passes)
        XCTAssertEqual(r.counts.map(\.drawn), [2, 1, 1, 0])
        XCTAssertEqual(r.cached[3].pixels, r.uncached.pixels)
        XCTAssertEqual(r.cached[2].pixels, r.uncached.pixels)
    }

    func testAFrameWhoseGlowsAreAllUnchangedDrawsNoGlowPass() throws {
        var passes: [String] = []
        let r = try render(try scene(), times: [1.0, 1.0], passes: &passes)
        XCTAssertEqual(r.counts.map(\.drawn), [2, 0])
        XCTAssertEqual(r.counts.map(\.reused), [0, 2])
        XCTAssertEqual(passes.filter { $0.hasPrefix("glow atlas") }, [], "no glow pass when every glow is held")
        XCTAssertEqual(r.cached[1].pixels, r.uncached.pixels)
        XCTAssertEqual(r.cached[0].pixels, r.cached[1].pixels)
    }

    func testADashedStrokesGlowIsDrawnEveryFrame() throws {
        // Its source reads the arc tables, which the key does not hold: never reused.
        var passes: [String] = []
        let r = try render(try scene(dashed: true), times: [2.0, 2.0], passes: &passes)
        XCTAssertEqual(r.counts.map(\.drawn), [3, 1])
        XCTAssertEqual(r.counts.map(\.reused), [0, 2])
        XCTAssertEqual(r.cached[1].pixels, r.uncached.pixels)
    }

    func testALayerWhoseOpacityChangesKeepsItsGlow() throws {
        // A background off the 8-bit grid: no faint-glow cut-off, so the blur's rects do not
        // follow the opacity either.
        var s = try scene()
        s.canvas.background = .color(RGBA(0.05, 0.05, 0.1))
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.keepsGlows = true }
        gpu.options.keepsGlows = false
        gpu.options.keepsGlows = true
        _ = try gpu.render(Frame(s, time: 0))
        s.layers[0].opacity = 0.5
        s.layers[1].glow?.opacity = 0.3
        let cached = try gpu.render(Frame(s, time: 0))
        XCTAssertEqual(gpu.glowsDrawnAndReused.drawn, 0)
        XCTAssertEqual(gpu.glowsDrawnAndReused.reused, 2)
        gpu.options.keepsGlows = false
        let reference = try gpu.render(Frame(s, time: 0))
        XCTAssertEqual(cached.pixels, reference.pixels)
    }

    func testTheGlowSourceDoesNotReadTheOpacitiesTheKeyLeavesOut() throws {
        // GlowCache.opacityTexel is vLayer; the glow source's whole text (its includes, every
        // branch) names it only where layer_data.glsl declares it.
        let text = try ShaderLibrary(directory: repositoryRoot.appendingPathComponent("Shaders").path).assemble("glow_source.frag").source
        XCTAssertEqual(text.components(separatedBy: "vLayer").count - 1, 1, "glow_source.frag reads vLayer: take it into GlowCache.Key")
        XCTAssertTrue(text.contains("vLayer;           // texel \(GlowCache.opacityTexel): opacity, glow opacity"))
    }

    func testKeysAreEqualOnlyForTheSameSource() throws {
        let s = try scene()
        let plan = { (t: Double) in FramePlan(Frame(s, time: t), isWindow: false, lutWidth: 8192, maxTextureSize: 16384) }
        let a = plan(0.5), b = plan(0.9)
        XCTAssertEqual(a.glowPages.count, 1)
        let gpu = try SharedGPU.renderer()
        func keys(_ p: FramePlan) -> [(row: GlowCache.Key, rest: GlowCache.Rest)] {
            let glowing = p.layers.indices.filter { p.layers[$0].glowPlan != nil }
            let rows = gpu.glowRows(p, layers: glowing, layerData: LayerData.rows(p, ramps: gpu.ramps, arcs: nil))
            let rests = GlowRests(p, page: p.glowPages[0])
            return glowing.indices.map { (GlowCache.Key(place: rows[$0]!.place, row: rows[$0]!.row), rests.rest(of: glowing[$0])) }
        }
        let ka = keys(a), kb = keys(b)
        XCTAssertEqual(ka.count, 2)
        XCTAssertEqual(ka[0].row, kb[0].row, "the static glow's row changed with time alone")
        XCTAssertEqual(ka[0].rest, kb[0].rest, "the static glow's tiles or kernel changed with time alone")
        XCTAssertFalse(ka[0].rest.sources.isEmpty)
        XCTAssertNotEqual(ka[1].row, kb[1].row, "the turning paint's row did not change")
    }
}
