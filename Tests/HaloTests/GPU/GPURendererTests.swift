import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
@testable import HaloGL

/// The GPU renderer against the exact CPU reference, on the bundled examples.
final class GPURendererTests: XCTestCase {
    static let examples = ["bottom-sheet", "gradient-border-button", "uikit-gradient-border", "rounded-gradient-button"]

    /// GPU and CPU agree on every example at two times: at most 3 levels anywhere,
    /// and 99.9% of pixels within 1 level.
    func testGPUMatchesCPUReferenceOnEveryExampleAtTwoTimes() throws {
        var items: [(name: String, time: Double, frame: Frame)] = []
        for name in Self.examples {
            let (scene, background) = try loadScene(repositoryRoot.appendingPathComponent("Examples/\(name).json"))
            for time in [0.0, 1.3] { items.append((name, time, Frame(scene, time: time, backgroundImage: background))) }
        }
        // The GPU images on every core at once (a cold shader cache compiles each example's variants).
        let gpuImages = renderConcurrently(items) { item, gpu in try gpu.render(item.frame) }
        for (item, result) in zip(items, gpuImages) {
            let (name, time) = (item.name, item.time)
            let cpu = ReferenceRenderer().render(item.frame).toRGBA8()
            let got = try result.get()
            guard let c = ImageComparison(cpu, got) else { XCTFail("\(name): sizes differ"); continue }
            let ok = c.maxDifference <= 3 && c.percentOver(1) <= 0.1
            if !ok {
                let dir = writeArtifacts(name: "\(name)-t\(time)-gpu-vs-cpu", actual: got, expected: cpu, comparison: c)
                XCTFail("\(name) at t = \(time): max \(c.maxDifference), \(c.percentOver(1))% > 1; images in \(dir)")
            }
        }
    }

    /// Renderers made and released while another lives, on other threads and on this one,
    /// leave it working: their contexts share the process's EGL display, which must stay
    /// initialised while any context on it lives (`halo test --jobs`, renderConcurrently).
    /// Before HeadlessContext counted the display's uses, each release terminated it: after
    /// one on another thread and one on this, this renderer's next frame threw
    /// "eglMakeCurrent failed" (and in a full `swift test` a GL call once aborted in
    /// libepoxy, which found no current context).
    func testRenderersReleasedWhileAnotherLivesLeaveItWorking() throws {
        let shaders = ShaderLibrary(directory: repositoryRoot.appendingPathComponent("Shaders").path)
        let (scene, _) = try loadScene(repositoryRoot.appendingPathComponent("Tests/Fixtures/seed-button-frame.json"))
        let (dotted, _) = try loadScene(repositoryRoot.appendingPathComponent("Examples/dotted-capsule.json"))
        let frame = Frame(scene, time: 0.7), other = Frame(dotted, time: 0.4)
        let mine = try GLRenderer(shaders: shaders)
        let before = try mine.render(frame)
        let others = renderConcurrently([other, other]) { f, gpu in try gpu.render(f) }
        do { _ = try GLRenderer(shaders: shaders).render(frame) }
        XCTAssertEqual(try mine.render(frame), before, "the same frame, after renderers on two other threads and on this one went")
        // A frame of other program variants: compiled and drawn by this renderer now.
        let after = try mine.render(other)
        for image in others { XCTAssertEqual(try image.get(), after, "this renderer and the other threads' draw the same image") }
    }

    /// A rotating border is periodic: the seed button at t and t + period (3 s) is the same image.
    func testRotatingButtonIsIdenticalOneperiodLater() throws {
        let gpu = try SharedGPU.renderer()
        let (scene, _) = try loadScene(repositoryRoot.appendingPathComponent("Tests/Fixtures/seed-button-frame.json"))
        let a = try gpu.render(Frame(scene, time: 0.7))
        let b = try gpu.render(Frame(scene, time: 3.7))
        XCTAssertEqual(a, b)
        // ... and it does move in between.
        let c = try gpu.render(Frame(scene, time: 1.45))
        XCTAssertNotEqual(a, c)
    }

    /// The output has the canvas's pixel size, round(width * scale) x round(height * scale).
    func testImageSizeIsCanvasSizeTimesScaleRounded() throws {
        let gpu = try SharedGPU.renderer()
        let scene = Scene(canvas: Canvas(width: 100.25, height: 40.75, scale: 2), layers: [])
        let img = try gpu.render(Frame(scene))
        XCTAssertEqual(img.width, 201)   // 200.5 rounds half up
        XCTAssertEqual(img.height, 82)   // 81.5 rounds half up
    }

    /// One rect filled with `color` on a transparent canvas of `size` points, by the GPU.
    private func renderRect(_ rect: Rect, filledWith color: RGBA, onCanvas size: (Double, Double)) throws -> RGBA8Image {
        let scene = Scene(canvas: Canvas(width: size.0, height: size.1), layers: [
            Layer(shape: Shape(kind: .rect, rect: rect), fill: .solid(color)),
        ])
        return try SharedGPU.renderer().render(Frame(scene))
    }

    /// Row 0 of the image is the top of the canvas (no vertical flip): a shape at
    /// the top-left lands in the first rows and columns.
    func testImageRowsRunTopToBottom() throws {
        let img = try renderRect(Rect(0, 0, 4, 2), filledWith: RGBA(1, 0, 0), onCanvas: (20, 10))
        XCTAssertEqual(img[1, 1], SIMD4<UInt8>(255, 0, 0, 255))
        XCTAssertEqual(img[1, 8], SIMD4<UInt8>(0, 0, 0, 0))
        XCTAssertEqual(img[15, 1], SIMD4<UInt8>(0, 0, 0, 0))
    }

    /// A half-covered pixel (edge at x = 10.5) has coverage 0.5: alpha 128 after rounding half up.
    func testHalfCoveredPixelHasHalfAlpha() throws {
        let img = try renderRect(Rect(0, 0, 10.5, 4), filledWith: RGBA(1, 1, 1), onCanvas: (20, 4))
        XCTAssertEqual(img[10, 2], SIMD4<UInt8>(255, 255, 255, 128))
        XCTAssertEqual(img[9, 2].w, 255)
        XCTAssertEqual(img[11, 2].w, 0)
    }

    /// Tiles one layer alone touches are composited over the background in the layer's
    /// shader and written directly; tiles with two layers go through the float canvas.
    /// Both must give the same bytes: the seed button drawn directly (flat background)
    /// equals it drawn wholly through the canvas (the same colour given as a background
    /// image, which sends every tile there), and a second layer overlapping part of it
    /// changes only the pixels it covers or glows on.
    func testTilesDrawnDirectlyEqualTilesDrawnThroughTheCanvas() throws {
        let gpu = try SharedGPU.renderer()
        let (scene, _) = try loadScene(repositoryRoot.appendingPathComponent("Tests/Fixtures/seed-button-frame.json"))
        let direct = Frame(scene, time: 0.4)
        var viaCanvas = direct
        let bg = direct.backgroundColor
        viaCanvas.backgroundImage = PremulImage(width: direct.width, height: direct.height,
                                                fill: SIMD4<Float>(Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w)))
        let a = try gpu.render(direct), b = try gpu.render(viaCanvas)
        guard let c = ImageComparison(a, b) else { return XCTFail("sizes differ") }
        XCTAssertEqual(c.maxDifference, 0, "direct vs canvas: \(c.percentOver(0))% of pixels differ")

        // A small opaque square at the top-left corner, far from the button's glow on one side.
        var two = scene
        two.layers.append(Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 6, 6)), fill: .solid(RGBA(1, 0, 0))))
        let d = try gpu.render(Frame(two, time: 0.4))
        var changed = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != d[x, y] {
                changed += 1
                XCTAssertTrue(x < 12 && y < 12, "pixel (\(x), \(y)) changed away from the square")
            }
        }
        XCTAssertEqual(changed, 144, "the square covers 12 x 12 pixels at scale 2")
    }

    /// The GPU leaves out glow-only tiles farther outside the stroke than
    /// `LayerTiles.faintGlowDistance` (half-plane tail bound: under half a level there).
    /// The exact CPU image checks the bound independently: every pixel that far from a
    /// glowing capsule is exactly the background in both images, while a pixel 1 sigma
    /// out is not (the glow is there, so the check is not empty).
    func testGlowBeyondTheFaintDistanceRoundsToTheBackground() throws {
        let sigma = 8.0, opacity = 0.9
        let bg = RGBA(13.0 / 255, 13.0 / 255, 26.0 / 255)
        let scene = Scene(canvas: Canvas(width: 160, height: 120, background: .color(bg)), layers: [
            Layer(shape: Shape(kind: .capsule, rect: Rect(40, 50, 80, 20)),
                  stroke: Stroke(paint: .solid(RGBA(1, 0.5, 0.2)), width: 4, alignment: .inside),
                  glow: Glow(radius: sigma, opacity: opacity)),
        ])
        let frame = Frame(scene)
        let cpu = ReferenceRenderer().render(frame).toRGBA8(), gpu = try SharedGPU.renderer().render(frame)
        let far = LayerTiles.faintGlowDistance(sigma: sigma, opacity: opacity)
        XCTAssertGreaterThan(far, 2 * sigma)
        XCTAssertLessThan(far, 4 * sigma)
        let background = SIMD4<UInt8>(13, 13, 26, 255)
        var checked = 0
        for y in 0..<120 {
            for x in 0..<160 {
                // Distance from the pixel centre to the capsule (centre (80, 60), half length 30, radius 10).
                let dx = max(abs(Double(x) + 0.5 - 80) - 30, 0), dy = abs(Double(y) + 0.5 - 60)
                let d = (dx * dx + dy * dy).squareRoot() - 10
                guard d > far + 0.71 else { continue }
                checked += 1
                XCTAssertEqual(cpu[x, y], background, "cpu (\(x), \(y)), \(d) px out")
                XCTAssertEqual(gpu[x, y], background, "gpu (\(x), \(y)), \(d) px out")
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        XCTAssertNotEqual(cpu[80, 50 - Int(sigma)], background, "1 sigma above the capsule the glow shows")
    }

    /// The embedded copy of the shaders is the same as Shaders/ (run tools/embed-shaders after editing).
    func testEmbeddedShadersAreCurrent() throws {
        let lib = ShaderLibrary(directory: repositoryRoot.appendingPathComponent("Shaders").path)
        let names = try FileManager.default.subpathsOfDirectory(atPath: lib.directory!)
            .filter { $0.hasSuffix(".glsl") || $0.hasSuffix(".frag") || $0.hasSuffix(".vert") }
        XCTAssertEqual(Set(names), Set(EmbeddedShaders.files.keys))
        for name in names {
            XCTAssertEqual(try lib.text(of: name), EmbeddedShaders.files[name], "\(name) differs: run tools/embed-shaders")
        }
    }

    /// The uniforms the Swift side sets are the ones the GLSL declares (keep-in-sync check).
    func testUniformListsMatchTheShaders() throws {
        let lib = ShaderLibrary(directory: repositoryRoot.appendingPathComponent("Shaders").path)
        func declared(_ file: String) throws -> Set<String> {
            let src = try lib.assemble(file).source
            var names = Set<String>()
            for line in src.split(separator: "\n") where line.hasPrefix("uniform ") {
                let decl = line.split(separator: ";")[0].split(separator: " ")
                names.insert(String(decl[2].split(separator: "[")[0]))
            }
            return names
        }
        // tile.vert's text declares, behind #ifdefs, the layer data's uniforms, the glow atlas
        // size and the backdrops of direct tiles, and where it places tiles (HALO_PLACED) the
        // shape's (lib/shape.glsl: shader paints' time, the sample atlas, the loop bound).
        XCTAssertEqual(try declared("tile.vert"), Set(Uniforms.tile + Uniforms.tileLayer + Uniforms.tileDirect + Uniforms.layer
                                                      + Uniforms.paint + Uniforms.shapeSamples + Uniforms.neverSet))
        let tile = Set(Uniforms.tile)
        XCTAssertEqual(try declared("layer.frag").union(try declared("tile.vert")), Set(Uniforms.layerProgram + Uniforms.neverSet))
        XCTAssertEqual(try declared("glow_source.frag").union(tile).union(Uniforms.tileLayer), Set(Uniforms.glowSourceProgram + Uniforms.neverSet))
        XCTAssertTrue(try declared("layer.frag").contains("haloLoopPeriod"), "shader paints' haloLoopPeriod")
        XCTAssertEqual(try declared("blur.frag").union(tile), Set(Uniforms.blurProgram))
        XCTAssertEqual(try declared("resolve.frag").union(tile), Set(Uniforms.resolveProgram))
        XCTAssertEqual(try declared("downsample.frag").union(tile), Set(Uniforms.downsampleProgram))
        XCTAssertEqual(try declared("target_restore.frag").union(tile), Set(Uniforms.targetRestoreProgram))
        XCTAssertEqual(try declared("text_fill.frag").union(tile).union(Uniforms.tileLayer), Set(Uniforms.textFillProgram + Uniforms.neverSet))
        XCTAssertEqual(try declared("text.frag").union(tile), Set(Uniforms.textProgram))
        XCTAssertEqual(try declared("shape_pass.frag").union(tile).union(Uniforms.tileLayer), Set(Uniforms.shapePassProgram + Uniforms.neverSet))
        XCTAssertEqual(try declared("loop_scan.frag").union(tile), Set(Uniforms.loopScanProgram))
        XCTAssertEqual(try declared("paint_scan.frag").union(tile).union(Uniforms.tileLayer), Set(Uniforms.paintScanProgram))
    }

    /// docs/scene-format.md "Glow": a layer without a stroke glows its fill, under the fill; at radius 0
    /// the glow is the fill itself (or the glow colour times its alpha). The GPU draws each as
    /// the CPU reference does.
    func testGlowOfAFillLiesUnderTheFillAsTheReferenceDrawsIt() throws {
        let linear = Paint(.linear(start: UnitPoint(0, 0.5), end: UnitPoint(1, 0.5)), stops: Paint.evenStops([RGBA(1, 0.2, 0.6), RGBA(0.2, 0.4, 1)]))
        for (radius, colour) in [(0.0, nil), (0.0, RGBA(0, 1, 0.6)), (6.0, nil), (6.0, RGBA(0, 1, 0.6))] as [(Double, RGBA?)] {
            let scene = Scene(canvas: Canvas(width: 90, height: 50, scale: 2, background: .color(RGBA(0.05, 0.05, 0.1))), layers: [
                Layer(shape: Shape(kind: .capsule, rect: Rect(15, 15, 60, 20)), fill: linear,
                      glow: Glow(radius: radius, opacity: 0.8, color: colour), opacity: 0.9),
            ])
            let frame = Frame(scene)
            XCTAssertTrue(frame.layers[0].fillGlows)
            let gpu = try SharedGPU.renderer().render(frame)
            let cpu = ReferenceRenderer().render(frame).toRGBA8()
            XCTAssertLessThanOrEqual(try XCTUnwrap(ImageComparison(cpu, gpu)).maxDifference, 2, "radius \(radius), colour \(String(describing: colour))")
        }
    }
}
