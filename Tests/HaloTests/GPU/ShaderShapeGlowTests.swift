import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
@testable import HaloTesting

/// A shader shape's glow is its built-in twin's: Inigo Quilez's sdRoundBox (the exact
/// distance of a rounded box with circular corners of 14 pt) against the built-in
/// `roundedRect`, stroked with a turning angular paint in each alignment and glowing, at @1x
/// and @2x, at every kind of glow source (GlowPlan: sigma = radius x scale px; k = 1 below
/// sigma 8, else floor(sigma / 4); below sigma 2 the source averages its paint per pixel):
/// radius 0.5 (k = 1, averaged), 4 (@1x k = 1, @2x k = 2), 6 (k = 1, 3), 9 (k = 2, 4) and
/// 20 (k = 5, 10), as `render` draws them and as the preview steers a turning glow: within
/// 1 level everywhere, glow included.
final class ShaderShapeGlowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder("halo-shader-shape-glow")
        try Data("""
            float haloShape(vec2 point, vec2 size, float time) {
                vec2 q = abs(point - 0.5 * size) - 0.5 * size + 14.0;
                return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - 14.0;
            }
            """.utf8).write(to: folder.appendingPathComponent("box.glsl"))
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The glowing layer of `shape` (its JSON) at `scale`, stroked in `alignment`.
    private func scene(_ shape: String, alignment: String, glow: Double, scale: Int) throws -> Scene {
        let url = folder.appendingPathComponent("s-\(UUID().uuidString).json")
        try Data("""
            { "format": 1, "canvas": { "width": 120, "height": 100, "scale": \(scale), "background": "#101018" },
              "layers": [ { "shape": \(shape),
                            "stroke": { "paint": { "type": "angular", "colors": ["#FF9500", "#34C759", "#5856D6", "#FF9500"],
                                                   "rotation": { "period": 2 } }, "width": 4, "alignment": "\(alignment)" },
                            "glow": { "radius": \(glow) } } ] }
            """.utf8).write(to: url)
        return try loadScene(url).0
    }

    /// The largest difference of any channel, levels of 255.
    private func maxDifference(_ a: RGBA8Image, _ b: RGBA8Image) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Every alignment, scale and glow radius: `draw` (a scene to its image at t = 0.37 s)
    /// gives the shader shape and the built-in within 1 level.
    private func assertTwins(_ draw: (Scene) throws -> RGBA8Image, file: StaticString = #filePath, line: UInt = #line) throws {
        for alignment in ["inside", "center", "outside"] {
            for scale in [1, 2] {
                for glow in [0.5, 4, 6, 9, 20] as [Double] {
                    let shader = try draw(try scene(#"{ "type": "shader", "file": "box.glsl", "rect": [20.5, 20, 80, 60] }"#,
                                                    alignment: alignment, glow: glow, scale: scale))
                    let builtIn = try draw(try scene(#"{ "type": "roundedRect", "rect": [20.5, 20, 80, 60], "cornerRadius": 14 }"#,
                                                     alignment: alignment, glow: glow, scale: scale))
                    XCTAssertLessThanOrEqual(maxDifference(shader, builtIn), 1, "\(alignment) @\(scale)x glow \(glow)", file: file, line: line)
                }
            }
        }
    }

    func testTheGlowOfATurningStrokeIsTheBuiltInsAsRenderDrawsIt() throws {
        try assertTwins { try SharedGPU.renderer().render(Frame($0, time: 0.37)) }
    }

    /// The preview steers a turning glow from its angular modes from the second frame on:
    /// the third frame of each.
    func testTheGlowOfATurningStrokeIsTheBuiltInsAsThePreviewSteersIt() throws {
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.steersGlows = false; gpu.steering.forget { $0.release() } }
        gpu.options.steersGlows = true
        var steeredBuiltIns = 0
        try assertTwins { scene in
            gpu.steering.forget { $0.release() }
            _ = try gpu.render(Frame(scene, time: 0.37 - 2.0 / 60))
            _ = try gpu.render(Frame(scene, time: 0.37 - 1.0 / 60))
            let image = try gpu.render(Frame(scene, time: 0.37))
            if scene.layers[0].shape.shader == nil { steeredBuiltIns += gpu.steeredGlowsLastFrame.count }
            return image
        }
        // Every built-in's glow at reduced resolution (k > 1: @1x radii 9 and 20, @2x 4, 6, 9
        // and 20; 6 an alignment) is steered; at k = 1 the preview draws by source and blur too
        // (SteeredGlows.maySteer): the comparison is of the preview's path. A shader shape's
        // glow is drawn by source and blur.
        XCTAssertEqual(steeredBuiltIns, 18)
    }
}
