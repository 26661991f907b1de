import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Random scenes that once failed, kept as they were when they failed
/// (Tests/Fixtures/random-failures/, each scene's description says where it came from):
/// a generator that changes makes its seed another scene, so the scene itself is kept.
/// Each is held to the differential tests' rules: 99.5% of pixels within 2 levels of the
/// exact CPU image, and every pixel within its certified bound plus 1.
final class RandomFailureFixtureTests: XCTestCase {
    static let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures/random-failures")

    func testEveryKeptFailureMeetsTheDifferentialRules() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertTrue(files.contains("seed-36.json"), "\(files)")
        for name in files {
            let frame = Frame(try SceneDecoder.decode(Data(contentsOf: Self.folder.appendingPathComponent(name)), file: name))
            let cpu = ReferenceRenderer().render(frame).toRGBA8()
            let gpu = try SharedGPU.renderer().render(frame)
            let c = try XCTUnwrap(ImageComparison(cpu, gpu), "\(name): sizes differ")
            XCTAssertGreaterThanOrEqual(100 - c.percentOver(2), 99.5, "\(name): share of pixels within 2 levels (max \(c.maxDifference))")
            let bound = certifiedBounds([(frame, gpu)])[0]
            let certified = try XCTUnwrap(CertifiedComparison(reference: cpu, actual: gpu, bound: bound))
            XCTAssertNil(certified.failureReason, "\(name)")
        }
    }
}
