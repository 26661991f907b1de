import Foundation
import XCTest
@testable import HaloGL
@testable import HaloCore

/// The Swift enums of the shader contract (ShaderContract.swift) against the constants
/// the GLSL declares: read from the files in Shaders/, so that either side changing alone
/// fails here.
final class ShaderContractTests: XCTestCase {
    /// Every `const int NAME = VALUE;` and `#define NAME VALUE` (integers) in Shaders/.
    private func glslConstants() throws -> [String: Int] {
        let root = repositoryRoot.appendingPathComponent("Shaders")
        var out: [String: Int] = [:]
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { ["glsl", "frag", "vert"].contains($0.pathExtension) }
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(whereSeparator: { " ;=\t".contains($0) })
                if words.count >= 4, words[0] == "const", words[1] == "int", let v = Int(words[3]) { out[String(words[2])] = v }
                if words.count >= 3, words[0] == "#define", let v = Int(words[2]) { out[String(words[1])] = v }
            }
        }
        return out
    }

    /// "continuousBox" -> "CONTINUOUS_BOX".
    private func upperSnake(_ name: String) -> String {
        var out = ""
        for ch in name {
            if ch.isUppercase { out += "_" }
            out += ch.uppercased()
        }
        return out
    }

    /// Each case `c` of `T` has the value of GLSL's `PREFIX_C`, and every GLSL constant
    /// with that prefix is a case.
    private func assertMatches<T: CaseIterable & RawRepresentable>(_: T.Type, prefix: String, _ glsl: [String: Int],
                                                                   line: UInt = #line) where T.RawValue == Int {
        var names = Set<String>()
        for c in T.allCases {
            let name = prefix + upperSnake("\(c)")
            names.insert(name)
            XCTAssertEqual(glsl[name], c.rawValue, "\(T.self).\(c) vs \(name)", line: line)
        }
        let declared = Set(glsl.keys.filter { $0.hasPrefix(prefix) })
        XCTAssertEqual(declared, names, "\(T.self) and the GLSL constants \(prefix)*", line: line)
    }

    func testShapeKindsAreTheGLSLShapeConstants() throws {
        assertMatches(ShapeKind.self, prefix: "SHAPE_", try glslConstants())
    }

    func testPaintKindsAreTheGLSLPaintConstants() throws {
        assertMatches(PaintKind.self, prefix: "PAINT_", try glslConstants())
    }

    func testEdgeGlowAndOutputModesAreTheGLSLConstants() throws {
        let glsl = try glslConstants()
        assertMatches(EdgeMode.self, prefix: "EDGE_", glsl)
        assertMatches(GlowMode.self, prefix: "GLOW_", glsl)
        assertMatches(OutputMode.self, prefix: "OUTPUT_", glsl)
        assertMatches(DashMode.self, prefix: "DASH_", glsl)
    }

    func testArcTableWidthAndTheContinuousCornersArcLengthsAreTheGLSLs() throws {
        XCTAssertEqual(try glslConstants()["ARC_TABLE_WIDTH"], ArcTables.width)
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Shaders/lib/arc_length.glsl"), encoding: .utf8)
        func floats(after marker: String) -> [Double] {
            guard let r = text.range(of: marker) else { return [] }
            let rest = text[r.upperBound...].prefix { $0 != ";" }
            return rest.split(whereSeparator: { "(), =\n".contains($0) }).compactMap { Double($0) }
        }
        let starts = floats(after: "CONTINUOUS_PIECE_START[5] = float[5]")
        XCTAssertEqual(starts.count, 5)
        for (g, s) in zip(starts, ContinuousCorner.pieceStarts) { XCTAssertEqual(g, s, accuracy: 1e-8) }
        XCTAssertEqual(floats(after: "CONTINUOUS_UNIT_LENGTH").first ?? 0, ContinuousCorner.unitLength, accuracy: 1e-8)
    }

    func testLayerDataWidthAndBlurPairsAreTheGLSLSizes() throws {
        let glsl = try glslConstants()
        XCTAssertEqual(glsl["LAYER_TEXELS"], LayerData.texels)
        XCTAssertEqual(glsl["MAX_PAIRS"], GlowPlan.maxPairs)
    }
}
