/// Reads JSON text (RFC 8259) into a ``JSONValue`` tree in one pass over its bytes.
///
/// It is strict where Foundation's parser is lax (`[1,]`, `01`, duplicate keys, numbers a
/// `Double` cannot hold) and says where each error is: a syntax error or a byte that is not
/// UTF-8 by line and column (columns count characters, from 1), a duplicate key or an
/// unrepresentable number by its JSON path (`layers[0].stroke.width`). Nesting deeper than
/// `maxDepth` is refused, so the recursion is bounded. A leading byte-order mark is skipped.
public struct JSONReader {
    /// Parses `bytes` as one JSON value.
    /// - Parameters:
    ///   - bytes: the whole text, UTF-8.
    ///   - file: names the text in messages.
    ///   - maxDepth: most arrays and objects open at once (default ``Limits/maxNesting``).
    /// - Throws: ``SceneError`` whose path is "line L, column C" for a syntax or UTF-8 error,
    ///   or the JSON path of a duplicate key or of a number that is not finite (1e400) or
    ///   that rounds to 0 (1e-400).
    public static func read(_ bytes: [UInt8], file: String, maxDepth: Int = Limits.maxNesting) throws -> JSONValue {
        var reader = JSONReader(bytes: bytes, file: file, maxDepth: maxDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.i < bytes.count { throw reader.fail(at: reader.i, expected: "the end of the file after the JSON value") }
        return value
    }

    /// The one-letter escapes and the bytes they stand for (RFC 8259 section 7).
    private static let simpleEscapes: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C,
                                                       0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]

    private let bytes: [UInt8]
    private let file: String
    private let maxDepth: Int
    private var i = 0
    /// The JSON path of the value being read, as keys and indices.
    private var path: [PathComponent] = []

    private enum PathComponent { case key(String), index(Int) }

    private init(bytes: [UInt8], file: String, maxDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maxDepth = maxDepth
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws -> JSONValue {
        skipWhitespace()
        guard i < bytes.count else { throw fail(at: i, expected: "a value") }
        switch bytes[i] {
        case 0x7B, 0x5B:  // { [
            if depth >= maxDepth {
                throw fail(at: i, expected: "JSON nested at most \(maxDepth) deep", found: "level \(depth + 1)")
            }
            return bytes[i] == 0x7B ? try object(depth: depth) : try array(depth: depth)
        case 0x22:
            return .string(try string())
        case 0x2D, 0x30...0x39:
            return .number(try number())
        default:
            if bytes[i] == 0x5D || bytes[i] == 0x7D, previousSignificant() == 0x2C {
                throw fail(at: i, expected: "a value", hint: "a comma after the last item")
            }
            let word = wordAt(i)
            switch word {
            case "true": i += 4; return .bool(true)
            case "false": i += 5; return .bool(false)
            case "null": i += 4; return .null
            case "NaN", "Infinity", "nan", "inf", "infinity":
                throw fail(at: i, expected: "a value", hint: "JSON has no NaN or Infinity")
            default:
                if bytes[i] == 0x27 { throw fail(at: i, expected: "a value", hint: "JSON strings use double quotes") }
                throw fail(at: i, expected: "a value")
            }
        }
    }

    /// An object starting at the "{" at `i`; a key given twice is refused with its path.
    private mutating func object(depth: Int) throws -> JSONValue {
        i += 1
        var members: [String: JSONValue] = [:]
        var first = true
        while true {
            skipWhitespace()
            guard i < bytes.count else { throw fail(at: i, expected: first ? "a key or \"}\"" : "a key") }
            if bytes[i] == 0x7D {
                if !first { throw fail(at: i, expected: "a key", hint: "a comma after the last member") }
                i += 1
                return .object(members)
            }
            guard bytes[i] == 0x22 else {
                let hint = bytes[i] == 0x27 ? "JSON strings use double quotes" : wordAt(i).isEmpty ? nil : "keys are in double quotes"
                throw fail(at: i, expected: first ? "a key in double quotes or \"}\"" : "a key in double quotes", hint: hint)
            }
            let key = try string()
            path.append(.key(key))
            if members[key] != nil {
                // Swift's String equality is canonical equivalence: "\u00e9" and "e\u0301"
                // are one dictionary key, though JSON keys compare by code points.
                let same = members.keys.contains { Array($0.unicodeScalars) == Array(key.unicodeScalars) }
                throw SceneError(file: file, path: pathText,
                                 expected: same ? "each key once in an object" : "keys that differ by more than their Unicode normalization form",
                                 found: same ? "a duplicate key" : "two forms of one key")
            }
            skipWhitespace()
            guard i < bytes.count, bytes[i] == 0x3A else { throw fail(at: i, expected: "\":\" after the key") }
            i += 1
            members[key] = try value(depth: depth + 1)
            path.removeLast()
            first = false
            skipWhitespace()
            guard i < bytes.count else { throw fail(at: i, expected: "\",\" or \"}\"") }
            if bytes[i] == 0x2C { i += 1; continue }
            if bytes[i] == 0x7D { i += 1; return .object(members) }
            throw fail(at: i, expected: "\",\" or \"}\"", hint: startsValue(bytes[i]) ? "a comma is missing before it" : nil)
        }
    }

    /// An array starting at the "[" at `i`.
    private mutating func array(depth: Int) throws -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == 0x5D { i += 1; return .array(items) }
        while true {
            path.append(.index(items.count))
            items.append(try value(depth: depth + 1))
            path.removeLast()
            skipWhitespace()
            guard i < bytes.count else { throw fail(at: i, expected: "\",\" or \"]\"") }
            if bytes[i] == 0x2C { i += 1; continue }
            if bytes[i] == 0x5D { i += 1; return .array(items) }
            throw fail(at: i, expected: "\",\" or \"]\"", hint: startsValue(bytes[i]) ? "a comma is missing before it" : nil)
        }
    }

    /// A string starting at the quote at `i`, its escapes decoded; leaves `i` after its closing quote.
    private mutating func string() throws -> String {
        let start = i
        i += 1
        var text: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x22:
                i += 1
                return String(decoding: text, as: UTF8.self)
            case 0x5C:
                guard i + 1 < bytes.count else { i += 1; continue }
                let e = bytes[i + 1]
                if let c = JSONReader.simpleEscapes[e] { text.append(c); i += 2; continue }
                guard e == 0x75 else {
                    throw fail(at: i, expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)",
                               found: quoted(String(decoding: bytes[i..<min(i + 2, bytes.count)], as: UTF8.self)))
                }
                guard let unit = hex4(at: i + 2) else {
                    throw fail(at: i, expected: "\\u and four hex digits", found: quoted(String(decoding: bytes[i..<min(i + 6, bytes.count)], as: UTF8.self)))
                }
                var scalar = unit
                if (0xDC00...0xDFFF).contains(unit) { throw halfPair(at: i) }
                if (0xD800...0xDBFF).contains(unit) {
                    guard i + 7 < bytes.count, bytes[i + 6] == 0x5C, bytes[i + 7] == 0x75,
                          let low = hex4(at: i + 8), (0xDC00...0xDFFF).contains(low) else { throw halfPair(at: i) }
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    i += 12
                } else {
                    i += 6
                }
                text.append(contentsOf: Array(String(UnicodeScalar(UInt32(scalar))!).utf8))
                continue
            case 0x0A, 0x0D:
                throw fail(at: i, expected: "the closing quote of the string", found: "a line break", hint: "write \\n")
            case 0x00..<0x20:
                throw fail(at: i, expected: "a character inside the string", found: scalarName(at: i), hint: "control characters are written as \\u escapes")
            case 0x80...:
                guard let n = utf8Length(at: i) else { throw notUTF8(at: i) }
                text.append(contentsOf: bytes[i..<i + n])
                i += n
                continue
            default:
                text.append(b)
            }
            i += 1
        }
        throw fail(at: start, expected: "a closing quote for the string that starts here", found: "the end of the file")
    }

    private func halfPair(at j: Int) -> SceneError {
        fail(at: j, expected: "a character", found: quoted(String(decoding: bytes[j..<j + 6], as: UTF8.self)) + " (half of a UTF-16 pair)")
    }

    private func hex4(at j: Int) -> Int? {
        guard j + 4 <= bytes.count else { return nil }
        var v = 0
        for k in j..<j + 4 {
            guard let d = Int(String(UnicodeScalar(bytes[k])), radix: 16) else { return nil }
            v = v * 16 + d
        }
        return v
    }

    /// A number at `i` (RFC 8259 grammar) that a `Double` holds; leaves `i` after it.
    private mutating func number() throws -> Double {
        let start = i
        var j = i
        // The token as a reader sees it, for the message.
        while j < bytes.count, isWordByte(bytes[j]) || [0x2B, 0x2D, 0x2E].contains(bytes[j]) { j += 1 }
        let token = String(decoding: bytes[start..<j], as: UTF8.self)
        func bad(_ hint: String) -> SceneError { fail(at: start, expected: "a number", found: quoted(token), hint: hint) }
        func digits() -> Int { let s = i; while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }; return i - s }
        if bytes[i] == 0x2D { i += 1 }
        guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { throw bad("a digit must follow \"-\"") }
        if bytes[i] == 0x30 {
            i += 1
            if i < bytes.count, (0x30...0x39).contains(bytes[i]) { throw bad("JSON numbers have no leading zeros") }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            if digits() == 0 { throw bad("a digit must follow \".\"") }
        }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            if digits() == 0 { throw bad("an exponent needs digits") }
        }
        if i < j { throw fail(at: start, expected: "a number", found: quoted(token)) }
        let d = Double(token) ?? .infinity
        guard d.isFinite else { throw SceneError(file: file, path: pathText, expected: "a finite number", found: token) }
        // A nonzero number so small that it rounds to 0 (1e-400) would silently become 0.
        let mantissa = token.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
        if d == 0, mantissa.contains(where: { "123456789".contains($0) }) {
            throw SceneError(file: file, path: pathText, expected: "a number a Double holds (0, or at least 5e-324 in magnitude)", found: token)
        }
        return d
    }

    // MARK: - Bytes

    private mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// The last non-whitespace byte before `i`.
    private func previousSignificant() -> UInt8? {
        var j = i - 1
        while j >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j -= 1 }
        return j >= 0 ? bytes[j] : nil
    }

    private func startsValue(_ b: UInt8) -> Bool { [0x22, 0x7B, 0x5B, 0x2D].contains(b) || isWordByte(b) }

    private func isWordByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F
    }

    /// The run of letters, digits and "_" at `j` ("" when none).
    private func wordAt(_ j: Int) -> String {
        var k = j
        while k < bytes.count, isWordByte(bytes[k]) { k += 1 }
        return String(decoding: bytes[j..<k], as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence at `j` (Unicode 15, table 3-7), or nil.
    private func utf8Length(at j: Int) -> Int? {
        let c = bytes[j]
        let n: Int
        if c < 0x80 { return 1 }
        else if c >= 0xC2 && c <= 0xDF { n = 1 }
        else if c >= 0xE0 && c <= 0xEF { n = 2 }
        else if c >= 0xF0 && c <= 0xF4 { n = 3 }
        else { return nil }
        guard j + n < bytes.count else { return nil }
        for k in 1...n where bytes[j + k] & 0xC0 != 0x80 { return nil }
        let second = bytes[j + 1]
        if c == 0xE0 && second < 0xA0 || c == 0xED && second > 0x9F || c == 0xF0 && second < 0x90 || c == 0xF4 && second > 0x8F {
            return nil
        }
        return n + 1
    }

    // MARK: - Messages

    /// The JSON path of the value being read (`layers[0].stroke.width`; "" at the top).
    private var pathText: String {
        var out = ""
        for c in path {
            switch c {
            case .key(let k): out = JSONValue.memberPath(out, k)
            case .index(let n): out += "[\(n)]"
            }
        }
        return out
    }

    private func notUTF8(at j: Int) -> SceneError {
        let (line, column) = JSONReader.location(ofByte: j, in: bytes)
        return SceneError(file: file, path: "line \(line), column \(column)", expected: "UTF-8 text",
                          found: "the byte 0x" + hex2(bytes[j]) + " (offset \(j))")
    }

    private func hex2(_ b: UInt8) -> String {
        let h = String(b, radix: 16, uppercase: true)
        return h.count < 2 ? "0" + h : h
    }

    private func quoted(_ s: String) -> String {
        let short = s.count > 24 ? String(s.prefix(21)) + "..." : s
        return "\"" + short + "\""
    }

    /// A printable name for the character at `j`.
    private func scalarName(at j: Int) -> String {
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
    private func describe(at j: Int) -> String {
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
    private func fail(at j: Int, expected: String, found: String? = nil, hint: String? = nil) -> SceneError {
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
