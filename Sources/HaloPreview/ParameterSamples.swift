import Halo

/// The values a preview draws each parameter at before anyone sets it, so that the GPU
/// programs a new value needs are compiled at load rather than on the frame that shows
/// it. The renderer picks a program variant per tile class (edge, inside, paint
/// averaging, glow) and per blur width, and a parameter that moves geometry (a stroke
/// width, a glow radius, a corner style) moves tiles between classes: feature-params'
/// width 3 -> 6 needs two variants that width 3 does not.
///
/// Each sample set is the live values with one parameter changed (one at a time, not
/// every combination): every option of a choice, both booleans, and for a number with a
/// range every `step` from `min` to `max` when that is at most ``maxSteps`` values, else
/// ``spanSamples`` evenly spaced values. A number without both ends is sampled at
/// ``openFactors`` times its value (and +-1 from it), inside the end it has. Colours
/// are not sampled: a colour changes no tile's class. Values between samples, and
/// combinations of several changed values, can still need a program (the preview counts
/// compiles in its title and stats line).
public enum ParameterSamples {
    /// Most values of a stepped number sampled step by step.
    public static let maxSteps = 64
    /// Values sampled over a range without a usable step, both ends included.
    public static let spanSamples = 33
    /// Multiples of the value sampled for a number without both ends.
    public static let openFactors: [Double] = [0, 0.5, 2]
    /// Most sample sets in all (the first parameters in file order get theirs first).
    public static let maxSets = 256

    /// The values `parameter` is sampled at; a number without both ends around `live`
    /// (its value when nil).
    public static func values(_ parameter: Parameter, live: JSONValue? = nil) -> [JSONValue] {
        switch parameter.kind {
        case .boolean:
            return [.bool(false), .bool(true)]
        case .choice(let options):
            return options.map { .string($0) }
        case .color:
            return []
        case .number(let lo?, let hi?, let step):
            if lo == hi { return [.number(lo)] }
            var out: [Double]
            if let step, step > 0, ((hi - lo) / step).rounded(.down) < Double(maxSteps) {
                let n = Int(((hi - lo) / step).rounded(.down))
                out = (0...n).map { lo + Double($0) * step }
                if out.last! < hi { out.append(hi) }
            } else {
                out = (0..<spanSamples).map { lo + (hi - lo) * Double($0) / Double(spanSamples - 1) }
                out[spanSamples - 1] = hi
            }
            return out.map { .number($0) }
        case .number(let lo, let hi, _):
            var v = parameter.number ?? 0
            if case .number(let d)? = live { v = d }
            let raw = openFactors.map { v * $0 } + [v - 1, v + 1]
            let inside = raw.map { min(max($0, lo ?? -.infinity), hi ?? .infinity) }
            var seen = Set<Double>()
            return inside.filter { seen.insert($0).inserted }.map { .number($0) }
        }
    }

    /// The sample sets for `state`: its overrides with one parameter set to each of its
    /// sample values other than its live one, at most ``maxSets``.
    public static func sets(_ state: ParameterState) -> [[String: JSONValue]] {
        var out: [[String: JSONValue]] = []
        for p in state.parameters {
            let live = state.value(p.name)
            for v in values(p, live: live) where v != live {
                if out.count == maxSets { return out }
                var set = state.overrides
                set[p.name] = v
                out.append(set)
            }
        }
        return out
    }
}
