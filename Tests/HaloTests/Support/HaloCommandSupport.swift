import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
import Halo

/// What one run of the built `halo` executable gave.
struct HaloRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `halo` executable built beside this test bundle (SwiftPM puts every product of a
/// build in one folder: `.build/debug/halo` next to `.build/debug/HaloPackageTests.xctest`).
func haloExecutable(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for folder in folders {
        let candidate = folder.appendingPathComponent("halo")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    XCTFail("no built halo executable beside the test bundle (looked in \(folders.map(\.path)))", file: file, line: line)
    throw CocoaError(.fileNoSuchFile)
}

/// Runs `halo ARGS` and waits. The environment is this process's without `CI` and
/// `HALO_RECORD` (so defaults do not depend on where the tests run), plus `environment`.
/// `byName`: started as `halo` found on `PATH` (argv[0] is then the bare name), as an
/// installed tool is, rather than by its full path.
func runHalo(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil, byName: Bool = false,
             file: StaticString = #filePath, line: UInt = #line) throws -> HaloRun {
    let process = Process()
    let executable = try haloExecutable(file: file, line: line)
    process.executableURL = byName ? URL(fileURLWithPath: "/usr/bin/env") : executable
    process.arguments = byName ? ["halo"] + arguments : arguments
    var env = ProcessInfo.processInfo.environment
    if byName { env["PATH"] = executable.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin") }
    env["CI"] = nil
    env["HALO_RECORD"] = nil
    env["HALO_ARTIFACTS"] = nil
    // The child chooses its own compiles, as from a shell (quick for one frame, optimised for
    // an export or a benchmark), not the test process's quick ones.
    if HeadlessContext.quickShaderCompilesWereSet { env["GALLIVM_PERF"] = nil }
    for (k, v) in environment { env[k] = v }
    process.environment = env
    if let directory { process.currentDirectoryURL = directory }
    // Output goes to files, not pipes: a pipe that fills up would block the child.
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("halo-run-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    let outURL = base.appendingPathExtension("out"), errURL = base.appendingPathExtension("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close(); try err.close()
    return HaloRun(status: process.terminationStatus, stdout: try String(contentsOf: outURL, encoding: .utf8),
                   stderr: try String(contentsOf: errURL, encoding: .utf8))
}

/// A fresh temporary folder, removed by the caller's tearDown.
func makeTemporaryFolder(_ prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An opaque image filled with one colour.
func solidImage(width: Int, height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> RGBA8Image {
    var img = RGBA8Image(width: width, height: height)
    for i in 0..<(width * height) { img.pixels[i * 4] = r; img.pixels[i * 4 + 1] = g; img.pixels[i * 4 + 2] = b; img.pixels[i * 4 + 3] = a }
    return img
}

/// Sets pixel (x, y) of `img` (y down).
func setPixel(_ img: inout RGBA8Image, _ x: Int, _ y: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) {
    let i = (y * img.width + x) * 4
    img.pixels[i] = p.0; img.pixels[i + 1] = p.1; img.pixels[i + 2] = p.2; img.pixels[i + 3] = p.3
}

/// The table row of `name` in `halo test`'s output, split on spaces.
func tableRow(_ output: String, _ name: String) -> [String]? {
    output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.first { $0.first == name }
}

/// Collects what the JUnit tests check from an XMLParser pass.
final class JUnitCollector: NSObject, XMLParserDelegate {
    var suites: [String: String] = [:]
    var testcases: [String] = []
    var failed: [String] = []
    var failureMessages: [String] = []
    private var current: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testsuites": suites = attributes
        case "testcase": current = attributes["name"]; testcases.append(attributes["name"] ?? "?")
        case "failure":
            failed.append(current ?? "?")
            failureMessages.append(attributes["message"] ?? "")
        default: break
        }
    }
}
