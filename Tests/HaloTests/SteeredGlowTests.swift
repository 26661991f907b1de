import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloTesting

/// Which glows may be steered (``AngularModes``): a full-turn angular paint whose frame-to-frame
/// change, seen by the glow cache, is its angle alone; hard stops fall back.
final class SteeredGlowTests: XCTestCase {
    private func seed() throws -> Scene {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/gradient-border-button.json")
        return try SceneDecoder.load(path: url.standardizedFileURL.path)
    }

    /// The seed button's border turns once every 3 s: between frames 1/60 s apart its glow's
    /// row differs in the angle texel alone, by 360 / 3 / 60 = 2 degrees.
    func testTheSeedsTurningBorderChangesOnlyItsAngle() throws {
        let scene = try seed(), gpu = try SharedGPU.renderer()
        defer { gpu.cachesGlows = true }
        gpu.cachesGlows = false
        gpu.cachesGlows = true
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
