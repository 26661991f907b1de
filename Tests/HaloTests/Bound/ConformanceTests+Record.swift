import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// The conformance run held to the figures `tools/accuracy-table` recorded
/// (``AccuracyRecord``, the figures the docs quote), so that no scene gets worse unseen:
/// - GPU: max difference at most the recorded one + ``ratchet``.gpuMargin, and at most
///   ``ratchet``.gpuCeiling on every scene but those of ``gpuOverCeiling``;
/// - the certified bound's 99th percentile at most the recorded one + ``ratchet``.boundMargin,
///   so the bound cannot loosen unseen.
/// (The CPU's bar, max 2 on every scene with no exception, is ``testCPUReferenceMatchesEveryExactImage``'s.)
/// A scene the record lacks fails, saying to run the tool. The checks read the images the
/// conformance tests render (no second render).
extension ConformanceTests {
    /// gpuMargin: levels a GPU max may exceed its recorded figure by (GL drivers' float
    /// rounding; the record is the debug build's on llvmpipe). gpuCeiling: the GPU's
    /// stated accuracy on every scene, levels. boundMargin: levels a scene's bound p99 may
    /// exceed its record by (the record rounds it to 0.01).
    static let ratchet = (gpuMargin: 0.5, gpuCeiling: 8.0, boundMargin: 0.01)

    /// Scenes whose GPU image is more than ``ratchet``.gpuCeiling levels off, with why: each
    /// has its line in docs/accuracy.md (`AccuracyFiguresTests` checks both ways), and its
    /// recorded figure is its mark.
    static let gpuOverCeiling: [String: String] = [:]

    /// The record, read once.
    nonisolated(unsafe) static var record: AccuracyRecord?

    func recordedFigures(_ scene: String) throws -> AccuracyRecord.Figures? {
        if Self.record == nil { Self.record = try AccuracyRecord.load() }
        guard let f = Self.record!.figures[scene] else { XCTFail(AccuracyRecord.missing(scene)); return nil }
        return f
    }

    /// Fails unless the GPU image's max difference from the exact image holds the ratchet.
    func assertGPUHoldsItsRecord(_ scene: String, _ r: ImageComparison) throws {
        guard let f = try recordedFigures(scene) else { return }
        XCTAssertLessThanOrEqual(r.maxDifference, f.gpuMax + Self.ratchet.gpuMargin,
                                 "\(scene) gpu: max \(r.maxDifference), recorded \(f.gpuMax) (Tests/Fixtures/accuracy.tsv)")
        if Self.gpuOverCeiling[scene] == nil {
            XCTAssertLessThanOrEqual(r.maxDifference, Self.ratchet.gpuCeiling, "\(scene) gpu: max \(r.maxDifference), over the GPU's stated accuracy")
        }
    }

    /// Fails unless the certified bound's 99th percentile over the scene is within its record.
    func assertBoundHoldsItsRecord(_ scene: String, p99: Float) throws {
        guard let f = try recordedFigures(scene) else { return }
        XCTAssertLessThanOrEqual(Double(p99), f.boundP99 + Self.ratchet.boundMargin,
                                 "\(scene): the certified bound's 99th percentile \(p99) levels, recorded \(f.boundP99) (Tests/Fixtures/accuracy.tsv)")
    }

    func testTheRecordNamesEveryConformanceSceneAndNoOther() throws {
        let names = Set(try cases().map(\.name)), recorded = Set(try AccuracyRecord.load().figures.keys)
        for scene in names.subtracting(recorded).sorted() { XCTFail(AccuracyRecord.missing(scene)) }
        for scene in recorded.subtracting(names).sorted() {
            XCTFail("\(scene): in Tests/Fixtures/accuracy.tsv but no conformance scene; run tools/accuracy-table")
        }
        XCTAssertFalse(names.isEmpty)
    }
}
