import Foundation
import XCTest

/// `halo` started through `xvfb-run -a` with its output in files, so a test can wait for a
/// line while it runs. Fails (never skips) when xvfb-run is missing: tools/setup-debian installs it.
final class PreviewProcess {
    private let process = Process()
    private let outURL: URL, errURL: URL
    private let out: FileHandle, err: FileHandle

    /// - Parameter environment: set on top of the test's own.
    init(arguments: [String], folder: URL, environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws {
        let xvfbRun = ["/usr/bin/xvfb-run", "/bin/xvfb-run"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let xvfbRun else {
            XCTFail("xvfb-run not found: the preview tests need it (tools/setup-debian installs xvfb and xauth)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        process.executableURL = URL(fileURLWithPath: xvfbRun)
        // -noreset: Xvfb resets when its last client disconnects and then signals xvfb-run (SIGUSR1);
        // arriving during xvfb-run's clean-up, that signal made it exit 5 ("problem while cleaning up").
        process.arguments = ["-a", "-s", "-screen 0 1920x1080x24 -noreset", try haloExecutable(file: file, line: line).path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["HALO_SHADERS"] = nil
        env["LIBGL_ALWAYS_SOFTWARE"] = "1"
        env.merge(environment) { $1 }
        process.environment = env
        let id = UUID().uuidString
        outURL = folder.appendingPathComponent("preview-\(id).out")
        errURL = folder.appendingPathComponent("preview-\(id).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        out = try FileHandle(forWritingTo: outURL)
        err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    /// Waits (up to 60 s) until stdout contains `text`.
    func waitForOutput(_ text: String) throws { try waitFor(text) { self.stdout } }
    /// Waits (up to 60 s) until stderr contains `text`.
    func waitForError(_ text: String) throws { try waitFor(text) { self.stderr } }

    private func waitFor(_ text: String, _ read: () -> String) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if read().contains(text) { return }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw NSError(domain: "PreviewTests", code: 1, userInfo: [NSLocalizedDescriptionKey:
            "halo preview never printed \"\(text)\"\nstdout:\n\(stdout)\nstderr:\n\(stderr)"])
    }

    func stop() { if process.isRunning { process.terminate() } }

    /// Waits for the end (at most 180 s) and returns what the run gave. A child that has
    /// ended but that Foundation has not seen end (seen in a full test run: xvfb-run left a
    /// zombie and `isRunning` stayed true, so `waitUntilExit` never returned) is reaped here,
    /// its exit status taken from `waitpid`.
    func wait() throws -> HaloRun {
        let deadline = Date().addingTimeInterval(180)
        var reaped: Int32?
        while process.isRunning && Date() < deadline {
            var status: Int32 = 0
            if waitpid(process.processIdentifier, &status, WNOHANG) == process.processIdentifier {
                reaped = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        if reaped == nil && process.isRunning {
            process.terminate()
            let stop = Date().addingTimeInterval(10)
            while process.isRunning && Date() < stop { Thread.sleep(forTimeInterval: 0.02) }
            XCTFail("halo preview did not end within 180 s")
        }
        try out.close(); try err.close()
        return HaloRun(status: reaped ?? (process.isRunning ? -1 : process.terminationStatus), stdout: stdout, stderr: stderr)
    }
}
