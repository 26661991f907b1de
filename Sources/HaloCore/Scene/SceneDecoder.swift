import Foundation

/// Reads scene files (SCENE.md format 1) into checked ``Scene`` values.
///
/// Parsing is Foundation's `JSONDecoder`; every value is then checked against
/// SCENE.md, and a refusal throws ``SceneError`` naming file, JSON path,
/// expectation and finding. Unknown keys are errors, with a did-you-mean when
/// a known key is close.
public enum SceneDecoder {
    /// Reads and checks the scene at `path`.
    /// - Throws: ``SceneError`` for an unreadable, oversized, malformed or invalid file.
    public static func load(path: String) throws -> Scene {
        let url = URL(fileURLWithPath: path)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > Limits.maxFileBytes {
            throw SceneError(file: path, path: "", expected: "a scene file of at most \(Limits.maxFileBytes) bytes",
                             found: "\(size) bytes")
        }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw SceneError(file: path, path: "", expected: "a scene file", found: "a directory")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw SceneError(file: path, path: "", expected: "a readable scene file",
                             found: exists ? "a file that cannot be read" : "no such file")
        }
        return try decode(data, file: path)
    }

    /// Checks a scene given as JSON bytes; `file` names it in messages and
    /// anchors relative background image paths.
    /// - Throws: ``SceneError``.
    public static func decode(_ data: Data, file: String = "<scene>") throws -> Scene {
        if data.count > Limits.maxFileBytes {
            throw SceneError(file: file, path: "", expected: "a scene file of at most \(Limits.maxFileBytes) bytes",
                             found: "\(data.count) bytes")
        }
        try preflight(data, file: file)
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw SceneError(file: file, path: "", expected: "JSON", found: syntaxMessage(context, data: data))
        } catch {
            throw SceneError(file: file, path: "", expected: "JSON", found: "unreadable JSON (\(error))")
        }
        return try SceneReader(file: file).scene(value)
    }

    /// Refuses, before parsing, what would make the parser itself misbehave:
    /// non-UTF-8 bytes, syntax errors (with line and column, by ``JSONSyntax``),
    /// nesting deeper than ``Limits/maxNesting``, and duplicate keys.
    static func preflight(_ data: Data, file: String) throws {
        let bytes = [UInt8](data)
        if let offset = firstInvalidUTF8(bytes) {
            let (line, column) = JSONSyntax.location(ofByte: offset, in: bytes)
            throw SceneError(file: file, path: "line \(line), column \(column)", expected: "UTF-8 text",
                             found: String(format: "the byte 0x%02X (offset %d)", bytes[offset], offset))
        }
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw SceneError(file: file, path: "", expected: "a scene (a JSON object)", found: "an empty file")
        }
        // Strict syntax, with line and column, and the nesting limit.
        if let f = JSONSyntax.firstError(in: bytes, maxDepth: Limits.maxNesting) {
            throw SceneError(file: file, path: f.location, expected: f.expected, found: f.found)
        }
        try DuplicateKeyScanner(bytes: bytes, file: file).scan()
    }

    /// Offset of the first byte that is not part of well-formed UTF-8, or nil.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        var i = 0
        while i < b.count {
            let c = b[i]
            let n: Int
            if c < 0x80 { i += 1; continue }
            else if c >= 0xC2 && c <= 0xDF { n = 1 }
            else if c >= 0xE0 && c <= 0xEF { n = 2 }
            else if c >= 0xF0 && c <= 0xF4 { n = 3 }
            else { return i }
            if i + n >= b.count + 0 && i + n > b.count - 1 + 1 { return i }
            for k in 1...n where i + k >= b.count || b[i + k] & 0xC0 != 0x80 { return i }
            if c == 0xE0 && b[i + 1] < 0xA0 { return i }
            if c == 0xED && b[i + 1] > 0x9F { return i }
            if c == 0xF0 && b[i + 1] < 0x90 { return i }
            if c == 0xF4 && b[i + 1] > 0x8F { return i }
            i += n + 1
        }
        return nil
    }

    static func syntaxMessage(_ context: DecodingError.Context, data: Data) -> String {
        var text = context.debugDescription
        if let underlying = context.underlyingError {
            let u = "\(underlying)"
            if !u.isEmpty { text = u }
        }
        if data.isEmpty { return "an empty file" }
        return "a syntax error (\(text))"
    }
}

/// Finds the first duplicated key in any JSON object (JSONDecoder would keep one silently).
struct DuplicateKeyScanner {
    let bytes: [UInt8]
    let file: String

    func scan() throws {
        // A stack of (keys seen, is object, expecting key, path) frames.
        struct Container { var keys: Set<String> = []; var isObject: Bool; var expectKey: Bool; var index = 0; var lastKey = "" ; var path: String }
        var stack: [Container] = []
        var i = 0
        func pathOf(_ frames: [Container]) -> String { frames.last?.path ?? "" }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x7B, 0x5B:
                var childPath = ""
                if let top = stack.last {
                    childPath = top.isObject ? (top.path.isEmpty ? top.lastKey : top.path + "." + top.lastKey)
                                             : top.path + "[\(top.index)]"
                }
                stack.append(Container(isObject: b == 0x7B, expectKey: b == 0x7B, path: childPath))
                i += 1
            case 0x7D, 0x5D:
                if !stack.isEmpty { stack.removeLast() }
                i += 1
            case 0x2C:
                if !stack.isEmpty {
                    if stack[stack.count - 1].isObject { stack[stack.count - 1].expectKey = true } else { stack[stack.count - 1].index += 1 }
                }
                i += 1
            case 0x22:
                var j = i + 1
                var escaped = false
                while j < bytes.count {
                    if escaped { escaped = false } else if bytes[j] == 0x5C { escaped = true } else if bytes[j] == 0x22 { break }
                    j += 1
                }
                if let top = stack.last, top.isObject, top.expectKey, j <= bytes.count {
                    let raw = String(decoding: bytes[(i + 1)..<min(j, bytes.count)], as: UTF8.self)
                    // Only a key with escapes needs a decoder (one per key made decoding 5x slower).
                    let key = !raw.contains("\\") ? raw : (try? JSONDecoder().decode(String.self, from: Data(("\"" + raw + "\"").utf8))) ?? raw
                    if top.keys.contains(key) {
                        let p = top.path.isEmpty ? key : top.path + "." + key
                        throw SceneError(file: file, path: p, expected: "each key once in an object", found: "a duplicate key")
                    }
                    stack[stack.count - 1].keys.insert(key)
                    stack[stack.count - 1].lastKey = key
                    stack[stack.count - 1].expectKey = false
                }
                i = j + 1
            case 0x2D, 0x30...0x39:
                // A number: refuse one that does not fit a Double (1e400) with its path.
                var j = i
                while j < bytes.count, (0x30...0x39).contains(bytes[j]) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains(bytes[j]) { j += 1 }
                let token = String(decoding: bytes[i..<j], as: UTF8.self)
                // A number so small that it rounds to 0 (1e-400, which Foundation's JSON
                // reader refuses) is refused here too, with its path.
                let mantissa = token.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
                let underflows = Double(token) == 0 && mantissa.contains { "123456789".contains($0) }
                if let d = Double(token), !d.isFinite || underflows {
                    var p = ""
                    if let top = stack.last {
                        p = top.isObject ? (top.path.isEmpty ? top.lastKey : top.path + "." + top.lastKey) : top.path + "[\(top.index)]"
                    }
                    throw SceneError(file: file, path: p, expected: underflows ? "a number a Double holds (0, or at least 5e-324 in magnitude)" : "a finite number", found: token)
                }
                i = max(j, i + 1)
            default:
                i += 1
            }
        }
    }
}
