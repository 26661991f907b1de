import Foundation
import XCTest
import Halo

/// A signal while `halo export` writes its file ends it with exit status 128 + N and leaves
/// nothing in the output folder: no partial file, no temporary file (each file goes through
/// Halo's interrupt clean-up, never Foundation's own atomic write).
final class ExportInterruptionTests: XCTestCase {
    private var folder: URL!
    private var sceneFolder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder("halo-export-interrupt-out")
        sceneFolder = try makeTemporaryFolder("halo-export-interrupt-scene")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.removeItem(at: sceneFolder)
    }

    private var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }

    /// A scene of `count` copies of `layer` (JSON), in a file of its own.
    private func scene(_ name: String, canvas: Int, layer: String, count: Int) throws -> String {
        let url = sceneFolder.appendingPathComponent("\(name).json")
        let json = #"{ "format": 1, "canvas": { "width": \#(canvas), "height": \#(canvas) }, "layers": ["#
            + Array(repeating: layer, count: count).joined(separator: ", ") + "] }"
        try Data(json.utf8).write(to: url)
        return url.path
    }

    /// A layer filled by a linear gradient of 256 colours (some 25 KB of Swift).
    private let stripes = #"{ "shape": { "type": "rect", "rect": [1, 1, 10, 10] }, "fill": { "type": "linear", "#
        + #""startPoint": [0, 0], "endPoint": [1, 1], "colors": ["#
        + Array(repeating: #""red", "blue", "green", "white""#, count: 64).joined(separator: ", ") + "] } }"

    /// Runs `halo export ARGS` and sends `signal` as soon as `writing` says so of the output
    /// folder's entries (by default: a file other than the folder's write probe, the
    /// export's temporary file, whose bytes are being written). A run that ends first (the
    /// write was quicker than the poll, or than the signal) is tried again, up to five times. Then: exit status 128 + N, and nothing in the folder.
    private func interruptWhileWriting(_ what: String, _ arguments: [String], with signal: Int32,
                                       writing: ([String]) -> Bool = { !$0.isEmpty }) throws {
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = try haloExecutable()
            process.arguments = ["export"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            var seen: [String] = []
            while process.isRunning && Date() < deadline {
                seen = entries.filter { !$0.hasPrefix(".halo-probe") }
                if writing(seen) { break }
                usleep(100)
            }
            guard writing(seen), process.isRunning else {
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0, "\(what): the export failed before writing")
                for e in entries { try? FileManager.default.removeItem(at: folder.appendingPathComponent(e)) }
                continue
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            // Descheduled between the poll and the signal (a loaded machine), the export may
            // have finished first: exit 0, its files complete. Not an interruption: try again.
            if process.terminationReason == .exit && process.terminationStatus == 0 {
                for e in entries { try? FileManager.default.removeItem(at: folder.appendingPathComponent(e)) }
                continue
            }
            XCTAssertEqual(process.terminationReason, .exit, "\(what), signal \(signal): ended by the signal, not by halo")
            XCTAssertEqual(process.terminationStatus, 128 + signal, "\(what), signal \(signal) (seen while writing: \(seen))")
            XCTAssertEqual(entries, [], "\(what), signal \(signal): left in the output folder")
            return
        }
        XCTFail("\(what): five runs ended before their temporary file was seen")
    }

    /// The HTML file: 80 layers with a path paint on a 1000 x 600 pt outline (one SVG piece
    /// a point), some 10 MB, written when SIGINT comes.
    func testSIGINTWhileWritingHTMLLeavesNothing() throws {
        let layer = #"{ "shape": { "type": "roundedRect", "rect": [10, 10, 1000, 600], "cornerRadius": 16 }, "#
            + #""stroke": { "width": 2, "paint": { "type": "path", "colors": ["red", "blue", "green"] } } }"#
        let path = try scene("beams", canvas: 1100, layer: layer, count: 80)
        try interruptWhileWriting("--css", [path, "--css", folder.appendingPathComponent("beams.html").path], with: SIGINT)
    }

    /// The Swift file: 400 layers of a 256-colour gradient, some 10 MB, written when SIGTERM comes.
    func testSIGTERMWhileWritingSwiftUILeavesNothing() throws {
        let path = try scene("stripes", canvas: 12, layer: stripes, count: 400)
        try interruptWhileWriting("--swiftui", [path, "--swiftui", folder.appendingPathComponent("Stripes.swift").path], with: SIGTERM)
    }

    /// Both files: the HTML is written, then the signal comes while the Swift file is: the
    /// HTML goes too (an export's files are kept only when all are written).
    func testSIGHUPWhileWritingTheSecondFileRemovesTheFirst() throws {
        let path = try scene("both", canvas: 12, layer: stripes, count: 400)
        // The HTML comes first and is renamed into place; the signal waits for the Swift
        // file's temporary file (hidden, named after it) beside it.
        try interruptWhileWriting("--css and --swiftui", [path, "--css", folder.appendingPathComponent("both.html").path,
                                                          "--swiftui", folder.appendingPathComponent("Both.swift").path], with: SIGHUP) {
            $0.contains("both.html") && $0.contains { $0.hasPrefix(".Both.swift.") }
        }
    }
}
