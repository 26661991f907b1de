import Foundation
import XCTest
import Halo

/// Images in and out: background PNGs of every layout decode exactly
/// (libpng's transforms, done in the C shim); broken ones are refused with a
/// message, never a crash; a failed write leaves no partial file and the old
/// file intact. Fixtures: Tests/Fixtures/images (make-images.py writes them).
final class ImageInputTests: XCTestCase {
    let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/images")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-images-\(getpid())")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private func read(_ name: String) throws -> RGBA8Image { try PNG.read(fixtures.appendingPathComponent(name).path) }

    /// The reason PNG.read gives for `name`, or a failure when it reads.
    private func reason(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try read(name)
            XCTFail("\(name) was read", file: file, line: line)
        } catch let e as PNGError {
            return e.reason
        } catch {
            XCTFail("\(name): not a PNGError: \(error)", file: file, line: line)
        }
        return nil
    }

    private func pixels(_ p: [[UInt8]]) -> [UInt8] { p.flatMap { $0 } }

    // MARK: - Valid layouts

    func testEightBitRGBGainsOpaqueAlpha() throws {
        let img = try read("rgb8.png")
        XCTAssertEqual([img.width, img.height], [2, 2])
        XCTAssertEqual(img.pixels, pixels([[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [10, 20, 30, 255]]))
    }

    func testFourBitGreyExpandsToEightBitsAndRGB() throws {
        XCTAssertEqual(try read("gray4.png").pixels,
                       pixels([[0, 0, 0, 255], [85, 85, 85, 255], [170, 170, 170, 255], [255, 255, 255, 255]]))
    }

    func testGreyWithAlphaKeepsItsStraightAlpha() throws {
        XCTAssertEqual(try read("gray-alpha8.png").pixels, pixels([[100, 100, 100, 255], [200, 200, 200, 50]]))
    }

    func testSixteenBitChannelsAreRoundedNotTruncated() throws {
        // 0x01FF * 255 / 65535 = 1.99 -> 2 (the high byte alone would give 1).
        XCTAssertEqual(try read("rgba16.png").pixels, pixels([[2, 255, 128, 255], [0, 127, 255, 2]]))
        XCTAssertEqual(try read("gray16.png").pixels, pixels([[2, 2, 2, 255], [255, 255, 255, 255]]))
    }

    func testPaletteWithTransparencyBecomesRGBA() throws {
        XCTAssertEqual(try read("palette.png").pixels, pixels([[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0]]))
    }

    func testInterlacedImageIsDeinterlaced() throws {
        let img = try read("interlaced.png")
        XCTAssertEqual([img.width, img.height], [5, 5])
        for y in 0..<5 {
            for x in 0..<5 {
                XCTAssertEqual(img[x, y], SIMD4(UInt8(50 * x), UInt8(50 * y), 7, 255), "pixel \(x), \(y)")
            }
        }
    }

    // MARK: - Broken images

    func testBrokenImagesAreRefusedWithTheirReason() {
        XCTAssertEqual(reason("truncated.png"), "truncated PNG: the file ends after 47 bytes")
        XCTAssertEqual(reason("truncated-header.png"), "truncated PNG: the file ends after 20 bytes")
        XCTAssertEqual(reason("empty.png"), "not a PNG file: the file is empty")
        XCTAssertEqual(reason("not-a-png.png"), "not a PNG file: it does not start with the PNG signature")
        XCTAssertEqual(reason("jpeg-named-png.png"), "not a PNG file: it does not start with the PNG signature")
        XCTAssertEqual(reason("bad-crc.png"), "corrupt PNG: IDAT: invalid code lengths set")
        XCTAssertEqual(reason("missing.png"), "no such file")
    }

    func testHeaderClaimingHundredThousandPixelsASideIsRefusedBeforeAllocating() {
        XCTAssertEqual(reason("huge-header.png"), "the header says 100000x100000 pixels; at most 16384 a side")
    }

    func testAFolderGivenAsTheImageIsRefused() {
        XCTAssertThrowsError(try PNG.read(dir.path)) { e in
            XCTAssertEqual((e as? PNGError)?.reason, "cannot read: Is a directory")
        }
    }

    func testABrokenBackgroundRefusesTheSceneAtItsPath() throws {
        let sceneURL = dir.appendingPathComponent("s.json")
        let image = fixtures.appendingPathComponent("truncated.png").path
        try Data(#"{ "format": 1, "canvas": { "width": 4, "height": 4, "background": { "image": "\#(image)" } }, "layers": [] }"#.utf8)
            .write(to: sceneURL)
        XCTAssertThrowsError(try Halo.load(sceneURL.path)) { e in
            XCTAssertEqual("\(e)", "\(sceneURL.path): canvas.background.image: expected a readable PNG of at most 16384 pixels a side, "
                                   + "found \(image) (truncated PNG: the file ends after 47 bytes)")
        }
    }

    func testHaloRefusesEachBrokenImageWithExitCode2AndWritesNothing() throws {
        // Under `swift test --sanitize=address` (CI) halo is built with ASan and checked for
        // leaks on exit, so libpng's error path (longjmp inside the C shim) is leak-checked here.
        for name in ["truncated.png", "bad-crc.png", "huge-header.png", "not-a-png.png", "empty.png"] {
            let image = fixtures.appendingPathComponent(name).path
            let scene = dir.appendingPathComponent("s.json")
            try Data(#"{ "format": 1, "canvas": { "width": 4, "height": 4, "background": { "image": "\#(image)" } }, "layers": [] }"#.utf8)
                .write(to: scene)
            let expected: String
            do { _ = try Halo.load(scene.path); XCTFail("\(name) loaded"); continue } catch { expected = "halo render: \(error)\n" }
            let run = try runHalo(["render", scene.path, "-o", dir.appendingPathComponent("out.png").path, "--backend", "cpu"],
                                  environment: ["ASAN_OPTIONS": "detect_leaks=1"])
            XCTAssertEqual(run.status, 2, name)
            XCTAssertEqual(run.stderr, expected, name)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["s.json"], name)
        }
    }

    /// After 800 failed reads no descriptor of this process is open on any of the files
    /// read (looked up by each descriptor's target: other threads of the process may open
    /// descriptors of their own meanwhile, so their count alone would not say).
    func testRepeatedFailedReadsDoNotLeakFileDescriptors() throws {
        let names = ["truncated.png", "bad-crc.png", "huge-header.png", "not-a-png.png"]
        for _ in 0..<200 {
            for name in names { _ = reason(name) }
        }
        let fm = FileManager.default
        let targets = try fm.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { try? fm.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
        XCTAssertFalse(targets.isEmpty, "no descriptors listed")
        let leaked = targets.filter { t in names.contains { t.hasSuffix("/" + $0) } }
        XCTAssertEqual(leaked, [], "descriptors left open on the files read")
    }

    // MARK: - Output

    func testAFullDiskLeavesTheOldFileIntactAndNoTemporaryFile() throws {
        let path = dir.appendingPathComponent("out.png").path
        let old = RGBA8Image(width: 1, height: 1, pixels: [1, 2, 3, 4])
        try PNG.write(old, to: path)
        // A file-size limit makes writes fail with EFBIG as a full disk fails with ENOSPC.
        var noise = SplitMix64(seed: 7)
        let big = RGBA8Image(width: 128, height: 128, pixels: (0..<(128 * 128 * 4)).map { _ in UInt8.random(in: 0...255, using: &noise) })
        var saved = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = 4096
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
        var failure: Error?
        do { try PNG.write(big, to: path) } catch { failure = error }
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        signal(SIGXFSZ, oldHandler)
        XCTAssertEqual("\(failure.map { "\($0)" } ?? "no error")", "\(path): cannot write: write failed: File too large")
        XCTAssertEqual(try PNG.read(path), old)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"])
    }

    func testAFolderThatCannotTakeFilesIsRefusedBeforeDrawing() {
        // /proc refuses new files even to root, for whom access(2) always says yes.
        XCTAssertThrowsError(try PNG.checkOutputPath("/proc/halo-test.png")) { e in
            XCTAssertEqual("\(e)", "/proc/halo-test.png: cannot write in the folder /proc: No such file or directory")
        }
    }
}
