import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloTesting

/// What a GPU frame reports of its cost (``FrameStats``: `halo bench --json`'s plan_ms and draws).
final class FrameStatsTests: XCTestCase {
    private func example(_ name: String = "gradient-border-button") throws -> Frame {
        let (scene, bg) = try Halo.load(repositoryRoot.appendingPathComponent("Examples/\(name).json").path)
        return try Frame(resolving: scene, time: 0.25, backgroundImage: bg)
    }

    /// A frame draws at least one instanced draw, and the CPU's time before the first of
    /// them lies within the frame's own wall time.
    func testAFrameCountsItsDrawsAndItsPlanWithinTheFrame() throws {
        let gpu = try SharedGPU.renderer()
        let frame = try example()
        gpu.options.keepsUnchangedCells = false
        defer { gpu.options.keepsUnchangedCells = true }
        _ = try gpu.render(frame)           // programs compiled
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try gpu.render(frame)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let stats = try XCTUnwrap(gpu.lastFrameStats)
        XCTAssertGreaterThan(stats.draws, 0)
        XCTAssertGreaterThanOrEqual(stats.planMs, 0)
        XCTAssertLessThanOrEqual(stats.planMs, wall)
    }

    /// A frame equal to the one before, with unchanged cells kept, draws nothing: its
    /// every cell is the target's already (a scene without glows or text, whose tiles read
    /// nothing a frame makes anew).
    func testAFrameThatKeepsEveryCellIssuesNoDraw() throws {
        let gpu = try SharedGPU.renderer()
        let frame = try example("uikit-gradient-border")
        gpu.options.keepsUnchangedCells = true
        gpu.keptTiles.reset()
        _ = try gpu.render(frame)
        XCTAssertGreaterThan(gpu.lastFrameStats?.draws ?? 0, 0, "the first frame draws its cells")
        _ = try gpu.render(frame)
        XCTAssertEqual(gpu.lastFrameStats?.draws, 0)
    }
}
