import Foundation
import XCTest
@testable import Halo

/// Both backends against the independent checker's exact images of the four seed
/// designs (`../shared/conformance/exact/`, made by Skia-based `make_exact.sh`).
final class SeedConformanceTests: XCTestCase {
    /// Plain Skia against the exact image (../shared/conformance/README.md):
    /// max channel difference and % of pixels off by more than 2.
    static let skia: [String: (max: Double, over2: Double)] = [
        "seed-bottom-sheet": (67, 0.182), "seed-gradient-button": (48, 0.511),
        "seed-rounded-button": (87, 0.406), "seed-uikit-border": (0, 0.000),
    ]

    func exact(_ name: String) throws -> (Scene, RGBA8Image?, RGBA8Image) {
        guard let scenes = conformanceScenesDirectory() else {
            XCTFail("../shared/conformance not found"); throw CocoaError(.fileNoSuchFile)
        }
        let sceneURL = scenes.appendingPathComponent("\(name).json")
        let exactDir = scenes.deletingLastPathComponent().appendingPathComponent("exact")
        // The exact image must be current: MANIFEST holds the scene file's sha256.
        let manifest = try String(contentsOf: exactDir.appendingPathComponent("MANIFEST"), encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        p.arguments = [sceneURL.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run(); p.waitUntilExit()
        let sum = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ")[0]
        XCTAssertTrue(manifest.contains("\(sum)  \(name).json"), "exact/\(name).png is stale")
        let (scene, bg) = try loadScene(sceneURL)
        return (scene, bg, try PNG.read(exactDir.appendingPathComponent("\(name).png").path))
    }

    /// CPU reference: max difference at most 2 and 99.9% of pixels within 1 level.
    func testCPUReferenceMatchesExactImagesOfTheSeeds() throws {
        for name in Self.skia.keys.sorted() {
            let (scene, bg, exact) = try exact(name)
            let got = Halo.renderCPU(scene, background: bg)
            guard let c = ImageComparison(exact, got) else { XCTFail("\(name): size"); continue }
            if !(c.maxDifference <= 2 && c.percentOver(1) <= 0.1) {
                let dir = writeArtifacts(name: "\(name)-cpu", actual: got, expected: exact, comparison: c)
                XCTFail("\(name) cpu: max \(c.maxDifference), \(c.percentOver(1))% > 1; images in \(dir)")
            }
        }
    }

    /// GPU: at least as close to the exact image as Skia: max difference at most
    /// Skia's (or 2), and no larger share of pixels off by more than 2.
    func testGPUIsAtLeastAsCloseAsSkiaOnTheSeeds() throws {
        let gpu = try SharedGPU.renderer()
        for (name, skia) in Self.skia.sorted(by: { $0.key < $1.key }) {
            let (scene, bg, exact) = try exact(name)
            let got = try gpu.render(Frame(scene, backgroundImage: bg))
            guard let c = ImageComparison(exact, got) else { XCTFail("\(name): size"); continue }
            if !(c.maxDifference <= max(skia.max, 2) && c.percentOver(2) <= skia.over2) {
                let dir = writeArtifacts(name: "\(name)-gpu", actual: got, expected: exact, comparison: c)
                XCTFail("\(name) gpu: max \(c.maxDifference) (Skia \(skia.max)), \(c.percentOver(2))% > 2 (Skia \(skia.over2)); images in \(dir)")
            }
        }
    }
}
