import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

extension SharedGPU {
    /// The test run's renderer (HaloTesting's per-thread one, reading this checkout's
    /// Shaders/), or a test failure: GPU tests must run, never skip (CI uses llvmpipe).
    static func renderer(file: StaticString = #filePath, line: UInt = #line) throws -> GLRenderer {
        do { return try current(shaderDirectory: repositoryRoot.appendingPathComponent("Shaders").path) } catch {
            XCTFail("no GL renderer: \(error)", file: file, line: line)
            throw error
        }
    }
}

/// The package's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Loads a scene and its background from a file, failing the test on error.
func loadScene(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> (Scene, RGBA8Image?) {
    do { return try Halo.load(url.path) } catch {
        XCTFail("\(url.lastPathComponent): \(error)", file: file, line: line)
        throw error
    }
}

/// Writes actual, expected and a heat-map diff into a folder named in the failure message.
func writeArtifacts(name: String, actual: RGBA8Image, expected: RGBA8Image, comparison: ImageComparison?) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-test-artifacts")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try? PNG.write(actual, to: dir.appendingPathComponent("\(name).actual.png").path)
    try? PNG.write(expected, to: dir.appendingPathComponent("\(name).expected.png").path)
    if let c = comparison {
        var heat = RGBA8Image(width: actual.width, height: actual.height)
        for i in 0..<c.perPixel.count {
            let v = UInt8(min(255, Double(c.perPixel[i]) * 32))
            heat.pixels[i * 4] = v; heat.pixels[i * 4 + 1] = 0; heat.pixels[i * 4 + 2] = 255 - v; heat.pixels[i * 4 + 3] = 255
        }
        try? PNG.write(heat, to: dir.appendingPathComponent("\(name).diff.png").path)
    }
    return dir.path
}
