import Foundation
import XCTest
@testable import HaloCore
@testable import HaloGL
@testable import HaloPreview

/// `halo render` on a scene whose shader shape has one mistake: the message names the
/// user's file, line and column (the file's own column, not Mesa's, which counts each run
/// of blanks as one), shows the lines up to it with a caret, and teaches the fix; exit 2,
/// no image written. Line and column numbers below are counted by hand in the shape's text.
final class ShaderErrorMessageTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-shader-message") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A stray `+` before `;` on line 3, indented by four spaces: Mesa's column 24 is the file's 27.
    func testTheErrorShowsThreeLinesOfContextAndACaretAtTheFilesColumn() throws {
        let (stderr, shape) = try renderRefused("""
            float haloShape(vec2 point, vec2 size, float time) {
                vec2 q = point - 0.5 * size;
                return length(q) - 40.0 +;
            }
            """)
        XCTAssertEqual(firstError(stderr), """
            halo render: shader compile failed:
            \(shape):3:30: error: syntax error, unexpected ';'
              1 | float haloShape(vec2 point, vec2 size, float time) {
              2 |     vec2 q = point - 0.5 * size;
              3 |     return length(q) - 40.0 +;
                |                              ^
            """)
    }

    /// Line 2 lacks its `;`; Mesa points at `float` on line 4, past a comment: the message
    /// points after `size`, at line 2's end, and says where the driver stopped.
    func testAMissingSemicolonIsReportedAtTheEndOfTheLineThatLacksIt() throws {
        let (stderr, shape) = try renderRefused("""
            float haloShape(vec2 point, vec2 size, float time) {
                vec2 q = point - 0.5 * size   /* centred */
                // the radius:
                float r = 40.0;
                return length(q) - r;
            }
            """)
        XCTAssertEqual(firstError(stderr), """
            halo render: shader compile failed:
            \(shape):2:32: error: missing ';' at the end of this line (the driver: syntax error, unexpected BASIC_TYPE_TOK, expecting ',' or ';', at 4:5)
              1 | float haloShape(vec2 point, vec2 size, float time) {
              2 |     vec2 q = point - 0.5 * size   /* centred */
                |                                ^
            """)
    }

    func testAnUndeclaredParameterNameGetsTheClosestParameter() throws {
        let (stderr, shape) = try renderRefused("""
            float haloShape(vec2 point, vec2 size, float time) {
                return length(point - 0.5 * size) - p_cornr;
            }
            """)
        XCTAssertTrue(stderr.contains("\(shape):2:41: error: `p_cornr' undeclared; did you mean p_corner?\n"), stderr)
    }

    /// Mesa gives a failed expression the type `error` and then reports each use of it (13
    /// lines for a `mix` call and its candidates, a `return` of the wrong type): left out,
    /// counted, after the first error and its context.
    func testErrorsThatFollowFromTheFirstAreLeftOutAndCounted() throws {
        let (stderr, shape) = try renderRefused("""
            float haloShape(vec2 point, vec2 size, float time) {
                return mix(length(point - 0.5 * size) - 40.0, 0.0, p_cornr);
            }
            """)
        XCTAssertTrue(stderr.contains("\(shape):2:56: error: `p_cornr' undeclared; did you mean p_corner?\n"), stderr)
        XCTAssertTrue(stderr.hasSuffix(" more error lines that follow from the first, left out)\n"), stderr)
        XCTAssertFalse(stderr.contains("candidates"), stderr)
        XCTAssertFalse(stderr.contains("wrong type"), stderr)
    }

    func testAMisspeltBuiltInFunctionGetsTheClosestGLSLBuiltIn() throws {
        let (stderr, shape) = try renderRefused("""
            float haloShape(vec2 point, vec2 size, float time) {
                return smoothstop(0.0, 1.0, length(point - 0.5 * size)) - 40.0;
            }
            """)
        XCTAssertTrue(stderr.contains("\(shape):2:12: error: no function with name 'smoothstop'; did you mean smoothstep?\n"), stderr)
    }

    /// Names far from every parameter and built-in get no guess.
    func testAFarNameGetsNoSuggestion() throws {
        let (stderr, shape) = try renderRefused("""
            float haloShape(vec2 point, vec2 size, float time) {
                return wobble(length(point - 0.5 * size)) - p_elevation;
            }
            """)
        XCTAssertTrue(stderr.contains("\(shape):2:12: error: no function with name 'wobble'\n"), stderr)
        XCTAssertFalse(stderr.contains("did you mean"), stderr)
    }

    /// A uniform of the file's own compiles on Mesa and reads 0: refused before compiling.
    func testAUniformOfTheFilesOwnIsRefusedNamingItsLine() throws {
        let (stderr, shape) = try renderRefused("""
            // A circle whose radius Halo never sets.
            uniform float radius;
            float haloShape(vec2 point, vec2 size, float time) { return length(point - 0.5 * size) - radius; }
            """)
        XCTAssertEqual(stderr, """
            halo render: shader refused:
            \(shape):2:1: error: the file declares a uniform of its own (`uniform float radius;`), which Halo never sets: \
            a shader paint or shape reads its arguments and the scene's parameters (p_NAME), Shaders/README.md
              1 | // A circle whose radius Halo never sets.
              2 | uniform float radius;
                | ^

            """)
    }

    /// `in` at global scope is an input of the file's own; in a parameter list it is not.
    func testAnInputOfTheFilesOwnIsRefusedButAnInParameterIsNot() throws {
        let (stderr, shape) = try renderRefused("""
            float haloShape(vec2 point, vec2 size, float time) { return length(point - 0.5 * size) - 40.0; }
              flat in float radius; // not set by anyone
            """)
        XCTAssertTrue(stderr.hasPrefix("halo render: shader refused:\n\(shape):2:8: error: the file declares an input of its own "
                                       + "(`flat in float radius; // not set by anyone`)"), stderr)
        let fine = try render("""
            float radiusOf(
                in vec2 size) { return 0.4 * min(size.x, size.y); }
            float haloShape(vec2 point, vec2 size, float time) { return length(point - 0.5 * size) - radiusOf(size); }
            """)
        XCTAssertEqual(fine.run.status, 0, fine.run.stderr)
    }

    /// A loop inside a #define is beyond Halo's loop bound (it rewrites code, not macros):
    /// refused naming its line, also on a line the #define continues; a loop in a function is not.
    func testALoopInsideADefineIsRefusedNamingItsLine() throws {
        let (stderr, shape) = try renderRefused("""
            #define SUM(n) \\
                float s = 0.0; while (s < n) s += 1.0;
            float haloShape(vec2 point, vec2 size, float time) { SUM(3.0) return length(point - 0.5 * size) - 40.0 * s; }
            """)
        XCTAssertTrue(stderr.hasPrefix("halo render: shader refused:\n\(shape):2:20: error: a `while` loop inside a preprocessor line, "
                                       + "which Halo cannot bound"), stderr)
        let fine = try render("""
            #define N 3 // a for loop, in a comment
            float haloShape(vec2 point, vec2 size, float time) { float s = 0.0; for (int i = 0; i < N; i++) s += 1.0; return length(point - 0.5 * size) - 10.0 * s; }
            """)
        XCTAssertEqual(fine.run.status, 0, fine.run.stderr)
    }

    /// The preview's error panel draws its own source line and caret: the terminal's context lines are not in its message.
    func testThePanelLeavesTheTerminalsContextOut() {
        let text = "shader compile failed:\n/x/s.glsl:2:5: error: a\n  1 | one\n  2 |     two\n    |     ^\n/x/s.glsl:2:1: error: b"
        let l = PreviewErrorLocation(parsing: text) { _ in "one\n    two" }
        XCTAssertEqual(l.panelText, "/x/s.glsl:2:5: shader compile failed:\nerror: a\n/x/s.glsl:2:1: error: b\n    two\n    ^")
    }

    // MARK: Helpers

    /// The first error of `stderr`: its heading, its line, and the context lines after it.
    private func firstError(_ stderr: String) -> String {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        var kept = Array(lines.prefix(2))
        for l in lines.dropFirst(2) {
            guard l.wholeMatch(of: /\s+\d* \| .*/) != nil else { break }
            kept.append(l)
        }
        return kept.joined(separator: "\n")
    }

    /// Renders a 160 x 120 scene whose one layer is `shape` (a parameter `corner` declared);
    /// expects exit 2 and no image; the stderr and the shape's path.
    private func renderRefused(_ shape: String, file: StaticString = #filePath, line: UInt = #line) throws -> (String, String) {
        let r = try render(shape)
        XCTAssertEqual(r.run.status, 2, r.run.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: r.out), "no image written", file: file, line: line)
        return (r.run.stderr, r.shape)
    }

    private func render(_ shape: String) throws -> (run: HaloRun, shape: String, out: String) {
        let shapeFile = folder.appendingPathComponent("shape.glsl")
        try Data(shape.utf8).write(to: shapeFile)
        let scene = folder.appendingPathComponent("scene.json")
        try Data("""
            { "format": 1, "params": { "corner": { "type": "number", "value": 10, "min": 0, "max": 40 } },
              "canvas": { "width": 160, "height": 120, "background": "#202030" },
              "layers": [ { "shape": { "type": "shader", "file": "shape.glsl", "rect": [30, 10, 100, 100] },
                            "fill": { "type": "solid", "color": "#FF2D55" } } ] }
            """.utf8).write(to: scene)
        let out = folder.appendingPathComponent("out.png").path
        return (try runHalo(["render", scene.path, "-o", out]), shapeFile.path, out)
    }
}

/// The suggestions' closeness: HaloCore's `closestKey` (edit distance at most max(1, min(3, n / 3))
/// for a name of n characters) over the GLSL 3.30 built-in functions.
final class GLSLBuiltinHintTests: XCTestCase {
    func testOnlyCloseBuiltInsAreSuggested() {
        XCTAssertEqual(closestKey("lenght", GLSLBuiltins.functions), "length")      // a swap of neighbours
        XCTAssertEqual(closestKey("clmap", GLSLBuiltins.functions), "clamp")
        XCTAssertEqual(closestKey("smoothstop", GLSLBuiltins.functions), "smoothstep")
        XCTAssertNil(closestKey("wobble", GLSLBuiltins.functions))
    }
}
