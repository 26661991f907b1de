import Foundation
import XCTest
@testable import HaloGL
import HaloTesting

/// The layer data's row (``LayerRow``): its texels in the order tile.vert reads them, each
/// into the varying Shaders/lib/layer_data.glsl names for it.
final class LayerRowTests: XCTestCase {
    func testTileVertReadsEachTexelIntoItsNamedVarying() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Shaders/tile.vert"), encoding: .utf8)
        let fetch = try NSRegularExpression(pattern: #"(\w+(?:\[\d\])?) = (?:ivec4\()?texelFetch\(uLayers, ivec2\((\d+), row\)"#)
        var read: [(name: String, texel: Int)] = []
        for m in fetch.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let name = String(text[Range(m.range(at: 1), in: text)!]), texel = Int(text[Range(m.range(at: 2), in: text)!])!
            read.append((name, texel))
        }
        XCTAssertEqual(LayerRow.readers.count, LayerData.texels)
        XCTAssertEqual(Set(read.map(\.name)), Set(LayerRow.readers.joined()), "every texel read, each once")
        for (name, texel) in read {
            XCTAssertTrue(LayerRow.readers[texel].contains(name), "tile.vert reads texel \(texel) into \(name)")
        }
        let glsl = try String(contentsOf: repositoryRoot.appendingPathComponent("Shaders/lib/layer_data.glsl"), encoding: .utf8)
        XCTAssertTrue(glsl.contains("#define LAYER_TEXELS \(LayerData.texels)"))
        XCTAssertEqual(LayerRow.readers[LayerRow.layerTexel], ["vLayer"])
    }
}
