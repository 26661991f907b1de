import XCTest
@testable import HaloGL

/// A shader paint's or shape's loops as Halo compiles them (ShaderLoopBound.swift,
/// Shaders/lib/loop_bound.glsl): each condition also asks haloLoop(LINE), LINE the loop's
/// line; nothing else changes, lines stay where they were, and a compiled column maps back
/// to the column as written.
final class ShaderLoopRewriteTests: XCTestCase {
    func testAForLoopsConditionAlsoAsksTheBoundWithItsLine() {
        let written = "float f() {\n    float s = 0.0;\n    for (int i = 0; i < 8; i++) s += 1.0;\n    return s;\n}"
        XCTAssertEqual(ShaderLoopBound(written).text,
                       "float f() {\n    float s = 0.0;\n    for (int i = 0; (i < 8) && haloLoop(3); i++) s += 1.0;\n    return s;\n}")
    }

    func testAWhileAndADoWhileAskTheBoundWithinTheirParentheses() {
        let written = "while (x < f(y)) x++;\ndo { x--; }\nwhile (x > 0);"
        XCTAssertEqual(ShaderLoopBound(written).text,
                       "while ((x < f(y)) && haloLoop(1)) x++;\ndo { x--; }\nwhile ((x > 0) && haloLoop(3));")
    }

    /// `for (;;)` has no condition to keep: the bound is the condition.
    func testAnEmptyConditionBecomesTheBoundAlone() {
        XCTAssertEqual(ShaderLoopBound("for (;;) { }").text, "for (;haloLoop(1);) { }")
    }

    /// A header over several lines: each insertion in its own line, the keyword's line named.
    func testAHeaderOverSeveralLinesKeepsEveryLine() {
        let written = "for (int i = 0;\n     i < 8;\n     i++) { }"
        XCTAssertEqual(ShaderLoopBound(written).text, "for (int i = 0;\n     (i < 8) && haloLoop(1);\n     i++) { }")
    }

    /// Comments, preprocessor lines and words that only contain `for` or `while` are left alone.
    func testCommentsDirectivesAndLongerWordsAreLeftAlone() {
        let written = "// for (;;)\n/* while (1) */\n#define forever(x) while (x)\nfloat format(float whiles) { return whiles; }"
        XCTAssertEqual(ShaderLoopBound(written).text, written)
    }

    /// Columns after an insertion are shifted back; a column within inserted text is the
    /// place it was inserted at.
    func testACompiledColumnMapsBackToTheWrittenOne() {
        let bound = ShaderLoopBound("for (int i = 0; i < 8; i++) s += +;")
        // Written: `;` of `+;` at column 35. Compiled: "(" (1 byte) and ") && haloLoop(1)" (16) before it.
        XCTAssertEqual(bound.writtenColumn(line: 1, column: 35 + 17), 35)
        XCTAssertEqual(bound.writtenColumn(line: 1, column: 5), 5)
        // Compiled column 17 is the inserted "(", which went before `i < 8` (written 17); 25 is
        // within ") && haloLoop(1)", which went before the second `;` (written 22).
        XCTAssertEqual(bound.writtenColumn(line: 1, column: 17), 17)
        XCTAssertEqual(bound.writtenColumn(line: 1, column: 18), 17)
        XCTAssertEqual(bound.writtenColumn(line: 1, column: 25), 22)
    }
}
