import Foundation

/// Colours read from and written as the scene format's JSON notation.
extension RGBA {
    /// Reads any colour form of the scene format (docs/scene-format.md "Colours"): `"#RGB"`,
    /// `"#RRGGBB"`, `"#RRGGBBAA"`, `[r, g, b]`, `[r, g, b, a]` (components 0...1) or a name.
    /// - Throws: ``SceneError`` naming `path` when `value` is not a colour.
    public init(json value: JSONValue, file: String = "<value>", path: String = "value") throws {
        self = try SceneReader(file: file).color(value, path)
    }

    /// The colour as `"#RRGGBBAA"`, each component rounded to the nearest of 256 levels
    /// (half up), the form a colour picker's value is written back in.
    public var hexJSON: JSONValue {
        func byte(_ x: Double) -> Int { Int((min(max(x, 0), 1) * 255 + 0.5).rounded(.down)) }
        let hex = [r, g, b, a].map { String(format: "%02X", byte($0)) }.joined()
        return .string("#" + hex)
    }
}
