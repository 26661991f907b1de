import Foundation
import HaloCore

/// A scene's parameters (docs/scene-format.md "Parameters") as the HTML export's component
/// interface (docs/code-export.md "As a component"): each number and colour parameter a custom
/// property `--NAME` on the scene's element holding the scene's value (numbers unitless, in
/// the scene's units: points, seconds), read by `var(--NAME)` where the parameter's value
/// flows; each choice or boolean parameter an attribute `data-NAME`, the layers that depend
/// on it drawn once per option and shown by the attribute's value.
///
/// Which output value comes from which parameter is known from the references the scene's
/// reading replaced (``Scene/parameterReferences``: the JSON path of each reference and the
/// parameter it named), so a value flows only where the file wrote a reference.
struct CSSParameters {
    /// The scene's parameters in file order.
    let parameters: [Parameter]
    /// The `var()` that reads each referenced number or colour, by the reference's JSON path.
    private(set) var reads: [String: String] = [:]
    /// Each choice or boolean parameter's name, by the JSON paths that reference it.
    private(set) var switches: [String: String] = [:]

    init(_ scene: Scene) {
        parameters = scene.parameters
        let byName = Dictionary(scene.parameters.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (path, name) in scene.parameterReferences {
            guard let p = byName[name] else { continue }
            switch p.kind {
            case .number, .color: reads[path] = "var(--\(name))"
            case .choice, .boolean: switches[path] = name
            }
        }
    }

    /// The custom properties' declarations on the scene's element: `--NAME: VALUE`, the value
    /// the scene is drawn with (a number in the scene's units, unitless; a colour as CSS).
    var declarations: [String] {
        parameters.compactMap { p in
            switch p.kind {
            case .number: return p.number.map { "--\(p.name): \(ExportText.num($0))" }
            case .color: return p.color.map { "--\(p.name): \(ExportText.css($0))" }
            case .choice, .boolean: return nil
            }
        }
    }

    /// The scene element's attributes: `data-halo-scene` and `data-NAME="VALUE"` for each choice
    /// or boolean parameter.
    func attributes(scene name: String) -> String {
        var a = " data-halo-scene=\"\(ExportText.html(name))\""
        for p in parameters {
            switch p.value {
            case .string(let s) where p.choiceIndex != nil: a += " data-\(p.name)=\"\(ExportText.html(s))\""
            case .bool(let b): a += " data-\(p.name)=\"\(b)\""
            default: continue
            }
        }
        return a
    }

    /// The options of a choice or boolean parameter as attribute values and JSON values.
    static func options(_ p: Parameter) -> [(text: String, value: JSONValue)] {
        switch p.kind {
        case .choice(let options): return options.map { ($0, .string($0)) }
        case .boolean: return [("true", .bool(true)), ("false", .bool(false))]
        case .number, .color: return []
        }
    }

    /// The choice and boolean parameters that values under `path` ("layers[1]") depend on.
    func switches(under path: String) -> [String] {
        let names = switches.filter { $0.key == path || $0.key.hasPrefix(path + ".") || $0.key.hasPrefix(path + "[") }.map(\.value)
        return parameters.map(\.name).filter { names.contains($0) }
    }

    /// One drawing of a layer: the layer drawn with one option of each choice or boolean
    /// parameter it depends on (nil: the layer as the scene draws it), and the element that
    /// shows it only while the scene's element has those options' attributes.
    struct Variant {
        var layer: Layer?
        var wrap: (String) -> String
    }

    /// Most drawings of one layer (the options of its choice and boolean parameters multiplied).
    static let maxVariants = 64

    /// Layer `index` once per combination of the options of the choice and boolean parameters
    /// it depends on, each read again from the scene's file with those values (the others as
    /// drawn); one drawing as is when it depends on none, when the scene has no file, or when
    /// the combinations pass ``maxVariants`` (then the options drawn are noted).
    /// - Throws: ``SceneError`` when a combination's scene cannot be read or drawn at `time`.
    func variants(of index: Int, scene: Scene, time: Double, root: String, sheet: CSSSheet,
                  notes: inout [Approximation]) throws -> [Variant] {
        let names = switches(under: "layers[\(index)]")
        let byName = Dictionary(parameters.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let plain = [Variant(layer: nil, wrap: { $0 })]
        guard !names.isEmpty else { return plain }
        var combos: [[(name: String, text: String, value: JSONValue)]] = [[]]
        for name in names {
            combos = combos.flatMap { c in Self.options(byName[name]!).map { c + [(name, $0.text, $0.value)] } }
        }
        guard let file = scene.file, combos.count <= Self.maxVariants else {
            notes.append(Approximation("layers[\(index)]", "drawn with " + names.map { "\($0) = \(byName[$0]!.value.jsonText)" }.joined(separator: ", ")
                + " only (\(combos.count) combinations of options; data- attributes change nothing here)"))
            return plain
        }
        let drawn = Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        return try combos.map { combo in
            var values = drawn
            for c in combo { values[c.name] = c.value }
            var variant = try SceneDecoder.load(path: file, values: values).at(scene.reduceMotion ? 0 : time)
            if scene.reduceMotion { variant.layers[index].stripAnimations() }
            let cls = sheet.name("when")
            sheet.rule(cls, ["display: contents"])
            let hidden = combo.map { ".\(root):not([data-\($0.name)=\"\($0.text)\"]) .\(cls)" }.joined(separator: ", ")
            sheet.rawRule(hidden + " { display: none }")
            return Variant(layer: variant.layers[index], wrap: { "<div class=\"\(cls)\">\($0)</div>" })
        }
    }

    /// The header comment's lines: each parameter, its type, value, range or options, label.
    var header: [String] {
        guard !parameters.isEmpty else { return [] }
        return ["Parameters (custom properties on the [data-halo-scene] element; choices and booleans as data- attributes):"]
            + parameters.map { p in
                var line = "- "
                switch p.kind {
                case .number(let lo, let hi, let step):
                    line += "--\(p.name): number, \(p.value.jsonText)"
                    if lo != nil || hi != nil { line += ", \(lo.map(ExportText.num) ?? "-inf") to \(hi.map(ExportText.num) ?? "inf")" }
                    if let step { line += ", step \(ExportText.num(step))" }
                case .color: line += "--\(p.name): colour, \(p.value.jsonText)"
                case .choice(let o): line += "data-\(p.name): choice, \(p.value.jsonText), one of \(o.joined(separator: " | "))"
                case .boolean: line += "data-\(p.name): boolean, \(p.value.jsonText)"
                }
                if let label = p.label { line += " (\(label))" }
                return line
            }
    }
}
