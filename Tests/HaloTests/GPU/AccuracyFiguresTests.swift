import Foundation
import XCTest

/// The accuracy figures a reader finds in README.md, docs/accuracy.md and docs/testing.md
/// are the record's (`Tests/Fixtures/accuracy.tsv`, made by `tools/accuracy-table` from a
/// run; ``ConformanceTests`` holds each run to it), and every scene allowed past the GPU's
/// stated accuracy is named in docs/accuracy.md.
final class AccuracyFiguresTests: XCTestCase {
    func testTheDocsFiguresAreTheRecordsFigures() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", repositoryRoot.appendingPathComponent("tools/accuracy-table").path, "--check"]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, message)
    }

    /// The scene names listed between `<!-- gpu-over-8 -->` and `<!-- /gpu-over-8 -->` in
    /// docs/accuracy.md: the first `code span` of each `- ` line.
    func documentedGPUAllowances() throws -> Set<String> {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/accuracy.md"), encoding: .utf8)
        let begin = try XCTUnwrap(text.range(of: "<!-- gpu-over-8 -->\n"), "docs/accuracy.md has no <!-- gpu-over-8 --> list")
        let end = try XCTUnwrap(text.range(of: "<!-- /gpu-over-8 -->", range: begin.upperBound..<text.endIndex))
        return Set(text[begin.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("- ") else { return nil }
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            return parts.count >= 3 ? String(parts[1]) : nil
        })
    }

    func testEverySceneAllowedPastEightLevelsIsListedInTheDocsAndNoOther() throws {
        let listed = try documentedGPUAllowances(), allowed = Set(ConformanceTests.gpuOverCeiling.keys)
        XCTAssertEqual(listed, allowed, "docs/accuracy.md's gpu-over-8 list against ConformanceTests.gpuOverCeiling")
        // An allowed scene must still be over the ceiling by its record: else the allowance is stale.
        let record = try AccuracyRecord.load()
        for scene in allowed.sorted() {
            let f = try XCTUnwrap(record.figures[scene], AccuracyRecord.missing(scene))
            XCTAssertGreaterThan(f.gpuMax, ConformanceTests.ratchet.gpuCeiling, "\(scene): within \(ConformanceTests.ratchet.gpuCeiling) levels now; remove its allowance")
        }
    }
}
