import Foundation
import XCTest
@testable import Halo

/// PNG output never replaces something that is not a regular file, and never leaves a partial file.
final class OutputPathTests: XCTestCase {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-output-\(getpid())")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func testWritingIntoAMissingFolderIsRefused() {
        XCTAssertThrowsError(try PNG.write(RGBA8Image(width: 1, height: 1), to: dir.path + "/nope/x.png")) { e in
            XCTAssertTrue("\(e)".contains("does not exist"), "\(e)")
        }
    }

    func testWritingOverAFolderIsRefused() {
        XCTAssertThrowsError(try PNG.checkOutputPath(dir.path)) { e in XCTAssertTrue("\(e)".contains("a folder"), "\(e)") }
    }

    func testWritingOverAPipeIsRefusedAndThePipeStays() throws {
        let fifo = dir.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertThrowsError(try PNG.write(RGBA8Image(width: 1, height: 1), to: fifo)) { e in XCTAssertTrue("\(e)".contains("a pipe"), "\(e)") }
        var st = stat()
        XCTAssertEqual(lstat(fifo, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO)
    }

    func testWrittenFileReadsBackAndNoTemporaryFileRemains() throws {
        var img = RGBA8Image(width: 2, height: 1)
        img.pixels = [255, 0, 0, 255, 0, 0, 255, 128]
        let path = dir.appendingPathComponent("out.png").path
        try PNG.write(img, to: path)
        XCTAssertEqual(try PNG.read(path), img)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"])
    }
}
