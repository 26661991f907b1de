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
    private func render(_ scene: String, to name: String, environment: [String: String]) throws -> (RGBA8Image, HaloRun) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("halo-quick-\(getpid())-\(name).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try runHalo(["render", repositoryRoot.appendingPathComponent(scene).path, "-o", out.path, "--backend", "gpu"],
                              environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        return (try PNG.read(out.path), run)
    }

    func testQuickCompilesDrawTheOptimisedProgramsImage() throws {
        // A gradient border with glow and label, and a dashed (dotted) stroke.
        for scene in ["Examples/gradient-border-button.json", "Examples/dotted-capsule.json"] {
            let (quick, quickRun) = try render(scene, to: "quick", environment: [:])
            // Set, even empty (gallivm's defaults: every optimisation), it is left as it is.
            let (optimised, optimisedRun) = try render(scene, to: "optimised", environment: ["GALLIVM_PERF": ""])
            XCTAssertTrue(quickRun.stdout.contains("quick compiles"), quickRun.stdout)
            XCTAssertFalse(optimisedRun.stdout.contains("quick compiles"), optimisedRun.stdout)
            XCTAssertEqual(try XCTUnwrap(ImageComparison(quick, optimised)).maxDifference, 0, scene)
        }
    }
}
