import Foundation

/// A scene parameter (docs/scene-format.md "Parameters"): a named value that a person tunes, referred
/// to in the scene as `{ "param": NAME }`.
///
/// ``value`` is the value the scene is drawn with: the file's `value`, or a value given
/// from outside (``SceneDecoder/load(path:values:)``), always checked against the
/// declaration. ``fileValue`` is the file's own.
public struct Parameter: Equatable, Sendable {
    /// A parameter's type and its type's constraints.
    public enum Kind: Equatable, Sendable {
        /// A finite number within `min...max` (each optional, finite, min <= max); `step`
        /// (> 0) is a hint for controls.
        case number(min: Double?, max: Double?, step: Double?)
        /// Any colour form of the scene format.
        case color
        /// One of `options` (1 to 256 distinct non-empty strings).
        case choice(options: [String])
        /// true or false.
        case boolean

        /// The type's name in the file: "number", "color", "choice" or "boolean".
        public var typeName: String {
            switch self {
            case .number: return "number"
            case .color: return "color"
            case .choice: return "choice"
            case .boolean: return "boolean"
            }
        }
    }

    /// 1 to 64 ASCII letters, digits or `_`, not starting with a digit (a GLSL identifier).
    public let name: String
    public let kind: Kind
    /// The value drawn (JSON as written in a file: a number, a colour's string or list, a
    /// choice's string, a boolean).
    public internal(set) var value: JSONValue
    /// The file's `value`.
    public let fileValue: JSONValue
    /// The declaration's `label`, for display.
    public let label: String?

    /// Most parameters in one scene.
    public static let maxCount = 256
    /// Longest parameter name, in characters.
    public static let maxNameLength = 64

    public init(name: String, kind: Kind, value: JSONValue, label: String? = nil) {
        self.name = name; self.kind = kind; self.value = value; self.fileValue = value; self.label = label
    }

    /// Whether `name` is a valid parameter name: 1 to 64 ASCII letters, digits or `_`, not
    /// starting with a digit.
    public static func isValidName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard (1...maxNameLength).contains(u.count), !(0x30...0x39).contains(u[0]) else { return false }
        return u.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    // MARK: - Typed values

    /// The value as a number (a number parameter), else nil.
    public var number: Double? { if case .number(let d) = value { return d } else { return nil } }
    /// The value as a straight-alpha sRGB colour (a colour parameter), else nil.
    public var color: RGBA? { kind == .color ? try? SceneReader(file: "").color(value, "") : nil }
    /// The value as a boolean (a boolean parameter), else nil.
    public var bool: Bool? { if case .bool(let b) = value { return b } else { return nil } }
    /// The index of the value among the options (a choice parameter), else nil.
    public var choiceIndex: Int? {
        guard case .choice(let options) = kind, case .string(let s) = value else { return nil }
        return options.firstIndex(of: s)
    }

    /// What the value must be, in a message's words ("a number >= 0.5 and <= 12").
    public var expectation: String {
        switch kind {
        case .number(let lo, let hi, _):
            switch (lo, hi) {
            case let (l?, h?): return "a number >= \(fmt(l)) and <= \(fmt(h))"
            case let (l?, nil): return "a number >= \(fmt(l))"
            case let (nil, h?): return "a number <= \(fmt(h))"
            default: return "a finite number"
            }
        case .color: return "a colour (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b], [r, g, b, a] or a name)"
        case .choice(let options): return "one of " + options.map { JSONValue.string($0).jsonText }.joined(separator: ", ")
        case .boolean: return "true or false"
        }
    }

    /// `v` (a value given from outside) checked against the declaration: its type, `min`
    /// and `max`, `options`; the value itself, -0 read as 0.
    /// - Throws: ``SceneError`` in `file` at `params.NAME`.
    public func checked(_ v: JSONValue, file: String = "<scene>") throws -> JSONValue {
        try checked(v, path: JSONValue.memberPath("params", name), reader: SceneReader(file: file))
    }

    /// `v` checked against the declaration: the value itself, -0 read as 0.
    /// - Throws: ``SceneError`` at `path` naming what the declaration takes.
    func checked(_ v: JSONValue, path: String, reader: SceneReader) throws -> JSONValue {
        switch kind {
        case .number(let lo, let hi, _):
            guard case .number(let d) = v, d.isFinite, lo.map({ d >= $0 }) ?? true, hi.map({ d <= $0 }) ?? true else {
                throw reader.fail(path, expectation, v)
            }
            return .number(d == 0 ? 0 : d)
        case .color:
            _ = try reader.color(v, path)
            return v
        case .choice(let options):
            guard case .string(let s) = v, options.contains(s) else {
                var e = expectation
                if case .string(let s) = v, let close = closestKey(s, options) { e += " (did you mean \"\(close)\"?)" }
                throw reader.fail(path, e, v)
            }
            return v
        case .boolean:
            guard case .bool = v else { throw reader.fail(path, expectation, v) }
            return v
        }
    }

    /// The JSON value that `text` (a command line's VALUE) stands for, read by the
    /// parameter's type: a decimal number; a colour's string, or `[r, g, b(, a)]` as JSON;
    /// a choice's option as is; `true` or `false`. The value is not yet checked against
    /// `min`, `max` or `options` (``SceneDecoder`` does that).
    /// - Returns: nil when the text cannot be such a value at all.
    public func value(fromText text: String) -> JSONValue? {
        switch kind {
        case .number:
            guard text.range(of: #"^-?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil,
                  let d = Double(text) else { return nil }
            return .number(d)
        case .color:
            if text.hasPrefix("[") { return try? JSONReader.read(Array(text.utf8), file: "") }
            return .string(text)
        case .choice:
            return .string(text)
        case .boolean:
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        }
    }
}

extension SceneReader {
    /// The declarations under `params` (docs/scene-format.md "Parameters"), by name.
    /// - Throws: ``SceneError`` at the path of a bad name, key or value.
    func parameterDeclarations(_ v: JSONValue) throws -> [String: Parameter] {
        guard case .object(let o) = v else { throw fail("params", "an object of parameter declarations", v) }
        if o.count > Parameter.maxCount {
            throw SceneError(file: file, path: "params", expected: "at most \(Parameter.maxCount) parameters", found: "\(o.count) parameters")
        }
        var out: [String: Parameter] = [:]
        for name in o.keys.sorted() {
            let path = join("params", name)
            guard Parameter.isValidName(name) else {
                throw SceneError(file: file, path: path,
                                 expected: "a parameter name of 1 to 64 ASCII letters, digits or _, not starting with a digit",
                                 found: JSONValue.string(name).jsonText)
            }
            out[name] = try parameterDeclaration(o[name]!, name: name, path: path)
        }
        return out
    }

    /// One declaration: `type`, `value`, optional `label`, and the type's own keys.
    func parameterDeclaration(_ v: JSONValue, name: String, path: String) throws -> Parameter {
        guard case .object(let raw) = v else { throw fail(path, "a parameter declaration (an object with \"type\" and \"value\")", v) }
        guard raw["type"] != nil else { throw fail(join(path, "type"), "a value (required)", nil) }
        let type = try choiceString(raw["type"], join(path, "type"), ["number", "color", "choice", "boolean"])
        let own: [String: [String]] = ["number": ["min", "max", "step"], "choice": ["options"]]
        let o = try object(v, path, required: ["type", "value"] + (type == "choice" ? ["options"] : []),
                           optional: ["label"] + (own[type] ?? []).filter { $0 != "options" })
        let label: String?
        switch o["label"] {
        case nil: label = nil
        case .string(let s)?: label = s
        case let l?: throw fail(join(path, "label"), "a string", l)
        }
        let vp = join(path, "value")
        let value = o["value"]!
        if case .object(let inner) = value, inner["param"] != nil || inner["keyframes"] != nil {
            throw fail(vp, "a value (a parameter's value is never a reference or a keyframe object)", value)
        }
        let kind: Parameter.Kind
        switch type {
        case "number":
            let lo = try o["min"].map { try number($0, join(path, "min")) }
            let hi = try o["max"].map { try number($0, join(path, "max")) }
            if let lo, let hi, !(lo <= hi) { throw fail(join(path, "max"), "a number >= min (\(fmt(lo)))", o["max"]) }
            let step = try o["step"].map { try number($0, join(path, "step"), min: 0, minOpen: true) }
            kind = .number(min: lo, max: hi, step: step)
        case "choice":
            let op = join(path, "options")
            guard case .array(let list)? = o["options"], (1...256).contains(list.count) else {
                throw fail(op, "a list of 1 to 256 distinct non-empty strings", o["options"])
            }
            var options: [String] = []
            for (i, x) in list.enumerated() {
                guard case .string(let s) = x, !s.isEmpty else { throw fail("\(op)[\(i)]", "a non-empty string", x) }
                if options.contains(s) { throw fail("\(op)[\(i)]", "an option not given before (options are distinct)", x) }
                options.append(s)
            }
            kind = .choice(options: options)
        case "color": kind = .color
        default: kind = .boolean
        }
        let unchecked = Parameter(name: name, kind: kind, value: value, label: label)
        return Parameter(name: name, kind: kind, value: try unchecked.checked(value, path: vp, reader: self), label: label)
    }
}
