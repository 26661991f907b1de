import Foundation
import XCTest
@testable import Halo
@testable import HaloGL

/// A shader paint's or shape's `#include` names a file beside the shader file or of Halo's
/// shader folder and stays in them: anything else (a path out of the folder, an absolute path, a missing file, a malformed
/// line) is the scene's fault: exit 2, the layer's JSON path and the include's line, before
/// any GPU work and whether or not a backend is named; nothing is read from outside the folder.
final class ShaderIncludeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-shader-include") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A scene whose layer 1 is filled by a paint whose line 3 is `include`.
    private func scene(including include: String) throws -> (scene: String, paint: String) {
        let paint = folder.appendingPathComponent("paint.glsl")
        try Data("""
            // A flat colour (the test's paint).
            // Its one helper comes from the include:
            \(include)
            vec4 haloPaint(vec2 u, vec2 p, float t) { return vec4(u, 0.5, 1.0); }
            """.utf8).write(to: paint)
        let scene = folder.appendingPathComponent("scene.json")
        try Data("""
            { "format": 1, "canvas": { "width": 40, "height": 30, "background": "#202030" },
              "layers": [ { "shape": { "type": "rect", "rect": [2, 2, 10, 10] }, "fill": { "type": "solid", "color": "red" } },
                          { "shape": { "type": "rect", "rect": [5, 5, 30, 20] }, "fill": { "type": "shader", "file": "paint.glsl" } } ] }
            """.utf8).write(to: scene)
        return (scene.path, paint.path)
    }

    /// `halo render` of the scene, with and without `--backend gpu`: exit 2, the JSON path and
    /// `expected` on stderr, no fall-back to the CPU, nothing written.
    private func assertRefused(_ include: String, saying expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (scene, _) = try self.scene(including: include)
        let out = folder.appendingPathComponent("out.png").path
        for backend in [[], ["--backend", "gpu"]] {
            let run = try runHalo(["render", scene, "-o", out] + backend)
            XCTAssertEqual(run.status, 2, "\(include) \(backend): \(run.stderr)", file: file, line: line)
            XCTAssertTrue(run.stderr.contains("layers[1].fill.file"), "\(include) \(backend): \(run.stderr)", file: file, line: line)
            XCTAssertTrue(run.stderr.contains(expected), "\(include) \(backend): expected \(expected) in \(run.stderr)", file: file, line: line)
            XCTAssertFalse(run.stderr.contains("GPU unavailable"), run.stderr, file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(include) \(backend): nothing written", file: file, line: line)
        }
    }

    func testAnIncludeLeavingTheShaderFolderIsRefusedWithItsLine() throws {
        try assertRefused(#"#include "../../etc/passwd""#, saying: #":3: #include "../../etc/passwd": a ".." component"#)
        try assertRefused(#"#include "lib/../../README.md""#, saying: #":3: #include "lib/../../README.md": a ".." component"#)
    }

    func testAnAbsoluteIncludeIsRefusedWithItsLine() throws {
        try assertRefused(#"  #include "/etc/passwd""#, saying: #":3: #include "/etc/passwd": an absolute path"#)
    }

    func testAMalformedIncludeIsRefusedWithItsLine() throws {
        try assertRefused(#"#include <lib/sdf.glsl>"#, saying: ":3: a malformed include #include <lib/sdf.glsl>")
    }

    /// A file the shader folder does not have: the paint's own file and line, not a GPU failure.
    func testAMissingIncludeIsTheScenesFaultWithItsLine() throws {
        let (_, paint) = try scene(including: "")
        try assertRefused(#"#include "lib/no-such-file.glsl""#, saying: #"\#(paint):3: #include "lib/no-such-file.glsl": no such file beside the shader file"#)
    }

    /// `halo export` reads the scene too: the same refusal, and no HTML.
    func testExportRefusesAnIncludeLeavingTheFolder() throws {
        let (scene, _) = try self.scene(including: #"#include "../../etc/passwd""#)
        let out = folder.appendingPathComponent("out.html").path
        let run = try runHalo(["export", scene, "--css", out])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("layers[1].fill.file"), run.stderr)
        XCTAssertTrue(run.stderr.contains("paint.glsl:3: #include"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// The library itself never reads through a name or a symbolic link out of its folder:
    /// `text(of:)` finds no such file, and assembling a file that includes one names its line.
    func testTheLibraryReadsNothingOutsideItsFolder() throws {
        let shaders = folder.appendingPathComponent("Shaders"), outside = folder.appendingPathComponent("secret.txt")
        try FileManager.default.createDirectory(at: shaders.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try Data("the secret".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: shaders.appendingPathComponent("lib/link.glsl"), withDestinationURL: outside)
        try Data("float inside() { return 1.0; }\n".utf8).write(to: shaders.appendingPathComponent("lib/inside.glsl"))
        try Data("#version 330 core\n#include \"lib/inside.glsl\"\n#include \"../secret.txt\"\n".utf8)
            .write(to: shaders.appendingPathComponent("main.frag"))
        let library = ShaderLibrary(directory: shaders.path)
        XCTAssertEqual(try library.text(of: "lib/inside.glsl"), "float inside() { return 1.0; }\n")
        for name in ["../secret.txt", "lib/link.glsl", outside.path] {
            XCTAssertThrowsError(try library.text(of: name), name) { XCTAssertFalse("\($0)".contains("the secret"), name) }
        }
        XCTAssertThrowsError(try library.assemble("main.frag")) { error in
            XCTAssertEqual(error as? ShaderError, .include(shaders.appendingPathComponent("main.frag").path, 3,
                                                           #"#include "../secret.txt": a ".." component, which leaves the shader folder"#))
        }
    }

    /// A well-formed include of the shader folder passes the check.
    func testAnIncludeOfTheShaderFolderPasses() throws {
        let (scene, _) = try self.scene(including: #"#include "lib/sdf.glsl""#)
        let loaded = try Halo.load(scene).scene
        XCTAssertNoThrow(try ShaderLibrary().checkIncludes(of: loaded))
    }

    /// A paint in `shaders/` of the scene's folder whose line 1 includes `include`, beside the
    /// files `beside` (name, text) in `shaders/`; the scene fills a rect with it. Returns the
    /// scene's path.
    private func sceneInSubfolder(include: String, body: String, beside: [(String, String)]) throws -> String {
        let shaders = folder.appendingPathComponent("shaders")
        for (name, text) in beside {
            let url = shaders.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: shaders, withIntermediateDirectories: true)
        try Data("\(include)\nvec4 haloPaint(vec2 u, vec2 p, float t) { \(body) }\n".utf8).write(to: shaders.appendingPathComponent("paint.glsl"))
        let scene = folder.appendingPathComponent("scene-\(abs(include.hashValue)).json")
        try Data("""
            { "format": 1, "canvas": { "width": 24, "height": 16, "background": "#202030" },
              "layers": [ { "shape": { "type": "ellipse", "rect": [2, 2, 20, 12] }, "fill": { "type": "shader", "file": "shaders/paint.glsl" } } ] }
            """.utf8).write(to: scene)
        return scene.path
    }

    /// `halo render --backend gpu` of a scene: its PNG's bytes, the run asserted to succeed.
    private func renderGPU(_ scene: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let out = folder.appendingPathComponent("out-\(abs(scene.hashValue)).png").path
        let run = try runHalo(["render", scene, "-o", out, "--backend", "gpu"])
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    /// An include found beside the shader file (its folder, not the scene's, where a decoy of
    /// the same name lies) draws exactly as the same helper written inline; its own includes
    /// resolve beside it and in Halo's folder.
    func testAnIncludeBesideTheShaderFileIsFoundThere() throws {
        let helper = "float tintGreen() { return 0.5; }\n"
        try Data("float tintGreen() { return 0.0; }\n".utf8).write(to: folder.appendingPathComponent("tint.glsl"))
        let local = try sceneInSubfolder(include: #"#include "tint.glsl""#, body: "return vec4(u.x, tintGreen() + more(), 0.25, 1.0);",
                                         beside: [("tint.glsl", "#include \"more/more.glsl\"\n#include \"lib/sdf.glsl\"\n" + helper),
                                                  ("more/more.glsl", "float more() { return 0.125; }\n")])
        let inline = try sceneInSubfolder(include: helper + "float more() { return 0.125; }", body: "return vec4(u.x, tintGreen() + more(), 0.25, 1.0);", beside: [])
        XCTAssertEqual(try renderGPU(local), try renderGPU(inline))
    }

    /// A file beside the shader named as one of Halo's ("lib/sdf.glsl") serves the user's
    /// include only: Halo's own shaders, which include its lib/sdf.glsl, still compile and draw.
    func testAFileBesideTheShaderNeverStandsInForHalosOwn() throws {
        let local = try sceneInSubfolder(include: #"#include "lib/sdf.glsl""#, body: "return vec4(mine(), 0.5, 0.5, 1.0);",
                                         beside: [("lib/sdf.glsl", "float mine() { return 0.75; }\n")])
        let inline = try sceneInSubfolder(include: "float mine() { return 0.75; }", body: "return vec4(mine(), 0.5, 0.5, 1.0);", beside: [])
        XCTAssertEqual(try renderGPU(local), try renderGPU(inline))
    }

    /// A symbolic link beside the shader that leads out of its folder is not read: the
    /// include is refused (exit 2, the paint's line, saying so), and the target's text appears nowhere.
    func testALinkBesideTheShaderLeadingOutIsNotRead() throws {
        let secret = folder.appendingPathComponent("secret.glsl")
        try Data("float leaked() { return 1.0; } // the secret\n".utf8).write(to: secret)
        let scene = try sceneInSubfolder(include: #"#include "link.glsl""#, body: "return vec4(leaked());", beside: [])
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("shaders/link.glsl"), withDestinationURL: secret)
        let out = folder.appendingPathComponent("out.png").path
        let run = try runHalo(["render", scene, "-o", out, "--backend", "gpu"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains(#"paint.glsl:1: #include "link.glsl": "#), run.stderr)
        XCTAssertTrue(run.stderr.contains("a symbolic link out of the shader file's folder"), run.stderr)
        XCTAssertFalse(run.stderr.contains("the secret"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// A file beside the shader that includes the shader, or itself: a cycle, refused with the
    /// line and the name as written (exit 2), not a compile error.
    func testAnIncludeCycleBesideTheShaderIsRefused() throws {
        let cases: [(include: String, beside: [(String, String)], expected: String)] = [
            (#"#include "a.glsl""#, [("a.glsl", "#include \"b.glsl\"\nfloat a() { return 1.0; }\n"), ("b.glsl", "#include \"a.glsl\"\n")],
             #"b.glsl:1: #include "a.glsl": a file that includes this one (a cycle)"#),
            (#"#include "paint.glsl""#, [], #"paint.glsl:1: #include "paint.glsl": a file that includes this one (a cycle)"#),
        ]
        for c in cases {
            let scene = try sceneInSubfolder(include: c.include, body: "return vec4(1.0);", beside: c.beside)
            let run = try runHalo(["render", scene, "-o", folder.appendingPathComponent("c.png").path, "--backend", "gpu"])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains(c.expected), run.stderr)
            XCTAssertFalse(run.stderr.contains("\"@"), "no key in the message: \(run.stderr)")
        }
    }
}
