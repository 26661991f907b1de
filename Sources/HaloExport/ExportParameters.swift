import Foundation
import HaloCore

/// A scene's parameters (docs/scene-format.md "Parameters") as both code exports see them:
/// which JSON paths take their value from which parameter, and a layer drawn once per option
/// of the choice and boolean parameters it depends on.
///
/// Which output value comes from which parameter is known from the references the scene's
/// reading replaced (``Scene/parameterReferences``: the JSON path of each reference and the
/// parameter it named), so a value flows only where the file wrote a reference.
struct ExportParameters {
    /// The scene's parameters in file order.
    let parameters: [Parameter]
    /// The number or colour parameter each reference names, by the reference's JSON path.
    private(set) var values: [String: Parameter] = [:]
    /// Each choice or boolean parameter's name, by the JSON paths that reference it.
    private(set) var switches: [String: String] = [:]

    init(_ scene: Scene) {
        parameters = scene.parameters
        let byName = Dictionary(scene.parameters.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (path, name) in scene.parameterReferences {
            guard let p = byName[name] else { continue }
            switch p.kind {
            case .number, .color: values[path] = p
            case .choice, .boolean: switches[path] = name
            }
        }
    }

    /// The parameter named `name`.
    func parameter(_ name: String) -> Parameter? { parameters.first { $0.name == name } }

    /// The options of a choice or boolean parameter as text and JSON values.
    static func options(_ p: Parameter) -> [(text: String, value: JSONValue)] {
        switch p.kind {
        case .choice(let options): return options.map { ($0, .string($0)) }
        case .boolean: return [("true", .bool(true)), ("false", .bool(false))]
        case .number, .color: return []
        }
    }

    /// The references to choice and boolean parameters at or under `path` ("layers[1]").
    func switchReferences(under path: String) -> [String: String] {
        switches.filter { $0.key == path || $0.key.hasPrefix(path + ".") || $0.key.hasPrefix(path + "[") }
    }

    /// The choice and boolean parameters that values under `path` ("layers[1]") depend on, in file order.
    func switches(under path: String) -> [String] {
        let names = switchReferences(under: path).map(\.value)
        return parameters.map(\.name).filter { names.contains($0) }
    }

    /// One option of a choice or boolean parameter: its name, its text, its JSON value.
    typealias Choice = (name: String, text: String, value: JSONValue)

    /// Most drawings of one layer (the options of its choice and boolean parameters multiplied).
    static let maxVariants = 64

    /// Layer `index` once per combination of the options of the choice and boolean parameters
    /// it depends on, each read again from the scene's file with those values (the others as
    /// drawn), or nil when it depends on none. When the scene has no file or the combinations
    /// pass ``maxVariants``, nil too, and `notes` receives a line naming the options drawn,
    /// `unchanged` saying what does not change them.
    /// - Throws: ``SceneError`` when a combination's scene cannot be read or drawn at `time`.
    func variants(of index: Int, scene: Scene, time: Double, notes: inout [Approximation],
                  unchanged: String) throws -> [(combo: [Choice], layer: Layer)]? {
        let names = switches(under: "layers[\(index)]")
        guard !names.isEmpty else { return nil }
        var combos: [[Choice]] = [[]]
        for name in names {
            combos = combos.flatMap { c in Self.options(parameter(name)!).map { c + [(name, $0.text, $0.value)] } }
        }
        guard let file = scene.file, combos.count <= Self.maxVariants else {
            notes.append(Approximation("layers[\(index)]", "drawn with " + names.map { "\($0) = \(parameter($0)!.value.jsonText)" }.joined(separator: ", ")
                + " only (\(combos.count) combinations of options; \(unchanged))"))
            return nil
        }
        let drawn = Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        return try combos.map { combo in
            var values = drawn
            for c in combo { values[c.name] = c.value }
            var variant = try SceneDecoder.load(path: file, values: values).at(scene.reduceMotion ? 0 : time)
            if scene.reduceMotion { variant.layers[index].stripAnimations() }
            return (combo, variant.layers[index])
        }
    }

    /// The parameter's type, value, range or options and label: "number, 3, 0.5 to 12, step 0.5
    /// (Border width)", "choice, \"continuous\", one of circular | continuous".
    static func summary(_ p: Parameter) -> String {
        var line: String
        switch p.kind {
        case .number(let lo, let hi, let step):
            line = "number, \(p.value.jsonText)"
            if lo != nil || hi != nil { line += ", \(lo.map(ExportText.num) ?? "-inf") to \(hi.map(ExportText.num) ?? "inf")" }
            if let step { line += ", step \(ExportText.num(step))" }
        case .color: line = "colour, \(p.value.jsonText)"
        case .choice(let o): line = "choice, \(p.value.jsonText), one of \(o.joined(separator: " | "))"
        case .boolean: line = "boolean, \(p.value.jsonText)"
        }
        if let label = p.label { line += " (\(label))" }
        // One line: a label or option holding a line break or another control character would
        // end the comment it is written in (a Swift doc comment, a line of the HTML header).
        return String(line.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) })
    }
}
