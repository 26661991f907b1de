import Foundation

/// A shader paint's or shader shape's GLSL text (Shaders/README.md, "Shader paints" and
/// "Shader shapes"), read once, when its scene is read, and checked to be UTF-8 text that
/// defines `haloPaint` (a paint) or `haloShape` (a shape). The GPU renderer
/// compiles `text`; a renderer that sees new text for the same file compiles it anew.
public struct ShaderPaintSource: Hashable, Sendable {
    /// The file, resolved against the scene file's folder (messages and the driver's
    /// `path:line` errors name it).
    public let file: String
    /// The file's text, unchanged.
    public let text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Reads and checks the file at `file`, which must define `function` (`haloPaint` for a
    /// paint, `haloShape` for a shape).
    /// - Returns: the source, or a ``Refusal`` saying why the file cannot be a shader paint
    ///   ("no such file", "bytes that are not UTF-8 text", "no function haloPaint in it",
    ///   a main function, more than ``maxBytes``, an `#include` that is malformed or leaves the
    ///   shader folder: ``ShaderInclude``).
    static func read(_ file: String, defining function: String = "haloPaint") -> Result<ShaderPaintSource, Refusal> {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDir), !isDir.boolValue else {
            return .failure(Refusal(found: "\(file) (\(isDir.boolValue ? "a folder" : "no such file"))"))
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > maxBytes {
            return .failure(Refusal(found: "\(file) (\(size) bytes; a shader paint is at most \(maxBytes))"))
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            return .failure(Refusal(found: "\(file) (\(unreadableFileReason(file)))"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(Refusal(found: "\(file) (bytes that are not UTF-8 text)"))
        }
        if data.contains(0) { return .failure(Refusal(found: "\(file) (a NUL character, which GLSL text cannot hold)")) }
        guard text.range(of: "\\b\(function)\\s*\\(", options: .regularExpression) != nil else {
            return .failure(Refusal(found: "\(file) (no function \(function) in it)"))
        }
        // The file is included into Halo's own shader, which has the main function.
        if let main = text.range(of: #"\bvoid\s+main\s*\("#, options: .regularExpression) {
            let line = text[..<main.lowerBound].filter { $0 == "\n" }.count + 1
            return .failure(Refusal(found: "\(file) (a main function at line \(line): the file is included into Halo's shader, which has its own)"))
        }
        // Nothing outside the shader folder is ever read into a shader (ShaderInclude).
        if let refused = ShaderInclude.firstRefusal(in: text) { return .failure(Refusal(found: "\(file):\(refused.line): \(refused.reason)")) }
        return .success(ShaderPaintSource(file: file, text: text))
    }

    /// Largest shader paint file, in bytes (1 MiB).
    public static let maxBytes = 1 << 20

    /// Why a file cannot be a shader paint, for ``SceneError/found``.
    struct Refusal: Error { var found: String }
}
