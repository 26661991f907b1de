import Foundation

/// Reads scene files (scene format 1) into checked ``Scene`` values.
///
/// One pass of ``JSONReader`` parses the bytes (syntax errors by line and column,
/// duplicate keys and numbers a `Double` cannot hold by JSON path); ``SceneReader``
/// then checks every value against docs/scene-format.md, and a refusal throws ``SceneError`` naming file, JSON path,
/// expectation and finding. Unknown keys are errors, with a did-you-mean when
/// a known key is close.
public enum SceneDecoder {
    /// Reads and checks the scene at `path`, drawn with `values` for its parameters (see
    /// ``decode(_:file:values:source:)``).
    /// - Throws: ``SceneError`` for an unreadable, oversized, malformed or invalid file, or
    ///   values that do not fit the parameters.
    public static func load(path: String, values: [String: JSONValue] = [:], source: String = "given from outside") throws -> Scene {
        try document(path: path).scene(values: values, source: source)
    }

    /// Reads and parses the scene at `path` without resolving it (``SceneDocument``).
    /// - Throws: ``SceneError`` for an unreadable, oversized or malformed file.
    public static func document(path: String) throws -> SceneDocument {
        let url = URL(fileURLWithPath: path)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > Limits.maxFileBytes {
            throw SceneError(file: path, path: "", expected: "a scene file of at most \(Limits.maxFileBytes) bytes",
                             found: "\(size) bytes")
        }
        // A folder is refused before reading (reading one is not an error everywhere).
        if unreadableFileReason(path) == "a folder" {
            throw SceneError(file: path, path: "", expected: "a scene file", found: "a folder")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SceneError(file: path, path: "", expected: "a readable scene file", found: unreadableFileReason(path))
        }
        return try document(data, file: path)
    }

    /// Checks a scene given as JSON bytes; `file` names it in messages and
    /// anchors relative background image paths.
    ///
    /// Parameters (docs/scene-format.md "Parameters") are resolved first: `values` (by parameter name,
    /// JSON as a file would hold it) replace the file's `value`s, each checked against its
    /// declaration; a refusal of a value that came from a parameter ends "(from params.NAME)".
    /// - Parameter source: how a refusal of one of `values` names where it came from ("--set").
    /// - Throws: ``SceneError``.
    public static func decode(_ data: Data, file: String = "<scene>", values: [String: JSONValue] = [:],
                              source: String = "given from outside") throws -> Scene {
        try document(data, file: file).scene(values: values, source: source)
    }

    /// Parses scene bytes without resolving them (``SceneDocument``).
    /// - Throws: ``SceneError`` for an oversized, empty or malformed file.
    public static func document(_ data: Data, file: String = "<scene>") throws -> SceneDocument {
        if data.count > Limits.maxFileBytes {
            throw SceneError(file: file, path: "", expected: "a scene file of at most \(Limits.maxFileBytes) bytes",
                             found: "\(data.count) bytes")
        }
        let bytes = [UInt8](data)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw SceneError(file: file, path: "", expected: "a scene (a JSON object)",
                             found: bytes.isEmpty ? "an empty file" : "a file of only white space")
        }
        return try SceneDocument(bytes: bytes, file: file)
    }
}
