/// Where a scene file's text holds its parameters' `value`s, by byte range, so that new
/// values can be written in place with every other byte of the file kept (its spacing,
/// key order, comments of layout): ``rewrite(_:values:)``.
///
/// The scanner reads only the structure it needs (the top-level `params` object, each
/// declaration's `value` member) and skips every other value without decoding it. It
/// expects text that ``JSONReader`` accepts (a file is parsed and checked before it is
/// rewritten); on anything else it gives nil, never a wrong range.
public struct ParameterTokens: Equatable, Sendable {
    /// A declaration under `params`: its name and the byte range of its `value` token
    /// (nil when it has no `value`).
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var valueRange: Range<Int>?
    }

    /// The declarations in file order.
    public private(set) var entries: [Entry] = []

    private let bytes: [UInt8]
    private var i = 0

    /// Scans `bytes`, the text of a scene file (UTF-8 JSON, a byte-order mark allowed).
    /// - Returns: nil when the text is not a JSON object of well-formed members.
    public static func scan(_ bytes: [UInt8]) -> ParameterTokens? {
        var s = ParameterTokens(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { s.i = 3 }
        guard s.members(depth: 0, onMember: { s, key in
            guard key == "params", s.peek() == 0x7B else { return s.skipValue(depth: 1) }
            return s.members(depth: 1) { s, name in
                var entry = Entry(name: name, valueRange: nil)
                let ok = s.peek() != 0x7B ? s.skipValue(depth: 2) : s.members(depth: 2) { s, k in
                    let start = s.i
                    guard s.skipValue(depth: 3) else { return false }
                    if k == "value" { entry.valueRange = start..<s.i }
                    return true
                }
                s.entries.append(entry)
                return ok
            }
        }) else { return nil }
        s.skipWhitespace()
        return s.i == bytes.count ? s : nil
    }

    /// `bytes` with the `value` token of each parameter named in `values` replaced by that
    /// value's JSON text (``JSONValue/jsonText``), every other byte as it was.
    /// - Returns: nil when the text cannot be scanned, or a name in `values` has no
    ///   declaration with a `value` in it.
    public static func rewrite(_ bytes: [UInt8], values: [String: JSONValue]) -> [UInt8]? {
        guard let tokens = scan(bytes) else { return nil }
        var edits: [(Range<Int>, [UInt8])] = []
        for (name, v) in values {
            guard let range = tokens.entries.first(where: { $0.name == name })?.valueRange else { return nil }
            edits.append((range, Array(v.jsonText.utf8)))
        }
        var out = bytes
        for (range, text) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) { out.replaceSubrange(range, with: text) }
        return out
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: - Scanning

    private mutating func skipWhitespace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func peek() -> UInt8? {
        skipWhitespace()
        return i < bytes.count ? bytes[i] : nil
    }

    /// The members of the object at `i`: calls `onMember` with each key, `i` at its value,
    /// which `onMember` must leave `i` after. False on malformed text.
    private mutating func members(depth: Int, onMember: (inout ParameterTokens, String) -> Bool) -> Bool {
        guard depth <= Limits.maxNesting, peek() == 0x7B else { return false }
        i += 1
        if peek() == 0x7D { i += 1; return true }
        while true {
            guard peek() == 0x22, let key = string() else { return false }
            guard peek() == 0x3A else { return false }
            i += 1
            skipWhitespace()
            guard onMember(&self, key) else { return false }
            switch peek() {
            case 0x2C: i += 1
            case 0x7D: i += 1; return true
            default: return false
            }
        }
    }

    /// Moves `i` past the value at `i`. False on malformed text.
    private mutating func skipValue(depth: Int) -> Bool {
        guard depth <= Limits.maxNesting, let b = peek() else { return false }
        switch b {
        case 0x7B: return members(depth: depth) { s, _ in s.skipValue(depth: depth + 1) }
        case 0x5B:
            i += 1
            if peek() == 0x5D { i += 1; return true }
            while true {
                guard skipValue(depth: depth + 1) else { return false }
                switch peek() {
                case 0x2C: i += 1
                case 0x5D: i += 1; return true
                default: return false
                }
            }
        case 0x22: return string() != nil
        default:
            // A number or a literal: up to the next delimiter.
            let start = i
            while i < bytes.count, ![0x2C, 0x5D, 0x7D, 0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
            return i > start
        }
    }

    /// The string token at `i`, decoded by ``JSONReader``; `i` after it.
    private mutating func string() -> String? {
        let start = i
        i += 1
        while i < bytes.count, bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
        guard i < bytes.count else { return nil }
        i += 1
        guard case .string(let s)? = try? JSONReader.read(Array(bytes[start..<i]), file: "") else { return nil }
        return s
    }
}
