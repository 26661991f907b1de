import Foundation
import Halo

/// The scene's own parameters as the control panel's controls (docs/scene-format.md
/// "Parameters"): a slider for a number with `min` and `max` (a drag field without them),
/// a colour picker, a checkbox, a drop-down for a choice; a dot on values that differ from
/// the file. Edits go to the live values of ``PreviewSceneSource``: drawing them reads no
/// file, and no frame waits for a program once the preview has prepared its programs (Preview+Prepare.swift).
enum ParameterControls {
    /// A number's step when the declaration gives none: a hundredth of its range, else 0.1.
    static func defaultStep(min: Double?, max: Double?) -> Double {
        if let lo = min, let hi = max, hi > lo { return (hi - lo) / 100 }
        return 0.1
    }

    /// The control for `parameter` showing its live value `value`.
    static func control(_ parameter: Parameter, value: JSONValue, differsFromFile: Bool) -> ControlPanel.Control {
        let kind: ControlPanel.Kind
        switch parameter.kind {
        case .number(let lo, let hi, let step):
            let v: Double
            if case .number(let x) = value { v = x } else { v = 0 }
            kind = .number(value: v, min: lo, max: hi, step: step ?? defaultStep(min: lo, max: hi))
        case .color:
            let c = (try? RGBA(json: value)) ?? RGBA(0, 0, 0, 1)
            kind = .colour(.init(red: c.r, green: c.g, blue: c.b, alpha: c.a))
        case .boolean:
            if case .bool(let b) = value { kind = .boolean(b) } else { kind = .boolean(false) }
        case .choice(let options):
            var i = 0
            if case .string(let s) = value, let k = options.firstIndex(of: s) { i = k }
            kind = .choice(options: options, index: i)
        }
        return ControlPanel.Control(name: parameter.name, label: parameter.label, kind: kind, differsFromFile: differsFromFile)
    }

    /// The JSON value a control's edited `value` stands for, as a scene file would hold it
    /// (a colour as `"#RRGGBBAA"`, a choice as its option's name); nil when the kinds differ.
    static func json(_ value: ControlPanel.Value, for parameter: Parameter) -> JSONValue? {
        switch (parameter.kind, value) {
        case (.number, .number(let x)): return .number(x)
        case (.color, .colour(let c)): return RGBA(c.red, c.green, c.blue, c.alpha).hexJSON
        case (.boolean, .boolean(let b)): return .bool(b)
        case (.choice(let options), .choice(let i)) where options.indices.contains(i): return .string(options[i])
        default: return nil
        }
    }
}

extension Preview {
    /// The controls of the scene's parameters, with their live values.
    func parameterControls() -> [ControlPanel.Control] {
        source.state.parameters.map {
            ParameterControls.control($0, value: source.state.value($0.name) ?? $0.fileValue,
                                      differsFromFile: source.state.differsFromFile($0.name))
        }
    }

    /// Applies the panel's requests to the live values (``PreviewSceneSource/apply(_:)``);
    /// the scene drawn from the next frame is the file with them in place. A value the
    /// declaration refuses is printed and dropped.
    func applyParameterRequests(_ requests: [ControlPanel.Request]) {
        for refusal in source.apply(requests) { printError("halo preview: \(refusal)") }
        // A scripted run says what the panel set (as a scene file holds it).
        if options.frames != nil {
            for case .set(let name, _) in requests { say("halo preview: panel set \(name) = \(source.state.value(name)?.jsonText ?? "?")") }
        }
        scene = source.scene
        needsDraw = true
    }
}

extension PreviewSceneSource {
    /// Applies the control panel's requests to the live values, in order: an edit sets its
    /// parameter to the value as a scene file would hold it (``ParameterControls/json(_:for:)``),
    /// a reset puts the file's value back. Returns the refusals (a value the declaration
    /// refuses changes nothing); requests naming no parameter, or of another kind, are skipped.
    public mutating func apply(_ requests: [ControlPanel.Request]) -> [Error] {
        var refusals: [Error] = []
        for request in requests {
            do {
                switch request {
                case .set(let name, let value):
                    guard let p = state.parameters.first(where: { $0.name == name }),
                          let json = ParameterControls.json(value, for: p) else { continue }
                    try set(name, json)
                case .reset(let name): try reset(name)
                case .resetAll: try reset()
                }
            } catch {
                refusals.append(error)
            }
        }
        return refusals
    }
}
