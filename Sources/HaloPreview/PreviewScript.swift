import Foundation
import Halo

/// Actions a scripted run (`--frames N`) performs before drawing a given frame, for
/// tests and demos: `"3 key space; 5 resize 0 0; 8 resize 640 360; 10 wait-reload"`.
///
/// - `F key NAME`: press a key (``PreviewKey`` names: space, left, right, home, m, [, ], s, q, t, l, r, p).
/// - `F resize W H`: resize the window to a W x H framebuffer (each side at most
///   `Limits.maxCanvasSide`, as `--size`); `0 0` minimises it (the
///   framebuffer is then 0 x 0 and nothing is drawn) until the next resize.
/// - `F seek T`: go to T seconds and pause, as a click on the timeline does.
/// - `F loop A B`: loop playback between A and B seconds (B > A), as L does over the scene's period.
/// - `F set NAME VALUE`: set the scene parameter NAME's live value (VALUE as `--set` reads
///   it; it may hold spaces, not `;`), applied from that frame on.
/// - `F save`: write the live parameter values into the scene file's `value`s.
/// - `F type NAME`: type a key (names as for `key`) through the window's key handling:
///   while the control panel takes the keyboard, the preview's key does nothing.
/// - `F demo-controls`: show a demonstration control panel (one control of each kind).
/// - `F focus-panel`: put keyboard focus in the control panel's first control.
/// - `F wait-prepared`: make ready, now, every program the scene's parameter values can
///   need that is not ready yet (the preview otherwise does a few after each frame); a
///   `set` after it compiles nothing.
/// - `F wait-reload`: wait (up to 30 s) until a changed file has been reloaded, or has
///   failed to reload, since the run started; the test edits the file after the run
///   prints its "watching" line.
public struct PreviewScript: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case key(PreviewKey)
        case resize(width: Int, height: Int)
        case waitReload
        /// Prepares every remaining program of the scene's parameter values at once.
        case waitPrepared
        case seek(Double)
        case loop(Double, Double)
        case set(name: String, value: String)
        case save
        /// A key typed as the window system delivers it: the control panel sees it first
        /// (``key(_:)`` acts directly).
        case type(PreviewKey)
        /// Shows a demonstration control panel (one control of each kind, not tied to the scene).
        case demoControls
        /// Puts keyboard focus in the control panel's first control (a slider then takes a typed value).
        case focusPanel
    }

    /// Actions by frame index (0-based), in order.
    public var actions: [(frame: Int, action: Action)] = []

    public init() {}

    /// Parses `"F ACTION ARGS; ..."`.
    /// - Throws: a message naming the bad step.
    public init(parsing text: String) throws {
        for step in text.split(separator: ";") {
            let words = step.split(separator: " ").map(String.init)
            if words.isEmpty { continue }
            guard let frame = Int(words[0]), frame >= 0, words.count >= 2 else {
                throw PreviewError.usage("--script: expected \"FRAME ACTION\", found \"\(step.trimmingCharacters(in: .whitespaces))\"")
            }
            switch (words[1], words.count) {
            case ("key", 3), ("type", 3):
                let name = words[2].lowercased()
                guard let key = PreviewKey(rawValue: name == "escape" || name == "esc" ? "q" : name) else {
                    throw PreviewError.usage("--script: unknown key \(words[2]) (keys: \(PreviewKey.allCases.map(\.rawValue).joined(separator: " ")))")
                }
                actions.append((frame, words[1] == "key" ? .key(key) : .type(key)))
            case ("demo-controls", 2):
                actions.append((frame, .demoControls))
            case ("focus-panel", 2):
                actions.append((frame, .focusPanel))
            case ("resize", 4):
                let most = Limits.maxCanvasSide
                guard let w = Int(words[2]), let h = Int(words[3]), (0...most).contains(w), (0...most).contains(h), (w == 0) == (h == 0) else {
                    throw PreviewError.usage("--script: resize: expected a width and a height, both 1...\(most) or both 0, found \(words[2]) \(words[3])")
                }
                actions.append((frame, .resize(width: w, height: h)))
            case ("set", 4...):
                actions.append((frame, .set(name: words[2], value: words[3...].joined(separator: " "))))
            case ("save", 2):
                actions.append((frame, .save))
            case ("wait-reload", 2):
                actions.append((frame, .waitReload))
            case ("wait-prepared", 2):
                actions.append((frame, .waitPrepared))
            case ("seek", 3):
                guard let t = Double(words[2]), t.isFinite else { throw PreviewError.usage("--script: seek: expected a finite time in seconds, found \(words[2])") }
                actions.append((frame, .seek(t)))
            case ("loop", 4):
                guard let a = Double(words[2]), let b = Double(words[3]), a.isFinite, b.isFinite, b > a else {
                    throw PreviewError.usage("--script: loop: expected two finite times A < B in seconds, found \(words[2]) \(words[3])")
                }
                actions.append((frame, .loop(a, b)))
            default:
                throw PreviewError.usage("--script: unknown action \"\(words[1...].joined(separator: " "))\" (key NAME, type NAME, resize W H, seek T, loop A B, set NAME VALUE, save, wait-reload, wait-prepared, demo-controls, focus-panel)")
            }
        }
    }

    public static func == (a: PreviewScript, b: PreviewScript) -> Bool {
        a.actions.count == b.actions.count && zip(a.actions, b.actions).allSatisfy { $0.frame == $1.frame && $0.action == $1.action }
    }

    /// The actions to perform before drawing frame `frame`.
    public func actions(at frame: Int) -> [Action] { actions.filter { $0.frame == frame }.map(\.action) }
}

/// Why a preview could not start or stopped.
public enum PreviewError: Error, CustomStringConvertible {
    /// A bad option (exit status 2).
    case usage(String)
    /// No window or no GL context (exit status 1).
    case window(String)

    public var description: String {
        switch self {
        case .usage(let m), .window(let m): return m
        }
    }
}
