/// A scene that is not SCENE.md's format 1, or that breaks one of Halo's limits.
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

    public var description: String {
        path.isEmpty ? "\(file): expected \(expected), found \(found)"
                     : "\(file): \(path): expected \(expected), found \(found)"
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
    /// Largest glow radius (sigma), in points.
    public static let maxGlowRadius = 1000.0
    /// Largest background image side, in pixels.
    public static let maxImageSide = 16384
    /// Largest scene file, in bytes (refused before parsing).
    public static let maxFileBytes = 16 * 1024 * 1024
    /// Deepest JSON nesting accepted (refused before parsing).
    public static let maxNesting = 64
}
