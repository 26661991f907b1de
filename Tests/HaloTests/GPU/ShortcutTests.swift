import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloReference
import HaloTesting

/// Every shortcut of the GPU renderer (``RendererOptions/shortcuts``), turned off alone, gives
/// the image of all of them on: bit for bit, or, for the three that approximate or take
/// another route (steered glows, their phase tables, the CPU's tiles), within the certified
/// bound of the exact image; canvas bands a
/// level at most in rare pixels (CanvasBandTests). Kept glows, which steering needs, give
/// bit for bit the image of steering off.
final class ShortcutTests: XCTestCase {
    /// Two turning, glowing buttons of one geometry (their glows steered from one phase table),
    /// a still, unglowing card whose cells can be kept from frame to frame, and a small
    /// still card with a glow of another size and a border whose corners fill its edge tiles.
    static let sceneJSON = """
        { "format": 1, "canvas": { "width": 420, "height": 400, "scale": 1, "background": "#0D0D1A" },
          "layers": [ \(SteeredGlowRenderTests.button(x: 24, angle: 0)), \(SteeredGlowRenderTests.button(x: 232, angle: 37)),
            { "shape": { "type": "roundedRect", "rect": [40, 150, 300, 60], "cornerRadius": 14 },
              "fill": { "type": "linear", "startPoint": [0, 0], "endPoint": [1, 1], "colors": ["#0A84FF", "#FF375F"] },
              "stroke": { "paint": { "type": "solid", "color": "#FFFFFF" }, "width": 1.5, "alignment": "inside" } },
            { "shape": { "type": "roundedRect", "rect": [360, 160, 40, 32], "cornerRadius": 8, "cornerStyle": "circular" },
              "fill": { "type": "solid", "color": [1, 1, 1, 0.06] },
              "stroke": { "paint": { "type": "angular", "center": [0.5, 0.5], "colors": ["pink", "orange", "yellow", "mint", "blue", "purple", "pink"] },
                          "width": 2, "alignment": "inside" },
              "glow": { "radius": 9, "opacity": 0.6 } } ] }
        """

    /// Every shortcut on: the defaults, steered glows and shared averaged programs. (The
    /// scene's canvas is far under the size that bands by default: the bands' row forces
    /// bands of 16 rows instead.)
    static let allOn: RendererOptions = {
        var o = RendererOptions()
        o.tilePlacement = .cpu             // (llvmpipe's own default, whatever $HALO_TILES says)
        o.steersGlows = true
        o.sharesAveragedPrograms = true
        return o
    }()

    /// What a run did, beyond its image: each shortcut off changes at least one of these in
    /// this scene, so that no comparison below is vacuous.
    struct Work: Equatable {
        var draws: Int, programs: Int, blurPairs: [Int], keptCells: String, glowsDrawn: Int, steered: Int, phases: [Int]
    }

    /// Frames 0.5 s, + 1/60, + 2/60 and + 3/60 s with `options`, from a renderer that forgot
    /// every earlier frame: the last frame, its image, its steered glows and what it did (the
    /// first three compile programs and make planes and phase tables; the fourth does neither).
    static func fourth(_ scene: Scene, options: RendererOptions, on gpu: GLRenderer) throws
        -> (frame: Frame, image: RGBA8Image, steered: [Int: SteeredGlow], work: Work) {
        gpu.options = options
        let compiled = gpu.programsCompiled
        gpu.keptTiles.reset()
        gpu.glowCache.forget()
        gpu.steering.forget { $0.release() }
        _ = try gpu.render(Frame(scene, time: 0.5))
        _ = try gpu.render(Frame(scene, time: 0.5 + 1.0 / 60))
        _ = try gpu.render(Frame(scene, time: 0.5 + 2.0 / 60))
        let frame = Frame(scene, time: 0.5 + 3.0 / 60)
        let image = try gpu.render(frame), steered = gpu.steeredGlowsLastFrame
        let work = Work(draws: gpu.lastFrameStats?.draws ?? -1, programs: gpu.programsCompiled - compiled, blurPairs: gpu.programs.blurPairCounts,
                        keptCells: gpu.keptTiles.drawnLastFrame.map { "\($0.cells) of \($0.of)" } ?? "all",
                        glowsDrawn: gpu.glowsDrawnAndReused.drawn, steered: steered.count, phases: steered.values.map(\.phases).sorted())
        return (frame, image, steered, work)
    }

    func testEachShortcutOffAloneGivesTheImageOfAllOn() throws {
        let scene = try SceneDecoder.decode(Data(Self.sceneJSON.utf8))
        let on = Self.allOn
        let cases: [(name: String, options: RendererOptions)] = [("all on", on)] + RendererOptions.shortcuts.map { s in
            var o = on
            if s.name == "canvasBands" {
                o.wholeCanvasBytes = 0                                      // bands of 16 rows, forced
                o.canvasBandBytes = Int(scene.canvas.width) * 16 * 16
            } else {
                s.off(&o)
            }
            return (s.name, o)
        }
        XCTAssertTrue(cases.dropFirst().allSatisfy { $0.options != on }, "each shortcut's switch changes the options")
        // One item a thread: each run compiles its own programs (a shortcut may be which programs).
        let renders = renderConcurrently(cases, threads: cases.count) { c, gpu in try Self.fourth(scene, options: c.options, on: gpu) }
        let reference = try renders[0].get()
        XCTAssertEqual(Set(reference.steered.keys), [0, 1], "all on: both buttons' glows steered")
        let exact = ReferenceRenderer().render(reference.frame).toRGBA8()
        let unsteered = try XCTUnwrap(zip(cases, renders).first { $0.0.name == "steersGlows" }?.1.get())
        XCTAssertTrue(unsteered.steered.isEmpty)
        for (c, result) in zip(cases, renders).dropFirst() {
            let r: (frame: Frame, image: RGBA8Image, steered: [Int: SteeredGlow], work: Work)
            do { r = try result.get() } catch { XCTFail("\(c.name) off: \(error)"); continue }
            XCTAssertNotEqual(r.work, reference.work, "\(c.name): turning it off changed nothing this scene shows")
            switch c.name {
            case "keepsGlows":
                XCTAssertTrue(r.steered.isEmpty, "no glow steered without kept glows")
                XCTAssertEqual(r.image.pixels, unsteered.image.pixels, "keepsGlows off: the image of steering off, bit for bit")
            case "steersGlows", "phaseTables", "cpuTiles":
                // The approximations are certified: each image within its bound of the exact one
                // (tiles placed on the GPU draw every edge per pixel and average every paint).
                for (label, image, steered) in [("all on", reference.image, reference.steered), ("\(c.name) off", r.image, r.steered)] {
                    let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: image,
                                                                  bound: ErrorBound(frame: r.frame, image: image, steered: steered)))
                    XCTAssertTrue(check.passed, "\(label): \(check.failureReason ?? "")")
                }
            case "canvasBands":
                try CanvasBandTests.assertAlike(r.image, reference.image)
            default:
                let diff = try XCTUnwrap(ImageComparison(reference.image, r.image))
                XCTAssertEqual(diff.maxDifference, 0, "\(c.name) off: \(diff.percentOver(0))% of pixels differ, by up to \(diff.maxDifference)")
            }
        }
    }
}
