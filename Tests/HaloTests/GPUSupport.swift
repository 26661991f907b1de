import Foundation
import XCTest
@testable import Halo

/// One headless GL renderer for the whole test run (an EGL context takes a few
/// hundred milliseconds to make). Tests run on one thread, where it is current.
enum SharedGPU {
    nonisolated(unsafe) private static var made: Result<GLRenderer, Error>?

    /// The renderer, or a test failure (GPU tests must run, never skip: CI uses llvmpipe).
    static func renderer(file: StaticString = #filePath, line: UInt = #line) throws -> GLRenderer {
        if made == nil {
            made = Result { try GLRenderer(shaders: ShaderLibrary(directory: repositoryRoot.appendingPathComponent("Shaders").path)) }
        }
        switch made! {
        case .success(let r): return r
        case .failure(let e):
            XCTFail("no GL renderer: \(e)", file: file, line: line)
            throw e
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
