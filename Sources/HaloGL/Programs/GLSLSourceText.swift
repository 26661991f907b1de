/// A GLSL file's text as a compile error's location needs it: lines, comments blanked,
/// and Mesa's columns (counted in its preprocessor's output) turned into the file's own.
struct GLSLSourceText {
    /// The file's lines as written (no line ends).
    let lines: [Substring]
    /// The same lines with every comment's characters replaced by spaces (columns kept).
    let code: [[UInt8]]
    /// Where the compiled text has text inserted into the written lines (a user's file,
    /// ``ShaderLoopBound``): ``lines`` are as written, ``code`` as compiled; nil: one text.
    let bound: ShaderLoopBound?

    /// A file whose compiled text is `compiled`, written as `written` (``ShaderLoopBound``).
    init(compiled: String, written: String, bound: ShaderLoopBound) {
        let c = GLSLSourceText(compiled)
        lines = GLSLSourceText.lines(of: written)
        code = c.code
        self.bound = bound
    }

    private static func lines(of text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    /// The column in the line as written of column `column` of the compiled line (the same but
    /// where Halo inserted text before it).
    func writtenColumn(line: Int, column: Int) -> Int {
        bound?.writtenColumn(line: line, column: column) ?? column
    }

    init(_ text: String) {
        bound = nil
        lines = GLSLSourceText.lines(of: text)
        var code: [[UInt8]] = []
        var inBlock = false
        for line in lines {
            var bytes = Array(line.utf8), i = 0
            while i < bytes.count {
                if inBlock {
                    if bytes[i] == UInt8(ascii: "*"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                        bytes[i] = 32; bytes[i + 1] = 32; i += 2; inBlock = false
                    } else { bytes[i] = 32; i += 1 }
                } else if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                    for j in i..<bytes.count { bytes[j] = 32 }
                    break
                } else if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                    bytes[i] = 32; bytes[i + 1] = 32; i += 2; inBlock = true
                } else { i += 1 }
            }
            code.append(bytes)
        }
        self.code = code
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 }

    /// The column in line `line` (1-based) of Mesa's column `column`: Mesa counts columns in
    /// its preprocessor's output, where each run of blanks and comments is one space (so a
    /// token after four spaces of indent is at its column 2). Columns past the line's end
    /// are kept past it by the same amount.
    func fileColumn(line: Int, mesaColumn column: Int) -> Int {
        guard line >= 1, line <= code.count else { return column }
        let bytes = code[line - 1]
        var i = 0, counted = 1
        while i < bytes.count {
            if counted == column { return i + 1 }
            if GLSLSourceText.isBlank(bytes[i]) {
                while i < bytes.count && GLSLSourceText.isBlank(bytes[i]) { i += 1 }
            } else { i += 1 }
            counted += 1
        }
        return bytes.count + 1 + (column - counted)
    }

    /// Where the token before (`line`, `column`) ends: the line and the column just after its
    /// last character, past blanks, line ends and comments; nil when nothing comes before.
    func endOfPreviousToken(line: Int, column: Int) -> (line: Int, column: Int)? {
        guard line >= 1, line <= code.count else { return nil }
        var l = line - 1, end = min(column - 1, code[l].count)
        while true {
            let bytes = code[l]
            var i = end
            while i > 0 && GLSLSourceText.isBlank(bytes[i - 1]) { i -= 1 }
            if i > 0 { return (l + 1, i + 1) }
            if l == 0 { return nil }
            l -= 1; end = code[l].count
        }
    }

    /// Up to `count` lines ending at `line`, numbered in a gutter, with a caret under
    /// `column` (tabs kept before it so it lines up): the error's context on the terminal.
    func context(line: Int, column: Int?, count: Int = 3) -> String {
        guard line >= 1, line <= lines.count else { return "" }
        let first = max(1, line - count + 1), width = String(line).count
        func gutter(_ n: Int?) -> String {
            let label = n.map(String.init) ?? ""
            return String(repeating: " ", count: width - label.count + 2) + label + " | "
        }
        var out = (first...line).map { gutter($0) + lines[$0 - 1] }
        if let column, column >= 1 {
            let before = lines[line - 1].utf8.prefix(column - 1).map { $0 == 9 ? "\t" : " " }.joined()
            let pad = before + String(repeating: " ", count: max(0, column - 1 - lines[line - 1].utf8.count))
            out.append(gutter(nil) + pad + "^")
        }
        return out.joined(separator: "\n")
    }
}
