// Strings (escapes, surrogate pairs, UTF-8 checked) and numbers (RFC 8259 grammar, then a Double).
extension JSONReader {
    /// A string starting at the quote at `i`, its escapes decoded; leaves `i` after its closing quote.
    mutating func string() throws -> String {
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

    func halfPair(at j: Int) -> SceneError {
        fail(at: j, expected: "a character", found: quoted(String(decoding: bytes[j..<j + 6], as: UTF8.self)) + " (half of a UTF-16 pair)")
    }

    func hex4(at j: Int) -> Int? {
        guard j + 4 <= bytes.count else { return nil }
        var v = 0
        for k in j..<j + 4 {
            guard let d = Int(String(UnicodeScalar(bytes[k])), radix: 16) else { return nil }
            v = v * 16 + d
        }
        return v
    }

    /// A number at `i` (RFC 8259 grammar) that a `Double` holds; leaves `i` after it.
    mutating func number() throws -> Double {
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
}
