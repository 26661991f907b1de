// Errors: where (line and column, or JSON path) and what was found, in words.
extension JSONReader {
    /// The JSON path of the value being read (`layers[0].stroke.width`; "" at the top).
    var pathText: String {
        var out = ""
        for c in path {
            switch c {
            case .key(let k): out = JSONValue.memberPath(out, k)
            case .index(let n): out += "[\(n)]"
            }
        }
        return out
    }

    func notUTF8(at j: Int) -> SceneError {
        let (line, column) = JSONReader.location(ofByte: j, in: bytes)
        return SceneError(file: file, path: "line \(line), column \(column)", expected: "UTF-8 text",
                          found: "the byte 0x" + hex2(bytes[j]) + " (offset \(j))")
    }

    func hex2(_ b: UInt8) -> String {
        let h = String(b, radix: 16, uppercase: true)
        return h.count < 2 ? "0" + h : h
    }

    func quoted(_ s: String) -> String {
        let short = s.count > 24 ? String(s.prefix(21)) + "..." : s
        return "\"" + short + "\""
    }

    /// A printable name for the character at `j`.
    func scalarName(at j: Int) -> String {
        let b = bytes[j]
        if b < 0x20 || b == 0x7F {
            let h = String(b, radix: 16, uppercase: true)
            return "the control character U+" + String(repeating: "0", count: 4 - h.count) + h
        }
        let end = j + (utf8Length(at: j) ?? 1)
        let text = String(decoding: bytes[j..<end], as: UTF8.self)
        // A character that prints as nothing or as a space (U+00A0, U+200B) by its number.
        if let scalar = text.unicodeScalars.first, scalar.value >= 0x80,
           scalar.properties.isWhitespace || scalar.properties.generalCategory == .format {
            let h = String(scalar.value, radix: 16, uppercase: true)
            return "the character U+" + String(repeating: "0", count: max(0, 4 - h.count)) + h
        }
        return quoted(text)
    }

    /// What a reader would call the text at `j`.
    func describe(at j: Int) -> String {
        guard j < bytes.count else { return "the end of the file" }
        if bytes[j] == 0x2F, j + 1 < bytes.count, bytes[j + 1] == 0x2F || bytes[j + 1] == 0x2A {
            return "a comment (JSON has none)"
        }
        let word = wordAt(j)
        if !word.isEmpty { return quoted(word) }
        if bytes[j] == 0x22 {
            var k = j + 1
            while k < bytes.count, bytes[k] != 0x22, bytes[k] != 0x0A { k += bytes[k] == 0x5C ? 2 : 1 }
            return "the string " + quoted(String(decoding: bytes[(j + 1)..<min(k, bytes.count)], as: UTF8.self))
        }
        return scalarName(at: j)
    }

    /// A syntax error at byte `j` (or, where the text there is not UTF-8, that error).
    func fail(at j: Int, expected: String, found: String? = nil, hint: String? = nil) -> SceneError {
        if j < bytes.count, utf8Length(at: j) == nil { return notUTF8(at: j) }
        let (line, column) = JSONReader.location(ofByte: j, in: bytes)
        var f = found ?? describe(at: j)
        if let hint { f += " (\(hint))" }
        return SceneError(file: file, path: "line \(line), column \(column)", expected: expected, found: f)
    }

    /// Line and column (from 1; columns count characters) of the byte at `offset`.
    static func location(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        for k in 0..<min(offset, bytes.count) {
            if bytes[k] == 0x0A { line += 1; column = 1 }
            else if bytes[k] & 0xC0 != 0x80, !(bom && k == 0) { column += 1 }
        }
        return (line, column)
    }
}
