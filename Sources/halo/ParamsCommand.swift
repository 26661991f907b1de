import Foundation
import Halo

/// `halo params SCENE.json`: lists a scene's parameters (docs/scene-format.md "Parameters").
enum ParamsCommand {
    /// Help's prose before the options (they come from ``CommandOption``).
    static let description = """
    Lists the parameters a scene declares (docs/scene-format.md "Parameters"), in file order: name,
    type, the value drawn, its range (number: min...max and step) or options (choice),
    and label. With --set or --params, the values given replace the file's (checked as
    `halo render` checks them).
    """

    /// Help's prose after the options.
    static let after = """
    OUTPUT: one line a parameter, columns separated by two or more spaces; "-" where a
    parameter has no range, options or label. A scene without parameters prints
    "no parameters".

    EXIT STATUS: 0 listed; 2 bad input (the scene, a value).
    """

    /// Lists the parameters of a parsed command line's scene; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        let options = try ParameterOptions(args)
        let scene = try CommandFailure.exiting(2) { try options.load(args.operands[0]).scene }
        if args.given(.paramsJSON) {
            print("{\"parameters\": [" + scene.parameters.map(json).joined(separator: ", ") + "]}")
            return 0
        }
        if scene.parameters.isEmpty { print("no parameters"); return 0 }
        let rows = [["NAME", "TYPE", "VALUE", "RANGE OR OPTIONS", "LABEL"]] + scene.parameters.map { p in
            [p.name, p.kind.typeName, p.value.jsonText, constraint(p), p.label.map { JSONValue.string($0).jsonText } ?? "-"]
        }
        let widths = (0..<5).map { c in rows.map { $0[c].count }.max()! }
        for r in rows {
            print(r.enumerated().map { c, cell in c == 4 ? cell : cell.padding(toLength: widths[c] + 2, withPad: " ", startingAt: 0) }.joined())
        }
        return 0
    }

    /// A number's "min...max, step S", a choice's options "a | b", else "-".
    static func constraint(_ p: Parameter) -> String {
        switch p.kind {
        case .number(let lo, let hi, let step):
            var parts: [String] = []
            if lo != nil || hi != nil { parts.append("\(lo.map(number) ?? "")...\(hi.map(number) ?? "")") }
            if let step { parts.append("step \(number(step))") }
            return parts.isEmpty ? "-" : parts.joined(separator: ", ")
        case .choice(let options): return options.joined(separator: " | ")
        default: return "-"
        }
    }

    static func number(_ d: Double) -> String { JSONValue.number(d).jsonText }

    /// One parameter as a JSON object.
    static func json(_ p: Parameter) -> String {
        var fields: [(String, JSONValue)] = [("name", .string(p.name)), ("type", .string(p.kind.typeName)),
                                             ("value", p.value), ("fileValue", p.fileValue)]
        switch p.kind {
        case .number(let lo, let hi, let step):
            if let lo { fields.append(("min", .number(lo))) }
            if let hi { fields.append(("max", .number(hi))) }
            if let step { fields.append(("step", .number(step))) }
        case .choice(let options): fields.append(("options", .array(options.map { .string($0) })))
        default: break
        }
        if let label = p.label { fields.append(("label", .string(label))) }
        return "{" + fields.map { "\"\($0.0)\": \($0.1.jsonText)" }.joined(separator: ", ") + "}"
    }
}
