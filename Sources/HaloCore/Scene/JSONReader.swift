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
    static let simpleEscapes: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C,
                                                       0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]

    let bytes: [UInt8]
    let file: String
    let maxDepth: Int
    var i = 0
    /// The JSON path of the value being read, as keys and indices.
    var path: [PathComponent] = []

    enum PathComponent { case key(String), index(Int) }

    private init(bytes: [UInt8], file: String, maxDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maxDepth = maxDepth
    }

    // MARK: - Values

    mutating func value(depth: Int) throws -> JSONValue {
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
    mutating func object(depth: Int) throws -> JSONValue {
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
    mutating func array(depth: Int) throws -> JSONValue {
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

    // MARK: - Bytes

    mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// The last non-whitespace byte before `i`.
    func previousSignificant() -> UInt8? {
        var j = i - 1
        while j >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j -= 1 }
        return j >= 0 ? bytes[j] : nil
    }

    func startsValue(_ b: UInt8) -> Bool { [0x22, 0x7B, 0x5B, 0x2D].contains(b) || isWordByte(b) }

    func isWordByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F
    }

    /// The run of letters, digits and "_" at `j` ("" when none).
    func wordAt(_ j: Int) -> String {
        var k = j
        while k < bytes.count, isWordByte(bytes[k]) { k += 1 }
        return String(decoding: bytes[j..<k], as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence at `j` (Unicode 15, table 3-7), or nil.
    func utf8Length(at j: Int) -> Int? {
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
}
