import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// The Swift reference-testing API (`ReferenceTest`, `FuzzyTolerance`, `SceneTestSpec`).
final class ReferenceTestAPITests: XCTestCase {
    var dir: URL!

    /// 6 x 4 canvas, clear, with a pixel-aligned white 2 x 2 square at (1, 1): its exact
    /// image is 4 opaque white pixels on 20 clear ones.
    let scene = Scene(canvas: Canvas(width: 6, height: 4), layers: [
        Layer(shape: Shape(kind: .rect, rect: Rect(1, 1, 2, 2)), fill: .solid(RGBA(1, 1, 1))),
    ])

    var exactImage: RGBA8Image {
        var img = RGBA8Image(width: 6, height: 4)
        for y in 1...2 { for x in 1...2 { setPixel(&img, x, y, (255, 255, 255, 255)) } }
        return img
    }

    override func setUpWithError() throws {
        dir = try makeTemporaryFolder("halo-reference-api")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func tester(_ record: RecordMode, _ tolerance: FuzzyTolerance = .default) -> ReferenceTest {
        ReferenceTest(tolerance: tolerance, record: record, backend: .cpu, artifactsDirectory: dir.appendingPathComponent("artifacts").path)
    }

    // MARK: FuzzyTolerance

    func testFuzzyParsesNamedPositionalAndBareForms() throws {
        XCTAssertEqual(try FuzzyTolerance(parsing: "maxDifference=0-2;totalPixels=0-100"), FuzzyTolerance(maxDifference: 0...2, totalPixels: 0...100))
        XCTAssertEqual(try FuzzyTolerance(parsing: "totalPixels=10-20;maxDifference=3"), FuzzyTolerance(maxDifference: 3...3, totalPixels: 10...20))
        XCTAssertEqual(try FuzzyTolerance(parsing: "5-10;200-300"), FuzzyTolerance(maxDifference: 5...10, totalPixels: 200...300))
        XCTAssertEqual(try FuzzyTolerance(parsing: "maxDifference=1;totalPixels=0-2.5%"), FuzzyTolerance(maxDifference: 1...1, totalPercent: 0...2.5))
    }

    func testFuzzyRefusesMalformedText() {
        for bad in ["", "0-2", "a;b", "maxDifference=2-1;totalPixels=0", "maxDifference=0-256;totalPixels=0",
                    "maxDifference=1;maxDifference=2", "maxDifference=-1;totalPixels=0", "ref.html:0-2;0-100", "1;0-101%"] {
            XCTAssertThrowsError(try FuzzyTolerance(parsing: bad), bad)
        }
    }

    func testFuzzyDescriptionReadsBackAsTheSameTolerance() throws {
        for text in ["maxDifference=0-2;totalPixels=0-100", "maxDifference=3;totalPixels=7", "maxDifference=0-3;totalPixels=0-100%"] {
            XCTAssertEqual(try FuzzyTolerance(parsing: text).description, text)
        }
        XCTAssertEqual(FuzzyTolerance.default.description, FuzzyTolerance.defaultText)
    }

    /// wptrunner's rule: identical images pass when either range starts at 0, even if the other does not.
    func testIdenticalImagesPassWhenEitherRangeStartsAtZero() throws {
        let same = try XCTUnwrap(ImageComparison(exactImage, exactImage))
        XCTAssertTrue(try FuzzyTolerance(parsing: "maxDifference=1-5;totalPixels=0-10").accepts(same))
        XCTAssertTrue(try FuzzyTolerance(parsing: "maxDifference=0-5;totalPixels=1-10").accepts(same))
        XCTAssertFalse(try FuzzyTolerance(parsing: "maxDifference=1-5;totalPixels=1-10").accepts(same))
    }

    // MARK: ReferenceTest

    func testMissingReferenceIsRecordedUnderRecordMissing() throws {
        let ref = dir.appendingPathComponent("square.png").path
        let result = try tester(.missing).compare(scene, to: ref)
        XCTAssertEqual(result.outcome, .recorded)
        XCTAssertTrue(result.isNew)
        XCTAssertFalse(result.passed, "a reference nobody has looked at does not pass (as swift-snapshot-testing)")
        XCTAssertEqual(try PNG.read(ref), exactImage)
        XCTAssertTrue(try tester(.missing).compare(scene, to: ref).passed, "the next run compares against it")
    }

    func testMissingReferenceFailsUnderRecordNeverAndKeepsTheActualImage() throws {
        let ref = dir.appendingPathComponent("square.png").path
        let result = try tester(.never).compare(scene, to: ref)
        XCTAssertFalse(result.passed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ref))
        let actual = try XCTUnwrap(result.artifacts?.actual)
        XCTAssertEqual(try PNG.read(actual), exactImage)
        XCTAssertTrue(result.message.contains(actual), result.message)
    }

    func testMatchingReferencePasses() throws {
        let ref = dir.appendingPathComponent("square.png").path
        try PNG.write(exactImage, to: ref)
        let result = try tester(.never, .exact).compare(scene, to: ref)
        XCTAssertEqual(result.outcome, .passed, result.message)
        XCTAssertEqual(result.comparison?.maxDifference, 0)
        XCTAssertNil(result.artifacts)
    }

    /// A reference with one pixel 2 levels darker is within the default (3 levels) and
    /// outside the exact tolerance, whose failure names all three artifacts.
    func testSmallEditPassesTheDefaultAndFailsExactWithArtifacts() throws {
        let ref = dir.appendingPathComponent("square.png").path
        var edited = exactImage
        setPixel(&edited, 1, 1, (253, 253, 253, 255))
        try PNG.write(edited, to: ref)
        XCTAssertEqual(try tester(.never).compare(scene, to: ref).outcome, .passed)
        let result = try tester(.never, .exact).compare(scene, to: ref, name: "edited")
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertEqual(result.comparison?.maxDifference, 2)
        XCTAssertEqual(result.comparison?.pixelsOver[0], 1)
        let a = try XCTUnwrap(result.artifacts)
        XCTAssertEqual(a.actual, dir.appendingPathComponent("artifacts/edited.actual.png").path)
        XCTAssertEqual(try PNG.read(try XCTUnwrap(a.expected)), edited)
        XCTAssertTrue(FileManager.default.fileExists(atPath: try XCTUnwrap(a.diff)))
        for path in [a.actual!, a.expected!, a.diff!] { XCTAssertTrue(result.message.contains(path), result.message) }
    }

    func testReferenceOfAnotherSizeFails() throws {
        let ref = dir.appendingPathComponent("square.png").path
        try PNG.write(RGBA8Image(width: 5, height: 4), to: ref)
        let result = try tester(.never, FuzzyTolerance(maxDifference: 0...255, totalPixels: 0...1000)).compare(scene, to: ref)
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertTrue(result.message.contains("6x4 differs from the reference's 5x4"), result.message)
    }

    /// Record mode failed rewrites exactly the failing reference; a passing one stays
    /// byte-identical (its file is not even rewritten).
    func testRecordFailedRewritesOnlyFailingReferences() throws {
        let good = dir.appendingPathComponent("good.png").path, bad = dir.appendingPathComponent("bad.png").path
        try PNG.write(exactImage, to: good)
        var edited = exactImage
        setPixel(&edited, 1, 1, (0, 0, 0, 255))
        try PNG.write(edited, to: bad)
        let before = try FileManager.default.attributesOfItem(atPath: good)[.modificationDate] as? Date
        let goodBytes = try Data(contentsOf: URL(fileURLWithPath: good))
        Thread.sleep(forTimeInterval: 0.01)
        XCTAssertEqual(try tester(.failed, .exact).compare(scene, to: good).outcome, .passed)
        let r = try tester(.failed, .exact).compare(scene, to: bad)
        XCTAssertEqual(r.outcome, .recorded)
        XCTAssertFalse(r.passed)
        XCTAssertEqual(try PNG.read(bad), exactImage, "the failing reference is rewritten")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: good)), goodBytes)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: good)[.modificationDate] as? Date, before)
    }

    /// A backend's own baseline wins over the plain one, a key's over both; a missing
    /// one is written at the plain name.
    func testPerBackendAndKeyedBaselinesAreChosenFirst() throws {
        let scene = dir.appendingPathComponent("b.json").path
        XCTAssertEqual(ReferenceTest.baselinePath(forScene: scene, backend: .gpu), dir.appendingPathComponent("b.png").path)
        try PNG.write(exactImage, to: dir.appendingPathComponent("b.gpu.png").path)
        XCTAssertEqual(ReferenceTest.baselinePath(forScene: scene, backend: .gpu), dir.appendingPathComponent("b.gpu.png").path)
        XCTAssertEqual(ReferenceTest.baselinePath(forScene: scene, backend: .cpu), dir.appendingPathComponent("b.png").path)
        try PNG.write(exactImage, to: dir.appendingPathComponent("b.t0.5.llvmpipe.png").path)
        XCTAssertEqual(ReferenceTest.baselinePath(forScene: scene, time: 0.5, backend: .gpu, keys: ["llvmpipe"]),
                       dir.appendingPathComponent("b.t0.5.llvmpipe.png").path)
    }

    func testRecordAllRewritesAnExistingReference() throws {
        let ref = dir.appendingPathComponent("square.png").path
        try PNG.write(RGBA8Image(width: 6, height: 4), to: ref)
        let result = try tester(.all).compare(scene, to: ref)
        XCTAssertEqual(result.outcome, .recorded)
        XCTAssertEqual(try PNG.read(ref), exactImage)
    }

    func testUnreadableReferenceThrows() throws {
        let ref = dir.appendingPathComponent("square.png")
        try Data("not a png".utf8).write(to: ref)
        XCTAssertThrowsError(try tester(.never).compare(scene, to: ref.path))
    }

    /// A scene file's reference defaults to the PNG beside it, named after it.
    func testSceneFileIsComparedWithThePNGBesideIt() throws {
        let file = dir.appendingPathComponent("square.json")
        try #"{ "format": 1, "canvas": { "width": 6, "height": 4 }, "layers": [ { "shape": { "type": "rect", "rect": [1, 1, 2, 2] }, "fill": { "type": "solid", "color": "white" } } ] }"#
            .write(to: file, atomically: true, encoding: .utf8)
        try PNG.write(exactImage, to: dir.appendingPathComponent("square.png").path)
        XCTAssertEqual(try tester(.never, .exact).compare(sceneFile: file.path).outcome, .passed)
    }

    /// The README's example, word for word but for the scene's folder: the first run
    /// records `button.t0.5.png` (record mode missing) and does not pass, the second passes against it.
    func testReadmeExampleRecordsThenPasses() throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Scenes"), withIntermediateDirectories: true)
        try #"{ "format": 1, "canvas": { "width": 6, "height": 4 }, "layers": [ { "shape": { "type": "rect", "rect": [1, 1, 2, 2] }, "fill": { "type": "solid", "color": "white" } } ] }"#
            .write(to: dir.appendingPathComponent("Scenes/button.json"), atomically: true, encoding: .utf8)
        for expected in [ReferenceTestResult.Outcome.recorded, .passed] {
            let scene = dir.appendingPathComponent("Scenes/button.json").path
            let result = try ReferenceTest(tolerance: FuzzyTolerance(parsing: "maxDifference=0-2;totalPixels=0-1%"),
                                           record: .missing, backend: .cpu).compare(sceneFile: scene, at: 0.5)
            XCTAssertEqual(result.passed, expected == .passed, result.message)
            XCTAssertEqual(result.outcome, expected)
        }
        XCTAssertEqual(try PNG.read(dir.appendingPathComponent("Scenes/button.t0.5.png").path), exactImage)
    }

    /// The GPU renderer's image of the square equals the exact one (pixel-aligned edges).
    func testGPUBackendComparesWithTheGivenRenderer() throws {
        let ref = dir.appendingPathComponent("square.png").path
        try PNG.write(exactImage, to: ref)
        var t = tester(.never, .exact)
        t.backend = .gpu
        XCTAssertEqual(try t.compare(scene, to: ref, gpu: try SharedGPU.renderer()).outcome, .passed)
    }

    func testReferencePathsAreNamedAfterTheSceneWithATimeSuffix() {
        XCTAssertEqual(ReferenceTest.referencePath(forScene: "a/button.json"), "a/button.png")
        XCTAssertEqual(ReferenceTest.referencePath(forScene: "a/button.json", time: 0.75), "a/button.t0.75.png")
        XCTAssertEqual(ReferenceTest.referencePath(forScene: "a/button.json", time: 2), "a/button.t2.png")
        XCTAssertEqual(SceneTestSpec.sidecarPath(forScene: "a/button.json"), "a/button.test.json")
    }

    func testRecordModeComesFromTheEnvironment() throws {
        XCTAssertEqual(try RecordMode.fromEnvironment([:]), .missing)
        XCTAssertEqual(try RecordMode.fromEnvironment([:], interactiveDefault: .never), .never)
        XCTAssertEqual(try RecordMode.fromEnvironment(["CI": "true"]), .never)
        XCTAssertEqual(try RecordMode.fromEnvironment(["CI": "true", "HALO_RECORD": "all"]), .all)
        XCTAssertThrowsError(try RecordMode.fromEnvironment(["HALO_RECORD": "yes"]))
    }

    // MARK: SceneTestSpec

    func testTestObjectGivesToleranceAndTimes() throws {
        let spec = try SceneTestSpec.parse(.object(["fuzzy": .string("maxDifference=0-1;totalPixels=0-9"), "times": .array([.number(0), .number(1.5)])]),
                                           file: "s.json", path: "test")
        XCTAssertEqual(spec, SceneTestSpec(tolerance: FuzzyTolerance(maxDifference: 0...1, totalPixels: 0...9), times: [0, 1.5]))
    }

    func testTestObjectErrorsNameTheJSONPath() {
        XCTAssertThrowsError(try SceneTestSpec.parse(.object(["fuzzy": .string("nonsense")]), file: "s.json", path: "test")) { e in
            XCTAssertTrue("\(e)".hasPrefix("s.json: test.fuzzy:"), "\(e)")
        }
        XCTAssertThrowsError(try SceneTestSpec.parse(.object(["times": .array([.number(1), .number(1)])]), file: "s.json", path: "test")) { e in
            XCTAssertTrue("\(e)".hasPrefix("s.json: test.times[1]:"), "\(e)")
        }
        XCTAssertThrowsError(try SceneTestSpec.parse(.object(["tims": .array([])]), file: "s.json", path: "test")) { e in
            XCTAssertTrue("\(e)".hasPrefix("s.json: test.tims:"), "\(e)")
        }
    }
}
