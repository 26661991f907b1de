/// The first step of reading a scene (docs/scene-format.md "Parameters"): the declarations under
/// `params` are checked, values given from outside are checked against them, and every
/// reference `{ "param": NAME }` is replaced by its parameter's value, before keyframes or
/// any other value is read. It records the JSON path of each reference, so that a later
/// refusal of a value that came from a parameter can name the parameter.
struct ParameterResolution {
    /// The tree without `params`, every reference replaced.
    private(set) var tree: JSONValue
    /// The parameters with the values drawn, in file order.
    private(set) var parameters: [Parameter] = []
    /// The JSON path of each reference and the parameter it named.
    private(set) var origins = ParameterOrigins()

    private let reader: SceneReader
    private var byName: [String: Parameter] = [:]

    /// The top-level keys of the scene format other than `params`.
    private static let otherTopLevelKeys: Set<String> = ["format", "canvas", "layers", "time", "reduceMotion", "description", "test"]

    /// Where references may stand: anywhere inside `layers`, and `canvas.background` as a whole.
    private static let refusal = "a value, not a parameter reference (references stand only inside layers and for canvas.background as a whole colour)"

    /// Resolves `tree`, a parsed scene.
    /// - Parameters:
    ///   - order: the parameters' names in file order (``ParameterTokens``); names missing
    ///     from it follow, sorted.
    ///   - values: values from outside by name, each checked against its declaration.
    ///   - source: how messages name where `values` came from ("--set", a test's set).
    /// - Throws: ``SceneError`` for a bad declaration, an outside value that does not fit or
    ///   names no parameter, or a reference that is malformed, unknown or where none may stand.
    init(_ tree: JSONValue, file: String, order: [String], values: [String: JSONValue], source: String) throws {
        reader = SceneReader(file: file)
        self.tree = tree
        guard case .object(var top) = tree else { return }  // SceneReader refuses it
        // A near miss of "params" is named as one (SceneReader's list of keys lacks it: the key
        // never reaches it).
        for key in top.keys.sorted() where key != "params" && !Self.otherTopLevelKeys.contains(key) {
            if closestKey(key, ["params"]) != nil {
                throw reader.fail(key, "no such key (did you mean \"params\"?)", top[key])
            }
        }
        if let p = top["params"] { byName = try reader.parameterDeclarations(p) }
        for name in values.keys.sorted() {
            guard var p = byName[name] else {
                var e = "the name of a declared parameter"
                if let close = closestKey(name, Array(byName.keys)) { e += " (did you mean \"\(close)\"?)" }
                throw SceneError(file: file, path: reader.join("params", name), expected: e, found: "no such parameter (\(source))")
            }
            do { p.value = try p.checked(values[name]!, path: reader.join("params", name), reader: reader) } catch var e as SceneError {
                e.found += " (\(source))"
                throw e
            }
            byName[name] = p
        }
        parameters = order.compactMap { byName[$0] } + byName.keys.filter { !order.contains($0) }.sorted().compactMap { byName[$0] }
        top["params"] = nil
        for key in top.keys.sorted() {
            switch key {
            case "layers": top[key] = try substitute(top[key]!, path: key)
            case "canvas":
                guard case .object(var canvas) = top[key]! else { try refuse(in: top[key]!, path: key); continue }
                for k in canvas.keys.sorted() {
                    let path = reader.join(key, k)
                    if k == "background", case .object(let o) = canvas[k]!, let name = try reference(o, path) {
                        canvas[k] = byName[name]!.value
                        origins.paths[path] = name
                    } else {
                        try refuse(in: canvas[k]!, path: path)
                    }
                }
                top[key] = .object(canvas)
            default: try refuse(in: top[key]!, path: key)
            }
        }
        self.tree = .object(top)
    }

    /// `v` with every reference under it replaced.
    private mutating func substitute(_ v: JSONValue, path: String) throws -> JSONValue {
        switch v {
        case .object(var o):
            if let name = try reference(o, path) {
                origins.paths[path] = name
                return byName[name]!.value
            }
            for k in o.keys.sorted() { o[k] = try substitute(o[k]!, path: reader.join(path, k)) }
            return .object(o)
        case .array(var a):
            for i in a.indices { a[i] = try substitute(a[i], path: "\(path)[\(i)]") }
            return .array(a)
        default:
            return v
        }
    }

    /// The name `o` refers to, or nil when `o` has no `param` key.
    /// - Throws: ``SceneError`` for other keys beside `param`, a name that is not a string,
    ///   or no such parameter (with a did-you-mean).
    private func reference(_ o: [String: JSONValue], _ path: String) throws -> String? {
        guard let p = o["param"] else { return nil }
        if o.count != 1 {
            throw reader.fail(path, "a parameter reference, an object whose only key is \"param\"", .object(o))
        }
        guard case .string(let name) = p else { throw reader.fail(reader.join(path, "param"), "a parameter's name (a string)", p) }
        guard byName[name] != nil else {
            var e = byName.isEmpty ? "the name of a declared parameter (the scene declares none under \"params\")"
                                   : "the name of a declared parameter"
            if let close = closestKey(name, byName.keys.sorted()) { e += " (did you mean \"\(close)\"?)" }
            throw reader.fail(reader.join(path, "param"), e, p)
        }
        return name
    }

    /// Refuses any object with a `param` key under `v`, where no reference may stand.
    private func refuse(in v: JSONValue, path: String) throws {
        switch v {
        case .object(let o):
            if o["param"] != nil { throw reader.fail(path, Self.refusal, v) }
            for k in o.keys.sorted() { try refuse(in: o[k]!, path: reader.join(path, k)) }
        case .array(let a):
            for (i, x) in a.enumerated() { try refuse(in: x, path: "\(path)[\(i)]") }
        default:
            return
        }
    }
}

/// Which JSON paths of a scene held references, and to which parameter, so that a refusal
/// of a value that came from a parameter can name it.
struct ParameterOrigins: Equatable, Sendable {
    /// The parameter's name by the reference's JSON path.
    var paths: [String: String] = [:]

    /// The parameter whose value `path` holds: a reference at `path` or above it (a colour
    /// list's element), else one inside the keyframes at `path` (a keyframed value at some
    /// time); nil when none.
    func name(for path: String) -> String? {
        var p = path
        while !p.isEmpty {
            if let name = paths[p] { return name }
            guard let cut = p.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            p = String(p[..<cut])
        }
        let keyframes = path + ".keyframes["
        return paths.filter { $0.key.hasPrefix(keyframes) }.min { $0.key < $1.key }?.value
    }

    /// `error` with " (from params.NAME)" after what it found, when its value came from a parameter.
    func annotated(_ error: SceneError) -> SceneError {
        guard let name = name(for: error.path) else { return error }
        var e = error
        e.found += " (from params.\(name))"
        return e
    }
}
