import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// The distance view (GLRenderer.distanceView, the preview's D key): each layer's signed
/// distance as iso-lines, blue inside, orange outside, the zero line white.
final class DistanceViewTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-distance-view") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 60 px circle (built-in, and a shader shape of its exact distance) filled red: in the
    /// view, blue inside, orange outside, white on the outline (x = 30 px from the centre),
    /// whatever the paint; the scene again once the view is off.
    func testTheViewShowsInsideOutsideAndTheZeroLine() throws {
        try Data("float haloShape(vec2 p, vec2 s, float t) { return length(p - 0.5 * s) - 0.5 * s.x; }\n".utf8)
            .write(to: folder.appendingPathComponent("c.glsl"))
        for shape in [#"{ "type": "ellipse", "rect": [20, 20, 60, 60] }"#, #"{ "type": "shader", "file": "c.glsl", "rect": [20, 20, 60, 60] }"#] {
            let url = folder.appendingPathComponent("s.json")
            try Data("""
                { "format": 1, "canvas": { "width": 100, "height": 100, "background": "#000000" },
                  "layers": [ { "shape": \(shape), "fill": { "type": "solid", "color": "#FF0000" }, "glow": { "radius": 4 } } ] }
                """.utf8).write(to: url)
            let (scene, _) = try loadScene(url)
            let gpu = try SharedGPU.renderer()
            gpu.distanceView = 8
            defer { gpu.distanceView = nil }
            let view = try gpu.render(Frame(scene))
            func px(_ x: Int, _ y: Int, _ img: RGBA8Image) -> [Int] { let i = (y * img.width + x) * 4; return img.pixels[i..<(i + 3)].map(Int.init) }
            let inside = px(42, 50, view), outside = px(88, 50, view), zero = px(80, 50, view)
            XCTAssertGreaterThan(inside[2], inside[0], "blue inside: \(inside) (\(shape))")
            XCTAssertGreaterThan(outside[0], outside[2], "orange outside: \(outside)")
            XCTAssertTrue(zero.allSatisfy { $0 > 180 }, "white on the zero line: \(zero)")
            gpu.distanceView = nil
            let plain = try gpu.render(Frame(scene))
            XCTAssertEqual(px(42, 50, plain), [255, 0, 0], "the paint again")
        }
    }

    /// `--script "1 key d"`: the view is drawn in the window (it differs from the run without it)
    /// and the run says so.
    func testTheKeyDrawsTheView() throws {
        let scene = repositoryRoot.appendingPathComponent("Shaders/examples/three-shapes.json").path
        func run(_ script: String) throws -> (HaloRun, RGBA8Image) {
            let shot = folder.appendingPathComponent("w-\(UUID().uuidString).png").path
            let r = try PreviewProcess(arguments: ["preview", scene, "--frames", "3", "--time", "0", "--window-screenshot", shot,
                                                   "--script", script], folder: folder).wait()
            XCTAssertEqual(r.status, 0, r.stderr)
            return (r, try PNG.read(shot))
        }
        let (on, view) = try run("1 key d; 1 key p"), (_, scene2) = try run("1 key p")
        XCTAssertTrue(on.stdout.contains("halo preview: distance view on (iso-lines every 4.0 pt)"), on.stdout)
        // The title, the preview's status line, carries the legend (and the distance under the mouse when it is on the canvas).
        XCTAssertTrue(on.stdout.contains("· distance view: lines every 4 pt"), on.stdout)
        // Deep inside the star (its centre, 70 x 70 pt at @2x): blue in the view, orange paint in the scene.
        let i = (140 * view.width + 140) * 4
        XCTAssertGreaterThan(view.pixels[i + 2], view.pixels[i], "blue inside: \(Array(view.pixels[i..<(i + 3)]))")
        XCTAssertGreaterThan(scene2.pixels[i], scene2.pixels[i + 2], "the orange fill: \(Array(scene2.pixels[i..<(i + 3)]))")
    }

    /// The view of `json`'s layers on a `w` x 60 canvas, with its renderer (the field kept).
    private func view(_ layers: String, width w: Int = 100, step: Double = 8) throws -> (RGBA8Image, GLRenderer) {
        let url = folder.appendingPathComponent("v.json")
        try Data("""
            { "format": 1, "canvas": { "width": \(w), "height": 60, "background": "#000000" }, "layers": [ \(layers) ] }
            """.utf8).write(to: url)
        let (scene, _) = try loadScene(url)
        let gpu = try SharedGPU.renderer()
        gpu.distanceView = step
        let image = try gpu.render(Frame(scene))
        return (image, gpu)
    }

    /// Two circles in two layers, overlapping: one field over the canvas, the union's, at every
    /// point the smaller of the two exact distances |p - c| - r (pixel centres), also where
    /// one layer's tiles would end and the other's begin.
    func testTheFieldIsTheUnionOfTheLayersAcrossTheCanvas() throws {
        let (_, gpu) = try view("""
            { "shape": { "type": "ellipse", "rect": [10, 10, 40, 40] }, "stroke": { "paint": { "type": "solid", "color": "#FFFFFF" }, "width": 2 } },
            { "shape": { "type": "ellipse", "rect": [40, 20, 30, 30] }, "fill": { "type": "solid", "color": "#FF0000" } }
            """)
        defer { gpu.distanceView = nil }
        for (x, y) in [(2, 2), (30, 30), (45, 35), (55, 35), (70, 10), (98, 58), (50, 5)] {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let a = ((px - 30) * (px - 30) + (py - 30) * (py - 30)).squareRoot() - 20
            let b = ((px - 55) * (px - 55) + (py - 35) * (py - 35)).squareRoot() - 15
            let d = try XCTUnwrap(gpu.distanceUnder(x: x, y: y), "(\(x), \(y))")
            XCTAssertEqual(d, min(a, b), accuracy: 0.01, "(\(x), \(y))")
        }
        XCTAssertNil(gpu.distanceUnder(x: 100, y: 0), "off the canvas")
    }

    /// A straight edge at x = 20.25 px, iso-lines every 8 px: the line at distance -8 lies at
    /// x = 28.25, a quarter of the way into pixel 28: its 1 px width covers 3/4 of pixel 28 and
    /// 1/4 of pixel 27, so both are darkened, pixel 28 the more, and their neighbours, a
    /// pixel or more from the line, not at all (lighter than either).
    func testIsoLinesAreAntiAliasedByTheirCoverage() throws {
        let (img, gpu) = try view(##"{ "shape": { "type": "rect", "rect": [20.25, -10, 70, 80] }, "fill": { "type": "solid", "color": "#FFFFFF" } }"##)
        defer { gpu.distanceView = nil }
        func blue(_ x: Int) -> Int { Int(img[x, 30].z) }
        XCTAssertLessThan(blue(28), blue(27), "3/4 covered darker than 1/4 covered")
        XCTAssertLessThan(blue(27), blue(26))
        XCTAssertLessThan(blue(28), blue(29))
        XCTAssertEqual(try XCTUnwrap(gpu.distanceUnder(x: 28, y: 30)), -8.25, accuracy: 0.01)
    }

    /// A shader shape whose function is NaN left of the canvas's middle: magenta there,
    /// `distanceUnder` says NaN; a true distance on the right.
    func testNaNDistancesShowMagenta() throws {
        try Data("float haloShape(vec2 p, vec2 s, float t) { return p.x < 0.5 * s.x ? sqrt(-1.0 - p.y) : length(p - 0.5 * s) - 10.0; }\n".utf8)
            .write(to: folder.appendingPathComponent("nan.glsl"))
        let (img, gpu) = try view(##"{ "shape": { "type": "shader", "file": "nan.glsl", "rect": [0, 0, 100, 60] }, "fill": { "type": "solid", "color": "#FFFFFF" } }"##)
        defer { gpu.distanceView = nil }
        XCTAssertEqual([img[10, 30].x, img[10, 30].y, img[10, 30].z], [255, 0, 255], "magenta")
        XCTAssertTrue(try XCTUnwrap(gpu.distanceUnder(x: 10, y: 30)).isNaN)
        XCTAssertEqual(try XCTUnwrap(gpu.distanceUnder(x: 80, y: 30)), 80.5 - 50 - 10, accuracy: 0.05)
    }
}
