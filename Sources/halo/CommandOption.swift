import Foundation
import Halo
import HaloTesting

/// One row of halo's table of command-line options: an option declared once, with its
/// names, the value it takes, its default, its help text and the commands that take it.
///
/// The table (``all``) is the only place options are declared: ``Arguments`` parses a
/// command line against the rows its command takes, and ``Command`` builds each command's
/// usage line, the options part of its `--help` and its usage errors from the same rows.
/// One name may have a row for each of several meanings (`--frames` counts measured frames
/// in `bench` and a scripted run's frames in `preview`), but no command takes two rows of
/// one name.
struct CommandOption: Sendable {
    /// The value used when an option is not given.
    enum Default: Sendable {
        /// Text parsed as if it were given (so the command reads a value, e.g. 30 frames),
        /// and shown in help as "(default: TEXT)".
        case value(String)
        /// Only shown in help, as "(default: TEXT)": the command works the default out itself.
        case described(String)
    }

    /// The option's names, as help shows them: the short one first when it has one
    /// (`["-o", "--output"]`). Each is accepted; the last is the row's key.
    let names: [String]
    /// What follows the name on the command line (nothing for a flag).
    let value: OptionValue
    /// The commands that take it.
    let commands: Set<Command>
    /// What it is for, in help's words: one or more clauses without a final full stop;
    /// "\n" starts a new line. Wrapped to the help's width when shown.
    let help: String
    /// The value when it is not given (nil: none, the option is simply absent).
    let defaultValue: Default?
    /// Whether a command line without it is refused ("-o OUT.png is required").
    let required: Bool
    /// The name of another option of the same command without which this one is refused,
    /// and inside whose brackets the usage line shows it (`--screenshot` needs `--frames`).
    let requires: String?
    /// The help heading it is listed under; nil: "OPTIONS".
    let heading: String?
    /// A sentence added to `help` in one command's listing only, by command.
    let notes: [Command: String]
    /// Whether it may be given more than once (each value kept, in order: ``Arguments/values(_:as:)``).
    let repeatable: Bool

    init(_ names: String..., value: OptionValue = .flag, commands: Set<Command>, required: Bool = false, requires: String? = nil,
         heading: String? = nil, help: String, default defaultValue: Default? = nil, notes: [Command: String] = [:],
         repeatable: Bool = false) {
        self.names = names
        self.value = value
        self.commands = commands
        self.help = help
        self.defaultValue = defaultValue
        self.required = required
        self.requires = requires
        self.heading = heading
        self.notes = notes
        self.repeatable = repeatable
    }

    /// The row's key: its last (long) name.
    var key: String { names.last! }

    /// The option as a usage line or an error names it: its first name and placeholder ("-o OUT.png").
    var synopsis: String { value.placeholder.isEmpty ? names[0] : names[0] + " " + value.placeholder }

    /// The option as its help line starts: every name and the placeholder ("-o, --output OUT.png").
    var label: String {
        let all = names.joined(separator: ", ")
        return value.placeholder.isEmpty ? all : all + " " + value.placeholder
    }

    /// The help text as `command` lists it: `help`, the default, and the command's note.
    func helpText(in command: Command) -> String {
        var text = help
        switch defaultValue {
        case .value(let v)?, .described(let v)?: text += " (default: \(v))"
        case nil: break
        }
        if let note = notes[command] { text += "; " + note }
        return text
    }

    /// The rows that `command` takes, in table order (its help and usage order).
    static func taken(by command: Command) -> [CommandOption] { all.filter { $0.commands.contains(command) } }
}

// MARK: - The table

extension CommandOption {
    /// Every option of every command, in the order help and usage lines list them.
    static let all: [CommandOption] = [
        output, renderTime, exportFrom, exportTo, exportFPS, exportLoop, seed, count, singular, record, benchSize, backend, artifacts, junit, html, jobs, testFuzzy,
        diffImage, diffFuzzy, diffIgnore, diffMask, diffJSON, benchFrames, warmup, benchJSON, passes, shaders, previewSize, previewTime, noVsync,
        recordFormat, baseline, errorBound, toleranceMode, setParameter, parameterFile, paramsJSON, help, previewFrames, screenshot, windowScreenshot, script,
    ]

    /// `test`: a further baseline key (a `String`), tried before the backend's and the plain reference.
    static let baseline = CommandOption(
        "--baseline", value: .path("KEY"), commands: [.test],
        help: "compare with SCENE.KEY.png where it exists (e.g. a driver: llvmpipe), else SCENE.gpu.png or SCENE.cpu.png "
            + "for the backend, else SCENE.png; the row names the file used")

    /// `render`: where to write the GPU's certified error bound (a `String`).
    static let errorBound = CommandOption(
        "--error-bound", value: .outputFile("BOUND.png"), commands: [.render],
        help: "also write the GPU's per-pixel bound on its difference from the exact image (gpu backend only): "
            + "red = the bound in 8-bit levels of the premultiplied channels, rounded up (255: 255 or more, no promise, e.g. a shader paint); "
            + "green = the budget that makes most of it (0 none, 1 curved edge, 2 dash end, 3 paint averaging, 4 glow, "
            + "5 material, 6 straight-alpha encoding, 7 unbounded); blue 0; alpha 255")

    /// `test`: how images are judged (a ``ToleranceMode``).
    static let toleranceMode = CommandOption(
        "--tolerance", value: .toleranceMode, commands: [.test],
        help: "fuzzy: the scene's or --fuzzy's tolerance; certified: each pixel within the GPU's own bound of it "
            + "(halo render --error-bound) plus 1 level, against references recorded with --backend cpu (gpu backend only)",
        default: .value(ToleranceMode.fuzzy.rawValue))

    /// `preview`: what the R key records one loop as (a ``MotionFormat`` name).
    static let recordFormat = CommandOption(
        "--record-format", value: .motionFormat, commands: [.preview],
        help: "what R records one loop of the scene as, beside the scene: apng, gif, mp4, webm, or png (a numbered PNG sequence)",
        default: .value("apng"))

    /// `render`: the PNG to write (a `String`); required.
    static let output = CommandOption(
        "-o", "--output", value: .outputFile("OUT.png"), commands: [.render], required: true,
        help: "where to write the image (written to a temporary file in the same folder, then renamed: never a partial file); "
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
        help: "the moment to draw, in seconds; ignored under \"reduceMotion\": true",
        default: .described("the scene's \"time\", or 0"))

    /// `random-scene`: the first scene's seed (a `UInt64`); required.
    static let seed = CommandOption(
        "--seed", value: .unsigned("N"), commands: [.randomScene], required: true,
        help: "the scene's seed, a whole number 0...\(UInt64.max)")

    /// `random-scene`: how many scenes, 1 or more (an `Int`, default 1).
    static let count = CommandOption(
        "--count", value: .integer("K", min: 1), commands: [.randomScene],
        help: "print K scenes (seeds N ... N + K - 1), separated by blank lines", default: .value("1"))

    /// `random-scene`: the singular-point scenes instead (a flag).
    static let singular = CommandOption(
        "--singular", commands: [.randomScene],
        help: "print the test suite's singular-point scenes instead")

    /// `test`: when references are written (a `RecordMode`; nil: from the environment).
    static let record = CommandOption(
        "--record", value: .recordMode, commands: [.test],
        help: "missing: write references that do not exist, reported as \"new\"; never: a missing reference fails; "
            + "all: rewrite every reference; failed: rewrite exactly the references that fail (passing ones stay "
            + "byte-identical) and write missing ones",
        default: .described("missing on a terminal; never when $CI is set or stdout is not a terminal; $HALO_RECORD sets it too"))

    /// `bench`: the size to draw at, each side 1...`Limits.maxCanvasSide` pixels (a ``PixelSize``).
    static let benchSize = CommandOption(
        "--size", value: .size, commands: [.bench],
        help: "draw at W x H pixels: the scene is scaled to fit, centred", default: .described("the scene's own size"))

    /// `render`, `bench`, `test`: the renderer (a `Backend`, default gpu), parsed here for all three.
    static let backend = CommandOption(
        "--backend", value: .backend, commands: [.render, .bench, .test],
        help: "gpu: OpenGL 3.3 through EGL (headless); cpu: the exact CPU reference renderer",
        default: .value(Backend.gpu.rawValue),
        notes: [.render: fallback, .test: fallback, .bench: "gpu fails when no GL context can be made"])

    /// How render and test fall back to the CPU (their `--backend` note).
    private static let fallback = "without --backend, when no GL context can be made, halo says why on stderr and uses cpu; "
        + "with --backend gpu it fails instead"

    /// `test`: the folder for failures' images (a `String`; nil: `ReferenceTest.defaultArtifactsDirectory`).
    static let artifacts = CommandOption(
        "--artifacts", value: .path("DIR"), commands: [.test],
        help: "where actual, expected and diff PNGs of failures go, as DIR/<scene>.actual.png, .expected.png, .diff.png; "
            + "created when needed",
        default: .described("$HALO_ARTIFACTS, else halo-artifacts in the temporary folder"))

    /// `test`: a JUnit XML report to write (a `String`).
    static let junit = CommandOption(
        "--junit", value: .outputFile("FILE"), commands: [.test],
        help: "also write a JUnit XML report (one testcase per image)")

    /// `test`: an HTML report to write (a `String`).
    static let html = CommandOption(
        "--html", value: .outputFile("FILE"), commands: [.test],
        help: "also write one self-contained HTML page (images inlined) with expected, actual and diff side by side "
            + "for every image, failures first")

    /// `test`: images rendered at once, 1 or more (an `Int`; nil: by backend).
    static let jobs = CommandOption(
        "--jobs", value: .integer("N", min: 1), commands: [.test],
        help: "render N images at once; for gpu, one GL context each",
        default: .described("the core count; at most 4 for gpu"))

    /// `test`: the tolerance of scenes that state none (a `FuzzyTolerance`, default `FuzzyTolerance.defaultText`).
    static let testFuzzy = CommandOption(
        "--fuzzy", value: .tolerance, commands: [.test],
        help: "the tolerance for scenes that state none, in the syntax of halo diff --fuzzy",
        default: .value(FuzzyTolerance.defaultText))

    /// `diff`: the heat map PNG to write (a `String`).
    /// `diff`: rectangles to leave out (a `String`, "X,Y,W,H;...", pixels).
    static let diffIgnore = CommandOption(
        "--ignore", value: .path("X,Y,W,H[;...]"), commands: [.diff],
        help: "leave out the pixels these rectangles (pixels) touch; they are counted and reported apart")

    /// `diff`: a mask PNG (a `String`): white counts, black is ignored.
    static let diffMask = CommandOption(
        "--mask", value: .path("MASK.png"), commands: [.diff],
        help: "leave out the pixels that are black in MASK.png (white ones count); counted and reported apart")

    static let diffImage = CommandOption(
        "--diff", value: .outputFile("OUT.png"), commands: [.diff],
        help: "write a heat map of the differences over a greyed copy of A: yellow for 1 level, orange 4, red 16, "
            + "magenta 64 or more; written atomically, not written when the sizes differ")

    /// `diff`: the tolerance (a `FuzzyTolerance`, default: equal images).
    static let diffFuzzy = CommandOption(
        "--fuzzy", value: .tolerance, commands: [.diff],
        help: "the tolerance, in the web-platform-tests reftest syntax: \"maxDifference=N-M;totalPixels=N-M\" "
            + "(or \"N-M;N-M\"), inclusive ranges, a bare number meaning exactly that value. maxDifference bounds "
            + "the largest channel difference, totalPixels the number of pixels that differ at all; identical images "
            + "pass when either range starts at 0",
        default: .value("maxDifference=0;totalPixels=0"))

    /// `diff`: JSON output (a flag).
    static let diffJSON = CommandOption(
        "--json", commands: [.diff], help: "print one JSON object instead of text")

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
            + "or without timer queries), width, height, backend, frames, renderer")

    /// `bench`: per-pass GPU times (a flag; the GPU backend only).
    static let passes = CommandOption(
        "--passes", commands: [.bench],
        help: "GPU only: then N more frames with a glFinish after each pass, printing each pass's median wall time "
            + "(ms) a frame, e.g. \"smooth-edge tiles, paint averaged\" (draws of one kind summed; with --json: \"passes_ms\", name -> ms).\n"
            + "The finishes serialise the pipeline, so the passes' sum is not the frame time of the first run")

    /// `render`, `bench`, `test`, `preview`: an existing GLSL folder (a `String`; nil: the default search).
    static let shaders = CommandOption(
        "--shaders", value: .folder("DIR", of: "GLSL files"), commands: [.render, .bench, .test, .preview],
        help: "read the GLSL from DIR",
        default: .described("$HALO_SHADERS, a Shaders/ folder beside the executable or above it, else the copy built into halo"),
        notes: [.preview: "DIR is watched and reloaded (the built-in copy is not)"])

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

    /// Every command: print its help and exit 0 (a flag).
    static let help = CommandOption(
        "-h", "--help", commands: Set(Command.allCases), help: "this text")

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
        help: "write the last frame's canvas (straight alpha; with the default window size, the same image as "
            + "`halo render` at that time)")

    /// `preview`: the last frame's window as a PNG (a `String`); needs `--frames`.
    static let windowScreenshot = CommandOption(
        "--window-screenshot", value: .outputFile("OUT.png"), commands: [.preview], requires: "--frames", heading: scripted,
        help: "write the whole window as shown on the last frame")

    /// `preview`: the scripted run's actions (a `PreviewScript`); needs `--frames`.
    static let script = CommandOption(
        "--script", value: .script, commands: [.preview], requires: "--frames", heading: scripted,
        help: "before frame F: \"key NAME\" (space left right home m [ ] s q t l r), \"resize W H\" (\"resize 0 0\" "
            + "minimises: nothing is drawn until the next resize), \"seek T\" (go to T seconds and pause), \"loop A B\" "
            + "(loop playback between A and B seconds), \"set NAME VALUE\" (a parameter's live value, as --set reads it), "
            + "\"save\" (the live values into the scene file's values), \"wait-reload\" (wait up to 30 s for a changed file "
            + "to be reloaded or refused)")
}
