import Foundation
import XCTest

/// One Xvfb server for a test's many short `halo preview` runs (each `xvfb-run` would start
/// its own). Fails (never skips) when Xvfb is missing: tools/setup-debian installs it.
final class XvfbServer {
    private let process = Process()
    /// The server's display, e.g. `:99`, for `DISPLAY`.
    let display: String

    init(file: StaticString = #filePath, line: UInt = #line) throws {
        guard let xvfb = ["/usr/bin/Xvfb", "/bin/Xvfb"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            XCTFail("Xvfb not found: the preview runs need it (tools/setup-debian installs xvfb)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        // -displayfd 1: the server picks a free display and writes its number to stdout once ready.
        // -noreset: no reset when the last client leaves (a run starting then would be refused).
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp", "-noreset"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n"), process.isRunning {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            XCTFail("Xvfb gave no display number (it wrote \"\(text)\")", file: file, line: line)
            throw CocoaError(.fileReadCorruptFile)
        }
        display = ":\(number)"
    }

    /// Stops the server and waits for it.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
