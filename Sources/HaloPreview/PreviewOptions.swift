import Halo
import Foundation

/// How `halo preview` runs.
public struct PreviewOptions: Sendable {
    /// The scene file (scene format 1, plus shader paints).
    public var scenePath: String
    /// A shaders folder (nil: `$HALO_SHADERS`, a `Shaders/` folder beside or above the
    /// executable, else the embedded copy, which is not watched).
    public var shadersDirectory: String?
    /// Scripted run: draw this many frames at fixed steps of 1/60 s, then exit (nil: interactive).
    public var frames: Int?
    /// Start time, seconds (nil: the scene's `time`).
    public var time: Double?
    /// Scripted run: write the last frame's canvas here at the scene's own scale, straight
    /// alpha: `halo render`'s image of that frame, whatever the window's size.
    public var screenshot: String?
    /// Scripted run: write the last frame's whole window (letterbox, checkerboard) here.
    public var windowScreenshot: String?
    /// Framebuffer size in pixels (nil: the scene's pixel size, shrunk to fit the monitor).
    public var size: (width: Int, height: Int)?
    /// Scripted actions (tests, demos).
    public var script = PreviewScript()
    /// Wait for vertical blank between frames (default: interactive yes, scripted no).
    public var vsync: Bool?

    /// What R records one loop as (default APNG).
    public var recordFormat: MotionFormat = .apng
    /// Frames a second of a recording (R).
    public var recordFPS = 30.0
    /// Parameter values to start with (`--set`, `--params`), as live values by name.
    public var parameterValues: [String: JSONValue] = [:]

    public init(scenePath: String) { self.scenePath = scenePath }
}
