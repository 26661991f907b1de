import Foundation
import XCTest
import Halo

/// GL failures: when no GL 3.3 context can be made, `halo render` says what failed in one
/// line and draws with the CPU reference; a shader folder the user names that fails is
/// refused (exit 2). Failures are made for real: glvnd pointed at no EGL vendor, Mesa capped
/// at GL 3.0, a shader folder with a broken file.
final class GLFailureTests: XCTestCase {
    var dir: URL!
    let scene = ##"{ "format": 1, "canvas": { "width": 4, "height": 2, "background": "#336699" }, "layers": [] }"##
    let fallback = "; using the CPU reference\n"

    override func setUpWithError() throws {
        dir = try makeTemporaryFolder("halo-gl-failure")
        try Data(scene.utf8).write(to: dir.appendingPathComponent("s.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Renders s.json to out.png with `extra` arguments and `environment`.
    private func render(_ extra: [String] = [], environment: [String: String] = [:]) throws -> HaloRun {
        try runHalo(["render", dir.appendingPathComponent("s.json").path, "-o", dir.appendingPathComponent("out.png").path] + extra,
                    environment: environment)
    }

    /// The output is the CPU reference's image of the scene.
    private func assertCPUImageWritten(file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try PNG.read(dir.appendingPathComponent("out.png").path)
        XCTAssertEqual(image.pixels, Array(repeating: [0x33, 0x66, 0x99, 0xFF], count: 8).flatMap { $0 }, file: file, line: line)
    }

    /// A copy of Shaders/ whose resolve.frag calls a function that does not exist.
    private func brokenShaders() throws -> URL {
        let shaders = dir.appendingPathComponent("shaders")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Shaders"), to: shaders)
        try Data("#version 330 core\nout vec4 color;\nvoid main() { color = undefined_thing(); }\n".utf8)
            .write(to: shaders.appendingPathComponent("resolve.frag"))
        return shaders
    }

    func testNoEGLVendorFallsBackToTheCPUWithOneLine() throws {
        let run = try render(environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/egl-vendor.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "halo render: GPU unavailable (no EGL: libEGL found no client extensions (is an EGL driver installed?))" + fallback)
        try assertCPUImageWritten()
    }

    func testNoOpenGL33FallsBackToTheCPUWithOneLine() throws {
        let run = try render(environment: ["MESA_GL_VERSION_OVERRIDE": "3.0"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "halo render: GPU unavailable (no OpenGL 3.3 core context on the device platform (EGL error 0x3009))" + fallback)
        try assertCPUImageWritten()
    }

    /// Shaders of a folder the user names (`--shaders`) that fail are the user's input: exit 2,
    /// the file, line and column, nothing written, whether or not a backend is named (no
    /// fall-back to the CPU, which would hide the error).
    func testShadersOfANamedFolderThatFailToCompileAreRefusedNamingFileAndLine() throws {
        let shaders = try brokenShaders()
        for backend in [[], ["--backend", "gpu"]] {
            let run = try render(["--shaders", shaders.path] + backend)
            XCTAssertEqual(run.status, 2, run.stderr)
            // Line 3, column 23: where `undefined_thing` starts (Mesa's 1-based column).
            XCTAssertEqual(run.stderr, "halo render: shader compile failed:\n\(shaders.path)/resolve.frag:3:23: error: no function with name 'undefined_thing'\n")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["s.json", "shaders"])
        }
    }
}
