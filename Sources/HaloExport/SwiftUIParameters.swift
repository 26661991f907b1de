import Foundation
import HaloCore

/// A scene's parameters (docs/scene-format.md "Parameters") as the SwiftUI export's API: each
/// a stored property of the exported type with the scene's value as its default (`CGFloat`
/// for numbers, `Color` for colours, a nested `enum` of `String` raw values for choices,
/// `Bool` for booleans), read by the drawing wherever the scene's file referred to the
/// parameter (``ExportParameters``); a layer that depends on a choice or boolean is drawn
/// once per option under `if`.
struct SwiftUIParameters {
    let shared: ExportParameters
    /// Each parameter's Swift identifier by its name: the name, or NAMEValue / NAMEColor where
    /// the name is one the exported type already uses (`body`, a modifier's name).
    let identifiers: [String: String]
    /// Each choice parameter's nested enum type name by its name.
    let enumNames: [String: String]

    /// The members and modifiers an exported type refers to by bare name, which a stored
    /// property of the same name would hide or make ambiguous.
    static let reservedMembers: Set<String> = [
        "body", "t", "makeBody", "configuration", "label", "content", "frame", "offset", "position", "padding", "background",
        "overlay", "opacity", "blur", "clipped", "font", "fixedSize", "foregroundStyle", "compositingGroup", "buttonStyle",
        "lineSpacing", "multilineTextAlignment", "modifier", "strokePaint", "fillPaint", "text", "self", "Self", "init", "Type", "Protocol",
    ]

    init(_ scene: Scene) {
        shared = ExportParameters(scene)
        var ids: [String: String] = [:], enums: [String: String] = [:]
        let names = Set(shared.parameters.map(\.name))
        for p in shared.parameters {
            let suffix = p.kind == .color ? "Color" : "Value"
            var id = Self.reservedMembers.contains(p.name) || p.name.hasPrefix("layer") ? p.name + suffix : p.name
            // Another parameter may have the name given: then a number after it.
            var k = 2
            while id != p.name && names.contains(id) || ids.values.contains(id) { id = p.name + suffix + "\(k)"; k += 1 }
            ids[p.name] = id
        }
        for p in shared.parameters {
            guard case .choice = p.kind else { continue }
            let base = p.name.prefix(1).uppercased() + p.name.dropFirst()
            var type = SwiftUIExporter.reservedNames.contains(base) || ids.values.contains(base) ? base + "Option" : base
            var k = 2
            while enums.values.contains(type) || ids.values.contains(type) { type = base + "Option\(k)"; k += 1 }
            enums[p.name] = type
        }
        identifiers = ids; enumNames = enums
    }

    /// `name` as written in Swift: in backticks where it is a keyword.
    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil", "super", "throw", "throws", "true", "try",
        "await", "async", "consume", "copy", "discard", "each", "borrowing", "consuming", "some", "any", "package",
    ]

    /// The Swift reference to parameter `name`'s property.
    func reference(_ name: String) -> String { Self.escaped(identifiers[name] ?? name) }

    /// An option's enum case name: its words in lower camel case, "option" before a leading
    /// digit, a number after a repeat.
    static func caseNames(_ options: [String]) -> [String] {
        var seen: Set<String> = []
        return options.map { o in
            let words = o.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map(String.init)
            var name = words.enumerated().map { i, w in i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst() }.joined()
            if name.isEmpty || name.first!.isNumber { name = "option" + name }
            var unique = name, k = 2
            while seen.contains(unique) { unique = name + "\(k)"; k += 1 }
            seen.insert(unique)
            return escaped(unique)
        }
    }

    /// The Swift value of a parameter: its default and its argument in the preview.
    func literal(_ p: Parameter) -> String {
        switch p.kind {
        case .number: return ExportText.num(p.number ?? 0)
        case .color: return SwiftUIPaint.color(p.color ?? RGBA(0, 0, 0, 0))
        case .boolean: return "\(p.bool ?? false)"
        case .choice(let options): return "." + Self.caseNames(options)[p.choiceIndex ?? 0]
        }
    }

    /// The stored properties with their doc comments (saying so of those in `unread`, which
    /// the drawing does not read), then the choices' enums, indented 4.
    func declarations(unread: Set<String>) -> String {
        var lines: [String] = []
        for p in shared.parameters {
            let type: String
            switch p.kind {
            case .number: type = "CGFloat"
            case .color: type = "Color"
            case .boolean: type = "Bool"
            case .choice: type = enumNames[p.name]!
            }
            lines.append("    /// \(p.name): \(ExportParameters.summary(p))." + (unread.contains(p.name) ? " The drawing does not read it." : ""))
            lines.append("    var \(reference(p.name)): \(type) = \(literal(p))")
        }
        for p in shared.parameters {
            guard case .choice(let options) = p.kind else { continue }
            let cases = zip(Self.caseNames(options), options).map { "case \($0) = \"\(ExportText.swiftString($1))\"" }
            lines += ["", "    /// The options of `\(reference(p.name))`.", "    enum \(enumNames[p.name]!): String, CaseIterable {"]
                + cases.map { "        " + $0 } + ["    }"]
        }
        return lines.joined(separator: "\n")
    }

    /// The initialiser's arguments that give every parameter the scene's value ("width: 3, accent: ...").
    var previewArguments: String {
        shared.parameters.map { "\(identifiers[$0.name]!): \(literal($0))" }.joined(separator: ", ")
    }

    /// The corner style of layer `index` as an expression of the choice it names, when that
    /// choice is all the layer depends on, it picks only `cornerStyle`, and its options are
    /// corner styles: `corners == .circular ? .circular : .continuous`. Nil otherwise.
    func cornerStyle(of index: Int) -> String? {
        let refs = shared.switchReferences(under: "layers[\(index)]")
        guard let name = refs.first?.value, refs.allSatisfy({ $0.key == "layers[\(index)].shape.cornerStyle" }),
              case .choice(let options)? = shared.parameter(name)?.kind, Set(options).isSubset(of: ["circular", "continuous"]) else { return nil }
        let cases = Self.caseNames(options)
        guard options.count == 2 else { return "." + options[0] }
        return "\(reference(name)) == .\(cases[options.firstIndex(of: "circular")!]) ? .circular : .continuous"
    }

    /// The condition under which one combination of options holds (`corners == .circular && shine`).
    func condition(_ combo: [ExportParameters.Choice]) -> String {
        combo.map { c in
            let p = shared.parameter(c.name)!
            switch p.kind {
            case .boolean: return c.value == .bool(true) ? reference(c.name) : "!" + reference(c.name)
            case .choice(let options): return "\(reference(c.name)) == .\(Self.caseNames(options)[options.firstIndex(of: c.text) ?? 0])"
            case .number, .color: return "true"
            }
        }.joined(separator: " && ")
    }
}

/// Where the drawing's values come from, as Swift expressions by the value's JSON path: a
/// keyframe track's `haloKeyframe` read (``SwiftUIKeyframes``), else the property of the
/// parameter the file referred to there, else the literal. Records which references it read.
final class SwiftUIReads {
    /// The keyframe tracks' reads by path (``SwiftUIKeyframes``); they win over a parameter.
    var keyframes: [String: String]
    private let parameters: [String: Parameter]
    private let identifiers: [String: String]
    /// The JSON paths of the parameter references read so far.
    private(set) var used: Set<String> = []
    /// The names of the parameters read so far (choices and booleans by ``switched(_:)``).
    private(set) var usedNames: Set<String> = []

    /// Records that the drawing depends on choice or boolean parameters `names`.
    func switched(_ names: [String]) { usedNames.formUnion(names) }

    init(keyframes: [String: String] = [:], parameters: SwiftUIParameters? = nil) {
        self.keyframes = keyframes
        self.parameters = parameters?.shared.values ?? [:]
        identifiers = parameters.map { p in Dictionary(uniqueKeysWithValues: p.shared.parameters.map { ($0.name, p.reference($0.name)) }) } ?? [:]
    }

    /// True when a keyframe track reads `path`.
    func isKeyframed(_ path: String) -> Bool { keyframes[path] != nil }

    /// The parameter's property read at `path`, if the file referred to one there.
    func parameter(_ path: String) -> String? {
        guard let p = parameters[path], let id = identifiers[p.name] else { return nil }
        used.insert(path); usedNames.insert(p.name)
        return id
    }

    /// The number at `path`: a `Double` expression, or a `CGFloat` one when `cgFloat`.
    func number(_ path: String, _ value: Double, cgFloat: Bool = false) -> String {
        if let e = keyframes[path] { return cgFloat ? "CGFloat(\(e))" : e }
        if let id = parameter(path) { return cgFloat ? id : "Double(\(id))" }
        return ExportText.num(value)
    }

    /// The colour at the first of `paths` that a track or a parameter reads, else the literal.
    func color(_ paths: [String], _ value: RGBA) -> String {
        for path in paths { if let e = keyframes[path] { return e } }
        for path in paths { if let id = parameter(path) { return id } }
        return SwiftUIPaint.color(value)
    }
}
