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

    func testRenderingOverTheSceneFileIsRefusedAndTheSceneStays() throws {
        let scene = dir.appendingPathComponent("s.json")
        let text = #"{ "format": 1, "canvas": { "width": 8, "height": 8, "scale": 1 }, "layers": [] }"#
        try text.write(to: scene, atomically: true, encoding: .utf8)
        let run = try runHalo(["render", scene.path, "-o", dir.appendingPathComponent("./s.json").path, "--backend", "cpu"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("expected a file other than the scene's, found the same path"), run.stderr)
        XCTAssertEqual(try String(contentsOf: scene, encoding: .utf8), text)
    }

    func testPrintingIntoAClosedPipeIsNotASignalDeath() throws {
        // `halo render ... | true`: the reader is gone before the path is printed.
        let scene = dir.appendingPathComponent("p.json"), out = dir.appendingPathComponent("p.png")
        try #"{ "format": 1, "canvas": { "width": 8, "height": 8, "scale": 1 }, "layers": [] }"#.write(to: scene, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try haloExecutable()
        process.arguments = ["render", scene.path, "-o", out.path, "--backend", "cpu"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try pipe.fileHandleForReading.close()
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "ended by signal \(process.terminationStatus)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.path))
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
