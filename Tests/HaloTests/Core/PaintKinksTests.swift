import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloReference
import HaloTesting

/// Tiles whose paints may kink but never jump (``PaintJumps/Crossing``) are drawn by a
/// program without the jumps' handling (HALO_PAINT_KINKS): the classification is
/// conservative, and the program draws the same pixels as the one that handles jumps.
final class PaintKinksTests: XCTestCase {
    private let black = RGBA(0, 0, 0), white = RGBA(1, 1, 1)

    /// A linear gradient left to right across a 64 x 64 rect with these stops.
    private func linear(_ stops: [ColorStop], width: Double = 64) -> PaintJumps {
        let paint = ResolvedPaint(Paint(.linear(start: UnitPoint(0, 0.5), end: UnitPoint(1, 0.5)), stops: stops),
                                  rect: Rect(0, 0, width, 64), time: 0, scale: 1)
        return PaintJumps(paint)!
    }

    private func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Box { Box(x0: x0, y0: y0, x1: x1, y1: y1) }

    func testALinearRampsColourStopIsAKink() {
        let j = linear([ColorStop(color: black, location: 0), ColorStop(color: white, location: 0.5), ColorStop(color: black, location: 1)])
        XCTAssertEqual(j.crossing(box(28, 0, 36, 8)), .kinks, "the stop at x = 32")
        XCTAssertEqual(j.crossing(box(8, 0, 16, 8)), .none, "t's range holds no stop")
    }

    func testAHardStopIsAJump() {
        let j = linear([ColorStop(color: black, location: 0), ColorStop(color: black, location: 0.5),
                        ColorStop(color: white, location: 0.5), ColorStop(color: white, location: 1)])
        XCTAssertEqual(j.crossing(box(28, 0, 36, 8)), .jumps)
        // The 1 px margin: a stop half a pixel past the box's edge still counts.
        XCTAssertEqual(j.crossing(box(24, 0, 31.5, 8)), .jumps)
        XCTAssertEqual(j.crossing(box(8, 0, 16, 8)), .none)
    }

    /// paintColor takes a linear ramp narrower than 1/256 px as one jump.
    func testARampNarrowerThanAPixelTakesItsStopsAsJumps() {
        let j = linear([ColorStop(color: black, location: 0.5), ColorStop(color: white, location: 0.5 + 1e-5)], width: 64)
        XCTAssertEqual(j.crossing(box(28, 0, 36, 8)), .jumps)
    }

    /// A rainbow angular gradient about the centre of a 128 x 128 rect, its seam at 0 degrees
    /// (pointing +x) and a stop every 60 degrees.
    private var rainbow: PaintJumps {
        let colours = [RGBA(1, 0, 0), RGBA(1, 1, 0), RGBA(0, 1, 0), RGBA(0, 1, 1), RGBA(0, 0, 1), RGBA(1, 0, 1), RGBA(1, 0, 0)]
        let stops = colours.enumerated().map { ColorStop(color: $1, location: Double($0) / 6) }
        let paint = ResolvedPaint(Paint(.angular(center: UnitPoint(0.5, 0.5), angle: 0, startAngle: 0, endAngle: 360), stops: stops),
                                  rect: Rect(0, 0, 128, 128), time: 0, scale: 1)
        return PaintJumps(paint)!
    }

    func testAnAngularStopAwayFromTheCentreIsAKink() {
        // The stop at 60 degrees (clockwise on screen, y down) crosses (64 + 40 cos 60, 64 + 40 sin 60).
        let x = 64 + 40 * cos(Double.pi / 3), y = 64 + 40 * sin(Double.pi / 3)
        XCTAssertEqual(rainbow.crossing(box(x - 2, y - 2, x + 2, y + 2)), .kinks)
    }

    func testASeamWhoseColoursAgreeIsAKink() {
        // The rainbow ends in its first colour: across the seam the colour is continuous,
        // and paintColor averages it as a kink.
        XCTAssertEqual(rainbow.crossing(box(100, 62, 104, 66)), .kinks, "the seam")
        XCTAssertEqual(rainbow.crossing(box(60, 20, 64, 24)), .none, "between stops, 40 px up")
    }

    func testASeamWhoseColoursDifferIsAJump() {
        let stops = [ColorStop(color: RGBA(1, 0, 0), location: 0), ColorStop(color: RGBA(0, 0, 1), location: 1)]
        let paint = ResolvedPaint(Paint(.angular(center: UnitPoint(0.5, 0.5), angle: 0, startAngle: 0, endAngle: 360), stops: stops),
                                  rect: Rect(0, 0, 128, 128), time: 0, scale: 1)
        XCTAssertEqual(PaintJumps(paint)!.crossing(box(100, 62, 104, 66)), .jumps)
    }

    func testTheAngularCentreIsAJump() {
        XCTAssertEqual(rainbow.crossing(box(62, 62, 66, 66)), .jumps)
    }

    /// Rounded rects with 2 px inside rainbow borders at fractional positions, each turned
    /// to its own angle: most of their averaged tiles hold a kink only. The rainbows of
    /// odd rects stop short of their first colour again, so that their seams jump.
    static let rects: Scene = {
        let layers = (0..<8).map { n -> String in
            let x = 4.0 + 48 * Double(n % 4) + 0.3 * Double(n), y = 5.6 + 40 * Double(n / 4)
            return """
                { "shape": { "type": "roundedRect", "rect": [\(x), \(y), 40, 32], "cornerRadius": 8, "cornerStyle": "circular" },
                  "fill": { "type": "solid", "color": [1, 1, 1, 0.06] },
                  "stroke": { "paint": { "type": "angular", "center": [0.5, 0.5], "angle": \(37 * n),
                              "colors": ["pink", "orange", "yellow", "mint", "blue", "purple"\(n % 2 == 0 ? ", \"pink\"" : "")] },
                              "width": 2, "alignment": "inside" } }
                """
        }
        let json = """
            { "format": 1, "canvas": { "width": 200, "height": 92, "scale": 1, "background": "#0D0D1A" },
              "layers": [ \(layers.joined(separator: ", ")) ] }
            """
        return try! SceneDecoder.decode(Data(json.utf8))
    }()

    func testKinkTilesAreDrawnByTheirOwnProgramAndMatchTheFullProgram() throws {
        let frame = Frame(Self.rects, time: 0)
        let plan = FramePlan(frame, isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
        let variants = (plan.canvasBatches + plan.targetBatches).map(\.variant)
        XCTAssertTrue(variants.contains { $0.kinksOnly }, "kinks-only tiles")
        XCTAssertTrue(variants.contains { $0.paintAA && !$0.kinksOnly }, "tiles with jumps (the odd rects' seams)")
        // Each on a renderer of its own (an animation's: a program for each class), the kink
        // tiles by their own program and by the fully averaged one.
        let renders = renderConcurrently([false, true], threads: 2) { full, renderer -> (RGBA8Image, Bool) in
            renderer.options.sharesAveragedPrograms = false
            renderer.options.kinkPrograms = !full
            return (try renderer.render(frame), renderer.programs.layerVariants.contains { $0.kinksOnly })
        }
        let (image, ownCompiled) = try renders[0].get(), (fullImage, fullCompiled) = try renders[1].get()
        XCTAssertTrue(ownCompiled)
        XCTAssertFalse(fullCompiled)
        XCTAssertEqual(image.pixels, fullImage.pixels, "leaving out the jumps' handling changes no pixel of a kink tile")
        let exact = ReferenceRenderer().render(frame).toRGBA8()
        let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: image, bound: ErrorBound(frame: frame, image: image)))
        XCTAssertTrue(check.passed, check.failureReason ?? "")
    }

    /// Rainbow borders (the last colour the first again) whose seams cross the stroke: the
    /// GPU averages each pixel across the seam as across any kink (exactly, the ramp taken
    /// on into its next turn), within a level of the exact image everywhere.
    func testASeamlessSeamIsAveragedAsExactlyAsAnyKink() throws {
        let json = """
            { "format": 1, "canvas": { "width": 200, "height": 92, "scale": 1, "background": "#0D0D1A" },
              "layers": [
                { "shape": { "type": "capsule", "rect": [20.3, 20.7, 160, 48] },
                  "stroke": { "paint": { "type": "angular", "center": [0.5, 0.5], "angle": 3,
                              "colors": ["pink", "orange", "yellow", "mint", "blue", "purple", "pink"] },
                              "width": 3, "alignment": "inside" } },
                { "shape": { "type": "roundedRect", "rect": [60.4, 30.2, 40, 32], "cornerRadius": 8, "cornerStyle": "circular" },
                  "stroke": { "paint": { "type": "angular", "center": [0.5, 0.5], "angle": 181,
                              "colors": ["pink", "orange", "yellow", "mint", "blue", "purple", "pink"] },
                              "width": 2, "alignment": "inside" } } ] }
            """
        let frame = Frame(try SceneDecoder.decode(Data(json.utf8)), time: 0)
        let plan = FramePlan(frame, isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
        XCTAssertFalse((plan.canvasBatches + plan.targetBatches).contains { $0.variant.paintAA && !$0.variant.kinksOnly },
                       "no tile holds a jump")
        let image = try SharedGPU.renderer().render(frame)
        let exact = ReferenceRenderer().render(frame).toRGBA8()
        let c = try XCTUnwrap(ImageComparison(exact, image))
        XCTAssertLessThanOrEqual(c.maxDifference, 1)
    }
}
