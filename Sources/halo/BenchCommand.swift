import Foundation
import Halo

enum BenchCommand {
    static let help = """
    USAGE: halo bench SCENE.json [--size WxH] [--backend gpu|cpu] [--frames N] [--warmup N] [--json] [--passes]

    Renders N frames at advancing times (1/60 s apart) after a warm-up and prints the
    frame time (min / median / max, ms), megapixels per second and peak resident memory.
    A frame is timed as a user of `render` waits for it: resolve the scene at its time,
    draw, finish and read back the 8-bit image (process start-up, GL set-up and PNG
    encoding excluded). For the GPU the time the GPU itself spent (GL timer queries) is
    reported too.

    OPTIONS:
      --size WxH         draw at W x H pixels: the scene is scaled to fit, centred
      --backend gpu|cpu  default gpu
      --frames N         measured frames (default 30)
      --warmup N         unmeasured frames first (default 3; the first GPU frame
                         compiles shader variants on llvmpipe)
      --json             one JSON object: median_ms, min_ms, max_ms, mpix_per_s,
                         peak_rss_mb, gpu_median_ms (null for the CPU or without
                         timer queries), width, height, backend, frames, renderer
      --passes           GPU only: then N more frames with a glFinish after each pass,
                         printing each pass's median wall time (ms) a frame, e.g.
                         "layer 1 smooth-edge tiles" (with --json: "passes_ms",
                         name -> ms).
                         The finishes serialise the pipeline, so the passes' sum
                         is not the frame time of the first run.
      --shaders DIR      GLSL folder (see halo render --help)

    EXIT STATUS: 0 measured; 1 rendering failed; 2 bad input.
    """

    static func run(_ argv: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ["--size", "--backend", "--frames", "--warmup", "--shaders"], flags: ["-h", "--help", "--json", "--passes"])
        } catch {
            printError("halo bench: \(error)\nusage: halo bench SCENE.json [--size WxH] [--backend gpu|cpu] [--frames N] [--warmup N] [--json] [--passes]")
            return 2
        }
        if args.flags.contains("-h") || args.flags.contains("--help") { print(help); return 0 }
        var scene: Scene, background: RGBA8Image?
        let backend: Backend, frames: Int, warmup: Int
        do {
            guard args.positional.count == 1 else { throw UsageError("expected one scene file, found \(args.positional.count)") }
            let b = args.options["--backend"] ?? "gpu"
            guard let be = Backend(rawValue: b) else { throw UsageError("--backend: expected gpu or cpu, found \(b)") }
            backend = be
            frames = try args.int("--frames", min: 1) ?? 30
            warmup = try args.int("--warmup", min: 0) ?? 3
            if args.flags.contains("--passes") && backend != .gpu { throw UsageError("--passes: the GPU backend's passes only; drop it or use --backend gpu") }
            (scene, background) = try Halo.load(args.positional[0])
            if let size = args.options["--size"] {
                let parts = size.lowercased().split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...Limits.maxCanvasSide).contains(w),
                      (1...Limits.maxCanvasSide).contains(h) else {
                    throw UsageError("--size: expected WxH with each side 1...\(Limits.maxCanvasSide), found \(size)")
                }
                scene = Benchmark.resized(scene, width: w, height: h)
            }
        } catch {
            printError("halo bench: \(error)")
            return 2
        }
        do {
            var gpu: GLRenderer?
            if backend == .gpu { gpu = try GLRenderer(shaders: ShaderLibrary(directory: args.options["--shaders"])) }
            let r = try Benchmark.run(scene, background: background, backend: backend, frames: frames, warmup: warmup, gpu: gpu)
            // Per-pass times, from a second run so that the finishes do not touch the first.
            var passes: [(String, Double)] = []
            if args.flags.contains("--passes"), let gpu {
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
            if args.flags.contains("--json") {
                func num(_ d: Double?) -> String { d.map { String(format: "%.4f", $0) } ?? "null" }
                let renderer = gpu?.rendererName ?? "cpu reference (\(ProcessInfo.processInfo.activeProcessorCount) threads)"
                print("{\"median_ms\": \(num(r.medianMs)), \"min_ms\": \(num(r.minMs)), \"max_ms\": \(num(r.maxMs)), " +
                      "\"mpix_per_s\": \(num(r.megapixelsPerSecond)), \"peak_rss_mb\": \(num(r.peakRSSMB)), " +
                      "\"gpu_median_ms\": \(num(r.gpuMedianMs)), \"width\": \(r.width), \"height\": \(r.height), " +
                      "\"backend\": \"\(backend.rawValue)\", \"frames\": \(frames), \"renderer\": \(JSONValue.string(renderer).jsonText)" +
                      (passes.isEmpty ? "" : ", \"passes_ms\": {" + passes.map { "\(JSONValue.string($0.0).jsonText): \(num($0.1))" }.joined(separator: ", ") + "}") + "}")
            } else {
                print("\(args.positional[0]) at \(r.width)x\(r.height), \(backend.rawValue)\(gpu.map { " (\($0.rendererName))" } ?? ""), \(frames) frames after \(warmup) warm-up")
                print(String(format: "frame time: min %.2f ms, median %.2f ms, max %.2f ms (%.1f Mpix/s)", r.minMs, r.medianMs, r.maxMs, r.megapixelsPerSecond))
                if let g = r.gpuMedianMs { print(String(format: "GPU time (timer queries): median %.2f ms", g)) }
                print(String(format: "peak resident memory: %.1f MB", r.peakRSSMB))
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
}
