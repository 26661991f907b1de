import Foundation
import Halo

/// `halo bench SCENE.json`: times frames of a scene, GPU or CPU.
enum BenchCommand {
    /// Help's prose before the options (they come from ``CommandOption``).
    static let description = """
    Renders N frames at advancing times (1/60 s apart) after a warm-up and prints the
    frame time (min / median / max, ms), megapixels per second and peak resident memory.
    A frame is timed as a user of `render` waits for it: resolve the scene at its time,
    draw, finish and read back the 8-bit image (process start-up, GL set-up and PNG
    encoding excluded). The GPU draws as the preview does (turning glows steered from
    their angular modes, every cell every frame); --export times it as `render --loop`
    draws. For the GPU the time the GPU itself spent (GL timer queries), the CPU's time
    before the first draw call, the draw calls a frame and the programs compiled are
    reported too.
    """

    /// Help's prose after the options.
    static let after = """
    EXIT STATUS: 0 measured; 1 rendering failed; 2 bad input.
    """

    /// Times the frames of a parsed command line; the exit status.
    /// - Throws: ``UsageError`` for `--passes`, `--ordinary-glows` or `--export` with the CPU backend, `--threads`
    ///   with the GPU backend.
    static func run(_ args: Arguments) throws -> Int32 {
        let backend: Backend = args.value(.backend)!
        let frames: Int = args.value(.benchFrames)!, warmup: Int = args.value(.warmup)!
        if args.given(.passes) && backend != .gpu { throw UsageError("--passes: the GPU backend's passes only; drop it or use --backend gpu") }
        if args.given(.ordinaryGlows) && backend != .gpu {
            throw UsageError("--ordinary-glows: the GPU backend's glows only; drop it or use --backend gpu")
        }
        if args.given(.benchExport) && backend != .gpu { throw UsageError("--export: the GPU backend only; drop it or use --backend gpu") }
        if args.given(.benchThreads) && backend != .cpu { throw UsageError("--threads: the CPU backend only; drop it or use --backend cpu") }
        let threads: Int? = args.value(.benchThreads)
        let mode = args.given(.benchExport) ? "export" : "preview"
        var (scene, background) = try CommandFailure.exiting(2) { try ParameterOptions(args).load(args.operands[0]) }
        if let size: PixelSize = args.value(.benchSize) { scene = Benchmark.resized(scene, width: size.width, height: size.height) }
        do {
            var gpu: GLRenderer?
            if backend == .gpu {
                gpu = try GLRenderer(shaders: ShaderLibrary(directory: args.value(.shaders)))
                // The preview steers turning glows and draws every cell into its window; an
                // export (render --loop) draws glows by source and blur and keeps unchanged cells.
                gpu?.options.steersGlows = mode == "preview" && !args.given(.ordinaryGlows)
                gpu?.options.keepsUnchangedCells = mode == "export"
            }
            let r = try Benchmark.run(scene, background: background, backend: backend, frames: frames, warmup: warmup, gpu: gpu,
                                      threads: threads)
            // The last measured frame's glows: steered (with their modes, and phases where read
            // from a phase table), drawn, kept, and twins (reading another glow's texels).
            let glows = gpu.map { g in
                let twins = g.glowTwinsLastFrame
                let steered = g.steeredGlowsLastFrame.filter { !twins.contains($0.key) }.values, counts = g.glowsDrawnAndReused
                return (steered: steered.count, modes: Set(steered.map(\.modes)).sorted(), phases: Set(steered.map(\.phases)).sorted(),
                        drawn: counts.drawn - steered.count, kept: counts.reused, twins: twins.count)
            }
            // Per-pass times, from a second run so that the finishes do not touch the first.
            var passes: [(String, Double)] = []
            if args.given(.passes), let gpu {
                // A pass that runs more than once a frame (one draw per tile group of the same
                // name) counts as its sum over the frame.
                var samples: [String: [Double]] = [:], order: [String] = [], frame: [String: Double] = [:]
                gpu.passTimer = { name, ms in
                    if samples[name] == nil && frame[name] == nil { order.append(name) }
                    frame[name, default: 0] += ms
                }
                _ = try Benchmark.run(scene, background: background, backend: backend, frames: frames, warmup: 0, gpu: gpu,
                                      afterFrame: {
                                          for (name, ms) in frame { samples[name, default: []].append(ms) }
                                          frame = [:]
                                      })
                gpu.passTimer = nil
                passes = order.map { ($0, median(samples[$0]!)!) }
            }
            if args.given(.benchJSON) {
                func num(_ d: Double?) -> String { d.map { String(format: "%.4f", $0) } ?? "null" }
                // The GL driver's own names (tools/gpu-check prints them).
                let glFields = (gpu?.context).map { c in
                    [("gl_vendor", c.vendor), ("gl_version", c.version), ("egl_platform", c.platform)]
                        .map { ", \"\($0.0)\": \(JSONValue.string($0.1).jsonText)" }.joined()
                } ?? ""
                let cpuThreads = threads ?? ProcessInfo.processInfo.activeProcessorCount
                let renderer = gpu?.rendererName ?? "cpu reference (\(Self.threadsText(threads)))"
                let gpuFields = gpu.map { g in
                    ", \"plan_ms\": \(num(r.planMedianMs)), \"draws\": \(r.drawsMedian.map(String.init) ?? "null"), \"programs\": \(g.programsCompiled), \"tiles\": \"\(r.frameStats.last?.tilesPlaced == true ? "gpu" : "cpu")\""
                } ?? ", \"threads\": \(cpuThreads)"
                print("{\"median_ms\": \(num(r.medianMs)), \"min_ms\": \(num(r.minMs)), \"max_ms\": \(num(r.maxMs)), " +
                      "\"mpix_per_s\": \(num(r.megapixelsPerSecond)), \"peak_rss_mb\": \(num(r.peakRSSMB)), " +
                      "\"gpu_median_ms\": \(num(r.gpuMedianMs)), \"first_ms\": \(num(r.firstMs)), \"second_ms\": \(num(r.secondMs)), \"width\": \(r.width), \"height\": \(r.height), " +
                      "\"backend\": \"\(backend.rawValue)\", \"frames\": \(frames), \"renderer\": \(JSONValue.string(renderer).jsonText)" +
                      (gpu == nil ? "" : ", \"mode\": \"\(mode)\"") + gpuFields + glFields +
                      (glows.map { ", \"glows\": {\"steered\": \($0.steered), \"modes\": \($0.modes), \"phases\": \($0.phases), \"drawn\": \($0.drawn), \"kept\": \($0.kept), \"twins\": \($0.twins)}" } ?? "") +
                      (passes.isEmpty ? "" : ", \"passes_ms\": {" + passes.map { "\(JSONValue.string($0.0).jsonText): \(num($0.1))" }.joined(separator: ", ") + "}") + "}")
            } else {
                let drawer = gpu.map { " (\($0.rendererName)), as the \(mode) draws" } ?? " (\(Self.threadsText(threads)))"
                print("\(args.operands[0]) at \(r.width)x\(r.height), \(backend.rawValue)\(drawer), \(frames) frames after \(warmup) warm-up")
                print(String(format: "frame time: min %.2f ms, median %.2f ms, max %.2f ms (%.1f Mpix/s)", r.minMs, r.medianMs, r.maxMs, r.megapixelsPerSecond))
                if let g = r.gpuMedianMs { print(String(format: "GPU time (timer queries): median %.2f ms", g)) }
                if let p = r.planMedianMs, let d = r.drawsMedian, let g = gpu {
                    print(String(format: "CPU before the first draw: median %.3f ms; %d draw calls a frame; %d programs compiled; tiles placed on the %@", p, d, g.programsCompiled,
                                 r.frameStats.last?.tilesPlaced == true ? "GPU" : "CPU"))
                }
                if let f = r.firstMs { print(String(format: "first frame (compiles, fills the caches): %.2f ms", f)) }
                if let s = r.secondMs, gpu?.options.steersGlows == true, r.frameStats.last?.tilesPlaced != true {
                    print(String(format: "second frame (makes the planes of turning glows): %.2f ms", s))
                }
                print(String(format: "peak resident memory: %.1f MB", r.peakRSSMB))
                if let g = glows, g.steered + g.drawn + g.kept + g.twins > 0 {
                    let tables = g.phases.filter { $0 > 0 }.map(String.init).joined(separator: ", ")
                    let modes = g.modes.isEmpty ? "" : " (N = \(g.modes.map(String.init).joined(separator: ", "))"
                        + (tables.isEmpty ? "" : "; phase tables of \(tables) phases") + ")"
                    print("glows in the last frame: \(g.steered) steered\(modes), \(g.drawn) drawn by source and blur, \(g.kept) kept, " +
                          "\(g.twins) twins of another (read its texels)")
                }
                if !passes.isEmpty {
                    print("passes (median ms, each ended by glFinish):")
                    for (name, ms) in passes { print(String(format: "  %7.2f  %@", ms, name)) }
                    print(String(format: "  %7.2f  total", passes.map(\.1).reduce(0, +)))
                }
            }
            return 0
        } catch {
            printError("halo bench: \(error)")
            return 1
        }
    }

    /// "1 thread", "N threads" (every core when nil).
    static func threadsText(_ threads: Int?) -> String {
        let n = threads ?? ProcessInfo.processInfo.activeProcessorCount
        return n == 1 ? "1 thread" : "\(n) threads"
    }
}
