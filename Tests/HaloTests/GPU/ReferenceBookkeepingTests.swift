import Foundation
import XCTest
import Halo
import HaloTesting

/// References that no scene and time is compared with are listed (and fail with --strict);
/// each reference records its backend, and `halo approve` does not change it silently.
final class ReferenceBookkeepingTests: XCTestCase {
    private var dir: URL!
    private var scenes: URL { dir.appendingPathComponent("scenes") }
    private var artifacts: URL { dir.appendingPathComponent("artifacts") }

    override func setUpWithError() throws {
        dir = try makeTemporaryFolder("halo-references")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try TestCommandTests.addPassingScene("button", to: scenes)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func test(_ extra: [String]) throws -> HaloRun {
        try runHalo(["test", scenes.path, "--backend", "cpu", "--record", "never", "--artifacts", artifacts.path] + extra)
    }

    /// A time the scene no longer checks (button.t2.png), a parameter set it does not have
    /// (button.set-1.png) and a reference recorded by halo whose scene is gone (old.png) are
    /// orphans, listed with why; a backend's or --baseline's reference (button.gpu.png,
    /// button.llvmpipe.png), the scene's mask and a PNG halo did not record are not. The
    /// run passes; with --strict it fails.
    func testOrphanedReferencesAreListedAndFailUnderStrict() throws {
        let image = TestCommandTests.expectedImage(rectX: 2, colour: (255, 0, 0, 255))
        for name in ["button.t2.png", "button.set-1.png", "button.gpu.png", "button.llvmpipe.png", "backdrop.png"] {
            try PNG.write(image, to: scenes.appendingPathComponent(name).path)
        }
        try ReferenceRecord(backend: .gpu).write(image, to: scenes.appendingPathComponent("old.png").path)
        try PNG.write(solidImage(width: 8, height: 6, 255, 255, 255), to: scenes.appendingPathComponent("masked.mask.png").path)
        try TestCommandTests.sceneJSON(colour: "#FF0000", test: #"{ "mask": "masked.mask.png" }"#)
            .write(to: scenes.appendingPathComponent("masked.json"), atomically: true, encoding: .utf8)
        try PNG.write(image, to: scenes.appendingPathComponent("masked.png").path)

        let run = try test([])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("3 orphaned references (compared with no scene and time):"), run.stdout)
        let listed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2).prefix { $0 != ":" }) }
        XCTAssertEqual(listed.map { URL(fileURLWithPath: $0).lastPathComponent }, ["button.set-1.png", "button.t2.png", "old.png"])
        XCTAssertTrue(run.stdout.contains("no time or parameter set of button.json is compared with it (its references: button.png)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("old.png: no scene old.json beside it (a reference recorded by halo, backend gpu)"), run.stdout)

        let strict = try test(["--strict"])
        XCTAssertEqual(strict.status, 1, strict.stdout)
        XCTAssertTrue(strict.stdout.contains("--strict: a failure"), strict.stdout)
    }

    /// A reference written by `halo test` carries a tEXt chunk `halo-backend` naming its
    /// backend (read here from the file's bytes, not through halo).
    func testARecordedReferenceNamesItsBackendInAPNGTextChunk() throws {
        try TestCommandTests.sceneJSON(colour: "#00FF00").write(to: scenes.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try runHalo(["test", scenes.path, "--backend", "cpu", "--record", "missing", "--artifacts", artifacts.path]).status, 0)
        let bytes = try Data(contentsOf: scenes.appendingPathComponent("new.png"))
        let chunk = Data("tEXthalo-backend".utf8) + Data([0]) + Data("cpu".utf8)
        XCTAssertNotNil(bytes.range(of: chunk), "a tEXt chunk halo-backend = cpu")
        XCTAssertLessThan(bytes.range(of: chunk)!.lowerBound, bytes.range(of: Data("IDAT".utf8))!.lowerBound, "before the image data")
        XCTAssertEqual(ReferenceRecord.read(from: scenes.appendingPathComponent("new.png").path), ReferenceRecord(backend: .cpu))
        XCTAssertNil(ReferenceRecord.read(from: scenes.appendingPathComponent("button.png").path), "written without a record")
    }

    /// A failing reference recorded by the GPU is not replaced by the CPU's image: approve
    /// names it, approves nothing and exits 2; with --backend-change it is replaced and
    /// records the CPU.
    func testApproveKeepsAReferencesBackendUnlessTold() throws {
        let reference = scenes.appendingPathComponent("button.png").path
        try ReferenceRecord(backend: .gpu).write(TestCommandTests.expectedImage(rectX: 3, colour: (255, 0, 0, 255)), to: reference)
        XCTAssertEqual(try test([]).status, 1)
        let refused = try runHalo(["approve", artifacts.path])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("button.png: expected an image of the backend that recorded it (gpu), found one of cpu"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("nothing approved: give --backend-change"), refused.stderr)
        XCTAssertEqual(ReferenceRecord.read(from: reference), ReferenceRecord(backend: .gpu))
        XCTAssertNotEqual(try PNG.read(reference), TestCommandTests.expectedImage(rectX: 2, colour: (255, 0, 0, 255)))

        let approved = try runHalo(["approve", artifacts.path, "--backend-change"])
        XCTAssertEqual(approved.status, 0, approved.stderr)
        XCTAssertEqual(ReferenceRecord.read(from: reference), ReferenceRecord(backend: .cpu))
        XCTAssertEqual(try PNG.read(reference), TestCommandTests.expectedImage(rectX: 2, colour: (255, 0, 0, 255)))
    }

    /// Recording over references (`--record all`, `--record failed`) keeps one the GPU drew
    /// when the run draws with the CPU: the case fails naming it, and the file is unchanged;
    /// with --backend-change it is rewritten and records the CPU.
    func testRecordingKeepsAReferencesBackendUnlessTold() throws {
        let reference = scenes.appendingPathComponent("button.png").path
        let gpuImage = TestCommandTests.expectedImage(rectX: 3, colour: (255, 0, 0, 255))
        for mode in ["all", "failed"] {
            try ReferenceRecord(backend: .gpu).write(gpuImage, to: reference)
            let kept = try runHalo(["test", scenes.path, "--backend", "cpu", "--record", mode, "--artifacts", artifacts.path])
            XCTAssertEqual(kept.status, 1, mode)
            XCTAssertTrue((kept.stdout + kept.stderr).contains("was recorded by the gpu backend"), mode + ": " + kept.stdout)
            XCTAssertEqual(ReferenceRecord.read(from: reference), ReferenceRecord(backend: .gpu), mode)
            XCTAssertEqual(try PNG.read(reference), gpuImage, mode)

            let changed = try runHalo(["test", scenes.path, "--backend", "cpu", "--record", mode, "--backend-change", "--artifacts", artifacts.path])
            XCTAssertEqual(changed.status, 0, mode + ": " + changed.stdout + changed.stderr)
            XCTAssertEqual(ReferenceRecord.read(from: reference), ReferenceRecord(backend: .cpu), mode)
            XCTAssertEqual(try PNG.read(reference), TestCommandTests.expectedImage(rectX: 2, colour: (255, 0, 0, 255)), mode)
        }
    }
}
