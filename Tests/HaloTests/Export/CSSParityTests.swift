import Foundation
import XCTest
import Halo
import HaloExport
import HaloTesting

/// Chromium's rendering of every example's and conformance scene's HTML export, at the
/// scene's own time, against the exact image (Tests/Fixtures/css-parity.tsv, made by
/// `tools/css-parity --record`, which also measures a second time per scene). One Chromium
/// launch for all scenes, shared by the tests below.
final class CSSParityTests: XCTestCase {
    /// The cases and Chromium's figures for them, measured once per test process.
    private static let measured: Result<(cases: [CSSParity.Case], figures: [CSSParity.Figures]), Error> = Result {
        let cases = try CSSParity.repositoryCases(root: repositoryRoot.path, bothTimes: false)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("halo-css-parity-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return (cases, try CSSParity.measure(cases, folder: folder))
    }

    /// The shared measurement; nil (after a failure) where Chromium is missing.
    private func measurement() throws -> (cases: [CSSParity.Case], figures: [CSSParity.Figures])? {
        // The README's test command installs Chromium (tools/setup-debian): its absence is a
        // set-up fault, reported as a failure, never a skip.
        guard FileManager.default.isExecutableFile(atPath: CSSParity.chromium) else {
            XCTFail("no Chromium at \(CSSParity.chromium) (tools/setup-debian installs it; HALO_CHROMIUM names another)")
            return nil
        }
        return try Self.measured.get()
    }

    /// No figure may be worse than its record.
    func testEverySceneHoldsItsRecordedParity() throws {
        guard let (cases, figures) = try measurement() else { return }
        let recordText = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/css-parity.tsv"), encoding: .utf8)
        var record: [String: CSSParity.Figures] = [:]
        for f in CSSParity.readTable(recordText) { record["\(f.name)@\(ExportTextFormat.num(f.time))"] = f }
        XCTAssertEqual(cases.count, 86, "7 examples and 79 conformance scenes")
        for f in figures {
            let key = "\(f.name)@\(ExportTextFormat.num(f.time))"
            guard let r = record[key] else { XCTFail("\(key): no recorded figures (run tools/css-parity --record)"); continue }
            XCTAssertLessThanOrEqual(f.flip, r.flip, "\(key): FLIP")
            XCTAssertLessThanOrEqual(f.maxDifference, r.maxDifference, "\(key): max")
            XCTAssertLessThanOrEqual(f.percentOver2, r.percentOver2, "\(key): share over 2")
            if f.name.hasPrefix("seed-") { XCTAssertLessThanOrEqual(f.flip, 0.05, "\(key): the seed designs' target") }
        }
    }

    /// Where Chromium's drawing of a scene's export is past FLIP 0.05 from the exact image,
    /// the export says so: at least one of its approximations names a layer of the scene.
    func testEverySceneChromiumDrawsPastFLIP005ListsALayersApproximation() throws {
        guard let (cases, figures) = try measurement() else { return }
        var far = 0
        for (c, f) in zip(cases, figures) where f.flip > 0.05 {
            far += 1
            let notes = try CSSExporter(scene: c.scene, frozenAt: c.time).export().approximations
            let named = notes.contains { n in (0..<c.scene.layers.count).contains { n.path.hasPrefix("layers[\($0)]") } }
            XCTAssertTrue(named, "\(c.name)@\(ExportTextFormat.num(c.time)): FLIP \(f.flip), yet no layer's approximation listed (\(notes))")
        }
        XCTAssertGreaterThan(far, 0, "some scene is past FLIP 0.05 (the check checks something)")
    }
}
