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
        // Deep inside the star (its centre, 70 x 70 pt at @2x): blue in the view, orange paint in the scene.
        let i = (140 * view.width + 140) * 4
        XCTAssertGreaterThan(view.pixels[i + 2], view.pixels[i], "blue inside: \(Array(view.pixels[i..<(i + 3)]))")
        XCTAssertGreaterThan(scene2.pixels[i], scene2.pixels[i + 2], "the orange fill: \(Array(scene2.pixels[i..<(i + 3)]))")
    }
}
