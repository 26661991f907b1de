import Foundation
import Halo

/// Where the preview's scene comes from: the parsed file (``SceneDocument``) and the live
/// parameter values (``ParameterState``) drawn over it. A live value is applied by
/// resolving the kept tree again (no file read; parameters are data);
/// a reload after an outside edit keeps the live values that still fit; a save writes the
/// live values into the file's `value` tokens and nothing else.
public struct PreviewSceneSource: Sendable {
    /// The scene file.
    public let path: String
    /// The parsed file.
    public private(set) var document: SceneDocument
    /// The live values.
    public private(set) var state: ParameterState
    /// The scene drawn: the document with the live values.
    public private(set) var scene: Scene

    /// Reads the scene at `path` and draws it with `values` (e.g. `--set`) as live values.
    /// - Throws: ``SceneError`` for a bad scene or values that do not fit.
    public init(path: String, values: [String: JSONValue] = [:]) throws {
        self.path = path
        document = try SceneDecoder.document(path: path)
        let fileScene = try document.scene()
        state = ParameterState(fileScene.parameters)
        for (name, v) in values.sorted(by: { $0.key < $1.key }) { try state.set(name, v, file: path) }
        scene = state.overrides.isEmpty ? fileScene : try document.scene(values: state.overrides)
    }

    /// Sets `name` from text (``ParameterState/set(_:text:file:)``) and resolves the scene again.
    /// All or nothing: on a refusal (a value out of range, one that makes the scene invalid)
    /// the live values and the scene stay as they were.
    /// - Throws: ``SceneError`` at `params.NAME`, or where the value is used ("(from params.NAME)").
    public mutating func set(_ name: String, text: String) throws {
        var next = state
        try next.set(name, text: text, file: path)
        scene = try document.scene(values: next.overrides)
        state = next
    }

    /// Sets `name` to `value` (JSON as a file holds it); as ``set(_:text:)``.
    public mutating func set(_ name: String, _ value: JSONValue) throws {
        var next = state
        try next.set(name, value, file: path)
        scene = try document.scene(values: next.overrides)
        state = next
    }

    /// Back to the file's values (one, or all when `name` is nil).
    public mutating func reset(_ name: String? = nil) throws {
        var next = state
        if let name { next.reset(name) } else { next.resetAll() }
        scene = try document.scene(values: next.overrides)
        state = next
    }

    /// The source after the file changed on disk: read again, the live values adopted
    /// (``ParameterState/adopt(_:)``: kept where name and type fit, numbers clamped into a
    /// new range). `self` is unchanged, so a reload that fails keeps the last good state.
    /// - Throws: ``SceneError``.
    public func reloaded() throws -> (source: PreviewSceneSource, adoption: ParameterState.Adoption) {
        var next = self
        next.document = try SceneDecoder.document(path: path)
        let fileScene = try next.document.scene()
        let adoption = next.state.adopt(fileScene.parameters)
        next.scene = next.state.overrides.isEmpty ? fileScene : try next.document.scene(values: next.state.overrides)
        return (next, adoption)
    }

    /// Writes the live values into the file's `value` tokens, every other byte kept
    /// (``ParameterTokens/rewrite(_:values:)``), atomically (a temporary file in the same
    /// folder, renamed over the scene); the live values are then the file's.
    /// - Returns: the names written (none when every value is the file's: nothing is written).
    /// - Throws: ``SceneError`` when the file changed so that its values cannot be found, or
    ///   it cannot be written.
    @discardableResult
    public mutating func save() throws -> [String] {
        let names = state.overrides.keys.sorted()
        if names.isEmpty { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, path: "", expected: "a readable scene file to save the values into", found: unreadableFileReason(path))
        }
        guard let out = ParameterTokens.rewrite([UInt8](data), values: state.overrides) else {
            throw SceneError(file: path, path: "params", expected: "a \"value\" in each changed parameter's declaration (the file changed since it was read)",
                             found: names.joined(separator: ", "))
        }
        let newDocument = try SceneDocument(bytes: out, file: path)
        let fileScene = try newDocument.scene()
        do { try AtomicFile.write(Data(out), to: path) } catch {
            throw SceneError(file: path, path: "", expected: "a writable scene file", found: "\((error as? PNGError)?.reason ?? "\(error)")")
        }
        document = newDocument
        _ = state.adopt(fileScene.parameters)
        scene = fileScene
        return names
    }
}

extension PreviewSceneSource {
    /// The source of a preview's options (its scene, `--set` values) and the first
    /// scene's background image.
    /// - Throws: ``SceneError``.
    static func loaded(_ options: PreviewOptions) throws -> (PreviewSceneSource, (scene: Scene, background: RGBA8Image?)) {
        let source = try PreviewSceneSource(path: options.scenePath, values: options.parameterValues)
        return (source, (source.scene, try Halo.backgroundImage(of: source.scene)))
    }
}
