import Foundation
import Halo
import HaloPreview
import HaloTesting

/// `halo preview`: the window, the start time, recording, and scripted runs.
extension CommandOption {
    /// `preview`: what the R key records one loop as (a ``MotionFormat`` name).
    static let recordFormat = CommandOption(
        "--record-format", value: .motionFormat, commands: [.preview],
        help: "what R records one loop of the scene as, beside the scene: apng, gif, mp4, webm, or png (a numbered PNG sequence)",
        default: .value("apng"))

    /// `preview`: the framebuffer size, each side 1...`Limits.maxCanvasSide` pixels (a ``PixelSize``).
    static let previewSize = CommandOption(
        "--size", value: .size, commands: [.preview],
        help: "framebuffer size in pixels", default: .described("the scene's own pixel size, shrunk to fit the screen"))

    /// `preview`: the start time, in seconds (a finite `Double`; nil: the scene's).
    static let previewTime = CommandOption(
        "--time", value: .number("T"), commands: [.preview],
        help: "start at T seconds", default: .described("the scene's \"time\""))

    /// `preview`: no wait for the vertical blank (a flag).
    static let noVsync = CommandOption(
        "--no-vsync", commands: [.preview], help: "do not wait for the vertical blank (measuring)")

    /// The scripted runs' heading in `halo preview --help`.
    private static let scripted = "SCRIPTED RUNS (tests, demos)"

    /// `preview`: a scripted run of N frames, 1 or more (an `Int`; nil: interactive).
    static let previewFrames = CommandOption(
        "--frames", value: .integer("N", min: 1), commands: [.preview], heading: scripted,
        help: "draw N frames at fixed steps of 1/60 s from the start time, then exit; prints the median frame time "
            + "and GPU time")

    /// `preview`: the last frame's canvas as a PNG (a `String`); needs `--frames`.
    static let screenshot = CommandOption(
        "--screenshot", value: .outputFile("OUT.png"), commands: [.preview], requires: "--frames", heading: scripted,
        help: "write the last frame's canvas at the scene's own scale (straight alpha: the same image as "
            + "`halo render` at that time, whatever the window's size)")

    /// `preview`: the last frame's window as a PNG (a `String`); needs `--frames`.
    static let windowScreenshot = CommandOption(
        "--window-screenshot", value: .outputFile("OUT.png"), commands: [.preview], requires: "--frames", heading: scripted,
        help: "write the whole window as shown on the last frame")

    /// `preview`: the scripted run's actions (a `PreviewScript`); needs `--frames`.
    static let script = CommandOption(
        "--script", value: .script, commands: [.preview], requires: "--frames", heading: scripted,
        help: "before frame F (steps \"F ACTION\" separated by ;), one of:\n"
            + PreviewScript.actionTable.map { "\($0.usage): \($0.help)" }.joined(separator: "\n"))

}
