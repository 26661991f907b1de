import Foundation
import XCTest
import Halo

/// The CPU reference renderer computes the scene format's exact image: box-filter
/// coverage, the exact Gaussian glow, and source-over compositing of
/// premultiplied sRGB-encoded values, fill then glow then stroke, each layer
/// as a group at its opacity.
final class ReferenceRendererTests: XCTestCase {

    // MARK: - Helpers

    private func render(_ scene: Scene, time: Double? = nil) -> PremulImage {
        ReferenceRenderer().render(Frame(scene, time: time))
    }

    private func canvas(_ w: Double, _ h: Double, scale: Double = 1, background: RGBA = RGBA(0, 0, 0, 0)) -> Canvas {
        Canvas(width: w, height: h, scale: scale, background: .color(background))
    }

    private let white = RGBA(1, 1, 1)
    private let red = RGBA(1, 0, 0)
    private let blue = RGBA(0, 0, 1)

    /// Sum of alpha over the image (the covered area in pixels for an opaque paint).
    private func totalAlpha(_ image: PremulImage) -> Double {
        image.pixels.reduce(0) { $0 + Double($1.w) }
    }

    /// Asserts the image equals its mirror images left-right and top-bottom, all channels.
    private func assertMirrorSymmetric(_ image: PremulImage, tolerance: Double, _ label: String,
                                       file: StaticString = #filePath, line: UInt = #line) {
        var worst = 0.0
        for j in 0..<image.height {
            for i in 0..<image.width {
                let p = image[i, j]
                let lr = image[image.width - 1 - i, j], tb = image[i, image.height - 1 - j]
                for k in 0..<4 { worst = max(worst, abs(p[k] - lr[k]), abs(p[k] - tb[k])) }
            }
        }
        XCTAssertLessThanOrEqual(worst, tolerance, label, file: file, line: line)
        XCTAssertGreaterThan(totalAlpha(image), 1, "\(label): nothing drawn", file: file, line: line)
    }

    // MARK: - Coverage

    func testPixelHalfCoveredByAVerticalEdgeHasHalfAlpha() {
        // The rect's right edge is at x = 10.5: pixel 10 ([10, 11]) is half covered.
        let scene = Scene(canvas: canvas(20, 4), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 10.5, 4)), fill: .solid(white)),
        ])
        let img = render(scene)
        assertClose(img[10, 1], SIMD4(0.5, 0.5, 0.5, 0.5), tolerance: 1e-3)
        assertClose(img[9, 1], SIMD4(1, 1, 1, 1), tolerance: 1e-6)
        assertClose(img[11, 1], SIMD4(0, 0, 0, 0), tolerance: 1e-6)
    }

    func testCanvasScaleTurnsPointsIntoPixels() {
        // At scale 2 a rect edge at 5.25 pt is at 10.5 px; the canvas 10.25 pt wide is
        // round(20.5) = 21 px (round half up).
        let scene = Scene(canvas: canvas(10.25, 2, scale: 2), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 5.25, 2)), fill: .solid(white)),
        ])
        let img = render(scene)
        XCTAssertEqual(img.width, 21)
        XCTAssertEqual(img.height, 4)
        XCTAssertEqual(Double(img[10, 2].w), 0.5, accuracy: 1e-3)
    }

    func testPixelCutByAHorizontalEdgeAtAQuarterHasQuarterAlpha() {
        let scene = Scene(canvas: canvas(4, 10), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(0, 4.75, 4, 10)), fill: .solid(white)),
        ])
        XCTAssertEqual(Double(render(scene)[2, 4].w), 0.25, accuracy: 1e-3)
    }

    func testCircleCoversPiRSquaredPixels() {
        let scene = Scene(canvas: canvas(30, 30), layers: [
            Layer(shape: Shape(kind: .ellipse, rect: Rect(5.3, 4.6, 20, 20)), fill: .solid(white)),
        ])
        XCTAssertEqual(totalAlpha(render(scene)), Double.pi * 100, accuracy: 0.01)
    }

    func testEllipseCoversPiABPixels() {
        let scene = Scene(canvas: canvas(40, 20), layers: [
            Layer(shape: Shape(kind: .ellipse, rect: Rect(3.2, 2.9, 33, 13)), fill: .solid(white)),
        ])
        XCTAssertEqual(totalAlpha(render(scene)), Double.pi * 16.5 * 6.5, accuracy: 0.01)
    }

    func testCircularRoundedRectCoversItsAreaByHand() {
        // Area of a rounded rect: w h - (4 - pi) R^2 for equal radii R.
        let scene = Scene(canvas: canvas(40, 30), layers: [
            Layer(shape: Shape(kind: .roundedRect, rect: Rect(4.4, 3.1, 30, 20), cornerRadii: [6, 6, 6, 6]), fill: .solid(white)),
        ])
        XCTAssertEqual(totalAlpha(render(scene)), 600 - (4 - Double.pi) * 36, accuracy: 0.01)
    }

    func testInsideStrokeOfARectCoversTheFrameBetweenItsTwoRects() {
        // 20 x 10 rect, inside stroke 1.5: 20 * 10 - 17 * 7 = 81 pixels.
        let scene = Scene(canvas: canvas(30, 20), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(2.3, 3.7, 20, 10)),
                  stroke: Stroke(paint: .solid(white), width: 1.5, alignment: .inside)),
        ])
        XCTAssertEqual(totalAlpha(render(scene)), 81, accuracy: 1e-3)
    }

    func testCentreStrokeOfARectKeepsSharpCornersOutside() {
        // Centre stroke 1 on a 20 x 10 rect: outer 21 x 11 (mitred, sharp) minus inner 19 x 9 = 60.
        let scene = Scene(canvas: canvas(30, 20), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(4.2, 4.9, 20, 10)),
                  stroke: Stroke(paint: .solid(white), width: 1, alignment: .center)),
        ])
        XCTAssertEqual(totalAlpha(render(scene)), 60, accuracy: 1e-2)
    }

    func testOutsideStrokeOfACircleCoversTheAnnulus() {
        // Radius 8, outside stroke 3: pi (11^2 - 8^2).
        let scene = Scene(canvas: canvas(30, 30), layers: [
            Layer(shape: Shape(kind: .ellipse, rect: Rect(7, 7, 16, 16)),
                  stroke: Stroke(paint: .solid(white), width: 3, alignment: .outside)),
        ])
        XCTAssertEqual(totalAlpha(render(scene)), Double.pi * (121 - 64), accuracy: 0.01)
    }

    // MARK: - Symmetry

    func testCapsuleRendersMirrorSymmetric() {
        // Centred on the canvas at a fractional scale, with a fill and a centre stroke.
        let scene = Scene(canvas: canvas(60, 30, scale: 1.3), layers: [
            Layer(shape: Shape(kind: .capsule, rect: Rect(5, 5, 50, 20)),
                  fill: .solid(RGBA(0.2, 0.4, 0.9, 0.8)),
                  stroke: Stroke(paint: .solid(RGBA(1, 0.5, 0)), width: 1.5, alignment: .center)),
        ])
        assertMirrorSymmetric(render(scene), tolerance: 1e-4, "capsule")
    }

    func testContinuousRoundedRectRendersMirrorSymmetric() {
        // docs/scene-format.md "Continuous corners": each corner is symmetric about its diagonal, so the four are
        // mirror images and a mirror-symmetric scene renders mirror-symmetric.
        let scene = Scene(canvas: canvas(60, 40, scale: 1.5), layers: [
            Layer(shape: Shape(kind: .roundedRect, rect: Rect(6, 5, 48, 30), cornerRadii: [12, 12, 12, 12], cornerStyle: .continuous),
                  fill: .solid(white),
                  stroke: Stroke(paint: .solid(red), width: 2, alignment: .inside)),
        ])
        assertMirrorSymmetric(render(scene), tolerance: 1e-4, "continuous")
    }

    func testEllipseStrokeRendersMirrorSymmetric() {
        let scene = Scene(canvas: canvas(50, 30), layers: [
            Layer(shape: Shape(kind: .ellipse, rect: Rect(4, 5, 42, 20)),
                  stroke: Stroke(paint: .solid(white), width: 2.5, alignment: .outside)),
        ])
        assertMirrorSymmetric(render(scene), tolerance: 1e-4, "ellipse")
    }

    // MARK: - Glow

    /// A 2000 px long horizontal band (a rect whose inside stroke fills it), glowing
    /// with sigma 6, on a 40 x 60 canvas cropped to the middle of the band: away
    /// from the band's far ends the image depends on y alone.
    private func bandScene(y: Double, height: Double, glow: Glow) -> Scene {
        Scene(canvas: canvas(40, 60), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(-980, y, 2000, height)),
                  stroke: Stroke(paint: .solid(white), width: height / 2, alignment: .inside),
                  glow: glow),
        ])
    }

    func testGlowOfAPixelAlignedBandIsTheDifferenceOfTwoNormalCDFs() {
        // Band [20, 24], sigma 6. Summing the box-pixel weights of docs/scene-format.md over the
        // band's rows telescopes: G(y) = Phi((24 - y) / 6) - Phi((20 - y) / 6) at the
        // pixel centre y. The stroke (coverage S = 1 on rows 20...23) is drawn over it.
        let sigma = 6.0
        let img = render(bandScene(y: 20, height: 4, glow: Glow(radius: sigma)))
        var worst = 0.0
        for j in 0..<60 {
            let y = Double(j) + 0.5
            let g = standardNormalCDF((24 - y) / sigma) - standardNormalCDF((20 - y) / sigma)
            let s: Double = (20..<24).contains(j) ? 1 : 0
            let expected = s + g * (1 - s)
            for i in [0, 13, 39] {
                for k in 0..<4 { worst = max(worst, abs(img[i, j][k] - expected)) }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255)
        XCTAssertLessThanOrEqual(worst, 1e-4, "the reference should be exact, far within 1/255")
    }

    func testGlowOfABandWithHalfCoveredRowsWeighsThemByCoverage() {
        // Band [20.5, 24.5]: rows 20 and 24 are half covered. G(j) is the sum over rows k
        // of coverage(k) * (Phi((j - k + 1/2) / sigma) - Phi((j - k - 1/2) / sigma)).
        let sigma = 6.0
        let img = render(bandScene(y: 20.5, height: 4, glow: Glow(radius: sigma)))
        let coverage: [Int: Double] = [20: 0.5, 21: 1, 22: 1, 23: 1, 24: 0.5]
        var worst = 0.0
        for j in 0..<60 {
            var g = 0.0
            for (k, c) in coverage { g += c * boxPixelGaussianWeight(Double(j - k), sigma: sigma) }
            let s = coverage[j] ?? 0
            let expected = s + g * (1 - s)
            worst = max(worst, abs(img[17, j].w - expected))
        }
        XCTAssertLessThanOrEqual(worst, 1e-4)
    }

    func testGlowOpacityAndColourScaleTheGlow() {
        // With colour red and opacity 0.5, the glow is 0.5 * G * (1, 0, 0, 1) premultiplied.
        let sigma = 6.0
        let img = render(bandScene(y: 20, height: 4, glow: Glow(radius: sigma, opacity: 0.5, color: red)))
        for j in [5, 12, 18, 26, 33] {
            let y = Double(j) + 0.5
            let g = standardNormalCDF((24 - y) / sigma) - standardNormalCDF((20 - y) / sigma)
            assertClose(img[20, j], SIMD4(0.5 * g, 0, 0, 0.5 * g), tolerance: 1e-4, "row \(j)")
        }
    }

    func testGlowOfRadiusZeroIsTheStrokeItself() {
        let base = Layer(shape: Shape(kind: .ellipse, rect: Rect(5, 5, 20, 14)),
                         stroke: Stroke(paint: .solid(RGBA(0.3, 0.6, 0.9, 1)), width: 2))
        var glowing = base
        glowing.glow = Glow(radius: 0, opacity: 1)
        let plain = render(Scene(canvas: canvas(30, 24), layers: [base]))
        let withGlow = render(Scene(canvas: canvas(30, 24), layers: [glowing]))
        // Stroke over itself: s + s (1 - s.a) per pixel.
        for j in 0..<24 {
            for i in 0..<30 {
                let s = plain[i, j]
                assertClose(withGlow[i, j], s + s * (1 - s.w), tolerance: 1e-5, "(\(i), \(j))")
            }
        }
    }

    // MARK: - Compositing and order

    func testLayerOpacityHalvesASolidLayer() {
        let scene = Scene(canvas: canvas(10, 10), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(2, 2, 6, 6)), fill: .solid(RGBA(0.2, 0.4, 0.6, 1)), opacity: 0.5),
        ])
        assertClose(render(scene)[5, 5], SIMD4(0.1, 0.2, 0.3, 0.5), tolerance: 1e-6)
    }

    func testLayerOpacityAppliesToTheGroupNotToEachDraw() {
        // An opaque blue stroke over an opaque red fill, the layer at 0.5: where the
        // stroke is, the group is blue, so the result is blue at 0.5, not
        // 0.5 blue over 0.5 red (which would be (0.25, 0, 0.5, 0.75)).
        let scene = Scene(canvas: canvas(12, 12), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(1, 1, 10, 10)), fill: .solid(red),
                  stroke: Stroke(paint: .solid(blue), width: 2, alignment: .inside), opacity: 0.5),
        ])
        let img = render(scene)
        assertClose(img[1, 6], SIMD4(0, 0, 0.5, 0.5), tolerance: 1e-6)
        assertClose(img[6, 6], SIMD4(0.5, 0, 0, 0.5), tolerance: 1e-6)
    }

    func testStrokeIsDrawnOverTheFill() {
        // Half-transparent blue stroke over opaque red fill: (0, 0, 0.5, 0.5) + 0.5 (1, 0, 0, 1).
        let scene = Scene(canvas: canvas(12, 12), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(1, 1, 10, 10)), fill: .solid(red),
                  stroke: Stroke(paint: .solid(RGBA(0, 0, 1, 0.5)), width: 2, alignment: .inside)),
        ])
        let img = render(scene)
        assertClose(img[2, 6], SIMD4(0.5, 0, 0.5, 1), tolerance: 1e-6)
        assertClose(img[6, 6], SIMD4(1, 0, 0, 1), tolerance: 1e-6)
    }

    func testFillCoversTheWholeShapeUnderTheStroke() {
        // An inside stroke with a hole-free fill: where the stroke is half transparent the
        // fill shows through it, so the fill lies under the stroke too.
        let scene = Scene(canvas: canvas(12, 12), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(1, 1, 10, 10)), fill: .solid(RGBA(0, 1, 0, 1)),
                  stroke: Stroke(paint: .solid(RGBA(1, 1, 1, 0.5)), width: 2, alignment: .inside)),
        ])
        // Pixel (1, 6) lies on the stroke along the left side, wholly inside the shape.
        assertClose(render(scene)[1, 6], SIMD4(0.5, 1, 0.5, 1), tolerance: 1e-6)
    }

    func testPixelInsideASharpCornerIsFullyCovered() {
        // The rect's top-left corner is the pixel corner (1, 1): pixel (1, 1) is wholly
        // inside, coverage 1. (The renderer documents an error of at most half a
        // 1/16-pixel leaf at sharp corners; it loses about 1.7e-4 here, so the bound
        // checked is a quarter of an 8-bit level.)
        let scene = Scene(canvas: canvas(12, 12), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(1, 1, 10, 10)), fill: .solid(white)),
        ])
        XCTAssertEqual(Double(render(scene)[1, 1].w), 1, accuracy: 1e-3)
    }

    func testGlowIsDrawnOverTheFillAndUnderTheStroke() {
        // Compare with the same layer without its fill on a clear canvas: that image
        // is glow-then-stroke alone. With the fill (opaque blue) under them, each
        // pixel inside the shape must be that image composited over blue.
        let shape = Shape(kind: .rect, rect: Rect(4, 4, 24, 24))
        let stroke = Stroke(paint: .solid(white), width: 2, alignment: .inside)
        let glow = Glow(radius: 2, opacity: 1, color: red)
        let withFill = render(Scene(canvas: canvas(32, 32), layers: [Layer(shape: shape, fill: .solid(blue), stroke: stroke, glow: glow)]))
        let without = render(Scene(canvas: canvas(32, 32), layers: [Layer(shape: shape, stroke: stroke, glow: glow)]))
        let blueP = SIMD4<Double>(0, 0, 1, 1)
        for j in 4..<28 {
            for i in 4..<28 {
                let top = without[i, j]
                assertClose(withFill[i, j], top + blueP * (1 - top.w), tolerance: 1e-5, "(\(i), \(j))")
            }
        }
        // And the glow is visible inside, just within the stroke: red over blue.
        XCTAssertGreaterThan(withFill[15, 7].x, 0.05)
        // On the stroke (opaque white), neither the glow nor the fill shows.
        assertClose(withFill[15, 4], SIMD4(1, 1, 1, 1), tolerance: 1e-6)
    }

    func testLayersAreCompositedInOrderOverTheBackground() {
        // Grey background, then half-transparent red, then a quarter-alpha blue:
        // (0.5, 0.5, 0.5, 1) -> (0.75, 0.25, 0.25, 1) -> (0.5625, 0.1875, 0.4375, 1).
        let scene = Scene(canvas: canvas(8, 8, background: RGBA(0.5, 0.5, 0.5, 1)), layers: [
            Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 8, 8)), fill: .solid(RGBA(1, 0, 0, 0.5))),
            Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 8, 8)), fill: .solid(RGBA(0, 0, 1, 0.25))),
        ])
        let img = render(scene)
        assertClose(img[3, 3], SIMD4(0.5625, 0.1875, 0.4375, 1), tolerance: 1e-6)
    }

    func testHardStopInsideAPixelGivesThePaintsAverageOverIt() {
        // A hard stop from red to blue at t = 1/2 of a 21 px wide rect falls at x = 10.5,
        // the middle of pixel 10: that pixel is the average, (0.5, 0, 0.5, 1).
        let stops = [ColorStop(color: red, location: 0), ColorStop(color: red, location: 0.5),
                     ColorStop(color: blue, location: 0.5), ColorStop(color: blue, location: 1)]
        let paint = Paint(.linear(start: UnitPoint(0, 0.5), end: UnitPoint(1, 0.5)), stops: stops)
        let scene = Scene(canvas: canvas(21, 3), layers: [Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 21, 3)), fill: paint)])
        let img = render(scene)
        assertClose(img[10, 1], SIMD4(0.5, 0, 0.5, 1), tolerance: 1e-3)
        assertClose(img[9, 1], SIMD4(1, 0, 0, 1), tolerance: 1e-6)
        assertClose(img[11, 1], SIMD4(0, 0, 1, 1), tolerance: 1e-6)
    }

    func testLinearGradientPixelIsTheGradientAtItsCentre() {
        // A linear gradient is linear in x, so a pixel's average is its value at the centre:
        // pixel 5 of 20 has centre 5.5, t = 5.5 / 20.
        let paint = Paint(.linear(start: UnitPoint(0, 0.5), end: UnitPoint(1, 0.5)), stops: Paint.evenStops([red, blue]))
        let scene = Scene(canvas: canvas(20, 2), layers: [Layer(shape: Shape(kind: .rect, rect: Rect(0, 0, 20, 2)), fill: paint)])
        let t = 5.5 / 20
        assertClose(render(scene)[5, 0], SIMD4(1 - t, 0, t, 1), tolerance: 1e-5)
    }

    // MARK: - Time

    func testReduceMotionDrawsTheTimeZeroState() {
        let paint = Paint(.angular(center: UnitPoint(0.5, 0.5), angle: 0, startAngle: 0, endAngle: 360),
                          stops: Paint.evenStops([red, blue]), animation: .rotation(period: 2, clockwise: true))
        let layer = Layer(shape: Shape(kind: .ellipse, rect: Rect(2, 2, 16, 16)), fill: paint)
        let frozen = Scene(canvas: canvas(20, 20), time: 0.7, reduceMotion: true, layers: [layer])
        let atZero = Scene(canvas: canvas(20, 20), time: 0, layers: [layer])
        XCTAssertEqual(Frame(frozen).layers[0].fill, Frame(atZero).layers[0].fill)
        XCTAssertEqual(Frame(frozen, time: 1.3).layers[0].fill, Frame(atZero).layers[0].fill)
        XCTAssertNotEqual(Frame(atZero, time: 0.5).layers[0].fill, Frame(atZero).layers[0].fill)
    }

    // MARK: - 8-bit output

    func testHalfCoveredWhitePixelBecomesWhiteAtAlpha128() {
        // alpha 0.5 -> floor(127.5 + 0.5) = 128; colour 0.5 / 0.5 = 1 -> 255.
        var img = PremulImage(width: 1, height: 1)
        img.pixels[0] = SIMD4<Float>(0.5, 0.5, 0.5, 0.5)
        XCTAssertEqual(img.toRGBA8()[0, 0], SIMD4<UInt8>(255, 255, 255, 128))
    }
}
