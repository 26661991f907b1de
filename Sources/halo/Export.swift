import Foundation
import Halo

/// `halo render SCENE -o OUT --from T0 --to T1 --fps F` (or `--loop`): the scene's motion
/// as a PNG sequence or, through the ffmpeg command-line tool fed raw RGBA frames, an MP4
/// (H.264, yuv420p, padded to even sizes), WebM (VP9 with alpha), GIF (a palette made from
/// the frames, dithered) or APNG, both looping forever. Every frame is the image
/// `halo render --time t` draws for its time t. Nothing is left at OUT on failure, nor on
/// SIGINT, SIGTERM or SIGHUP (``Interruption``: no temporary file, no frame, no ffmpeg).
enum Export {
    
    /// The frame times: T0, T0 + 1/F, ... before T1; or with `--loop`, N = round(L F) frames
    /// (at least 1) L / N apart from the loop's start, L the scene's loop period, or from
    /// `--time` T when given (T at or after the loop's start: the same loop, its first frame
    /// at T). `--time` with `--from`/`--to` is refused (T0 is where the frames start).
    static func times(_ args: Arguments, scene: Scene) throws -> (times: [Double], fps: Double) {
        let fps: Double = args.value(.exportFPS)!
        guard fps > 0, fps <= maxFPS else { throw UsageError("--fps: expected a number of frames per second in (0, \(fmt(maxFPS))], found \(fmt(fps))") }
        if args.given(.exportLoop) {
            if args.given(.exportFrom) || args.given(.exportTo) { throw UsageError("--loop exports one loop: give it without --from and --to") }
            guard var loop = scene.loopFrameTimes(fps: fps) else {
                guard case .none(let reason) = scene.loopPeriod else { fatalError("unreachable") }
                throw CommandFailure(status: 2, error: ExportError("--loop: the scene has no loop: \(reason); use --from and --to"))
            }
            if loop.times.count > maxFrames { throw UsageError("--loop: \(loop.times.count) frames (at most \(maxFrames))") }
            if case .still = scene.loopPeriod, let path = scene.firstShaderPath {
                // Halo sees no motion in GLSL: a shader that reads its time moves unseen.
                printError("halo render: warning: --loop: the scene declares no animation, so its loop is one frame; "
                           + "\(path) is GLSL, whose motion Halo cannot see: give --from and --to for its frames, "
                           + "or a rotation or keyframe track whose period is the loop (haloLoopPeriod)")
            }
            if args.given(.renderTime), let t: Double = args.value(.renderTime) {
                let start = loop.times[0]
                guard t >= start else {
                    throw UsageError("--time: the loop starts at \(fmt(start)) s (when every animation repeats): expected a first frame at or after it, found \(fmt(t))")
                }
                loop.times = loop.times.map { $0 - start + t }
            }
            return loop
        }
        if args.given(.renderTime) {
            throw UsageError("--time draws one moment: with --from and --to the frames start at --from (or give --loop --time T for the loop from T)")
        }
        guard let t1: Double = args.value(.exportTo) else { throw UsageError("--from needs --to T1 (or use --loop)") }
        let t0: Double = args.value(.exportFrom)!
        guard t1 > t0 else { throw UsageError("--to: expected a time after --from (\(fmt(t0)) s), found \(fmt(t1))") }
        // Counted in Double and checked before it becomes an Int: T1 - T0 may be up to 2 x 1.8e308 (infinite).
        let frames = ((t1 - t0) * fps - 1e-9).rounded(.up)
        guard frames <= Double(maxFrames) else {
            throw UsageError("--from/--to: expected at most \(maxFrames) frames, found \(fmt(frames)) (\(fmt(t0)) s to \(fmt(t1)) s at \(fmt(fps)) fps)")
        }
        return ((0..<max(Int(frames), 1)).map { t0 + Double($0) / fps }, fps)
    }

    /// Most frames one export writes.
    static let maxFrames = 100_000
    /// Most frames per second of an export.
    static let maxFPS = 1000.0

    /// Why `out` cannot take a still image, or nil when it can: a still is written as PNG,
    /// so its name ends in `.png` (any case); a motion format's name needs `--loop` or
    /// `--from` and `--to`.
    static func stillOutputRefusal(_ out: String) -> String? {
        let ext = (out as NSString).pathExtension.lowercased()
        if ext == "png" { return nil }
        if let f = MotionFormat(rawValue: ext), f != .pngSequence {
            return "-o \(out): .\(ext) is a motion format: give --loop, or --from and --to (one image is written as .png)"
        }
        return "-o \(out): expected a name ending in .png (one image is written as PNG), found \(ext.isEmpty ? "no extension" : "." + ext); "
            + "a motion, with --loop or --from and --to, is .mp4, .webm, .gif, .apng or a PNG sequence named with %04d"
    }

    static func format(of out: String) throws -> MotionFormat {
        let ext = (out as NSString).pathExtension.lowercased()
        if ext == "png" {
            guard MotionFormat.frameName(out, 1) != nil else {
                throw UsageError("-o: a motion as PNGs needs a name with one %04d for the frame number (e.g. frame-%04d.png), found \(out)")
            }
            return .pngSequence
        }
        guard let f = MotionFormat(rawValue: ext), f != .pngSequence else {
            throw UsageError("-o: expected .mp4, .webm, .gif, .apng or a PNG sequence name with %04d for a motion, found \(out)")
        }
        return f
    }

    /// Renders and writes the motion; the exit status.
    static func run(_ args: Arguments, scene: Scene, background: RGBA8Image?, backend: Backend, shaders: String?) throws -> Int32 {
        let out: String = args.value(.output)!
        let format = try format(of: out)
        let (times, fps) = try times(args, scene: scene)
        // Each frame's scene is checked before any work (a keyframed value invalid at a time).
        for t in times { _ = try CommandFailure.exiting(2) { try scene.at(scene.effectiveTime(t)) } }
        var gpu: GLRenderer?
        if backend == .gpu {
            // Quick compiles, as the preview: llvmpipe's optimising compile of some programs
            // runs for minutes (docs/performance.md, "Cold starts").
            HeadlessContext.preferQuickShaderCompiles()
            gpu = try CommandFailure.exiting(1) { try GLRenderer(shaders: ShaderLibrary(directory: shaders)) }
        }
        let render: (Double) throws -> RGBA8Image = { t in
            try Halo.render(scene, background: background, time: t, backend: backend, gpu: gpu)
        }
        let progress = Progress(total: times.count)
        let start = DispatchTime.now()
        let written: String
        do {
            if format == .pngSequence {
                written = try writeSequence(times, pattern: out, render: render, progress: progress)
            } else {
                try MotionEncoder(out, format: format, fps: fps).encode(times, render: render, onFrame: progress.step)
                written = out
            }
        } catch let e as ExportError {
            progress.finish()
            printError("halo render: \(e.message)")
            return 1
        } catch {
            progress.finish()
            printError("halo render: \(error)")
            return error is SceneError || RenderCommand.isShaderFileError(error, of: scene) ? 2 : 1
        }
        progress.finish()
        Interruption.keepFiles()
        let s = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        print("\(written) \(times.count) frames at \(String(format: "%.3f", fps)) fps in \(String(format: "%.2f", s)) s (\(backend.rawValue))")
        return 0
    }

    /// The frames as PNGs named by `pattern`'s %0Nd with 1, 2, ...: each drawn into a hidden
    /// staging file beside its final name (`.NAME.halo-partial`), and all renamed into place
    /// at the end, in one step a signal cannot split. On failure, or on a signal before the
    /// renames, the staged frames are removed and every file that was there before (frames
    /// of an earlier run included) is left as it was. Returns the first frame's name and "...".
    static func writeSequence(_ times: [Double], pattern: String, render: (Double) throws -> RGBA8Image, progress: Progress) throws -> String {
        var staged: [(staging: String, final: String)] = []
        do {
            for (i, t) in times.enumerated() {
                let name = MotionFormat.frameName(pattern, i + 1)!
                let url = URL(fileURLWithPath: name)
                let staging = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).halo-partial").path
                let image = try render(t)
                // Registered as it is written: a signal removes every staged frame so far.
                try PNG.write(image, to: staging, removedOnInterruption: true)
                staged.append((staging, name))
                progress.step()
            }
            try Interruption.critical {
                for (k, s) in staged.enumerated() where rename(s.staging, s.final) != 0 {
                    let reason = String(cString: strerror(errno))
                    for r in staged[..<k] { unlink(r.final) }
                    throw CommandFailure(status: 1, error: SequenceRenameError(from: s.staging, to: s.final, reason: reason))
                }
                for s in staged { Interruption.forget(file: s.staging) }
            }
        } catch {
            Interruption.critical {
                for s in staged { unlink(s.staging); Interruption.forget(file: s.staging) }
            }
            throw error
        }
        let written = staged.map(\.final)
        return written.count > 1 ? "\(written[0]) ... \(written[written.count - 1])" : written[0]
    }
}

/// A staged frame of a PNG sequence that could not be renamed into place.
struct SequenceRenameError: Error, CustomStringConvertible {
    let from: String, to: String, reason: String
    var description: String { "cannot rename \(from) to \(to): \(reason)" }
}

/// A progress bar on standard error when it is a terminal (frames done, frames per second,
/// time left); nothing otherwise.
final class Progress {
    let total: Int
    private var done = 0
    private let start = DispatchTime.now()
    private let shown = isatty(2) == 1
    init(total: Int) { self.total = total }

    func step() {
        done += 1
        guard shown else { return }
        let s = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let rate = Double(done) / max(s, 1e-9)
        let width = 30, filled = width * done / max(total, 1)
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let eta = Double(total - done) / max(rate, 1e-9)
        FileHandle.standardError.write(Data(String(format: "\r[%@] %d/%d frames, %.1f fps, ETA %.1f s", bar, done, total, rate, eta).utf8))
    }

    func finish() {
        if shown && done > 0 { FileHandle.standardError.write(Data("\n".utf8)); done = 0 }
    }
}

/// "3", "0.5": numbers in messages.
func fmt(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d) }
