import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloTesting

/// A frame's passes and draws do not grow with its number of layers, and layer
/// order holds where batched tiles overlap.
final class FramePlanTests: XCTestCase {
    /// `count` glowing capsules with angular strokes, 10 to a row, 110 x 75 points apart.
    private func glowingButtons(_ count: Int) -> Frame {
        let layers = (0..<count).map { i in
            Layer(shape: Shape(kind: .capsule, rect: Rect(Double(i % 10) * 110 + 20, Double(i / 10) * 75 + 20, 80, 30)),
                  fill: .solid(RGBA(0.1, 0.1, 0.2)),
                  stroke: Stroke(paint: Paint(.angular(center: UnitPoint(0.5, 0.5), angle: 0, startAngle: 0, endAngle: 360),
                                              stops: Paint.evenStops([RGBA(1, 0, 0), RGBA(0, 0, 1), RGBA(1, 0, 0)])),
                                 width: 3, alignment: .inside),
                  glow: Glow(radius: 10, opacity: 0.8))
        }
        return Frame(Scene(canvas: Canvas(width: 1140, height: 800, background: .color(RGBA(0.05, 0.05, 0.1))), layers: layers))
    }

    private func plan(_ frame: Frame) -> FramePlan {
        FramePlan(frame, isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
    }

    func testPassesAndGlowDrawsDoNotGrowWithTheNumberOfGlowingLayers() {
        let plans = [1, 10, 100].map { plan(glowingButtons($0)) }
        XCTAssertEqual(plans.map(\.layers.count), [1, 10, 100])
        // Every glow in one atlas page: one source draw per variant, one kernel for both blur
        // passes (every glow has the same sigma), however many layers glow.
        for p in plans {
            XCTAssertEqual(p.glowPages.count, 1)
            XCTAssertEqual(p.glowPages[0].blurs.count, 1)
            XCTAssertEqual(p.glowPages[0].source.count, plans[0].glowPages[0].source.count)
        }
        // Glow source, two blurs and the target; with overlapping glows, the float canvas.
        XCTAssertEqual(plans.map(\.passes), [4, 5, 5])
        // Layer draws: one per variant where one layer touches a cell; where glows of
        // neighbours overlap, a draw per change of variant along the chain of overlaps.
        XCTAssertEqual(plans[1].targetBatches.count, plans[2].targetBatches.count)
        XCTAssertLessThan(plans[2].draws, 100)
    }

    /// Three layers over one cell, their variants alternating (solid, linear, solid fills):
    /// the third's colour is on top, as the CPU reference draws it.
    func testBatchedTilesKeepLayerOrderWhereTheyOverlap() throws {
        let linear = Paint(.linear(start: UnitPoint(0, 0), end: UnitPoint(1, 0)), stops: Paint.evenStops([RGBA(0, 1, 0), RGBA(0, 0, 1)]))
        var scenes: [Scene] = []
        for n in [2, 3, 4] {
            var layers: [Layer] = []
            for i in 0..<n {
                let fill: Paint = i % 2 == 1 ? linear : .solid(i % 4 == 0 ? RGBA(1, 0, 0) : RGBA(1, 1, 0))
                layers.append(Layer(shape: Shape(kind: .roundedRect, rect: Rect(Double(i) * 3, Double(i) * 2, 20, 14), cornerRadii: [4, 4, 4, 4]),
                                    fill: fill, opacity: 0.9))
            }
            scenes.append(Scene(canvas: Canvas(width: 32, height: 24, background: .color(RGBA(0, 0, 0))), layers: layers))
        }
        for s in scenes {
            let p = plan(Frame(s))
            XCTAssertGreaterThan(p.canvasBatches.count, 1, "overlapping layers of different variants")
            let gpu = try SharedGPU.renderer().render(Frame(s))
            let cpu = try Halo.render(s, background: nil, backend: .cpu)
            let c = try XCTUnwrap(ImageComparison(cpu, gpu))
            XCTAssertLessThanOrEqual(c.maxDifference, 2, "\(s.layers.count) layers")
        }
    }

    /// Two rounded rects 6 px apart in the 16 px cell x = 16 ... 32: their tiles do not overlap, so each
    /// writes its pixels as final values (no float canvas, no resolve); moved to overlap,
    /// the cell goes through the canvas. Both draw what the CPU reference draws.
    func testLayersSideBySideInACellAreWrittenDirectlyAndOverlappingOnesComposited() throws {
        let linear = Paint(.linear(start: UnitPoint(0, 0), end: UnitPoint(1, 0)), stops: Paint.evenStops([RGBA(0, 1, 0), RGBA(0, 0, 1)]))
        for (gap, overlaps) in [(6.0, false), (-4.0, true)] {
            let scene = Scene(canvas: Canvas(width: 64, height: 32, background: .color(RGBA(0.1, 0.1, 0.1))), layers: [
                Layer(shape: Shape(kind: .roundedRect, rect: Rect(2.3, 4, 20, 20), cornerRadii: [5, 5, 5, 5]), fill: linear),
                Layer(shape: Shape(kind: .roundedRect, rect: Rect(22.3 + gap, 4, 24, 20), cornerRadii: [5, 5, 5, 5]), fill: .solid(RGBA(1, 0.5, 0, 0.8))),
            ])
            let p = plan(Frame(scene))
            let cells = p.layers.map { Set($0.tiles.cells.map(\.index)) }
            XCTAssertFalse(cells[0].isDisjoint(with: cells[1]), "both layers have tiles in a cell (gap \(gap))")
            XCTAssertEqual(p.usesCanvas, overlaps, "gap \(gap)")
            XCTAssertEqual(p.resolveRects.isEmpty, !overlaps, "gap \(gap)")
            let gpu = try SharedGPU.renderer().render(Frame(scene))
            let cpu = ReferenceRenderer().render(Frame(scene)).toRGBA8()
            XCTAssertLessThanOrEqual(try XCTUnwrap(ImageComparison(cpu, gpu)).maxDifference, 1, "gap \(gap)")
        }
    }

    /// A background image offscreen: a layer alone in its cells is composited over the
    /// image in its shader (no float canvas, no resolve); in a window, which may show a
    /// background that is not opaque, every tile goes through the canvas.
    func testAnImageBackgroundIsDrawnByTheTilesOffscreen() throws {
        var image = RGBA8Image(width: 2, height: 2)
        image.pixels = [UInt8](repeating: 200, count: 16)
        let scene = Scene(canvas: Canvas(width: 64, height: 48, background: .image(path: "bg.png", mode: .fill)), layers: [
            Layer(shape: Shape(kind: .capsule, rect: Rect(8, 8, 48, 20)), fill: .solid(RGBA(0, 0.5, 1, 0.5))),
        ])
        let frame = Frame(scene, backgroundImage: image)
        let offscreen = plan(frame)
        XCTAssertTrue(offscreen.direct)
        XCTAssertFalse(offscreen.usesCanvas)
        XCTAssertTrue(offscreen.targetBatches.allSatisfy { $0.variant.output == .overImage })
        let window = FramePlan(frame, isWindow: true, lutWidth: 8192, maxTextureSize: 16384)
        XCTAssertFalse(window.direct)
        XCTAssertTrue(window.usesCanvas)
        // And the pixels: the GPU's direct composite is the CPU reference's.
        let gpu = try SharedGPU.renderer().render(frame)
        let cpu = ReferenceRenderer().render(frame).toRGBA8()
        XCTAssertLessThanOrEqual(try XCTUnwrap(ImageComparison(cpu, gpu)).maxDifference, 1)
    }

    /// A continuous corner whose curve is gentle (0.6 R >= 12 px) takes the smooth-edge
    /// variant in its zone, a tight one does not; both draw what the CPU reference draws.
    func testGentleContinuousCornersAreSmoothAndDrawnAsTheReference() throws {
        for (radius, smooth) in [(40.0, true), (10.0, false)] {
            let scene = Scene(canvas: Canvas(width: 160, height: 120, background: .color(RGBA(0.1, 0.1, 0.1))), layers: [
                Layer(shape: Shape(kind: .roundedRect, rect: Rect(10, 10, 140, 100), cornerRadii: [radius, radius, radius, radius],
                                   cornerStyle: .continuous),
                      fill: .solid(RGBA(0.2, 0.4, 0.9)),
                      stroke: Stroke(paint: .solid(RGBA(1, 0.8, 0.2)), width: 3)),
            ])
            let frame = Frame(scene)
            let layer = try XCTUnwrap(frame.layers.first)
            // A tile on the curve, in the middle of the top-left corner's zone.
            let o = layer.outline, q = o.center - o.halfSize + Vec2(0.3 * radius, 0.3 * radius)
            let tile = Box(x0: q.x - 2, y0: q.y - 2, x1: q.x + 2, y1: q.y + 2)
            XCTAssertEqual(SmoothEdges(layer, block: 1).isSmooth(tile), smooth, "radius \(radius)")
            let gpu = try SharedGPU.renderer().render(frame)
            let cpu = ReferenceRenderer().render(frame).toRGBA8()
            let c = try XCTUnwrap(ImageComparison(cpu, gpu))
            XCTAssertLessThanOrEqual(c.maxDifference, 2, "radius \(radius)")
        }
    }

    /// Cells that two layers touch but where every layer below the topmost is one solid
    /// colour over the whole cell (CellBackdrops) skip the float canvas: the topmost is
    /// composited over that constant backdrop in its shader. The image is the one drawn
    /// wholly through the canvas (a background image of the same colour keeps every shared
    /// cell there) and the CPU reference's, with two constant layers folded under a
    /// glowing angular stroke.
    func testCellsWhereOnlyTheTopLayerVariesSkipTheCanvasWithTheSameImage() throws {
        let scene = try SceneDecoder.decode(Data("""
            { "format": 1, "canvas": { "width": 96, "height": 64, "scale": 1, "background": "#101018" },
              "layers": [
                { "shape": { "type": "rect", "rect": [2, 2, 92, 60] }, "fill": { "type": "solid", "color": "#335577" } },
                { "shape": { "type": "roundedRect", "rect": [6, 6, 84, 52], "cornerRadius": 10 },
                  "fill": { "type": "solid", "color": [1, 1, 1, 0.3] }, "opacity": 0.8 },
                { "shape": { "type": "capsule", "rect": [24, 22, 48, 20] },
                  "stroke": { "paint": { "type": "angular", "colors": ["#FF0000", "#00FFFF", "#FF0000"] }, "width": 3 },
                  "glow": { "radius": 3, "opacity": 0.9 } } ] }
            """.utf8))
        let frame = Frame(scene)
        let p = plan(frame)
        XCTAssertGreaterThan(p.backdrops.promoted, 0)
        XCTAssertEqual(p.backdrops.colours.count, 3, "the background, the first fill over it, the second over both")
        var viaCanvas = frame
        let bg = frame.backgroundColor
        viaCanvas.backgroundImage = PremulImage(width: frame.width, height: frame.height,
                                                fill: SIMD4<Float>(Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w)))
        XCTAssertEqual(plan(viaCanvas).backdrops.promoted, 0)
        let gpu = try SharedGPU.renderer()
        let direct = try gpu.render(frame), canvas = try gpu.render(viaCanvas)
        XCTAssertLessThanOrEqual(try XCTUnwrap(ImageComparison(canvas, direct)).maxDifference, 1)
        let cpu = try Halo.render(scene, background: nil, backend: .cpu)
        XCTAssertLessThanOrEqual(try XCTUnwrap(ImageComparison(cpu, direct)).maxDifference, 2)
    }
}

/// A path paint's tiles (colour by arc length, docs/scene-format.md "Paints", path) skip the averaging
/// variant only where no colour stop can fall within them.
final class PathPaintTileTests: XCTestCase {
    /// Hard stops every tenth, offset so that none falls on a tile line by chance.
    private let paint = Paint(.path(offset: 0.013), stops: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].flatMap { l in
        [ColorStop(color: RGBA(l, 0, 1 - l), location: l), ColorStop(color: RGBA(l, 1, 0), location: min(l + 0.1, 1))]
    })

    /// For every 4 x 4 px box within 12 px of the outline (shapes at scale 3) that
    /// PaintJumps lets skip the averaging variant, t sampled densely over the box grown by
    /// its 1 px margin (13 x 13 points, s from OutlineArc) stays between two neighbouring
    /// stops; and the bound is not vacuous: most boxes along a 4 px band skip it.
    func testATileThatSkipsAveragingHoldsNoStopOfAPathPaint() throws {
        let shapes = [
            Shape(kind: .roundedRect, rect: Rect(10, 10, 90, 30), cornerRadii: [8, 8, 8, 8]),
            Shape(kind: .roundedRect, rect: Rect(10, 10, 90, 30), cornerRadii: [12, 4, 12, 4], cornerStyle: .continuous),
            Shape(kind: .capsule, rect: Rect(10, 10, 90, 30)),
            Shape(kind: .ellipse, rect: Rect(10, 10, 90, 30)),
        ]
        let stops = paint.stops.map(\.location)
        for shape in shapes {
            let outline = Outline(shape, scale: 3)
            let resolved = ResolvedPaint(paint, rect: shape.rect, time: 0, scale: 3, outline: outline)
            let jumps = try XCTUnwrap(PaintJumps(resolved))
            let arc = OutlineArc(outline)
            var skipped = 0, inBand = 0
            for y in stride(from: 0, to: 150, by: 4) { for x in stride(from: 0, to: 330, by: 4) {
                let box = Box(x0: Double(x), y0: Double(y), x1: Double(x + 4), y1: Double(y + 4))
                let d = outline.signedDistance(Vec2(Double(x) + 2, Double(y) + 2))
                guard abs(d) < 12 else { continue }
                if abs(d) < 2 { inBand += 1 }
                if jumps.crosses(box) { continue }
                if abs(d) < 2 { skipped += 1 }
                let t0 = arc.arcLength(at: Vec2(Double(x) + 2, Double(y) + 2)) / arc.length + 0.013
                var lo = Double.infinity, hi = -Double.infinity
                for j in 0...12 { for i in 0...12 {
                    let p = Vec2(Double(x) - 1 + 6 * Double(i) / 12, Double(y) - 1 + 6 * Double(j) / 12)
                    var t = arc.arcLength(at: p) / arc.length + 0.013
                    t -= (t - t0).rounded()                // unwrapped next to the centre's t
                    lo = min(lo, t); hi = max(hi, t)
                } }
                let crossed = stops.contains { l in (lo - l).rounded(.up) <= hi - l }
                XCTAssertFalse(crossed, "\(shape.kind) box at \(x), \(y): t from \(lo) to \(hi) holds a stop")
            } }
            XCTAssertGreaterThan(skipped, inBand / 2, "\(shape.kind): \(skipped) of \(inBand) band boxes skip averaging")
        }
    }

    private func plan(_ frame: Frame) -> FramePlan {
        FramePlan(frame, isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
    }

    /// The visible part of a path paint's ramp (VisibleArc.visibleT): a clear-white-clear
    /// highlight from 0.1 to 0.2 of a turn shows on [0.1, 0.2] (its rising and falling
    /// segments); colours at the ends show out to 0 and 1; clear everywhere shows nowhere.
    func testAPathPaintsVisibleRangeIsWhereItsColourIsNotClear() {
        let clear = RGBA(0, 0, 0, 0)
        let beam = GradientRamp(stops: [ColorStop(color: clear, location: 0.1), ColorStop(color: RGBA(1, 1, 1), location: 0.15),
                                        ColorStop(color: clear, location: 0.2)], interpolation: .srgb)
        XCTAssertEqual(VisibleArc.visibleT(beam).map { [$0.0, $0.1] }, [[0.1, 0.2]])
        let wrap = GradientRamp(stops: [ColorStop(color: RGBA(1, 1, 1), location: 0), ColorStop(color: clear, location: 0.3),
                                        ColorStop(color: clear, location: 0.8), ColorStop(color: RGBA(1, 0, 0), location: 1)], interpolation: .srgb)
        XCTAssertEqual(VisibleArc.visibleT(wrap).map { [$0.0, $0.1] }, [[0, 0.3], [0.8, 1]])
        let none = GradientRamp(stops: [ColorStop(color: clear, location: 0), ColorStop(color: clear, location: 1)], interpolation: .srgb)
        XCTAssertTrue(VisibleArc.visibleT(none).isEmpty)
    }

    /// A stroke alone painted with a path paint that is clear over most of the outline (the
    /// border beam) is drawn, and its glow blurred, only near the arcs whose colour shows:
    /// its tiles cover a fraction of the outline's box, and the image is the CPU reference's
    /// at times when the highlight is on a side, at a corner and across the start point.
    /// A path paint clear everywhere draws nothing.
    func testAPathPaintedStrokeIsDrawnOnlyNearItsVisibleArc() throws {
        let beam = try String(contentsOf: repositoryRoot.appendingPathComponent("Examples/beam-card.json"), encoding: .utf8)
        let scene = try SceneDecoder.decode(Data(beam.utf8))
        let gpu = try SharedGPU.renderer()
        for time in [0.0, 0.9, 2.2, 3.9] {
            let frame = Frame(scene, time: time)
            let p = plan(frame)
            let stroke = try XCTUnwrap(p.layers.last)
            let whole = stroke.layer.outline.bounds(grownBy: 0)
            let drawn = (stroke.quad.x1 - stroke.quad.x0) * (stroke.quad.y1 - stroke.quad.y0)
            let outline = (whole.x1 - whole.x0) * (whole.y1 - whole.y0)
            XCTAssertLessThan(drawn, 0.6 * outline, "t = \(time)")
            let cpu = ReferenceRenderer().render(frame).toRGBA8()
            let c = try XCTUnwrap(ImageComparison(cpu, try gpu.render(frame)))
            XCTAssertLessThanOrEqual(c.maxDifference, 2, "t = \(time)")
        }
        let clear = beam.replacingOccurrences(of: "#A5B4FC", with: "clear").replacingOccurrences(of: "\"white\"", with: "\"clear\"")
        let p = plan(Frame(try SceneDecoder.decode(Data(clear.utf8))))
        XCTAssertEqual(p.layers.count, 1, "only the card is drawn")
    }
}

/// A cold compile costs llvmpipe 0.1 to 2 s a program (docs/performance.md, "Cold starts"): for a
/// single frame (GLRenderer.options.sharesAveragedPrograms), tiles that need no paint averaging share
/// the averaged program of their variant when the frame needs that one anyway.
final class SharedProgramTests: XCTestCase {
    /// A linear-gradient border with hard stops: its corners' tiles average the paint, its
    /// sides' tiles (between stops) do not, in both edge modes.
    private let scene = """
        { "format": 1, "canvas": { "width": 160, "height": 96, "scale": 1, "background": "white" },
          "layers": [ { "shape": { "type": "roundedRect", "rect": [8, 8, 144, 80], "cornerRadius": 14 },
            "stroke": { "paint": { "type": "linear", "startPoint": [0, 0.5], "endPoint": [1, 0.5],
              "stops": [ { "color": "blue", "location": 0 }, { "color": "blue", "location": 0.5 },
                         { "color": "red", "location": 0.5 }, { "color": "red", "location": 1 } ] },
              "width": 3 } } ] }
        """

    func testTilesWithoutAveragingDrawnByTheAveragedProgramMatchTheirOwnProgram() throws {
        let frame = Frame(try SceneDecoder.decode(Data(scene.utf8)))
        let p = FramePlan(frame, isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
        let variants = p.canvasBatches + p.targetBatches
        XCTAssertTrue(variants.contains { $0.variant.paintAA } && variants.contains { !$0.variant.paintAA && $0.variant.stroke != nil },
                      "the scene has stroke tiles of both kinds")
        // One renderer (a second context's teardown would end the shared display), its
        // programs deleted before each way of drawing.
        let gpu = try SharedGPU.renderer()
        let before = gpu.options.sharesAveragedPrograms
        defer { gpu.programs.delete(); gpu.options.sharesAveragedPrograms = before }
        gpu.programs.delete()
        gpu.options.sharesAveragedPrograms = true
        let a = try gpu.render(frame)
        let sharedCount = gpu.programs.layerProgramCount
        gpu.programs.delete()
        gpu.options.sharesAveragedPrograms = false
        let b = try gpu.render(frame)
        XCTAssertLessThan(sharedCount, gpu.programs.layerProgramCount)
        XCTAssertEqual(try XCTUnwrap(ImageComparison(a, b)).maxDifference, 0)
        let cpu = try Halo.render(try SceneDecoder.decode(Data(scene.utf8)), background: nil, backend: .cpu)
        XCTAssertLessThanOrEqual(try XCTUnwrap(ImageComparison(cpu, a)).maxDifference, 2)
    }
}

/// A glow's source takes its paint at each texel's centre from sigma
/// GlowPlan.centreSampledSigma on (the blur hides the difference from the pixel's average).
final class GlowSourceSamplingTests: XCTestCase {
    /// A capsule whose angular stroke has hard stops, glowing with `radius` (sigma, points at scale 1).
    private func scene(radius: Double) throws -> Scene {
        try SceneDecoder.decode(Data("""
            { "format": 1, "canvas": { "width": 120, "height": 72, "scale": 1, "background": "#0D0D1A" },
              "layers": [ { "shape": { "type": "capsule", "rect": [20, 18, 80, 36] },
                "stroke": { "paint": { "type": "angular", "stops": [
                    { "color": "red", "location": 0 }, { "color": "red", "location": 0.33 },
                    { "color": "cyan", "location": 0.33 }, { "color": "cyan", "location": 0.66 },
                    { "color": "yellow", "location": 0.66 }, { "color": "yellow", "location": 1 } ] },
                  "width": 3, "alignment": "inside" },
                "glow": { "radius": \(radius), "opacity": 0.9 } } ] }
            """.utf8))
    }

    private func sourceBatches(_ scene: Scene) -> [FramePlan.Batch] {
        FramePlan(Frame(scene), isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
            .glowPages.flatMap(\.source)
    }

    func testASourceOfSigmaTwoOrMoreTakesThePaintAtTexelCentres() throws {
        let s = try scene(radius: 4)
        XCTAssertEqual(GlowPlan(sigma: 4).k, 1)
        let batches = sourceBatches(s)
        XCTAssertFalse(batches.isEmpty)
        XCTAssertTrue(batches.allSatisfy { !$0.variant.paintAA })
        // Still within the GPU's bound of the exact CPU reference (README: max 8, 0.1% over 2).
        let gpu = try SharedGPU.renderer().render(Frame(s))
        let cpu = try Halo.render(s, background: nil, backend: .cpu)
        let d = try XCTUnwrap(ImageComparison(cpu, gpu))
        XCTAssertLessThanOrEqual(d.maxDifference, 3)
    }

    func testASourceOfSmallerSigmaAveragesThePaintWhereStopsCrossIt() throws {
        XCTAssertLessThan(1.0, GlowPlan.centreSampledSigma)
        XCTAssertTrue(sourceBatches(try scene(radius: 1)).contains { $0.variant.paintAA })
    }
}
