import Foundation

/// High-level entry points: load a scene, resolve it at a time, render it.
public enum Halo {
    /// Reads and checks a scene file, and its background image if it has one; `values`
    /// replace its parameters' values (``SceneDecoder/decode(_:file:values:source:)``).
    /// - Throws: ``SceneError`` (bad scene, values that do not fit, unreadable background image).
    public static func load(_ path: String, values: [String: JSONValue] = [:], source: String = "given from outside") throws
        -> (scene: Scene, background: RGBA8Image?) {
        let scene = try SceneDecoder.load(path: path, values: values, source: source)
        return (scene, try backgroundImage(of: scene))
    }

    /// The decoded background PNG of `scene`, or nil when its background is a colour.
    /// - Throws: ``SceneError`` at `canvas.background.image` when the PNG cannot be used.
    public static func backgroundImage(of scene: Scene) throws -> RGBA8Image? {
        guard case .image(let path, _) = scene.canvas.background else { return nil }
        do {
            return try PNG.read(path)
        } catch let e as PNGError {
            throw SceneError(file: scene.file ?? "<scene>", path: "canvas.background.image",
                             expected: "a readable PNG of at most \(Limits.maxImageSide) pixels a side",
                             found: "\(path) (\(e.reason))")
        }
    }
}
