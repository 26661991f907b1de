import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
import HaloCore
import HaloGL
import HaloReference

/// A `path` paint (red to blue round the outline) on a 3 pt stroke of a nearly flat shape:
/// a capsule, rect, roundedRect and ellipse 1e-4 and 0.01 pt across, thin in width and in
/// height (`Tests/Fixtures/thin-outline/NAME.json`). The two long sides are that far apart,
/// so a pixel beside one side takes that side's s, not the other's (the far end of the
/// gradient): the GPU within its certified bound of the CPU reference, and the CPU within
/// 2 levels of the independent checker's exact image (`NAME.png`, made by
/// `skia_render.py NAME.json NAME.png --exact`) away from the start point.
///
/// Beside the start point the checker's outline is a polyline whose vertex at the start ties
/// its two segments, giving s = 0 (the first colour) to a wedge of directions; the curve's
/// nearest point there is on the outline's last stretch, within the corner's radius (under
/// 0.005 pt) of its end, so t > 1 - 0.01 / L and the colour is the last one. Those pixels are
/// checked against that instead.
final class ThinOutlinePathPaintTests: XCTestCase {
    private static let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures/thin-outline")

    private func sceneNames() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertEqual(names.count, 16, "4 shapes x thin width and height x 1e-4 and 0.01")
        return names
    }

    private func frame(_ name: String) throws -> Frame {
        let url = Self.folder.appendingPathComponent("\(name).json")
        return Frame(try SceneDecoder.decode(try Data(contentsOf: url), file: url.path))
    }

    func testGPUIsWithinItsCertifiedBoundOfTheCPUReference() throws {
        for name in try sceneNames() {
            let frame = try frame(name)
            let gpu = try SharedGPU.renderer().render(frame)
            let cpu = ReferenceRenderer().render(frame).toRGBA8()
            let check = try XCTUnwrap(CertifiedComparison(reference: cpu, actual: gpu, bound: ErrorBound(frame: frame, image: gpu)))
            XCTAssertTrue(check.passed, "\(name): \(check.failureReason ?? "")")
        }
    }

    func testCPUMatchesTheCheckerAwayFromTheStartPoint() throws {
        for name in try sceneNames() {
            let frame = try frame(name)
            let cpu = ReferenceRenderer().render(frame).toRGBA8()
            let exact = try PNG.read(Self.folder.appendingPathComponent("\(name).png").path)
            let start = Self.startPoint(name)
            var mask = ComparisonMask(width: cpu.width, height: cpu.height)
            mask.ignore(x: start.x - 2.5, y: start.y - 2.5, w: 5, h: 5)
            let c = try XCTUnwrap(ImageComparison(exact, cpu, mask: mask))
            XCTAssertLessThanOrEqual(c.maxDifference, 2, name)
        }
    }

    /// Where the start point is a tip (an ellipse thin in height: its rightmost point) or
    /// ends a rounded corner (a capsule's, a roundedRect's: radius at most 0.005 pt), the
    /// pixels within 2 px of it whose square lies wholly before it round the outline (above
    /// it, and left of it on a box, right of it on the ellipse), covered by the stroke, have
    /// the last colour (blue, #007AFF) to within a level.
    func testCPUGivesTheLastColourJustBeforeTheStartPoint() throws {
        var checked = 0
        for name in try sceneNames() where !name.hasPrefix("rect") && !(name.hasPrefix("ellipse") && name.hasSuffix("-w")) {
            let cpu = ReferenceRenderer().render(try frame(name)).toRGBA8()
            let start = Self.startPoint(name), ellipse = name.hasPrefix("ellipse")
            for y in Int(start.y) - 2...Int(start.y) + 1 {
                for x in Int(start.x) - 2...Int(start.x) + 1 {
                    let above = Double(y + 1) <= start.y
                    let before = above && (ellipse ? Double(x) >= start.x : Double(x + 1) <= start.x)
                    let i = 4 * (y * cpu.width + x)
                    guard before, cpu.pixels[i + 3] > 64 else { continue }
                    let rgb = Array(cpu.pixels[i..<i + 3]).map(Int.init)
                    XCTAssertLessThanOrEqual(zip(rgb, [0, 122, 255]).map { abs($0 - $1) }.max()!, 1, "\(name) (\(x), \(y)): \(rgb)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 16)
    }

    /// Where s = 0 (docs/scene-format.md "Outline and arc length"): a box's top side leaving
    /// its top-left corner (x + r, y), r the corner radius (at most half the thin side, 0
    /// for a rect); an ellipse's rightmost point. Every scene's rect starts at (10, 10).
    private static func startPoint(_ name: String) -> (x: Double, y: Double) {
        let parts = name.split(separator: "-")
        let across = name.contains("1e-4") ? 1e-4 : 0.01, tall = name.hasSuffix("-w")
        let (w, h) = tall ? (across, 40.0) : (40.0, across)
        switch parts[0] {
        case "ellipse": return (10 + w, 10 + h / 2)
        case "rect": return (10, 10)
        default: return (10 + min(w, h) / 2, 10)
        }
    }
}
