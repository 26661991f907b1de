import Foundation
import XCTest
import Halo
import HaloTesting

/// `docs/scene.schema.json` (JSON Schema draft 2020-12) agrees with halo: every scene the
/// repository ships is valid by it, and every scene in `Tests/Fixtures/bad-scenes/` (the
/// classes of bad input BadInputTests and DecodingTests refuse) is refused both by halo
/// (`halo render`, or `halo test` for the `test` object) and by the schema. The schema is
/// checked by `tools/check-schema` (Python's jsonschema: Debian's python3-jsonschema,
/// which tools/setup-debian installs).
final class SchemaTests: XCTestCase {
    /// The JSON files in `folder` (recursively), without `halo test`'s sidecars (`*.test.json`).
    private func scenes(in folder: String) throws -> [String] {
        let root = repositoryRoot.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walk.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".test.json") }
            .map { root.appendingPathComponent($0).path }.sorted()
    }

    func testEveryBundledSceneIsValidByTheSchema() throws {
        var files: [String] = []
        for folder in ["Examples", "Shaders/examples", "docs/format-examples", "tools/bench-scenes", "Tests/Fixtures/conformance/scenes",
                       "Tests/Fixtures/reference-suite"] {
            let found = try scenes(in: folder)
            XCTAssertFalse(found.isEmpty, "no scenes in \(folder)")
            files += found
        }
        files.append(repositoryRoot.appendingPathComponent("Tests/Fixtures/seed-button-frame.json").path)
        XCTAssertGreaterThanOrEqual(files.count, 100)
        let run = try runRepositoryTool("check-schema", files)
        XCTAssertEqual(run.status, 0, run.output)
    }

    func testBadScenesAreRefusedByHaloAndByTheSchema() throws {
        let bad = try scenes(in: "Tests/Fixtures/bad-scenes")
        XCTAssertGreaterThanOrEqual(bad.count, 50)
        for file in bad {
            // Drawing ignores the top-level "test" object, which `halo test` reads
            // (SceneTestSpec): a bad one is refused there.
            let refusal: Error?
            do { _ = try SceneDecoder.load(path: file); _ = try SceneTestSpec.of(sceneFile: file); refusal = nil } catch { refusal = error }
            XCTAssertNotNil(refusal, "halo takes \(file)")
            if let refusal { XCTAssertTrue(refusal is SceneError, "\(file): \(refusal) is not a scene refusal") }
        }
        let run = try runRepositoryTool("check-schema", ["--refused"] + bad)
        XCTAssertEqual(run.status, 0, run.output)
    }
}
