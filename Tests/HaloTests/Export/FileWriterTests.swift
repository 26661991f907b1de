import Foundation
import XCTest
import Halo

/// Every file Halo writes goes through ``AtomicFile`` (a registered temporary file renamed
/// into place), so that its interrupt clean-up (``Interruption``) removes what a signal
/// leaves half-written: ExportInterruptionTests and InterruptionTests interrupt the writers.
final class FileWriterTests: XCTestCase {
    /// No source file writes around it: no Foundation atomic write (its temporary file is not
    /// registered), no `Data.write(to:)` or `String.write(toFile:)`, no `createFile`. The one
    /// exception appends to the CI runner's own step summary (`$GITHUB_STEP_SUMMARY`), a file
    /// Halo does not create as an output.
    func testNoSourceWritesAFileAroundTheInterruptCleanUp() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let patterns = ["atomically:", "options: .atomic", ".write(to:", "write(toFile:", "createFile(atPath:"]
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100, "the sources were found")
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "AtomicFile.write(", with: "")
                if code.hasPrefix("//") || code.contains("GITHUB_STEP_SUMMARY") || code.contains("forWritingAtPath: summary") { continue }
                for p in patterns where code.contains(p) { found.append("Sources/\(file):\(i + 1): \(code)") }
            }
        }
        XCTAssertEqual(found, [], "writes that bypass AtomicFile")
    }

    /// A write replaces the file whole and leaves no temporary file; one refused (a path
    /// through a regular file) leaves the file as it was.
    func testAWriteReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
        let folder = try makeTemporaryFolder("halo-atomic-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.txt").path
        try AtomicFile.write("first", to: target)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "first")
        try AtomicFile.write("second", to: target)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "second")
        XCTAssertThrowsError(try AtomicFile.write("third", to: target + "/inside"))
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "second")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.txt"])
    }
}
