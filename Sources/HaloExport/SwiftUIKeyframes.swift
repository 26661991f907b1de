import Foundation
import HaloCore

/// Keyframed values (docs/scene-format.md "Keyframes") in a SwiftUI export: each track read at
/// the frame's time t through `haloKeyframe` (numbers) or `haloKeyframeColor` (colours),
/// written into the file with the track's times, values, timing, repeat and delay
/// (``source``: the formulas of ``KeyframeTrack``). Read in solid colours, stop colours,
/// glow colour, radius and opacity, layer opacity, stroke width and dash phase; any other
/// keyframed value is held at its value at the export's time (listed).
struct SwiftUIKeyframes {
    /// Each track's JSON path and the Swift expression of its value at `t`.
    private(set) var reads: [String: String] = [:]

    static func isMapped(_ path: String) -> Bool {
        let p = path.replacingOccurrences(of: #"\[\d+\]"#, with: "[]", options: .regularExpression)
        return CSSKeyframes.isMapped(path) || ["layers[].stroke.width", "layers[].stroke.dash.phase"].contains(p)
    }

    /// `parameters` reads a keyframe's value where the file referred to a number parameter there
    /// (`PATH.keyframes[i][1]`); a colour parameter's value is written in (the track's colours are numbers).
    init(_ tracks: [(path: String, track: KeyframeTrack)], notes: inout [Approximation], heldAt t: Double,
         parameters: SwiftUIReads = SwiftUIReads()) {
        let n = ExportText.num
        for (path, track) in tracks {
            guard Self.isMapped(path) else {
                notes.append(Approximation(path, "keyframed value held at its value at t = \(n(t)) s"))
                continue
            }
            let repeats = track.repeats == .none ? 0 : track.repeats == .loop ? 1 : 2
            let common = "times: [\(track.times.map(n).joined(separator: ", "))], timing: \(SwiftUIMotion.timing(track.timing)), "
                + "repeats: \(repeats), delay: \(n(track.delay))"
            switch track.values {
            case .numbers(let v):
                let values = v.enumerated().map { i, x in parameters.number("\(path).keyframes[\(i)][1]", x) }
                reads[path] = "haloKeyframe(t, values: [\(values.joined(separator: ", "))], \(common))"
            case .colors(let c):
                let list = c.map { "[\(n($0.r)), \(n($0.g)), \(n($0.b)), \(n($0.a))]" }.joined(separator: ", ")
                reads[path] = "haloKeyframeColor(t, colors: [\(list)], \(common))"
            }
        }
    }

    /// The helpers' source (``SwiftUIHelpers`` writes those a file uses).
    static let source = """
    // A keyframe track (docs/scene-format.md "Keyframes"): its local time after the delay (repeats: 0
    // none, 1 loop, 2 reverse), the segment it falls in and the eased progress through it.
    private func haloKeyframeSegment(_ t: Double, times: [Double], timing: [Double], repeats: Int, delay: Double) -> (i: Int, e: Double) {
        let tp = t - delay, last = times[times.count - 1]
        var tt = 0.0
        if tp > 0 {
            switch repeats {
            case 1: tt = fmod(tp, last)
            case 2: let u = fmod(tp, 2 * last); tt = u <= last ? u : 2 * last - u
            default: tt = min(tp, last)
            }
        }
        if tt <= times[0] { return (0, 0) }
        var i = times.count - 2
        for k in 0..<(times.count - 1) where times[k] <= tt && tt < times[k + 1] { i = k; break }
        return (i, haloEase(min(max((tt - times[i]) / (times[i + 1] - times[i]), 0), 1), timing))
    }

    // A keyframed number at time t: the two keyframes' values mixed by the eased progress.
    private func haloKeyframe(_ t: Double, values: [Double], times: [Double], timing: [Double], repeats: Int, delay: Double) -> Double {
        let (i, e) = haloKeyframeSegment(t, times: times, timing: timing, repeats: repeats, delay: delay)
        return e == 0 ? values[i] : values[i] + (values[i + 1] - values[i]) * e
    }

    // A keyframed colour at time t: mixed premultiplied in sRGB-encoded values, clipped to 0...1.
    private func haloKeyframeColor(_ t: Double, colors: [[Double]], times: [Double], timing: [Double], repeats: Int, delay: Double) -> Color {
        let (i, e) = haloKeyframeSegment(t, times: times, timing: timing, repeats: repeats, delay: delay)
        let a = colors[i], b = colors[min(i + 1, colors.count - 1)]
        let alpha = min(max(a[3] + (b[3] - a[3]) * e, 0), 1)
        func mix(_ k: Int) -> Double { alpha > 0 ? min(max((a[k] * a[3] + (b[k] * b[3] - a[k] * a[3]) * e) / alpha, 0), 1) : 0 }
        return Color(.sRGB, red: mix(0), green: mix(1), blue: mix(2), opacity: alpha)
    }
    """
}
