import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloReference
import HaloTesting

/// Glows that are the same glow moved (``GlowTwins``): the later ones read the first one's
/// texels of the glow atlas, and the image stays within the certified bound of the exact one.
final class GlowTwinsTests: XCTestCase {
    /// Glowing capsules (160 x 48, 3 px inside rainbow borders turning every 3 s, glow radius
    /// 8 at opacity 0.8) at `xs`, each with its paint's angle, on a 640 x 150 canvas.
    static func buttons(_ xs: [Int], angles: [Int]) -> Scene {
        let layers = zip(xs, angles).map { SteeredGlowRenderTests.button(x: $0, angle: $1) }.joined(separator: ", ")
        let json = """
            { "format": 1, "canvas": { "width": 640, "height": 150, "scale": 1, "background": "#0D0D1A" },
              "layers": [ \(layers) ] }
            """
        return try! SceneDecoder.decode(Data(json.utf8))
    }

    private func plan(_ frame: Frame) -> FramePlan {
        FramePlan(frame, isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
    }

    /// Layer rows whose instances are in `data` (``FramePlan/floatsPerInstance`` floats each).
    private func rows(_ data: [Float]) -> Set<Int> {
        Set(stride(from: 0, to: data.count, by: FramePlan.floatsPerInstance).map { Int(data[$0 + 6]) })
    }

    func testButtonsTurningInStepShareTheFirstOnesGlow() {
        let p = plan(Frame(Self.buttons([24, 232, 440], angles: [30, 30, 30]), time: 0.5))
        XCTAssertNil(p.layers[0].twinOf)
        XCTAssertEqual(p.layers[1].twinOf, 0)
        XCTAssertEqual(p.layers[2].twinOf, 0)
        XCTAssertEqual(p.layers[1].atlas, p.layers[0].atlas)
        XCTAssertEqual(p.layers[2].atlas, p.layers[0].atlas)
        // Only the first glow is drawn and blurred.
        let page = p.glowPages[0]
        XCTAssertEqual(Set(page.source.flatMap { rows($0.instances) }), [0])
        XCTAssertEqual(Set(page.blurs.flatMap { rows($0.horizontal).union(rows($0.vertical)) }), [0])
    }

    func testButtonsAtOtherPhasesKeepTheirOwnGlows() {
        let p = plan(Frame(Self.buttons([24, 232, 440], angles: [0, 37, 0]), time: 0.5))
        XCTAssertNil(p.layers[1].twinOf, "another phase of the paint is another glow")
        XCTAssertEqual(p.layers[2].twinOf, 0)
        XCTAssertNotEqual(p.layers[1].atlas, p.layers[0].atlas)
    }

    /// A button half a pixel off the grid samples its glow's blocks at other points: not a twin.
    func testAButtonOffThePixelGridKeepsItsOwnGlow() throws {
        var scene = Self.buttons([24, 232], angles: [30, 30])
        scene.layers[1].shape.rect.x += 0.5
        let p = plan(Frame(scene, time: 0.5))
        XCTAssertNil(p.layers[1].twinOf)
    }

    func testTwinsAreWithinTheCertifiedBoundOfTheExactImage() throws {
        let frame = Frame(Self.buttons([24, 232, 440], angles: [30, 30, 30]), time: 0.5)
        let gpu = try SharedGPU.renderer()
        let image = try gpu.render(frame)
        XCTAssertEqual(gpu.glowTwinsLastFrame, [1, 2])
        let exact = ReferenceRenderer().render(frame).toRGBA8()
        let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: image, bound: ErrorBound(frame: frame, image: image)))
        XCTAssertTrue(check.passed, check.failureReason ?? "")
    }

    /// Steered, the twins show the steered glow, and the bound counts its truncation for them too.
    func testTwinsOfASteeredGlowCountItsTruncation() throws {
        let (frame, image, steered) = try SteeredGlowRenderTests.renderTurn(of: Self.buttons([24, 232, 440], angles: [30, 30, 30]), steering: true)
        XCTAssertEqual(Set(steered.keys), [0, 1, 2])
        XCTAssertEqual(try SharedGPU.renderer().glowTwinsLastFrame, [1, 2])
        let exact = ReferenceRenderer().render(frame).toRGBA8()
        let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: image, bound: ErrorBound(frame: frame, image: image, steered: steered)))
        XCTAssertTrue(check.passed, check.failureReason ?? "")
    }
}
