import Foundation
import HaloCore

/// Keyframed values (docs/scene-format.md "Keyframes") as CSS animations: each track a registered,
/// inherited custom property (`<number>` or `<color>`) on the scene's element, animated by
/// `@keyframes` at the track's times (percentages of its last time), the timing function
/// applied to each segment as CSS applies it, `repeat` as the iteration count and
/// direction (none: once, then held; loop: infinite; reverse: infinite alternate), `delay`
/// as animation-delay. Colours interpolate premultiplied in sRGB, as CSS Color 4 has
/// legacy sRGB colours do and as the format mixes keyframed colours.
///
/// The places that read a track by `var()`: solid colours, gradient stop colours, glow
/// colour, radius and opacity, layer opacity. Any other keyframed value is held at its
/// value at the export's time (listed as an approximation).
struct CSSKeyframes {
    /// Each animated track's JSON path and the `var()` that reads it.
    private(set) var reads: [String: String] = [:]
    /// The scene element's `animation` declarations.
    private(set) var declarations: [String] = []

    /// Whether a track at `path` has a reader.
    static func isMapped(_ path: String) -> Bool {
        let p = path.replacingOccurrences(of: #"\[\d+\]"#, with: "[]", options: .regularExpression)
        return ["layers[].opacity", "layers[].glow.opacity", "layers[].glow.radius", "layers[].glow.color",
                "layers[].fill.color", "layers[].stroke.paint.color", "layers[].fill.colors[]", "layers[].stroke.paint.colors[]",
                "layers[].fill.stops[].color", "layers[].stroke.paint.stops[].color"].contains(p)
    }

    /// The largest alpha a colour track's mix reaches above 1, or nil when it stays within 1:
    /// a timing curve whose output passes 0...1 (cubic-bezier y1 or y2 outside it) extends a
    /// segment's premultiplied mix beyond its keyframes, alpha included. The curve's output
    /// range is that of its y polynomial over the parameter s in 0...1 (x is monotonic
    /// there, CSS Easing 1), taken at 1001 points.
    static func overshootingAlpha(_ track: KeyframeTrack) -> Double? {
        guard case .colors(let c) = track.values, case .cubicBezier(_, let y1, _, let y2) = track.timing else { return nil }
        var lo = 0.0, hi = 1.0
        for k in 0...1000 {
            let s = Double(k) / 1000, r = 1 - s
            let y = 3 * r * r * s * y1 + 3 * r * s * s * y2 + s * s * s
            lo = min(lo, y); hi = max(hi, y)
        }
        var peak = 1.0
        for i in c.indices.dropLast() {
            let a = c[i].a, b = c[i + 1].a
            peak = max(peak, a + (b - a) * lo, a + (b - a) * hi)
        }
        return peak > 1 + 1e-9 ? peak : nil
    }

    /// - Parameter parameters: the `var()` reading each referenced parameter, by JSON path: a
    ///   keyframe whose value is a parameter (`PATH.keyframes[i][1]`) reads it.
    init(_ tracks: [(path: String, track: KeyframeTrack)], sheet: CSSSheet, notes: inout [Approximation], heldAt t: Double,
         parameters: [String: String] = [:]) {
        let n = ExportText.num
        var animations: [String] = []
        for (path, track) in tracks {
            guard Self.isMapped(path) else {
                notes.append(Approximation(path, "keyframed value held at its value at t = \(n(t)) s (this place has no CSS reader)"))
                continue
            }
            if let peak = Self.overshootingAlpha(track) {
                notes.append(Approximation(path, "the timing curve overshoots, taking the colour's alpha to \(n(peak)): CSS un-premultiplies the mix by the alpha clamped to 1, "
                    + "so the colour comes out up to \(n(peak)) times too bright there (Halo un-premultiplies by the alpha itself)"))
            }
            let prop = sheet.name("k")
            let last = track.times[track.times.count - 1]
            func literal(_ i: Int) -> String {
                switch track.values {
                case .numbers(let v): return n(v[i])
                case .colors(let c): return ExportText.css(c[i])
                }
            }
            func value(_ i: Int) -> String { parameters["\(path).keyframes[\(i)][1]"] ?? literal(i) }
            let syntax: String
            if case .numbers = track.values { syntax = "<number>" } else { syntax = "<color>" }
            sheet.property(prop, syntax: syntax, initial: literal(0), inherits: true)
            var frames: [(Double, String)] = [(0, "--\(prop): \(value(0))")]
            for i in track.times.indices { frames.append((last > 0 ? 100 * track.times[i] / last : 100, "--\(prop): \(value(i))")) }
            let name = sheet.name("kf")
            sheet.keyframes(name, frames)
            let count = track.repeats == .none ? "1" : "infinite"
            let direction = track.repeats == .reverse ? "alternate" : "normal"
            animations.append("\(name) \(n(last))s \(CSSSheet.timing(track.timing)) \(n(track.delay - (sheet.frozenAt ?? 0)))s \(count) \(direction) both")
            reads[path] = "var(--\(prop))"
        }
        if !animations.isEmpty {
            declarations = ["animation: " + animations.joined(separator: ", ")]
            if sheet.frozenAt != nil { declarations.append("animation-play-state: paused") }
        }
    }
}
