import Foundation
import HaloCore

/// The style sheet an export builds: rules for its elements, registered custom properties
/// and keyframes, with names made unique under one prefix (so several scenes can share a
/// page: the parity page does).
final class CSSSheet {
    /// Every class, custom property and keyframes name starts with this ("h-").
    let prefix: String
    /// The scene time the export is frozen at (`--time`), nil for a running animation.
    let frozenAt: Double?
    private(set) var rules: [String] = []
    private(set) var globals: [String] = []
    /// The UTF-8 bytes of ``text`` so far (its lines and their line breaks), kept as rules are
    /// added so that an export can stop at its size limit without joining the text.
    private(set) var byteCount = 0
    private var counter = 0

    init(prefix: String, frozenAt: Double?) { self.prefix = prefix; self.frozenAt = frozenAt }

    /// A fresh name under the prefix: "h-stroke3".
    func name(_ stem: String) -> String { counter += 1; return "\(prefix)\(stem)\(counter)" }

    /// A rule for the class `cls`, one declaration a line.
    func rule(_ cls: String, _ declarations: [String]) {
        add(".\(cls) { " + declarations.joined(separator: "; ") + " }", to: &rules)
    }

    /// A rule with its own selector ("`.a:not([data-x="y"]) .b { display: none }`").
    func rawRule(_ rule: String) { add(rule, to: &rules) }

    /// Registers `--name` (CSS Properties and Values API `@property`), so that it
    /// interpolates as `syntax` ("<angle>", "<number>", "<length>") in animations.
    func property(_ name: String, syntax: String, initial: String, inherits: Bool = false) {
        add("@property --\(name) { syntax: '\(syntax)'; inherits: \(inherits); initial-value: \(initial); }", to: &globals)
    }

    /// `@keyframes name { ... }` from (percentage, declarations) pairs.
    func keyframes(_ name: String, _ frames: [(Double, String)]) {
        add("@keyframes \(name) { " + frames.map { "\(ExportText.num($0.0))% { \($0.1) }" }.joined(separator: " ") + " }", to: &globals)
    }

    /// The `animation` declarations for keyframes `name`: `duration` seconds, `timing`, after
    /// `delay` seconds, repeating forever (alternating when `alternate`). Frozen at time T it
    /// starts T seconds early and is paused: CSS Animations 1's negative animation-delay.
    /// `durationCSS`, when given, is a number of seconds read in CSS (a `var()`) in place of `duration`.
    func animation(_ name: String, duration: Double, durationCSS: String? = nil, timing: TimingFunction, delay: Double, alternate: Bool) -> [String] {
        let n = ExportText.num
        let length = durationCSS.map { "calc(\($0) * 1s)" } ?? "\(n(duration))s"
        var d = ["animation: \(name) \(length) \(Self.timing(timing)) \(n(delay - (frozenAt ?? 0)))s infinite \(alternate ? "alternate" : "normal") both"]
        if frozenAt != nil { d.append("animation-play-state: paused") }
        return d
    }

    /// A timing function as CSS Easing Functions 1 writes it.
    static func timing(_ t: TimingFunction) -> String {
        switch t {
        case .linear: return "linear"
        case .cubicBezier(let x1, let y1, let x2, let y2):
            let n = ExportText.num
            return "cubic-bezier(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2)))"
        }
    }

    private func add(_ line: String, to list: inout [String]) {
        list.append(line)
        byteCount += line.utf8.count + 1
    }

    /// The sheet's text: the globals, then the rules.
    var text: String { (globals + rules).joined(separator: "\n") }
}
