import Foundation
import HaloCore

/// A scene's parameters (docs/scene-format.md "Parameters") as the HTML export's component
/// interface (docs/code-export.md "As a component"): each number and colour parameter a custom
/// property `--NAME` on the scene's element holding the scene's value (numbers unitless, in
/// the scene's units: points, seconds), read by `var(--NAME)` where the parameter's value
/// flows; each choice or boolean parameter an attribute `data-NAME`, the layers that depend
/// on it drawn once per option and shown by the attribute's value.
/// Which value reads which parameter is ``ExportParameters``'s.
struct CSSParameters {
    /// Which paths read which parameter, and the layers' variants (shared with the SwiftUI export).
    let shared: ExportParameters
    /// The scene's parameters in file order.
    var parameters: [Parameter] { shared.parameters }
    /// The `var()` that reads each referenced number or colour, by the reference's JSON path.
    let reads: [String: String]

    init(_ scene: Scene) {
        shared = ExportParameters(scene)
        reads = shared.values.mapValues { "var(--\($0.name))" }
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

    /// One drawing of a layer: the layer drawn with one option of each choice or boolean
    /// parameter it depends on (nil: the layer as the scene draws it), and the element that
    /// shows it only while the scene's element has those options' attributes.
    struct Variant {
        var layer: Layer?
        var wrap: (String) -> String
    }

    /// Layer `index` once per combination of the options of the choice and boolean parameters
    /// it depends on (``ExportParameters/variants(of:scene:time:notes:unchanged:)``), each
    /// wrapped in an element shown only while the scene's element has those options'
    /// attributes; one drawing as is when there are none to draw.
    /// - Throws: ``SceneError`` when a combination's scene cannot be read or drawn at `time`.
    func variants(of index: Int, scene: Scene, time: Double, root: String, sheet: CSSSheet,
                  notes: inout [Approximation]) throws -> [Variant] {
        guard let drawings = try shared.variants(of: index, scene: scene, time: time, notes: &notes,
                                                 unchanged: "data- attributes change nothing here") else {
            return [Variant(layer: nil, wrap: { $0 })]
        }
        return drawings.map { combo, layer in
            let cls = sheet.name("when")
            sheet.rule(cls, ["display: contents"])
            let hidden = combo.map { ".\(root):not([data-\($0.name)=\"\($0.text)\"]) .\(cls)" }.joined(separator: ", ")
            sheet.rawRule(hidden + " { display: none }")
            return Variant(layer: layer, wrap: { "<div class=\"\(cls)\">\($0)</div>" })
        }
    }

    /// The header comment's lines: each parameter, its type, value, range or options, label.
    var header: [String] {
        guard !parameters.isEmpty else { return [] }
        return ["Parameters (custom properties on the [data-halo-scene] element; choices and booleans as data- attributes):"]
            + parameters.map { p in
                switch p.kind {
                case .number, .color: return "- --\(p.name): " + ExportParameters.summary(p)
                case .choice, .boolean: return "- data-\(p.name): " + ExportParameters.summary(p)
                }
            }
    }
}
