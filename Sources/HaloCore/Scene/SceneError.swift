/// A scene that is not the scene format's format 1, or that breaks one of Halo's limits.
///
/// The message names the file, the JSON path of the bad value, what was
/// expected and what was found, e.g.
/// `button.json: layers[0].stroke.width: expected a number > 0, found -3`.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file as the user named it ("<scene>" for scenes not read from a file).
    public var file: String
    /// JSON path of the bad value ("" for the whole document), or "line L, column C"
    /// where the file is not UTF-8 JSON (a syntax error has no JSON path).
    public var path: String
    public var expected: String
    public var found: String

    public init(file: String, path: String, expected: String, found: String) {
        self.file = file; self.path = path; self.expected = expected; self.found = found
    }

    /// One line, whatever the input held: control and invisible characters in the path
    /// and the finding are written as `\u{...}`, and each is cut to at most 200 characters.
    public var description: String {
        let p = SceneError.printable(path), f = SceneError.printable(found)
        return p.isEmpty ? "\(file): expected \(expected), found \(f)"
                         : "\(file): \(p): expected \(expected), found \(f)"
    }

    /// `text` safe to print on one line of a terminal: C0 and C1 controls, DEL and format
    /// characters (zero-width space, bidi controls) as `\u{XXXX}`; longer than 200
    /// characters, its first 197 and "...".
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || scalar.properties.generalCategory == .format {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out.count > 200 ? String(out.prefix(197)) + "..." : out
    }
}

/// Halo's limits on scenes (stated in `halo render --help` and the README).
public enum Limits {
    /// Largest canvas side, in pixels after scale.
    public static let maxCanvasSide = 16384
    /// Largest canvas area, in pixels after scale (2^28, about 268 million).
    public static let maxCanvasPixels = 268_435_456
    /// Most layers in one scene.
    public static let maxLayers = 10_000
    /// Most colour stops in one gradient.
    public static let maxStops = 256
    /// Most entries in one dash pattern (before an odd pattern is repeated).
    public static let maxDashEntries = 16
    /// Largest glow radius (sigma), in points.
    public static let maxGlowRadius = 1000.0
    /// Characters of one text shape.
    public static let maxTextLength = 10_000
    /// A text's size, points.
    public static let maxTextSize = 10_000.0
    /// Largest background image side, in pixels.
    public static let maxImageSide = 16384
    /// Largest scene file, in bytes (refused before parsing).
    public static let maxFileBytes = 16 * 1024 * 1024
    /// Deepest JSON nesting accepted (refused before parsing).
    public static let maxNesting = 64
}
