import Foundation
import XCTest
import Halo
import HaloTesting

/// Chromium's rendering of every example's and conformance scene's HTML export, at the
/// scene's own time, against the exact image: no figure may be worse than its record in
/// Tests/Fixtures/css-parity.tsv (made by `tools/css-parity --record`, which also measures
/// a second time per scene). One Chromium launch for all scenes.
final class CSSParityTests: XCTestCase {
    func testEverySceneHoldsItsRecordedParity() throws {
        // The README's test command installs Chromium (tools/setup-debian): its absence is a
        // set-up fault, reported as a failure, never a skip.
        guard FileManager.default.isExecutableFile(atPath: CSSParity.chromium) else {
            XCTFail("no Chromium at \(CSSParity.chromium) (tools/setup-debian installs it; HALO_CHROMIUM names another)")
            return
        }
        let recordText = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/css-parity.tsv"), encoding: .utf8)
        var record: [String: CSSParity.Figures] = [:]
        for f in CSSParity.readTable(recordText) { record["\(f.name)@\(ExportTextFormat.num(f.time))"] = f }
        let cases = try CSSParity.repositoryCases(root: repositoryRoot.path, bothTimes: false)
        XCTAssertEqual(cases.count, 80, "7 examples and 73 conformance scenes")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("halo-css-parity-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for f in try CSSParity.measure(cases, folder: folder) {
            let key = "\(f.name)@\(ExportTextFormat.num(f.time))"
            guard let r = record[key] else { XCTFail("\(key): no recorded figures (run tools/css-parity --record)"); continue }
            XCTAssertLessThanOrEqual(f.flip, r.flip, "\(key): FLIP")
            XCTAssertLessThanOrEqual(f.maxDifference, r.maxDifference, "\(key): max")
            XCTAssertLessThanOrEqual(f.percentOver2, r.percentOver2, "\(key): share over 2")
            if f.name.hasPrefix("seed-") { XCTAssertLessThanOrEqual(f.flip, 0.05, "\(key): the seed designs' target") }
        }
    }
}
