/// A strict JSON (RFC 8259) syntax check that finds the first error and says where
/// it is, by line and column: Foundation's parser reports neither on Linux, and it
/// lets through what RFC 8259 forbids (`[1,]`, `01`).
///
/// It runs before Foundation's parser, on bytes already known to be UTF-8, and also
/// enforces the nesting limit (so the parser never recurses deeper than that).
/// Columns count characters (Unicode scalars) from 1; a leading byte-order mark is
/// skipped, as Foundation does.
struct JSONSyntax {
    /// The first syntax error: where, what was expected there and what was found.
    struct Failure: Equatable {
        var line: Int
        var column: Int
        var expected: String
        var found: String
        /// "line L, column C", the location part of a message.
        var location: String { "line \(line), column \(column)" }
    }

    private let bytes: [UInt8]
    private let maxDepth: Int
    private var i = 0

    /// The first syntax error in `bytes` (UTF-8), or nil when it is one well-formed JSON value.
    static func firstError(in bytes: [UInt8], maxDepth: Int) -> Failure? {
        var checker = JSONSyntax(bytes: bytes, maxDepth: maxDepth)
        return checker.run()
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    private enum Expect { case value, keyOrClose, key, colon, commaOrClose, end }

    private mutating func run() -> Failure? {
        var stack: [UInt8] = []  // "{" or "["
        var expect = Expect.value
        while true {
            skipWhitespace()
            switch expect {
            case .value:
                guard i < bytes.count else { return fail(at: i, expected: "a value") }
                switch bytes[i] {
                case 0x7B, 0x5B:  // { [
                    if stack.count >= maxDepth {
                        return fail(at: i, expected: "JSON nested at most \(maxDepth) deep", found: "level \(stack.count + 1)")
                    }
                    stack.append(bytes[i])
                    i += 1
                    if bytes[i - 1] == 0x7B {
                        expect = .keyOrClose
                    } else {
                        skipWhitespace()
                        if i < bytes.count, bytes[i] == 0x5D { stack.removeLast(); i += 1; expect = stack.isEmpty ? .end : .commaOrClose }
                        else { expect = .value }
                    }
                    continue
                case 0x22:
                    if let f = string() { return f }
                case 0x2D, 0x30...0x39:
                    if let f = number() { return f }
                default:
                    if bytes[i] == 0x5D || bytes[i] == 0x7D, previousSignificant() == 0x2C {
                        return fail(at: i, expected: "a value", hint: "a comma after the last item")
                    }
                    let word = wordAt(i)
                    if ["true", "false", "null"].contains(word) { i += word.utf8.count; break }
                    if ["NaN", "Infinity", "nan", "inf", "infinity"].contains(word) {
                        return fail(at: i, expected: "a value", hint: "JSON has no NaN or Infinity")
                    }
                    if bytes[i] == 0x27 { return fail(at: i, expected: "a value", hint: "JSON strings use double quotes") }
                    return fail(at: i, expected: "a value")
                }
                expect = stack.isEmpty ? .end : .commaOrClose
            case .keyOrClose, .key:
                guard i < bytes.count else { return fail(at: i, expected: expect == .key ? "a key" : "a key or \"}\"") }
                if bytes[i] == 0x7D {
                    if expect == .key { return fail(at: i, expected: "a key", hint: "a comma after the last member") }
                    stack.removeLast(); i += 1
                    expect = stack.isEmpty ? .end : .commaOrClose
                    continue
                }
                guard bytes[i] == 0x22 else {
                    let hint = bytes[i] == 0x27 ? "JSON strings use double quotes" : wordAt(i).isEmpty ? nil : "keys are in double quotes"
                    return fail(at: i, expected: expect == .key ? "a key in double quotes" : "a key in double quotes or \"}\"", hint: hint)
                }
                if let f = string() { return f }
                expect = .colon
            case .colon:
                guard i < bytes.count, bytes[i] == 0x3A else { return fail(at: i, expected: "\":\" after the key") }
                i += 1
                expect = .value
            case .commaOrClose:
                let close: UInt8 = stack.last == 0x7B ? 0x7D : 0x5D
                let expected = close == 0x7D ? "\",\" or \"}\"" : "\",\" or \"]\""
                guard i < bytes.count else { return fail(at: i, expected: expected) }
                if bytes[i] == 0x2C { i += 1; expect = close == 0x7D ? .key : .value; continue }
                if bytes[i] == close { stack.removeLast(); i += 1; expect = stack.isEmpty ? .end : .commaOrClose; continue }
                let startsValue = [0x22, 0x7B, 0x5B, 0x2D].contains(bytes[i]) || isWordByte(bytes[i])
                return fail(at: i, expected: expected, hint: startsValue ? "a comma is missing before it" : nil)
            case .end:
                if i < bytes.count { return fail(at: i, expected: "the end of the file after the JSON value") }
                return nil
            }
        }
    }

    // MARK: - Tokens

    private mutating func skipWhitespace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    /// The last non-whitespace byte before `i`.
    private func previousSignificant() -> UInt8? {
        var j = i - 1
        while j >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j -= 1 }
        return j >= 0 ? bytes[j] : nil
    }

    /// A string starting at the quote at `i`; leaves `i` after its closing quote.
    private mutating func string() -> Failure? {
        let start = i
        i += 1
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x22: i += 1; return nil
            case 0x5C:
                guard i + 1 < bytes.count else { break }
                let e = bytes[i + 1]
                if [0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74].contains(e) { i += 2; continue }
                guard e == 0x75 else {
                    return fail(at: i, expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)",
                                found: quoted(String(decoding: bytes[i..<min(i + 2, bytes.count)], as: UTF8.self)))
                }
                guard let unit = hex4(at: i + 2) else {
                    return fail(at: i, expected: "\\u and four hex digits", found: quoted(String(decoding: bytes[i..<min(i + 6, bytes.count)], as: UTF8.self)))
                }
                if (0xDC00...0xDFFF).contains(unit) {
                    return fail(at: i, expected: "a character", found: quoted(String(decoding: bytes[i..<i + 6], as: UTF8.self)) + " (half of a UTF-16 pair)")
                }
                if (0xD800...0xDBFF).contains(unit) {
                    guard i + 7 < bytes.count, bytes[i + 6] == 0x5C, bytes[i + 7] == 0x75,
                          let low = hex4(at: i + 8), (0xDC00...0xDFFF).contains(low) else {
                        return fail(at: i, expected: "a character", found: quoted(String(decoding: bytes[i..<i + 6], as: UTF8.self)) + " (half of a UTF-16 pair)")
                    }
                    i += 12
                } else {
                    i += 6
                }
                continue
            case 0x0A, 0x0D:
                return fail(at: i, expected: "the closing quote of the string", found: "a line break", hint: "write \\n")
            case 0x00..<0x20:
                return fail(at: i, expected: "a character inside the string", found: scalarName(at: i), hint: "control characters are written as \\u escapes")
            default: break
            }
            i += 1
        }
        return fail(at: start, expected: "a closing quote for the string that starts here", found: "the end of the file")
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

    /// A number at `i` (RFC 8259 grammar); leaves `i` after it.
    private mutating func number() -> Failure? {
        let start = i
        var j = i
        // The token as a reader sees it, for the message.
        while j < bytes.count, isWordByte(bytes[j]) || [0x2B, 0x2D, 0x2E].contains(bytes[j]) { j += 1 }
        let token = quoted(String(decoding: bytes[start..<j], as: UTF8.self))
        func bad(_ hint: String) -> Failure { fail(at: start, expected: "a number", found: token, hint: hint) }
        func digits() -> Int { let s = i; while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }; return i - s }
        if bytes[i] == 0x2D { i += 1 }
        guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { return bad("a digit must follow \"-\"") }
        if bytes[i] == 0x30 {
            i += 1
            if i < bytes.count, (0x30...0x39).contains(bytes[i]) { return bad("JSON numbers have no leading zeros") }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            if digits() == 0 { return bad("a digit must follow \".\"") }
        }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            if digits() == 0 { return bad("an exponent needs digits") }
        }
        if i < j { return fail(at: start, expected: "a number", found: token) }
        return nil
    }

    private func isWordByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F
    }

    /// The run of letters, digits and "_" at `j` ("" when none).
    private func wordAt(_ j: Int) -> String {
        var k = j
        while k < bytes.count, isWordByte(bytes[k]) { k += 1 }
        return String(decoding: bytes[j..<k], as: UTF8.self)
    }

    // MARK: - Messages

    private func quoted(_ s: String) -> String {
        let short = s.count > 24 ? String(s.prefix(21)) + "..." : s
        return "\"" + short + "\""
    }

    /// A printable name for the character at `j`.
    private func scalarName(at j: Int) -> String {
        let b = bytes[j]
        if b < 0x20 || b == 0x7F { return "the control character U+" + String(format4(Int(b))) }
        var end = j + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return quoted(String(decoding: bytes[j..<end], as: UTF8.self))
    }

    private func format4(_ v: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
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

    private func fail(at j: Int, expected: String, found: String? = nil, hint: String? = nil) -> Failure {
        let (line, column) = JSONSyntax.location(ofByte: j, in: bytes)
        var f = found ?? describe(at: j)
        if let hint { f += " (\(hint))" }
        return Failure(line: line, column: column, expected: expected, found: f)
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
