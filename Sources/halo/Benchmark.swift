import Foundation
import Halo

/// Frame-time measurements of one scene (``Benchmark/run(_:background:backend:frames:warmup:gpu:)``).
public struct BenchmarkResult: Sendable {
    /// Wall time of whole frames as a user of `render` waits for them: resolve the
    /// scene at the frame's time, draw, finish, read back (milliseconds).
    public var frameMs: [Double]
    /// GPU time of each frame from GL timer queries (milliseconds); empty for the CPU.
    public var gpuMs: [Double]
    /// Image size in pixels.
    public var width: Int
    public var height: Int
    /// Peak resident set size of the process, megabytes (getrusage ru_maxrss).
    public var peakRSSMB: Double
    /// Wall time of the run's first frame, warm-up or measured (milliseconds): on the GPU it
    /// compiles the programs the scene needs and fills every cache (glows, ramps).
    public var firstMs: Double?
    /// Wall time of the run's second frame, warm-up or measured (milliseconds): on a GPU
    /// that steers glows it makes the planes of each turning glow (``GLRenderer/steersGlows``).
    public var secondMs: Double?
    /// The GPU's frame figures of each measured frame (``GLRenderer/lastFrameStats``): the CPU
    /// time from the resolved frame to the first draw call, and the draw calls; empty for the CPU.
    public var frameStats: [FrameStats] = []

    /// The median CPU time before the first draw (milliseconds); nil for the CPU.
    public var planMedianMs: Double? { median(frameStats.map(\.planMs)) }
    /// The median of the frames' GL draw calls; nil for the CPU.
    public var drawsMedian: Int? { median(frameStats.map { Double($0.draws) }).map { Int($0.rounded()) } }

    public var medianMs: Double { median(frameMs) ?? 0 }
    public var minMs: Double { frameMs.min() ?? 0 }
    public var maxMs: Double { frameMs.max() ?? 0 }
    public var gpuMedianMs: Double? { median(gpuMs) }
    /// Megapixels drawn per second at the median frame time.
    public var megapixelsPerSecond: Double { medianMs > 0 ? Double(width * height) / 1e6 / (medianMs / 1000) : 0 }
}

/// Benchmarks and the canvas resizing they use.
public enum Benchmark {
    /// `scene` with its canvas resized to `width` x `height` pixels: the scale is chosen so
    /// the original canvas fits (aspect kept), and the layout is centred in the new canvas.
    public static func resized(_ scene: Scene, width: Int, height: Int) -> Scene {
        var s = scene
        let c = scene.canvas
        let scale = min(Double(width) / c.width, Double(height) / c.height)
        let newW = Double(width) / scale, newH = Double(height) / scale
        let dx = (newW - c.width) / 2, dy = (newH - c.height) / 2
        s.canvas = Canvas(width: newW, height: newH, scale: scale, background: c.background)
        s.layers = scene.layers.map { layer in
            var l = layer
            l.shape.rect = Rect(l.shape.rect.x + dx, l.shape.rect.y + dy, l.shape.rect.w, l.shape.rect.h)
            return l
        }
        return s
    }

    /// Peak resident set size of this process in megabytes.
    public static func peakRSSMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024   // kilobytes on Linux
    }

    /// Renders `frames` frames at times t0, t0 + 1/60, ... after `warmup` unmeasured ones,
    /// calling `afterFrame` after each measured one (outside its time).
    /// - Throws: ``GLError`` or ``ShaderError`` from the GPU path.
    /// `threads`: the CPU reference's worker threads (default every core).
    public static func run(_ scene: Scene, background: RGBA8Image?, backend: Backend, frames: Int, warmup: Int,
                           gpu: GLRenderer? = nil, threads: Int? = nil, afterFrame: (() -> Void)? = nil) throws -> BenchmarkResult {
        let t0 = scene.effectiveTime()
        let reference = threads.map { ReferenceRenderer(threads: $0) } ?? ReferenceRenderer()
        var frameMs: [Double] = [], gpuMs: [Double] = [], stats: [FrameStats] = []
        var size = (0, 0)
        var firstMs: Double?, secondMs: Double?
        for i in 0..<(warmup + frames) {
            let t = t0 + Double(i) / 60
            let start = DispatchTime.now()
            let frame = try Frame(resolving: scene, time: t, backgroundImage: background)
            let image: RGBA8Image
            switch backend {
            case .cpu: image = reference.render(frame).toRGBA8()
            case .gpu: image = try gpu!.render(frame)
            }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
            size = (image.width, image.height)
            if i == 0 { firstMs = ms }
            if i == 1 { secondMs = ms }
            if i >= warmup {
                frameMs.append(ms)
                if backend == .gpu, let g = gpu?.lastGPUTimeMs { gpuMs.append(g) }
                if backend == .gpu, let f = gpu?.lastFrameStats { stats.append(f) }
                afterFrame?()
            }
        }
        return BenchmarkResult(frameMs: frameMs, gpuMs: gpuMs, width: size.0, height: size.1, peakRSSMB: peakRSSMB(), firstMs: firstMs,
                               secondMs: secondMs, frameStats: stats)
    }
}
