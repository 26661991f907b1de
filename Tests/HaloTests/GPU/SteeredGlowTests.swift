import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloReference
import HaloTesting

/// Which glows may be steered (``AngularModes``): a full-turn angular paint whose frame-to-frame
/// change, seen by the glow cache, is its angle alone; hard stops fall back.
final class SteeredGlowTests: XCTestCase {
    private func seed() throws -> Scene {
        let url = repositoryRoot.appendingPathComponent("Examples/gradient-border-button.json")
        return try SceneDecoder.load(path: url.standardizedFileURL.path)
    }

    /// The seed button's border turns once every 3 s: between frames 1/60 s apart its glow's
    /// row differs in the angle texel alone, by 360 / 3 / 60 = 2 degrees.
    func testTheSeedsTurningBorderChangesOnlyItsAngle() throws {
        let scene = try seed(), gpu = try SharedGPU.renderer()
        defer { gpu.options.keepsGlows = true }
        gpu.options.keepsGlows = false
        gpu.options.keepsGlows = true
        var rows: [[Float]] = []
        for t in [0.5, 0.5 + 1.0 / 60] {
            _ = try gpu.render(Frame(scene, time: t))
            let held = gpu.glowCache.heldRows
            XCTAssertEqual(held.count, 1, "the seed has one glow")
            rows.append(try XCTUnwrap(held.values.first))
        }
        XCTAssertTrue(GlowCache.turnedOnly(rows[0], rows[1], strokeGlows: true))
        let angle = GlowCache.paintTexel(strokeGlows: true) * 4 + 2
        var turn = Double(rows[1][angle] - rows[0][angle]).truncatingRemainder(dividingBy: 360)
        if turn < 0 { turn += 360 }
        XCTAssertEqual(min(turn, 360 - turn), 2, accuracy: 1e-3)
        // Anything else changing (here the centre) is not a turn.
        var moved = rows[1]
        moved[GlowCache.paintTexel(strokeGlows: true) * 4] += 1
        XCTAssertFalse(GlowCache.turnedOnly(rows[0], moved, strokeGlows: true))

        let layer = try XCTUnwrap(Frame(scene, time: 0.5).layers.first { $0.glow != nil })
        XCTAssertTrue(GlowCache.isSteerable(layer))
        let modes = AngularModes(ramp: try XCTUnwrap(layer.stroke?.paint.ramp))
        XCTAssertTrue(modes.isContinuous, "the seed's ramp starts and ends pink")
    }

    /// A partial sweep is not steered; a hard-stop ramp is steerable in shape but has no
    /// certified N, so it takes the ordinary path.
    func testPartialSweepsAndHardStopsTakeTheOrdinaryPath() throws {
        func layer(_ paint: String) throws -> ResolvedLayer {
            let scene = try SceneDecoder.decode(Data("""
                { "format": 1, "canvas": { "width": 200, "height": 100, "scale": 1 },
                  "layers": [ { "shape": { "type": "capsule", "rect": [20, 20, 160, 48] },
                    "stroke": { "paint": \(paint), "width": 3 }, "glow": { "radius": 8, "opacity": 0.8 } } ] }
                """.utf8))
            return try XCTUnwrap(Frame(scene).layers.first)
        }
        let partial = try layer(#"{ "type": "angular", "colors": ["red", "blue", "red"], "startAngle": 0, "endAngle": 180 }"#)
        XCTAssertFalse(GlowCache.isSteerable(partial))
        let hard = try layer(#"{ "type": "angular", "stops": [ { "color": "red", "location": 0 }, { "color": "red", "location": 0.5 }, { "color": "blue", "location": 0.5 }, { "color": "blue", "location": 1 } ], "rotation": { "period": 3 } }"#)
        XCTAssertTrue(GlowCache.isSteerable(hard))
        XCTAssertNil(AngularModes(ramp: try XCTUnwrap(hard.stroke?.paint.ramp), computed: 256).modes(within: 1.0 / 128))
    }
}

/// Steered glows as drawn: the frame after a turn is drawn from the planes, within the
/// certified bound of the exact image (the bound counting the truncation), and within the
/// truncation of the ordinary path's image.
final class SteeredGlowRenderTests: XCTestCase {
    /// Two of the 100-button grid's buttons (160 x 48 capsules, 3 px inside rainbow borders
    /// turning every 3 s, glow radius 8 at opacity 0.8) on a 420 x 150 canvas: one geometry.
    static let buttonsJSON = """
        { "format": 1, "canvas": { "width": 420, "height": 150, "scale": 1, "background": "#0D0D1A" },
          "layers": [ \(button(x: 24, angle: 0)), \(button(x: 232, angle: 37)) ] }
        """
    static func button(x: Int, angle: Int) -> String {
        """
        { "shape": { "type": "capsule", "rect": [\(x), 50, 160, 48] }, "fill": { "type": "solid", "color": [1, 1, 1, 0.08] },
          "stroke": { "paint": { "type": "angular", "center": [0.5, 0.5], "angle": \(angle),
                                 "colors": ["pink", "orange", "yellow", "mint", "blue", "purple", "pink"],
                                 "rotation": { "period": 3, "direction": "clockwise" } }, "width": 3, "alignment": "inside" },
          "glow": { "radius": 8, "opacity": 0.8 } }
        """
    }

    /// Frames 0.5 s and 0.5 + 1/60 s by a renderer that steers (the preview's): the second is steered.
    private func renderTurn(steering: Bool) throws -> (frame: Frame, image: RGBA8Image, steered: [Int: SteeredGlow]) {
        try Self.renderTurn(of: try SceneDecoder.decode(Data(Self.buttonsJSON.utf8)), steering: steering)
    }

    /// Frames 0.5 s and 0.5 + 1/60 s of `scene` by the shared renderer, steering or not: the
    /// second frame, its image and its steered glows.
    static func renderTurn(of scene: Scene, steering: Bool) throws -> (frame: Frame, image: RGBA8Image, steered: [Int: SteeredGlow]) {
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.steersGlows = false; gpu.options.keepsGlows = true }
        gpu.options.steersGlows = steering
        gpu.options.keepsGlows = false          // forget what other tests left in the atlas
        gpu.options.keepsGlows = true
        gpu.steering.forget { $0.release() }   // and their planes: this turn sums its modes
        _ = try gpu.render(Frame(scene, time: 0.5))
        XCTAssertTrue(gpu.steeredGlowsLastFrame.isEmpty, "an animation's first frame is drawn the ordinary way")
        let frame = Frame(scene, time: 0.5 + 1.0 / 60)
        return (frame, try gpu.render(frame), gpu.steeredGlowsLastFrame)
    }

    func testATurningGlowIsSteeredWithinTheCertifiedBoundOfTheExactImage() throws {
        // (The exact image's worst difference from this frame is 1 level; the bound's
        // largest is 31, at the glows' stops.)
        let (frame, image, steered) = try renderTurn(steering: true)
        XCTAssertEqual(Set(steered.keys), [0, 1], "both buttons' glows turned only")
        for s in steered.values {
            XCTAssertTrue((1...SteeredGlows.maxModes).contains(s.modes))
            XCTAssertGreaterThan(s.truncation, 0)
        }
        let exact = ReferenceRenderer().render(frame).toRGBA8()
        let bound = ErrorBound(frame: frame, image: image, steered: steered)
        let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: image, bound: bound))
        XCTAssertTrue(check.passed, check.failureReason ?? "")
    }

    /// The steered image differs from the ordinary path's by at most the truncation (times
    /// the glow's opacity, in levels) plus a level of rounding on each side.
    func testASteeredGlowMatchesTheOrdinaryPathWithinItsTruncation() throws {
        let steered = try renderTurn(steering: true), ordinary = try renderTurn(steering: false)
        XCTAssertTrue(ordinary.steered.isEmpty)
        let t = try XCTUnwrap(steered.steered.values.map(\.error).max())
        let allowed = Int((t * 0.8 * 255).rounded(.up)) + 2
        var worst = 0
        for (a, b) in zip(steered.image.pixels, ordinary.image.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
        XCTAssertLessThanOrEqual(worst, allowed)
    }

    /// A glow at full resolution (sigma 4 px: k = 1, a budget no N meets) and a turning ramp
    /// with a hard stop (no N certifies) are drawn the ordinary way without making planes.
    func testGlowsThatCannotCertifyMakeNoPlanes() throws {
        let small = Self.buttonsJSON.replacingOccurrences(of: "\"radius\": 8", with: "\"radius\": 4")
        let hard = Self.buttonsJSON.replacingOccurrences(of: "\"colors\": [\"pink\", \"orange\", \"yellow\", \"mint\", \"blue\", \"purple\", \"pink\"]",
                                                         with: "\"stops\": [ { \"color\": \"red\", \"location\": 0 }, { \"color\": \"red\", \"location\": 0.5 }, { \"color\": \"blue\", \"location\": 0.5 }, { \"color\": \"blue\", \"location\": 1 } ]")
        XCTAssertNotEqual(hard, Self.buttonsJSON)
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.steersGlows = false }
        gpu.options.steersGlows = true
        for json in [small, hard] {
            let scene = try SceneDecoder.decode(Data(json.utf8))
            let before = gpu.steering.planes.count
            _ = try gpu.render(Frame(scene, time: 0.5))
            _ = try gpu.render(Frame(scene, time: 0.5 + 1.0 / 60))
            XCTAssertTrue(gpu.steeredGlowsLastFrame.isEmpty)
            XCTAssertEqual(gpu.steering.planes.count, before, "no planes made")
        }
    }

    /// A renderer steers only when asked (the preview and `halo bench` do): by default each
    /// frame is the one `halo render --time` draws, whatever it drew before.
    func testARendererSteersOnlyWhenAsked() throws {
        let scene = try SceneDecoder.decode(Data(Self.buttonsJSON.utf8))
        let gpu = try SharedGPU.renderer()
        XCTAssertFalse(gpu.options.steersGlows)
        _ = try gpu.render(Frame(scene, time: 0.5))
        _ = try gpu.render(Frame(scene, time: 0.5 + 1.0 / 60))
        XCTAssertTrue(gpu.steeredGlowsLastFrame.isEmpty)
    }
}

/// The steered glow's weights (glow_combine.frag) and planes' bookkeeping, without GL.
final class SteeredGlowWeightTests: XCTestCase {
    /// The weights, applied to planes cos(n theta), sin(n theta) of a single point (m = 1 at
    /// angle theta), give the turned paint's own truncated Fourier series there:
    /// sum_{|n| <= N} c_n e^{i n (theta - phi)}, which for a smooth ramp is within the
    /// truncation of the ramp's colour at t = (theta - phi) / 2 pi.
    func testWeightsOnOnePointGiveTheTurnedRampsColour() throws {
        let scene = try SceneDecoder.decode(Data(SteeredGlowRenderTests.buttonsJSON.utf8))
        let ramp = try XCTUnwrap(Frame(scene, time: 0).layers[0].stroke?.paint.ramp)
        let modes = AngularModes(ramp: ramp)
        let n = 32, angle: Float = 37.5
        let w = SteeredGlows.weights(modes, modes: n, angle: angle)
        XCTAssertEqual(w.count % 16, 0, "whole texels of 4 scalars")
        for theta in stride(from: 0.1, to: 6.2, by: 0.7) {
            var scalars = [1.0]
            for k in 1...n { scalars += [cos(Double(k) * theta), sin(Double(k) * theta)] }
            var sum = Premul.zero
            for (s, value) in scalars.enumerated() {
                sum += Premul(Double(w[4 * s]), Double(w[4 * s + 1]), Double(w[4 * s + 2]), Double(w[4 * s + 3])) * value
            }
            var t = (theta - Double(angle) * .pi / 180) / (2 * .pi)
            t -= t.rounded(.down)
            let expected = ramp.color(at: t)
            // The series' truncation at a point: 2 sum_{k > N} |c_k|, with |c_k| <= S / (2 pi k)^2.
            let tail = modes.truncation(modes: n)
            for c in 0..<4 { XCTAssertEqual(sum[c], expected[c], accuracy: tail + 1e-5, "theta \(theta), channel \(c)") }
        }
    }

    /// The float error term counts every kept mode: it grows with N and is 1e-4 of the
    /// first mode's magnitude at N = 0.
    func testTheFloatErrorTermGrowsWithTheModesKept() throws {
        let scene = try SceneDecoder.decode(Data(SteeredGlowRenderTests.buttonsJSON.utf8))
        let modes = AngularModes(ramp: try XCTUnwrap(Frame(scene, time: 0).layers[0].stroke?.paint.ramp))
        XCTAssertEqual(SteeredGlows.floatError(modes, modes: 0, peak: 1), 1e-4 * modes.magnitude(0), accuracy: 1e-15)
        XCTAssertGreaterThan(SteeredGlows.floatError(modes, modes: 8, peak: 1), SteeredGlows.floatError(modes, modes: 4, peak: 1))
    }
}

/// Steered glows on random steerable scenes: RandomScene's scenes almost never steer (their
/// glows are small, k = 1, or their ramps have hard stops or seams), so these are made to:
/// 1 to 3 capsules, rounded rects or ellipses of random size and place, strokes of random
/// width and alignment with full-turn angular ramps of random colours that close on
/// themselves (continuous), turning either way, glows of radius 8 to 20 with random opacity
/// and sometimes their own colour. Each drawn at 0.3 s, 1/60 s and 2/60 s later by a
/// renderer that steers; wherever a glow was steered, the second frame (summed from the
/// modes) and the third (from phase tables) are within their certified bound (truncation
/// and interpolation counted) of the exact image.
final class SteeredGlowRandomSceneTests: XCTestCase {
    static func scene(seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        func u() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        func r(_ a: Double, _ b: Double) -> Double { ((a + (b - a) * u()) * 100).rounded() / 100 }
        func colour() -> String { "[\(r(0, 1)), \(r(0, 1)), \(r(0, 1)), \(r(0.4, 1))]" }
        var layers: [String] = []
        for _ in 0..<(1 + Int(rng.next() % 3)) {
            let w = r(40, 200), h = r(24, 120)
            let kind = ["capsule", "roundedRect", "ellipse"][Int(rng.next() % 3)]
            let corner = kind == "roundedRect" ? ", \"cornerRadius\": \(r(2, min(w, h) / 2))" : ""
            let stops = (0..<(2 + Int(rng.next() % 4))).map { _ in colour() }
            let colours = (stops + [stops[0]]).joined(separator: ", ")
            let glowColour = u() < 0.3 ? ", \"color\": \(colour())" : ""
            layers.append("""
                { "shape": { "type": "\(kind)", "rect": [\(r(-20, 260)), \(r(-10, 160)), \(w), \(h)]\(corner) },
                  "stroke": { "paint": { "type": "angular", "center": [\(r(0.3, 0.7)), \(r(0.3, 0.7))], "angle": \(r(0, 360)),
                                         "colors": [\(colours)],
                                         "rotation": { "period": \(r(1, 5)), "direction": "\(u() < 0.5 ? "clockwise" : "counterclockwise")" } },
                              "width": \(r(1, 8)), "alignment": "\(["inside", "center", "outside"][Int(rng.next() % 3)])" },
                  "glow": { "radius": \(r(8, 20)), "opacity": \(r(0.3, 1))\(glowColour) } }
                """)
        }
        return """
            { "format": 1, "canvas": { "width": 320, "height": 200, "scale": 1, "background": "#101018" },
              "layers": [ \(layers.joined(separator: ", ")) ] }
            """
    }

    func testSteeredGlowsAreWithinTheirCertifiedBoundOnRandomSteerableScenes() throws {
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.steersGlows = false }
        gpu.options.steersGlows = true
        var steeredScenes = 0, steeredGlows = 0, layers = 0, tabled = 0
        for seed in UInt64(1)...12 {
            let scene = try SceneDecoder.decode(Data(Self.scene(seed: seed).utf8), file: "steerable-\(seed).json")
            layers += scene.layers.count
            _ = try gpu.render(Frame(scene, time: 0.3))
            for step in [1.0, 2.0] {
                let frame = Frame(scene, time: 0.3 + step / 60)
                let image = try gpu.render(frame)
                let steered = gpu.steeredGlowsLastFrame
                guard !steered.isEmpty else { continue }
                if step == 1 { steeredScenes += 1; steeredGlows += steered.count }
                tabled += steered.values.filter { $0.phases > 0 }.count
                let exact = ReferenceRenderer().render(frame).toRGBA8()
                let bound = ErrorBound(frame: frame, image: image, steered: steered)
                let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: image, bound: bound))
                XCTAssertTrue(check.passed, "seed \(seed) frame \(step), steered \(steered): \(check.failureReason ?? "")")
            }
        }
        print("steered glows: \(steeredGlows) of \(layers) in \(steeredScenes) of 12 random steerable scenes, \(tabled) read from phase tables")
        XCTAssertGreaterThanOrEqual(steeredScenes, 6, "most of these scenes steer")
        XCTAssertGreaterThanOrEqual(tabled, steeredGlows / 2, "most of them read a phase table in the third frame")
    }
}

/// The planes kept across frames are bounded: past ``SteeredGlows/planesKept`` sets, the
/// least recently used one not used this frame makes room; none is released while in use.
final class SteeredGlowPlanesKeptTests: XCTestCase {
    private func geometry(_ i: Int) -> SteeredGlows.Geometry {
        SteeredGlows.Geometry(kind: "roundedBox", values: [Double(i)], sources: [], variants: [], horizontal: [], vertical: [])
    }

    func testTheLeastRecentlyUsedPlanesMakeRoomButNotThoseInUse() {
        let s = SteeredGlows()
        var released = 0
        for i in 0..<SteeredGlows.planesKept {
            s.beginFrame { _ in released += 1 }
            XCTAssertTrue(s.makeRoom { _ in released += 1 })
            s.store(SteeredGlows.Planes(target: RenderTarget(format: 0), pad: 1, layerHeight: 1, symmetric: false, written: (0, 0, 1, 1), peaks: [1], frame: s.frame), for: geometry(i))
        }
        XCTAssertEqual(released, 0)
        s.beginFrame { _ in released += 1 }
        XCTAssertTrue(s.makeRoom { _ in released += 1 }, "the oldest, unused this frame, makes room")
        XCTAssertEqual(released, 1)
        XCTAssertTrue(s.planes(for: geometry(0)) == nil, "the oldest is forgotten")
        XCTAssertNotNil(s.planes(for: geometry(1)) ?? nil)
        // Every set used this frame: no room, nothing released.
        s.beginFrame { _ in released += 1 }
        for i in 1..<SteeredGlows.planesKept { (s.planes(for: geometry(i)) ?? nil)?.lastUsed = s.frame }
        s.store(SteeredGlows.Planes(target: RenderTarget(format: 0), pad: 1, layerHeight: 1, symmetric: false, written: (0, 0, 1, 1), peaks: [1], frame: s.frame), for: geometry(99))
        XCTAssertFalse(s.makeRoom { _ in released += 1 })
        XCTAssertEqual(released, 1)
    }
}
