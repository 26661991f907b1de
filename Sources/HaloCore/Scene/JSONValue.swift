import Foundation

/// A parsed JSON value. ``JSONReader`` parses scene files into this tree, which
/// ``SceneReader`` then checks key by key so that every refusal can name its JSON path.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short JSON rendering for messages (at most about 60 characters).
    public var shortDescription: String {
        let full = jsonText
        return full.count <= 60 ? full : String(full.prefix(57)) + "..."
    }

    /// The value as compact JSON text (object keys sorted).
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d):
            if d == 0, d.sign == .minus { return "-0" }
            if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
            return String(d)
        case .string(let s):
            var out = "\""
            for ch in s.unicodeScalars {
                switch ch {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                default:
                    if ch.value < 0x20 { out += String(format: "\\u%04x", ch.value) } else { out.unicodeScalars.append(ch) }
                }
            }
            return out + "\""
        case .array(let a): return "[" + a.map(\.jsonText).joined(separator: ", ") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { "\(JSONValue.string($0).jsonText): \(o[$0]!.jsonText)" }.joined(separator: ", ") + "}"
        }
    }

    /// A word for the value's JSON type ("a string", "an object", ...).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The JSON path of member `key` of the value at `path`: `path.key` for a key of
    /// letters, digits and "_" (not starting with a digit), else `path["key"]` with the key
    /// as a JSON string, so that a key holding a dot, a bracket or nothing reads as one key.
    public static func memberPath(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || ($0 >= 0x30 && $0 <= 0x39) }
            && !(key.utf8.first! >= 0x30 && key.utf8.first! <= 0x39)
        if !plain { return path + "[" + JSONValue.string(key).jsonText + "]" }
        return path.isEmpty ? key : path + "." + key
    }
}
