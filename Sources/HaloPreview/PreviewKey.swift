import Foundation

/// The preview's keys, by what they do. This enum is the one table of keys: the window
/// maps GLFW key codes to its cases (``Preview/keyCodes``), a script's `key NAME` and
/// `type NAME` take its ``scriptNames``, and `halo preview --help` lists its ``windowKeys``
/// and ``help`` (`PreviewKeyTableTests` checks all three agree).
public enum PreviewKey: String, CaseIterable, Sendable {
    /// Space: pause or resume.
    case pause = "space"
    /// Left: one frame (1/60 s) back, pausing first.
    case stepBack = "left"
    /// Right: one frame (1/60 s) forward, pausing first.
    case stepForward = "right"
    /// Home: time back to 0.
    case home
    /// M: reduce motion on or off (every animation frozen at its time-0 state).
    case reduceMotion = "m"
    /// [: half the playback speed.
    case slower = "["
    /// ]: double the playback speed.
    case faster = "]"
    /// S: save the current frame as a PNG beside the scene.
    case save = "s"
    /// Q or Esc: quit.
    case quit = "q"
    /// T: show or hide the timeline along the window's bottom edge.
    case timeline = "t"
    /// L: loop playback over the scene's loop period (or the range a script set), or stop looping.
    case loop = "l"
    /// R: record one loop of the scene to a file beside it (APNG, or `--record-format`).
    case record = "r"
    /// P: show or hide the control panel (shown from the start when the preview has controls).
    case panel = "p"
    /// D: the distance view on or off (each layer's signed distance as iso-lines every 4 pt).
    case distanceView = "d"

    /// The key's names in a script (`key NAME`, `type NAME`, any case): its raw value, and
    /// for quit also `escape` and `esc`.
    public var scriptNames: [String] {
        self == .quit ? [rawValue, "escape", "esc"] : [rawValue]
    }

    /// The key named `name` in a script (``scriptNames``, any case); nil for any other name.
    public init?(scriptName name: String) {
        let lower = name.lowercased()
        guard let key = PreviewKey.allCases.first(where: { $0.scriptNames.contains(lower) }) else { return nil }
        self = key
    }

    /// The keyboard's keys that do it, as help names them (one each of ``Preview/keyCodes``, in that order).
    public var windowKeys: [String] {
        switch self {
        case .pause: return ["space"]
        case .stepBack: return ["Left"]
        case .stepForward: return ["Right"]
        case .home: return ["Home"]
        case .quit: return ["Q", "Esc"]
        default: return [rawValue.uppercased()]
        }
    }

    /// What the key does, for `halo preview --help`.
    public var help: String {
        switch self {
        case .pause: return "pause / resume"
        case .stepBack: return "one frame (1/60 s) back (pauses)"
        case .stepForward: return "one frame (1/60 s) forward (pauses)"
        case .home: return "time back to 0"
        case .reduceMotion: return "reduce motion on / off (every animation at its time-0 state)"
        case .slower: return "half the playback speed (down to 1/64x)"
        case .faster: return "double the playback speed (up to 64x)"
        case .save: return "save the current frame as a PNG beside the scene (name printed)"
        case .quit: return "quit"
        case .timeline:
            return "show / hide the timeline along the bottom edge (shown in interactive runs): click or drag on it "
                + "to seek (pauses); it spans the scene's loop period, or its first 10 s"
        case .loop: return "loop over the scene's loop period (marked on the timeline) / stop"
        case .record:
            return "record one loop beside the scene (SCENE-loop.apng, or what --record-format says; the path is printed)"
        case .panel:
            return "show / hide the side column of controls beside the canvas (shown from the start when the preview "
                + "has controls; the window grows by it); while a value is being typed into it, these keys go to the panel"
        case .distanceView:
            return "distance view on / off: each layer's signed distance as iso-lines every \(Int(Preview.distanceViewStep)) pt "
                + "over the frame "
                + "(docs/preview-and-shaders.md)"
        }
    }
}
