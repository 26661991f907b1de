import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloReference
import HaloTesting

/// Layer tiles start and split on the grid's 4 px block lines (``LayerTiles/blockSize``:
/// llvmpipe shades 4 x 4 blocks, a block a tile reaches in whole), and a layer that reads
/// nothing laid out by its quad has its quad grown to those lines.
final class TileBlocksTests: XCTestCase {
    /// Rounded rects at fractional positions with 2 px inside rainbow borders, one of them
    /// across the canvas's right and bottom edges; with `glow`, each glows.
    private func scene(glow: Bool) -> Scene {
        let rects = [(4.3, 5.6), (51.7, 9.2), (101.1, 50.45), (170.6, 70.3)]
        let layers = rects.enumerated().map { n, r in
            """
            { "shape": { "type": "roundedRect", "rect": [\(r.0), \(r.1), 40, 32], "cornerRadius": 8, "cornerStyle": "circular" },
              "fill": { "type": "solid", "color": [1, 1, 1, 0.06] },
              "stroke": { "paint": { "type": "angular", "center": [0.5, 0.5], "angle": \(37 * n),
                          "colors": ["pink", "orange", "yellow", "mint", "blue", "purple", "pink"] },
                          "width": 2, "alignment": "inside" }
              \(glow ? #", "glow": { "radius": 3, "opacity": 0.8 }"# : "") }
            """
        }
        let json = """
            { "format": 1, "canvas": { "width": 203, "height": 97, "scale": 1, "background": "#0D0D1A" },
              "layers": [ \(layers.joined(separator: ", ")) ] }
            """
        return try! SceneDecoder.decode(Data(json.utf8))
    }

    private func plan(_ scene: Scene) -> FramePlan {
        FramePlan(Frame(scene), isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
    }

    func testTilesOfALayerWithoutAGlowLieOnBlockLines() {
        let p = plan(scene(glow: false))
        var tiles = 0
        for layer in p.layers {
            for c in layer.tiles.cells {
                let (x0, y0, x1, y1) = (Int(c.rect.0), Int(c.rect.1), Int(c.rect.2), Int(c.rect.3))
                for x in [x0, x1] where x != 0 && x != p.width { XCTAssertEqual(x % 4, 0, "x \(x)") }
                for y in [y0, y1] where y != 0 && y != p.height { XCTAssertEqual(y % 4, 0, "y \(y)") }
                tiles += 1
            }
        }
        XCTAssertGreaterThan(tiles, 40)
    }

    /// A blurred glow reads its atlas region by the quad's pixels: its tiles stay in the quad.
    func testTilesOfAGlowingLayerStayInItsQuad() {
        let p = plan(scene(glow: true))
        for layer in p.layers {
            XCTAssertEqual(layer.glowMode, .blurred)
            for c in layer.tiles.cells {
                XCTAssertTrue(Double(c.rect.0) >= layer.quad.x0 && Double(c.rect.1) >= layer.quad.y0
                              && Double(c.rect.2) <= layer.quad.x1 && Double(c.rect.3) <= layer.quad.y1, "\(c.rect) in \(layer.quad)")
            }
        }
    }

    /// Pixels of the grown tiles past a layer's quad take nothing from it: the image is within
    /// the certified bound of the exact one, with and without glows.
    func testTilesGrownToBlocksAreWithinTheCertifiedBound() throws {
        for glow in [false, true] {
            let frame = Frame(scene(glow: glow))
            let image = try SharedGPU.renderer().render(frame)
            let exact = ReferenceRenderer().render(frame).toRGBA8()
            let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: image, bound: ErrorBound(frame: frame, image: image)))
            XCTAssertTrue(check.passed, "glow \(glow): \(check.failureReason ?? "")")
        }
    }
}
