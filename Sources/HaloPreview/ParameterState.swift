import Halo

/// The live values of a scene's parameters (docs/scene-format.md "Parameters") in a preview: the
/// file's values, and the values a person has set since, each checked against its
/// declaration. A control panel reads and sets it; the preview draws ``overrides``.
public struct ParameterState: Equatable, Sendable {
    /// The declarations with their file values, in file order.
    public private(set) var parameters: [Parameter]
    /// The live value of each parameter set to something other than its file value.
    public private(set) var overrides: [String: JSONValue] = [:]

    /// The state of a freshly read scene: every value the file's.
    public init(_ parameters: [Parameter]) { self.parameters = parameters }

    /// The live value of `name` (the file's unless set), nil for no such parameter.
    public func value(_ name: String) -> JSONValue? {
        overrides[name] ?? parameters.first { $0.name == name }?.fileValue
    }

    /// Whether `name`'s live value differs from its file value.
    public func differsFromFile(_ name: String) -> Bool { overrides[name] != nil }

    /// Sets `name`'s live value.
    /// - Throws: ``SceneError`` at `params.NAME` for no such parameter (with a did-you-mean)
    ///   or a value that does not fit the declaration (type, min and max, options).
    public mutating func set(_ name: String, _ value: JSONValue, file: String = "<scene>") throws {
        let p = try parameter(name, file: file)
        let checked = try p.checked(value, file: file)
        overrides[name] = checked == p.fileValue ? nil : checked
    }

    /// Sets `name`'s live value from text, read by its type (``Parameter/value(fromText:)``).
    /// - Throws: as ``set(_:_:file:)``.
    public mutating func set(_ name: String, text: String, file: String = "<scene>") throws {
        let p = try parameter(name, file: file)
        guard let v = p.value(fromText: text) else {
            throw SceneError(file: file, path: JSONValue.memberPath("params", name), expected: p.expectation,
                             found: JSONValue.string(text).jsonText)
        }
        try set(name, v, file: file)
    }

    /// Back to the file's value.
    public mutating func reset(_ name: String) { overrides[name] = nil }

    /// Every value back to the file's.
    public mutating func resetAll() { overrides = [:] }

    /// What ``adopt(_:)`` did with the live values.
    public struct Adoption: Equatable, Sendable {
        /// Live values dropped: their parameter is gone, changed type, or no longer has the option.
        public var reset: [String] = []
        /// Live numbers moved into a new range.
        public var clamped: [String] = []
    }

    /// Takes the declarations of a reloaded file, keeping each live value whose parameter
    /// still exists with the same type: a number clamped into the new min...max, a choice
    /// kept while it is still an option; a live value that now equals the file's is no
    /// longer an override.
    public mutating func adopt(_ newParameters: [Parameter]) -> Adoption {
        var result = Adoption()
        var kept: [String: JSONValue] = [:]
        for (name, v) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let p = newParameters.first(where: { $0.name == name }), p.kind.typeName == parameter(named: name)?.kind.typeName else {
                result.reset.append(name); continue
            }
            var value = v
            switch (p.kind, v) {
            case (.number(let lo, let hi, _), .number(let d)):
                let c = min(max(d, lo ?? -.infinity), hi ?? .infinity)
                if c != d { value = .number(c); result.clamped.append(name) }
            case (.choice(let options), .string(let s)) where !options.contains(s):
                result.reset.append(name); continue
            default: break
            }
            if value != p.fileValue { kept[name] = value }
        }
        parameters = newParameters
        overrides = kept
        return result
    }

    private func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }

    private func parameter(_ name: String, file: String) throws -> Parameter {
        if let p = parameter(named: name) { return p }
        var e = "the name of a parameter the scene declares"
        if let close = closestKey(name, parameters.map(\.name)) { e += " (did you mean \"\(close)\"?)" }
        throw SceneError(file: file, path: JSONValue.memberPath("params", name), expected: e, found: "no such parameter")
    }
}
