import Foundation
import XCTest
import Halo

/// SIGINT, SIGTERM and SIGHUP during `halo render` end it with exit status 128 + N and leave
/// nothing in the output folder: no output, no temporary file, no frame of a sequence, and
/// no ffmpeg still running.
final class InterruptionTests: XCTestCase {
    private var folder: URL!
    private var sceneFolder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder("halo-interrupt-out")
        sceneFolder = try makeTemporaryFolder("halo-interrupt-scene")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.removeItem(at: sceneFolder)
    }

    /// A 16 px scene whose motion of 99 900 frames (999 s at 100 fps) is still being written
    /// when the signal comes; a still of 1200 px on the CPU still being drawn.
    private func scene(side: Int) throws -> String {
        let url = sceneFolder.appendingPathComponent("s\(side).json")
        let json = #"{ "format": 1, "canvas": { "width": \#(side), "height": \#(side) }, "layers": [ { "shape": { "type": "rect", "rect": [1, 1, \#(side - 2), \#(side - 2)] }, "fill": { "type": "angular", "colors": ["red", "blue"], "rotation": { "period": 3 } } } ] }"#
        try Data(json.utf8).write(to: url)
        return url.path
    }

    private var outputFolderEntries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }

    /// The processes (ffmpeg) whose command line names the output folder.
    private var processesNamingTheFolder: [String] {
        let procs = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return procs.filter { Int($0) != nil }.compactMap { pid in
            guard let d = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: d.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(folder.path) ? "\(pid): \(line)" : nil
        }
    }

    /// Starts `halo render ARGS`, waits until `ready` says the work is under way, sends
    /// `signal` and checks the exit status and the empty folder.
    private func interrupt(_ what: String, _ arguments: [String], with signal: Int32, leaving kept: [String] = [],
                           ready: () -> Bool) throws {
        let process = Process()
        process.executableURL = try haloExecutable()
        process.arguments = ["render"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !ready() && process.isRunning && Date() < deadline { usleep(5_000) }
        XCTAssertTrue(process.isRunning, "\(what): ended before the signal (entries \(outputFolderEntries))")
        XCTAssertTrue(ready(), "\(what): not under way after 20 s (entries \(outputFolderEntries))")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "\(what), signal \(signal): ended by the signal, not by halo")
        XCTAssertEqual(process.terminationStatus, 128 + signal, "\(what), signal \(signal)")
        XCTAssertEqual(outputFolderEntries.sorted(), kept.sorted(), "\(what), signal \(signal): left in the output folder")
        XCTAssertEqual(processesNamingTheFolder, [], "\(what), signal \(signal): still running")
        for e in outputFolderEntries where !kept.contains(e) { try? FileManager.default.removeItem(at: folder.appendingPathComponent(e)) }
    }

    /// ffmpeg's formats: signalled once its temporary file exists.
    func testSignalsDuringAVideoGIFOrAPNGExportLeaveNothing() throws {
        let motion = try scene(side: 16)
        for ext in ["mp4", "webm", "gif", "apng"] {
            for s in Interruption.signals {
                let out = folder.appendingPathComponent("m.\(ext)").path
                try interrupt(ext, [motion, "--backend", "cpu", "--from", "0", "--to", "999", "--fps", "100", "-o", out], with: s) {
                    outputFolderEntries.contains { $0.hasSuffix(".tmp") }
                }
            }
        }
    }

    /// A PNG sequence: signalled once two frames are staged; every staged frame goes, and
    /// the frames an earlier run left under the same names (f-0001.png among the frames this
    /// run draws, f-0500.png too) are still there, byte for byte.
    func testSignalsDuringAPNGSequenceRemoveEveryFrameAndKeepEarlierOnes() throws {
        let motion = try scene(side: 16)
        let earlier = ["f-0001.png": Data("an earlier run's first frame".utf8), "f-0500.png": Data("another".utf8)]
        for (name, data) in earlier { try data.write(to: folder.appendingPathComponent(name)) }
        for s in Interruption.signals {
            let pattern = folder.appendingPathComponent("f-%04d.png").path
            try interrupt("PNG sequence", [motion, "--backend", "cpu", "--from", "0", "--to", "999", "--fps", "100", "-o", pattern],
                          with: s, leaving: Array(earlier.keys)) {
                outputFolderEntries.filter { $0.hasSuffix(".halo-partial") }.count >= 2
            }
            for (name, data) in earlier {
                XCTAssertEqual(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path), data, "\(name), signal \(s)")
            }
        }
    }

    /// A still: signalled while it is drawn.
    func testSignalsDuringAStillRenderLeaveNothing() throws {
        let still = try scene(side: 1200)
        for s in Interruption.signals {
            let start = Date()
            try interrupt("still", [still, "--backend", "cpu", "-o", folder.appendingPathComponent("still.png").path], with: s) {
                Date().timeIntervalSince(start) > 0.2
            }
        }
    }
}
