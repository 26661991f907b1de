import Foundation

/// Reads scene files (scene format 1) into checked ``Scene`` values.
///
/// One pass of ``JSONReader`` parses the bytes (syntax errors by line and column,
/// duplicate keys and numbers a `Double` cannot hold by JSON path); ``SceneReader``
/// then checks every value against docs/scene-format.md, and a refusal throws ``SceneError`` naming file, JSON path,
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
        let bytes = [UInt8](data)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw SceneError(file: file, path: "", expected: "a scene (a JSON object)",
                             found: bytes.isEmpty ? "an empty file" : "a file of only white space")
        }
        let value = try JSONReader.read(bytes, file: file)
        return try SceneReader(file: file).scene(value)
    }
}
