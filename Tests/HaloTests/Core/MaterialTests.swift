import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
import HaloReference

/// docs/scene-format.md "Material": a material fill shows the canvas below the layer, blurred (edges
/// clamped), saturated (CSS Filter Effects saturate) and tinted, replacing the backdrop
/// within the shape's coverage; the layer's opacity follows D + opacity (L - D).
final class MaterialTests: XCTestCase {
    private func decode(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), file: "t.json")
    }

    /// A 40 x 20 pt canvas over `background` with one material layer over the whole canvas.
    private func scene(background: String = "\"red\"", material: String, extra: String = "", opacity: Double = 1) throws -> Scene {
        try decode(#"""
        { "format": 1, "canvas": { "width": 40, "height": 20, "background": \#(background) },
          "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 40, 20] }, "fill": \#(material)\#(extra), "opacity": \#(opacity) } ] }
        """#)
    }

    private func render(_ s: Scene, _ backend: Backend, background: RGBA8Image? = nil) throws -> RGBA8Image {
        try Halo.render(s, background: background, backend: backend, gpu: backend == .gpu ? try SharedGPU.renderer() : nil)
    }

    private func differingBytes(_ a: RGBA8Image, _ b: RGBA8Image) -> Int {
        zip(a.pixels, b.pixels).filter { $0 != $1 }.count + abs(a.pixels.count - b.pixels.count)
    }

    private func pixel(_ img: PremulImage, _ x: Int, _ y: Int) -> SIMD4<Double> {
        SIMD4<Double>(img.pixels[y * img.width + x])
    }

    // MARK: - Reading

    func testAMaterialFillReadsWithItsDefaults() throws {
        let s = try scene(material: #"{ "type": "material", "blur": 10 }"#)
        XCTAssertEqual(s.layers[0].fill?.kind, .material(blur: 10, saturation: 1, tint: RGBA(0, 0, 0, 0)))
    }

    func testAMaterialAsAStrokePaintIsRefusedAtItsType() {
        let json = #"{ "format": 1, "canvas": { "width": 10, "height": 10 }, "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 5, 5] }, "stroke": { "paint": { "type": "material", "blur": 2 }, "width": 1 } } ] }"#
        XCTAssertThrowsError(try decode(json)) { e in
            XCTAssertEqual("\(e)", #"t.json: layers[0].stroke.paint.type: expected a paint (a material is allowed only as a layer's fill), found "material""#)
        }
    }

    func testAGlowWhoseOnlySourceIsAMaterialIsRefused() {
        XCTAssertThrowsError(try scene(material: #"{ "type": "material", "blur": 2 }"#, extra: #", "glow": { "radius": 3 }"#)) { e in
            XCTAssertTrue("\(e)".hasPrefix("t.json: layers[0].glow: expected a glow on a layer with a stroke or a fill that is not a material"), "\(e)")
            XCTAssertTrue("\(e)".hasSuffix("found a material fill only"), "\(e)")
        }
    }

    func testANegativeBlurAndSaturationAreRefusedAtTheirPaths() {
        XCTAssertThrowsError(try scene(material: #"{ "type": "material", "blur": -1 }"#)) { e in
            XCTAssertTrue("\(e)".hasPrefix("t.json: layers[0].fill.blur: expected a number >= 0"), "\(e)")
        }
        XCTAssertThrowsError(try scene(material: #"{ "type": "material", "blur": 1, "saturation": -0.5 }"#)) { e in
            XCTAssertTrue("\(e)".hasPrefix("t.json: layers[0].fill.saturation: expected a number >= 0"), "\(e)")
        }
        XCTAssertThrowsError(try scene(material: #"{ "type": "material" }"#)) { e in
            XCTAssertTrue("\(e)".hasPrefix("t.json: layers[0].fill.blur: expected a value (required)"), "\(e)")
        }
    }

    // MARK: - The exact image

    /// B = 0, S = 1 and a clear tint change nothing (docs/scene-format.md), on both backends: over a
    /// gradient, the material shows the canvas below to the bit.
    func testNoBlurFullSaturationAndAClearTintChangeNothing() throws {
        var s = try decode(#"""
        { "format": 1, "canvas": { "width": 40, "height": 20, "scale": 2, "background": "black" },
          "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 40, 20] },
                        "fill": { "type": "linear", "colors": ["#FF2D55", "#5AC8FA", "#FFCC00"], "startPoint": [0, 0], "endPoint": [1, 0.7] } },
                      { "shape": { "type": "roundedRect", "rect": [4, 3, 30, 14], "cornerRadius": 5 }, "fill": { "type": "material", "blur": 0 } } ] }
        """#)
        let with = try render(s, .cpu), gpu = try render(s, .gpu)
        s.layers.removeLast()
        XCTAssertEqual(differingBytes(with, try render(s, .cpu)), 0, "CPU")
        XCTAssertEqual(differingBytes(gpu, try render(s, .gpu)), 0, "GPU")
    }

    /// Saturation 0 gives the luminance-weighted grey of CSS saturate(0): over opaque red,
    /// every channel 0.213 (the matrix's first column).
    func testSaturationZeroGivesTheGreyOfTheFilterEffectsMatrix() throws {
        let s = try scene(background: "[1, 0, 0]", material: #"{ "type": "material", "blur": 0, "saturation": 0 }"#)
        let out = ReferenceRenderer().render(Frame(s))
        assertClose(pixel(out, 5, 5), SIMD4(0.213, 0.213, 0.213, 1), tolerance: 1e-6)
    }

    /// Saturation above 1 pushes channels past [0, alpha]; they are clamped there.
    func testOversaturatedChannelsAreClampedToAlpha() throws {
        let s = try scene(background: "[1, 0.5, 0]", material: #"{ "type": "material", "blur": 0, "saturation": 3 }"#)
        let out = ReferenceRenderer().render(Frame(s))
        // r' = (0.213 + 0.787 * 3) + (0.715 - 0.715 * 3) * 0.5 = 1.859 -> 1; g' = -0.213 * 2 + (0.715 + 0.855) * 0.5 = 0.359.
        assertClose(pixel(out, 5, 5), SIMD4(1, 0.359, 0, 1), tolerance: 1e-6)
    }

    /// The canvas is extended by its edge pixels, so a blurred flat canvas stays flat at its
    /// corners (zero padding would darken them), on both backends.
    func testTheBlurClampsAtTheCanvasEdgeOnBothBackends() throws {
        let s = try scene(background: "[0.2, 0.4, 0.8]", material: #"{ "type": "material", "blur": 6 }"#)
        let plain = try render(try scene(background: "[0.2, 0.4, 0.8]", material: ##"{ "type": "solid", "color": "#00000000" }"##), .cpu)
        XCTAssertEqual(differingBytes(try render(s, .cpu), plain), 0, "CPU")
        XCTAssertEqual(differingBytes(try render(s, .gpu), plain), 0, "GPU")
    }

    /// The tint is composited over the saturated blur: a half-clear white tint over black
    /// gives 0.5 grey, opaque.
    func testTheTintIsCompositedOverTheBlur() throws {
        let s = try scene(background: "\"black\"", material: ##"{ "type": "material", "blur": 3, "tint": "#FFFFFF80" }"##)
        let out = ReferenceRenderer().render(Frame(s))
        assertClose(pixel(out, 20, 10), SIMD4(128.0 / 255, 128.0 / 255, 128.0 / 255, 1), tolerance: 1e-6)
    }

    /// The layer rule D + opacity (L - D): a grey material (S = 0) at opacity 0.5 over red
    /// is halfway between red and the grey, on both backends.
    func testLayerOpacityMixesTheMaterialWithTheCanvasBelow() throws {
        let s = try scene(background: "[1, 0, 0]", material: #"{ "type": "material", "blur": 0, "saturation": 0 }"#, opacity: 0.5)
        let out = ReferenceRenderer().render(Frame(s))
        assertClose(pixel(out, 5, 5), SIMD4(0.6065, 0.1065, 0.1065, 1), tolerance: 1e-6)
        let gpu = try render(s, .gpu)
        let i = (5 * gpu.width + 5) * 4
        // 0.6065 * 255 = 154.66 -> 155; 0.1065 * 255 = 27.16 -> 27.
        XCTAssertEqual(Array(gpu.pixels[i..<i + 4]), [155, 27, 27, 255])
    }

    /// The material replaces the backdrop (D (1 - c) + P c), not composites over it: over a
    /// half-transparent canvas, a clear-tinted material at full coverage keeps its alpha.
    func testAMaterialReplacesTheBackdropRatherThanCompositingOverIt() throws {
        let s = try scene(background: "[1, 0, 0, 0.5]", material: #"{ "type": "material", "blur": 2, "saturation": 0 }"#)
        let out = ReferenceRenderer().render(Frame(s))
        let a = 0.5
        assertClose(pixel(out, 20, 10), SIMD4(0.213 * a, 0.213 * a, 0.213 * a, a), tolerance: 1e-6)
    }
}
