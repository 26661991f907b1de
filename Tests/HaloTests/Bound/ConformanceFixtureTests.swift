import Foundation
import XCTest

/// The repository's copy of the checker's files (`Tests/Fixtures/conformance/`) is whole
/// and, where the checker's own folder is beside the repository, current with it.
final class ConformanceFixtureTests: XCTestCase {
    /// Every LANDED name has its scene, its exact image and its MANIFEST line in the copy,
    /// and every scene the copy holds is one the conformance test reads (none left over).
    func testEveryLandedSceneHasItsSceneExactImageAndChecksum() throws {
        let landed = try ConformanceTests.landedNextScenes()
        XCTAssertEqual(Set(landed).count, landed.count, "a name twice in LANDED")
        let manifest = try String(contentsOf: conformanceFixtures.appendingPathComponent("exact/next/MANIFEST"), encoding: .utf8)
        let listed = Set(manifest.split(separator: "\n").compactMap { $0.split(separator: " ").last.map { String($0.dropLast(5)) } })
        XCTAssertEqual(listed, Set(landed), "exact/next/MANIFEST lists the LANDED scenes; run tools/sync-conformance")
        let next = conformanceScenesDirectory().appendingPathComponent("next")
        let copied = try FileManager.default.contentsOfDirectory(atPath: next.path).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(Set(copied.map { String($0.dropLast(5)) }), Set(landed), "scenes/next/ holds the LANDED scenes")
        for name in landed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: conformanceFixtures.appendingPathComponent("exact/next/\(name).png").path),
                          "\(name): no exact image; run tools/sync-conformance")
        }
    }

    /// The copy equals what `tools/sync-conformance` makes from the checker's folder now
    /// (`--check`: exit 0, nothing to add, update or remove). Without the checker's folder
    /// (a clone on its own) there is nothing to compare with, and the test is skipped.
    func testCopyIsCurrentWithTheChecker() throws {
        guard let checker = checkerDirectory() else {
            throw XCTSkip("the checker's folder (../shared/conformance or $HALO_SHARED_DIR/conformance) is not here: "
                          + "the copy in Tests/Fixtures/conformance was not compared with it")
        }
        let run = try runRepositoryTool("sync-conformance", ["--check", "--from", checker.path])
        XCTAssertEqual(run.status, 0, "Tests/Fixtures/conformance differs from \(checker.path):\n\(run.output)")
    }
}
