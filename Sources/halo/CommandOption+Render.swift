import Foundation
import Halo
import HaloTesting

/// `halo render`: the output, the time, a motion export and the error bound.
extension CommandOption {
    /// `render`: the PNG to write (a `String`); required.
    static let output = CommandOption(
        "-o", "--output", value: .outputFile("OUT.png"), commands: [.render], required: true,
        help: "where to write the image, a name ending in .png (written to a temporary file in the same folder, then renamed: never a partial file); "
            + "with --from/--to or --loop, the motion: .mp4 (H.264), .webm (VP9 with alpha), .gif, .apng (through ffmpeg), "
            + "or a PNG sequence named with %04d (frame-%04d.png)")

    /// `render`: export from this time (seconds, a `Double`).
    static let exportFrom = CommandOption(
        "--from", value: .number("T0"), commands: [.render], heading: motion,
        help: "export the motion from T0 seconds: frames at T0, T0 + 1/F, ... before T1", default: .value("0"))

    /// `render`: export up to this time (seconds, exclusive).
    static let exportTo = CommandOption(
        "--to", value: .number("T1"), commands: [.render], heading: motion,
        help: "export up to T1 seconds (not included)")

    /// `render`: frames per second of an export (a `Double` > 0).
    static let exportFPS = CommandOption(
        "--fps", value: .number("F"), commands: [.render], heading: motion,
        help: "frames per second of an export", default: .value("60"))

    /// `render`: export exactly one loop of the scene (a flag).
    static let exportLoop = CommandOption(
        "--loop", commands: [.render], heading: motion,
        help: "export exactly one loop: the least common period of the scene's animations (up to 60 s), from when they "
            + "all repeat; N = round(period x F) frames a period/N apart, so the frame after the last is the first")

    private static let motion = "MOTION (export)"

    /// `render`: the time to draw, in seconds (a finite `Double`; nil: the scene's).
    static let renderTime = CommandOption(
        "--time", value: .number("T"), commands: [.render],
        help: "the moment to draw, in seconds; ignored under \"reduceMotion\": true; with --loop, the loop's first frame "
            + "(at or after the loop's start); not with --from/--to",
        default: .described("the scene's \"time\", or 0"))

    /// `render`: where to write the GPU's certified error bound (a `String`).
    static let errorBound = CommandOption(
        "--error-bound", value: .outputFile("BOUND.png"), commands: [.render],
        help: "also write the GPU's per-pixel bound on its difference from the exact image (gpu backend only): "
            + "red = the bound in 8-bit levels of the premultiplied channels, rounded up (255: 255 or more, no promise, e.g. a shader paint); "
            + "green = the budget that makes most of it (0 none, 1 curved edge, 2 dash end, 3 paint averaging, 4 glow, "
            + "5 material, 6 straight-alpha encoding, 7 unbounded); blue 0; alpha 255")
}
