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

    init(_ tracks: [(path: String, track: KeyframeTrack)], sheet: CSSSheet, notes: inout [Approximation], heldAt t: Double) {
        let n = ExportText.num
        var animations: [String] = []
        for (path, track) in tracks {
            guard Self.isMapped(path) else {
                notes.append(Approximation(path, "keyframed value held at its value at t = \(n(t)) s (this place has no CSS reader)"))
                continue
            }
            let prop = sheet.name("k")
            let last = track.times[track.times.count - 1]
            func value(_ i: Int) -> String {
                switch track.values {
                case .numbers(let v): return n(v[i])
                case .colors(let c): return ExportText.css(c[i])
                }
            }
            let syntax: String
            if case .numbers = track.values { syntax = "<number>" } else { syntax = "<color>" }
            sheet.property(prop, syntax: syntax, initial: value(0), inherits: true)
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
