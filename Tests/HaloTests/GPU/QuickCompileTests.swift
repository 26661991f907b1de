import Foundation
import XCTest
import Halo
import HaloTesting

/// A process that draws one frame asks llvmpipe to compile without LLVM's optimisation
/// passes (HeadlessContext.preferQuickShaderCompiles, `GALLIVM_PERF=nopt`): the cold compile
/// is the larger cost there. Optimisation may not change what the shaders compute, so the
/// quickly compiled programs must draw the optimised programs' image; and a setting the
/// user made is theirs.
final class QuickCompileTests: XCTestCase {
    /// A capsule border with an angular paint (averaged across its stops) and a glow.
    private let scene = """
        { "format": 1, "canvas": { "width": 120, "height": 64, "scale": 1, "background": "#0D0D1A" },
          "layers": [ { "shape": { "type": "capsule", "rect": [14, 14, 92, 36] },
            "stroke": { "paint": { "type": "angular", "colors": ["red", "yellow", "cyan", "red"], "angle": 20 },
                        "width": 3, "alignment": "inside" },
            "glow": { "radius": 6, "opacity": 0.8 } } ] }
        """

    private func render(_ sceneFile: URL, to name: String, environment: [String: String]) throws -> (RGBA8Image, HaloRun) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("halo-quick-\(getpid())-\(name).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try runHalo(["render", sceneFile.path, "-o", out.path, "--backend", "gpu"], environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        return (try PNG.read(out.path), run)
    }

    func testQuickCompilesDrawTheOptimisedProgramsImage() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("halo-quick-\(getpid()).json")
        try Data(scene.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (quick, quickRun) = try render(file, to: "quick", environment: [:])
        // Set, even empty (gallivm's defaults: every optimisation), it is left as it is.
        let (optimised, optimisedRun) = try render(file, to: "optimised", environment: ["GALLIVM_PERF": ""])
        XCTAssertTrue(quickRun.stdout.contains("quick compiles"), quickRun.stdout)
        XCTAssertFalse(optimisedRun.stdout.contains("quick compiles"), optimisedRun.stdout)
        XCTAssertEqual(try XCTUnwrap(ImageComparison(quick, optimised)).maxDifference, 0)
    }
}
