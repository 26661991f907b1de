import Halo

/// The parameter values that can change a scene's structure: which paint type, shape kind,
/// corner style, dash cap or shader file a layer has. Only a choice or a boolean can stand
/// for such a string or flag; a number or a colour changes sizes, positions, colours and
/// opacities, whose effect on the renderer's programs the renderer enumerates itself
/// (``GLRenderer/programsToPrepare(for:window:)``).
public enum StructuralValues {
    /// Most combinations listed: past it, each choice and boolean is varied one at a time
    /// over the live values (a combination of two such values that both change a layer's
    /// structure can then compile a program when it is set).
    public static let maxCombinations = 64

    /// Every combination of the choices' options and the booleans' two values (at most
    /// ``maxCombinations``; one at a time past it), each as overrides over `state`'s live
    /// values; the live values first. Numbers and colours keep their live values.
    public static func combinations(_ state: ParameterState) -> [[String: JSONValue]] {
        let discrete = state.parameters.compactMap { p -> (String, [JSONValue])? in
            switch p.kind {
            case .choice(let options): return (p.name, options.map { .string($0) })
            case .boolean: return (p.name, [.bool(false), .bool(true)])
            default: return nil
            }
        }
        let count = discrete.reduce(1) { $0 > maxCombinations ? $0 : $0 * $1.1.count }
        var out: [[String: JSONValue]] = [state.overrides]
        if count <= maxCombinations {
            var sets: [[String: JSONValue]] = [state.overrides]
            for (name, values) in discrete {
                sets = sets.flatMap { s in values.map { v in var t = s; t[name] = v; return t } }
            }
            out += sets
        } else {
            for (name, values) in discrete {
                for v in values { var t = state.overrides; t[name] = v; out.append(t) }
            }
        }
        // The live combination once, first.
        var seen: [[String: JSONValue]] = []
        for s in out where !seen.contains(where: { same($0, s, state) }) { seen.append(s) }
        return seen
    }

    /// Whether two override sets give every parameter the same value.
    private static func same(_ a: [String: JSONValue], _ b: [String: JSONValue], _ state: ParameterState) -> Bool {
        state.parameters.allSatisfy { (a[$0.name] ?? $0.fileValue) == (b[$0.name] ?? $0.fileValue) }
    }
}
