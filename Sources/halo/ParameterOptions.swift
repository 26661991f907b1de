import Foundation
import Halo

/// One `--set NAME=VALUE`: a parameter's name and its value as text (read by the
/// parameter's type once the scene is known: ``Parameter/value(fromText:)``).
struct ParameterSetting: Sendable, Equatable {
    let name: String
    let text: String

    /// Splits `NAME=VALUE` at its first `=`.
    /// - Throws: ``UsageError`` naming `option` for text without `=` or with an empty name.
    init(parsing given: String, option: String) throws {
        guard let eq = given.firstIndex(of: "=") else {
            throw UsageError("\(option) \(given): expected NAME=VALUE (a scene parameter and its value), found no \"=\"")
        }
        name = String(given[..<eq])
        text = String(given[given.index(after: eq)...])
        if name.isEmpty { throw UsageError("\(option) \(given): expected NAME=VALUE, found no NAME before \"=\"") }
    }

    /// As given on the command line: `NAME=VALUE`.
    var given: String { name + "=" + text }
}

/// The parameter values of a command line: `--params FILE.json`, then each `--set`
/// (which takes precedence), checked against a scene's declarations before it is drawn.
struct ParameterOptions {
    /// The `--set` values, each name once.
    let settings: [ParameterSetting]
    /// The `--params` file and its values (JSON as a scene file holds them).
    let file: (path: String, values: [String: JSONValue])?

    /// No values.
    static let none = ParameterOptions(settings: [], file: nil)

    private init(settings: [ParameterSetting], file: (path: String, values: [String: JSONValue])?) {
        self.settings = settings; self.file = file
    }

    /// Whether the command line gives no values.
    var isEmpty: Bool { settings.isEmpty && file == nil }

    /// The command line's `--set` and `--params`.
    /// - Throws: ``UsageError`` for a name set twice; ``SceneError`` for a `--params` file
    ///   that cannot be read or is not a JSON object.
    init(_ args: Arguments) throws {
        settings = args.values(.setParameter)
        var seen: [String: String] = [:]
        for s in settings {
            if let first = seen[s.name] { throw UsageError("--set \(s.given): params.\(s.name): expected one value a parameter, found a second (--set \(first) before it)") }
            seen[s.name] = s.given
        }
        if let path: String = args.value(.parameterFile) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SceneError(file: path, path: "", expected: "a readable JSON file of parameter values", found: unreadableFileReason(path))
            }
            guard case .object(let o) = try JSONReader.read([UInt8](data), file: path) else {
                throw SceneError(file: path, path: "", expected: "a JSON object of parameter names and values", found: "another JSON value")
            }
            file = (path, o)
        } else {
            file = nil
        }
    }

    /// Where a refusal says the values came from.
    var source: String {
        switch (settings.isEmpty, file) {
        case (false, let f?): return "from --set or --params \(f.path)"
        case (true, let f?): return "from --params \(f.path)"
        default: return "from --set"
        }
    }

    /// The values for a scene declaring `parameters`: each `--set` text read by its
    /// parameter's type, over the `--params` file's values. With `onlyDeclared`, names the
    /// scene does not declare are left out (a folder of scenes); otherwise they are
    /// refused. Ranges and options are checked when the scene is read with them.
    /// - Throws: ``SceneError`` at `params.NAME` in `scene` for an unknown name (with a
    ///   did-you-mean) or text that is no value of the parameter's type.
    func values(for parameters: [Parameter], scene: String, onlyDeclared: Bool = false) throws -> [String: JSONValue] {
        let declared = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0) })
        func unknown(_ name: String, _ given: String) -> SceneError {
            var e = "the name of a parameter the scene declares"
            if let close = closestKey(name, parameters.map(\.name)) { e += " (did you mean \"\(close)\"?)" }
            return SceneError(file: scene, path: JSONValue.memberPath("params", name), expected: e, found: "no such parameter (\(given))")
        }
        var out: [String: JSONValue] = [:]
        for (name, v) in file?.values ?? [:] {
            if declared[name] != nil { out[name] = v } else if !onlyDeclared { throw unknown(name, "from --params \(file!.path)") }
        }
        for s in settings {
            guard let p = declared[s.name] else {
                if onlyDeclared { continue }
                throw unknown(s.name, "--set \(s.given)")
            }
            guard let v = p.value(fromText: s.text) else {
                throw SceneError(file: scene, path: JSONValue.memberPath("params", s.name), expected: p.expectation,
                                 found: "\(JSONValue.string(s.text).jsonText) (--set \(s.given))")
            }
            // Its range or options, checked here so that a refusal names the --set given.
            do { _ = try p.checked(v, file: scene) } catch var e as SceneError {
                e.found += " (--set \(s.given))"
                throw e
            }
            out[s.name] = v
        }
        return out
    }

    /// The names the scene files at `paths` declare: the keys of their top-level `params`
    /// objects. A file that cannot be read or parsed declares none here (its own check
    /// reports it).
    static func declaredNames(in paths: [String]) -> Set<String> {
        var names = Set<String>()
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path),
                  case .object(let top)? = try? JSONReader.read([UInt8](data), file: path),
                  case .object(let params)? = top["params"] else { continue }
            names.formUnion(params.keys)
        }
        return names
    }

    /// The scene at `path` drawn with these values, and its background image.
    /// - Throws: as ``values(for:scene:onlyDeclared:)``, and ``SceneError`` for a bad scene
    ///   or a value out of its parameter's range or options.
    func load(_ path: String, onlyDeclared: Bool = false) throws -> (scene: Scene, background: RGBA8Image?) {
        if isEmpty { return try Halo.load(path) }
        let values = try self.values(for: try SceneDecoder.load(path: path).parameters, scene: path, onlyDeclared: onlyDeclared)
        return try Halo.load(path, values: values, source: source)
    }
}
