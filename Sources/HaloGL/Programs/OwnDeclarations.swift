// A shader paint or shape may not declare uniforms or inputs of its own (Shaders/README.md):
// Halo sets none of them, so the shader would compile and draw with zeros. Nor may it write a
// loop inside a preprocessor line (a #define), which Halo's loop bound cannot reach.
extension ShaderLibrary {
    /// The user's files among `files` (names in this library): shader paints' and shapes'
    /// text, not the parameters Halo declares.
    func userFiles(among files: [String]) -> [String] {
        files.filter { overrides[$0] != nil && $0 != "paint/params.glsl" }
    }

    /// Refuses a user file (``userFiles(among:)``) that declares a `uniform` or an `in` at
    /// global scope, before anything is compiled.
    /// - Throws: ``ShaderError/refused(_:)`` naming the file, line and column, with its context.
    func refuseOwnDeclarations(in files: [String]) throws {
        for name in userFiles(among: files) {
            guard let source = sourceText(of: name) else { continue }
            guard let (line, compiledColumn, word) = source.firstGlobalQualifier(["uniform", "in"]) else { continue }
            let column = source.writtenColumn(line: line, column: compiledColumn)
            let what = word == "uniform" ? "a uniform" : "an input"
            throw ShaderError.refused("\(location(of: name)):\(line):\(column): error: the file declares \(what) of its own "
                + "(`\(source.lines[line - 1].trimmingCharacters(in: .whitespaces))`), which Halo never sets: a shader paint "
                + "or shape reads its arguments and the scene's parameters (p_NAME), Shaders/README.md\n"
                + source.context(line: line, column: column))
        }
        try refuseLoopsInMacros(in: files)
    }

    /// Refuses a user file whose preprocessor lines (a `#define` and the lines it continues
    /// with `\`) hold `for` or `while`: Halo bounds the loops of code (``ShaderLoopBound``),
    /// not of macros, so such a loop could run unbounded.
    /// - Throws: ``ShaderError/refused(_:)`` naming the file, line and column, with its context.
    private func refuseLoopsInMacros(in files: [String]) throws {
        for name in userFiles(among: files) {
            guard let source = sourceText(of: name), let (line, column, word) = source.firstLoopInDirective() else { continue }
            throw ShaderError.refused("\(location(of: name)):\(line):\(column): error: a `\(word)` loop inside a preprocessor "
                + "line, which Halo cannot bound (HALO_MAX_ITERATIONS, Shaders/README.md \"Loops\"): write the loop in a function\n"
                + source.context(line: line, column: column))
        }
    }
}

extension GLSLSourceText {
    /// The first `for` or `while` word within a preprocessor line or a line it continues
    /// (a `\` at the end of the one before), outside comments: its line, column (1-based) and word.
    func firstLoopInDirective() -> (line: Int, column: Int, word: String)? {
        var continued = false
        for (l, bytes) in code.enumerated() {
            let directive = continued || bytes.first(where: { $0 != 32 && $0 != 9 }) == UInt8(ascii: "#")
            continued = directive && bytes.last(where: { $0 != 32 && $0 != 9 && $0 != 13 }) == UInt8(ascii: "\\")
            guard directive else { continue }
            var i = 0
            while i < bytes.count {
                guard GLSLSourceText.isWordByte(bytes[i]) else { i += 1; continue }
                var j = i
                while j < bytes.count && GLSLSourceText.isWordByte(bytes[j]) { j += 1 }
                let word = String(decoding: bytes[i..<j], as: UTF8.self)
                if word == "for" || word == "while" { return (l + 1, i + 1, word) }
                i = j
            }
        }
        return nil
    }

    /// A byte of an identifier or a number.
    static func isWordByte(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    /// The first of `words` that stands outside every brace and parenthesis (a global
    /// declaration's qualifier; inside a parameter list `in` is allowed), outside comments
    /// and preprocessor lines: its line, column (1-based) and word.
    func firstGlobalQualifier(_ words: Set<String>) -> (line: Int, column: Int, word: String)? {
        var braces = 0, parens = 0
        for (l, bytes) in code.enumerated() {
            if bytes.first(where: { $0 != 32 && $0 != 9 }) == UInt8(ascii: "#") { continue }
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "_") || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) {
                    var j = i
                    while j < bytes.count, bytes[j] == UInt8(ascii: "_") || (bytes[j] | 0x20 >= UInt8(ascii: "a") && bytes[j] | 0x20 <= UInt8(ascii: "z"))
                            || (bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9")) { j += 1 }
                    let word = String(decoding: bytes[i..<j], as: UTF8.self)
                    if braces == 0, parens == 0, words.contains(word) { return (l + 1, i + 1, word) }
                    i = j
                    continue
                }
                switch b {
                case UInt8(ascii: "{"): braces += 1
                case UInt8(ascii: "}"): braces -= 1
                case UInt8(ascii: "("): parens += 1
                case UInt8(ascii: ")"): parens -= 1
                default: break
                }
                i += 1
            }
        }
        return nil
    }
}
