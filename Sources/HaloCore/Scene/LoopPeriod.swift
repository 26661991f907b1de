import Foundation

/// The loop of a scene's motion: the least common period of its animations (docs/scene-format.md
/// "Animation", "Keyframes"), for exporting exactly one loop and for shader paints'
/// `haloLoopPeriod`.
public enum LoopPeriod: Equatable, Sendable {
    /// Nothing moves (after `start` seconds): one frame is the loop.
    case still(start: Double)
    /// From `start` seconds on (the largest delay, or the end of a keyframe track that
    /// holds its last value) the scene repeats every `seconds`.
    case period(seconds: Double, start: Double)
    /// No common period of at most ``LoopPeriod/longest`` seconds; `reason` names the
    /// animations, e.g. "layers[0].fill.rotation (7 s), layers[1].opacity (keyframes, 11 s)".
    case none(reason: String)

    /// The longest loop looked for, seconds.
    public static let longest = 60.0
    /// How close a multiple of every period must come to the loop, seconds.
    public static let tolerance = 0.001
}

extension Scene {
    /// Every cycle of the scene's animations, by JSON path: a rotation's period (twice it
    /// when reversing), a corner cycle's 4 steps (2 when reversing), a keyframe track's last
    /// time (twice when reversing); and when each starts to repeat (its delay; a track that
    /// holds its last value is still from its delay plus its last time on).
    func animationCycles() -> (cycles: [(path: String, seconds: Double)], start: Double) {
        var cycles: [(String, Double)] = []
        var start = 0.0
        for (i, layer) in layers.enumerated() {
            for (name, paint) in [("fill", layer.fill), ("stroke.paint", layer.stroke?.paint)] {
                switch paint?.animation {
                case .rotation(let p, _, let m)?:
                    cycles.append(("layers[\(i)].\(name).rotation", m.reverses ? 2 * p : p)); start = max(start, m.delay)
                case .cornerCycle(let d, let m)?:
                    cycles.append(("layers[\(i)].\(name).cornerCycle", m.reverses ? 2 * d : 4 * d)); start = max(start, m.delay)
                case nil: break
                }
            }
        }
        for (path, track) in keyframes?.tracks ?? [] {
            if let p = track.period { cycles.append(("\(path) (keyframes)", p)); start = max(start, track.delay) }
            else { start = max(start, track.delay + track.times[track.times.count - 1]) }
        }
        return (cycles, start)
    }

    /// The scene's loop (``LoopPeriod``): the least L <= 60 s that every cycle divides to
    /// within 1 ms. Reduce Motion makes every scene still.
    public var loopPeriod: LoopPeriod {
        if reduceMotion { return .still(start: 0) }
        let (cycles, start) = animationCycles()
        guard let longest = cycles.map(\.seconds).max() else { return .still(start: start) }
        var n = 1.0
        while n * longest <= LoopPeriod.longest + LoopPeriod.tolerance {
            let l = n * longest
            if cycles.allSatisfy({ c in
                let m = (l / c.seconds).rounded()
                return m >= 1 && abs(l - m * c.seconds) <= LoopPeriod.tolerance
            }) { return .period(seconds: l, start: start) }
            n += 1
        }
        let list = cycles.map { "\($0.path) (\(fmt($0.seconds)) s)" }.joined(separator: ", ")
        return .none(reason: "no common period of at most \(fmt(LoopPeriod.longest)) s for \(list)")
    }
}

extension Scene {
    /// The times of one loop at about `fps` frames a second: N = round(L fps) frames
    /// (at least 1) L / N apart from the loop's start, so the frame after the last is the
    /// first; one frame for a still scene; nil when the scene has no loop. The second value
    /// is the exact rate, N / L.
    public func loopFrameTimes(fps: Double) -> (times: [Double], fps: Double)? {
        switch loopPeriod {
        case .still(let start): return ([start], fps)
        case .period(let l, let start):
            let n = max(1, Int((l * fps).rounded()))
            return ((0..<n).map { start + Double($0) * l / Double(n) }, Double(n) / l)
        case .none: return nil
        }
    }
}

extension Scene {
    /// The JSON path of the first shader paint or shader shape (GLSL, whose own use of time
    /// the loop cannot see), e.g. "layers[2].stroke.paint"; nil when there is none.
    public var firstShaderPath: String? {
        for (i, layer) in layers.enumerated() {
            if layer.shape.kind == .shader { return "layers[\(i)].shape" }
            for (name, paint) in [("fill", layer.fill), ("stroke.paint", layer.stroke?.paint)] {
                if case .shader? = paint?.kind { return "layers[\(i)].\(name)" }
            }
        }
        return nil
    }
}

extension LoopPeriod {
    /// True when the scene is still or has no loop.
    public var isStillOrNone: Bool { if case .period = self { return false } else { return true } }
}
