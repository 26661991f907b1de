import CEpoxy
import HaloCore

/// A scene's parameters as uniforms of its shader paints (Shaders/README.md "Parameters"):
/// every parameter NAME is `p_NAME` in a paint's GLSL without the paint declaring it:
/// a number a `float`, a colour a straight-alpha sRGB `vec4`, a boolean a `bool`, a choice
/// an `int` (the index of its option) with `#define p_NAME_OPTION index` per option.
///
/// Programs are compiled for the declarations (names, types, options: ``glsl``), never for
/// values: a new value is a uniform set at the next draw (``setValues(_:on:)``).
struct ShaderParameters: Hashable, Sendable {
    /// One declaration as GLSL sees it.
    struct Declaration: Hashable, Sendable {
        var name: String
        var type: String
        var options: [String]
    }

    let declarations: [Declaration]

    init(_ parameters: [Parameter]) {
        declarations = parameters.map { p in
            if case .choice(let options) = p.kind { return Declaration(name: p.name, type: p.kind.typeName, options: options) }
            return Declaration(name: p.name, type: p.kind.typeName, options: [])
        }
    }

    /// The uniform names, `p_NAME` each.
    var uniformNames: [String] { declarations.map { "p_" + $0.name } }

    /// The declarations as GLSL (``ShaderLibrary/withPaints(fill:stroke:parameters:)`` puts it
    /// in place of the empty `paint/params.glsl`).
    var glsl: String {
        var lines = ["// The scene's parameters (Shaders/README.md \"Parameters\"), declared by Halo."]
        for d in declarations {
            switch d.type {
            case "number": lines.append("uniform float p_\(d.name);")
            case "color": lines.append("uniform vec4 p_\(d.name);   // straight-alpha sRGB")
            case "boolean": lines.append("uniform bool p_\(d.name);")
            default:
                lines.append("uniform int p_\(d.name);")
                for (i, id) in Self.optionIdentifiers(d.options).enumerated() { lines.append("#define p_\(d.name)_\(id) \(i)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each option as the end of a GLSL identifier: every run of characters other than ASCII
    /// letters, digits and `_` becomes one `_`; an option whose result an earlier one already
    /// took gets `_2`, `_3`, ... (the first free). "very fast" -> very_fast, "2x" -> 2x.
    static func optionIdentifiers(_ options: [String]) -> [String] {
        var taken: Set<String> = [], out: [String] = []
        for o in options {
            var id = "", lastWasUnderscore = false
            for u in o.utf8 {
                let ok = (0x41...0x5A).contains(u) || (0x61...0x7A).contains(u) || (0x30...0x39).contains(u) || u == 0x5F
                if ok { id.append(Character(Unicode.Scalar(u))); lastWasUnderscore = u == 0x5F } else if !lastWasUnderscore {
                    id += "_"; lastWasUnderscore = true
                }
            }
            var unique = id, n = 2
            while taken.contains(unique) { unique = "\(id)_\(n)"; n += 1 }
            taken.insert(unique)
            out.append(unique)
        }
        return out
    }

    /// Sets each parameter's value on `program` (current), by its `p_NAME` location.
    static func setValues(_ parameters: [Parameter], on program: GLProgram) {
        for p in parameters {
            let loc = program.loc("p_" + p.name)
            if loc < 0 { continue }   // not used by this program's paints
            switch p.kind {
            case .number: halo_glUniform1f(loc, Float(p.number ?? 0))
            case .color:
                let c = p.color ?? RGBA(0, 0, 0, 0)
                halo_glUniform4f(loc, Float(c.r), Float(c.g), Float(c.b), Float(c.a))
            case .boolean: halo_glUniform1i(loc, p.bool == true ? 1 : 0)
            case .choice: halo_glUniform1i(loc, GLint(p.choiceIndex ?? 0))
            }
        }
    }
}
