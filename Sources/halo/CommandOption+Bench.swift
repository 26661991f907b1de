import Foundation
import Halo
import HaloTesting

/// `halo bench`: the size, the frames measured, JSON output, per-pass times.
extension CommandOption {
    /// `bench`: the size to draw at, each side 1...`Limits.maxCanvasSide` pixels (a ``PixelSize``).
    static let benchSize = CommandOption(
        "--size", value: .size, commands: [.bench],
        help: "draw at W x H pixels: the scene is scaled to fit, centred", default: .described("the scene's own size"))

    /// `bench`: measured frames, 1 or more (an `Int`, default 30).
    static let benchFrames = CommandOption(
        "--frames", value: .integer("N", min: 1), commands: [.bench], help: "measured frames", default: .value("30"))

    /// `bench`: unmeasured frames first, 0 or more (an `Int`, default 3).
    static let warmup = CommandOption(
        "--warmup", value: .integer("N", min: 0), commands: [.bench],
        help: "unmeasured frames first: the first GPU frame compiles shader variants on llvmpipe", default: .value("3"))

    /// `bench`: JSON output (a flag).
    static let benchJSON = CommandOption(
        "--json", commands: [.bench],
        help: "one JSON object: median_ms, min_ms, max_ms, mpix_per_s, peak_rss_mb, gpu_median_ms (null for the CPU "
            + "or without timer queries), first_ms (the first frame, warm-up or not), second_ms (the second), width, height, backend, frames, renderer; "
            + "threads (cpu only); for gpu also mode (preview or export), plan_ms (the median CPU time from the resolved frame to "
            + "its first draw call), draws (the median GL draw calls a frame), programs (GL programs compiled so far), tiles (gpu or cpu: where the "
            + "last frame's tiles were placed; $HALO_TILES, docs/performance.md \"Tiles\"), gl_vendor, gl_version, egl_platform, "
            + "glows (the last frame's: steered, their modes, drawn by source and blur, kept, twins reading another glow's texels)")

    /// `bench`: per-pass GPU times (a flag; the GPU backend only).
    static let passes = CommandOption(
        "--passes", commands: [.bench],
        help: "GPU only: then N more frames with a glFinish after each pass, printing each pass's median wall time "
            + "(ms) a frame, e.g. \"smooth-edge tiles, paint averaged\" (draws of one kind summed; with --json: \"passes_ms\", name -> ms).\n"
            + "The finishes serialise the pipeline, so the passes' sum is not the frame time of the first run")

    /// `bench`: no steered glows (a flag; the GPU backend only).
    static let ordinaryGlows = CommandOption(
        "--ordinary-glows", commands: [.bench],
        help: "GPU only: draw every turning glow by its source and blur each frame, as `render` does, "
            + "rather than from its angular modes as the preview does (docs/accuracy.md \"Steered glows\")")

    /// `bench`: frames timed as exports draw them (a flag; the GPU backend only).
    static let benchExport = CommandOption(
        "--export", commands: [.bench],
        help: "GPU only: time frames as `render --loop` draws them (turning glows by source and blur, and only the "
            + "cells whose tiles changed since the frame before redrawn: docs/architecture.md \"Shortcuts\", keepsUnchangedCells), rather "
            + "than as the preview does (steered glows, every cell every frame)")

    /// `bench`: the CPU reference's worker threads, 1 or more (an `Int`, default every core).
    static let benchThreads = CommandOption(
        "--threads", value: .integer("N", min: 1), commands: [.bench],
        help: "CPU only: the reference renderer's worker threads (1 to compare with a one-thread raster such as Skia's)",
        default: .described("every core"))
}
