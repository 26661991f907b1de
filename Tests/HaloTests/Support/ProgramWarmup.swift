import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Compiles the GPU programs of the suite's largest tests ahead of them, on one background
/// thread at the lowest CPU priority, while the rest of the suite runs.
///
/// Why: on a cold shader cache most of the time of ``ConformanceTests``,
/// ``RandomDifferentialTests`` and ``SingularPointTests``-like GPU tests is llvmpipe compiling
/// program variants (the random scenes: about 90 s cold, 8 s warm, on 2 cores), while most
/// other tests keep one core busy at most. A program compiled here lands in Mesa's on-disk
/// shader cache, where those tests (and the `halo` processes other tests start) find it in
/// about 0.1 s. What this thread draws is thrown away: no test reads it, so no test's
/// result depends on it; a program it has not reached yet is compiled by the test itself,
/// as without it.
///
/// It starts only for a whole-suite run (no test named on the command line, so a filtered
/// run pays nothing), from the first test class in name order (XCTest runs classes in that
/// order), and not where the shader cache is off (`MESA_SHADER_CACHE_DISABLE`) or
/// `HALO_TEST_WARMUP=0`. The end of the test bundle waits for the frame in progress.
enum ProgramWarmup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var cancelled = false
    private static let finished = DispatchSemaphore(value: 0)

    /// Starts the warm-up thread, once a process, where the conditions above hold.
    static func startForWholeRun() {
        let env = ProcessInfo.processInfo.environment
        guard CommandLine.arguments.dropFirst().allSatisfy({ $0.hasPrefix("-") }),
              env["HALO_TEST_WARMUP"] != "0", (env["MESA_SHADER_CACHE_DISABLE"] ?? "false") == "false" else { return }
        lock.lock(); defer { lock.unlock() }
        guard !started else { return }
        started = true
        HeadlessContext.preferQuickShaderCompiles()      // as the tests' renderers (before any context)
        XCTestObservationCenter.shared.addTestObserver(EndOfRun())
        let t = Thread { run(); finished.signal() }
        t.stackSize = 8 << 20
        t.start()
    }

    /// The frames to draw, in the order the tests need them: the conformance scenes and
    /// examples, then the same with their tiles placed on the GPU (`placed`: the placed
    /// programs of ``ConformanceTests``' placed-tile test), then the random scenes, then the
    /// singular-point scenes of today's seeds.
    private static func frames() -> [(placed: Bool, make: () throws -> Frame)] {
        var out: [(placed: Bool, make: () throws -> Frame)] = []
        let scenes = conformanceScenesDirectory()
        var paths = ((try? FileManager.default.contentsOfDirectory(atPath: scenes.path)) ?? []).sorted()
            .filter { $0.hasSuffix(".json") }.map { scenes.appendingPathComponent($0).path }
        paths += ((try? ConformanceTests.landedNextScenes()) ?? []).map { scenes.appendingPathComponent("next/\($0).json").path }
        let examples = repositoryRoot.appendingPathComponent("Examples")
        paths += ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []).sorted()
            .filter { $0.hasSuffix(".json") }.map { examples.appendingPathComponent($0).path }
        for placed in [false, true] {
            out += paths.map { path in (placed, { let (scene, bg) = try Halo.load(path); return Frame(scene, backgroundImage: bg) }) }
        }
        let random = (try? RandomDifferentialTests.seeds.get()) ?? []
        out += random.map { seed in (false, { Frame(try SceneDecoder.decode(Data(RandomScene.json(seed: seed).utf8), file: "seed-\(seed).json")) }) }
        out += ((try? RandomDifferentialTests.singularSeeds.get()) ?? []).map { seed in
            (false, { Frame(try SceneDecoder.decode(Data(RandomScene.singularJSON(seed: seed).utf8), file: "singular-\(seed).json")) })
        }
        return out
    }

    /// The thread's work: lowest priority (a thread's nice value on Linux, inherited by the
    /// rasterizer threads its GL context starts), then each frame drawn until done or cancelled.
    private static func run() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        guard let renderer = try? GLRenderer(shaders: ShaderLibrary(directory: repositoryRoot.appendingPathComponent("Shaders").path)) else { return }
        renderer.options.sharesAveragedPrograms = true      // as the tests' renderers, so the same variants
        for frame in frames() {
            lock.lock(); let stop = cancelled; lock.unlock()
            if stop { return }
            renderer.options.tilePlacement = frame.placed ? .gpu : .cpu
            _ = try? renderer.render(frame.make())
        }
    }

    /// At the end of the test bundle: stop after the frame in progress, and wait for it, so
    /// that the process does not exit while the thread is inside the GL driver.
    private final class EndOfRun: NSObject, XCTestObservation {
        func testBundleDidFinish(_ testBundle: Bundle) {
            lock.lock(); cancelled = true; lock.unlock()
            finished.wait()
        }
    }
}
