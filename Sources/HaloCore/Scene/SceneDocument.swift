/// A scene file parsed but not yet resolved: its JSON tree, kept so that the scene can be
/// read again with other parameter values (docs/scene-format.md "Parameters") without reading the
/// file again (a preview's live values).
public struct SceneDocument: Sendable {
    /// The parsed file.
    public let tree: JSONValue
    /// Names the file in messages and anchors relative paths.
    public let file: String
    /// The parameters' names in file order.
    public let parameterOrder: [String]

    /// Parses `bytes` (UTF-8 JSON).
    /// - Throws: ``SceneError`` for a syntax error (``JSONReader``).
    public init(bytes: [UInt8], file: String) throws {
        tree = try JSONReader.read(bytes, file: file)
        self.file = file
        var order: [String] = []
        if case .object(let o) = tree, o["params"] != nil { order = ParameterTokens.scan(bytes)?.entries.map(\.name) ?? [] }
        parameterOrder = order
    }

    /// The scene drawn with `values` in place of its parameters' file values, each checked
    /// against its declaration; a refusal of a value that came from a parameter ends
    /// "(from params.NAME)".
    /// - Parameter source: how a refusal of one of `values` names where it came from.
    /// - Throws: ``SceneError``.
    public func scene(values: [String: JSONValue] = [:], source: String = "given from outside") throws -> Scene {
        let resolved = try ParameterResolution(tree, file: file, order: parameterOrder, values: values, source: source)
        do {
            var scene = try SceneReader(file: file).scene(resolved.tree)
            scene.parameters = resolved.parameters
            scene.parameterOrigins = resolved.origins
            return scene
        } catch let e as SceneError {
            throw resolved.origins.annotated(e)
        }
    }
}
