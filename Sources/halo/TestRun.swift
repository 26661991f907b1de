import Foundation
import Halo
import HaloTesting

/// One `halo test` run: the images to check, and what each one gave.
final class TestRun: @unchecked Sendable {
    struct Options {
        var record = RecordMode.never
        var backend = Backend.gpu
        var backendGiven = false
        /// `--backend-change`: recording may replace references the other backend drew.
        var backendChange = false
        var jobs = 1
        var tolerance = FuzzyTolerance.default
        var toleranceMode = ToleranceMode.fuzzy
        var shaders: String?
        var artifacts = ""
        var junit: String?
        var html: String?
        /// Baseline keys tried first (``ReferenceTest/baselinePath(forScene:time:backend:keys:)``).
        var baselineKeys: [String] = []
        /// `--set` and `--params`: values for every scene that declares the parameter.
        var parameters = ParameterOptions.none
        /// The share of the suite this run checks (nil: all of it), and the suite's scene count.
        var shard: SuiteShard?
        var suiteScenes = 0
    }

    /// One image to check: a scene at one time, against one reference.
    struct Case: Sendable {
        /// The scene's path under DIR without `.json`, plus `.tT` for a listed time.
        var name: String
        var sceneFile: String
        var time: Double?
        var reference: String
        var tolerance: FuzzyTolerance
        var scene: Scene?
        var background: RGBA8Image?
        /// Pixels left out of the comparison (the test key's `ignore` and `mask`).
        var mask: ComparisonMask?
        /// Set when the case cannot run (bad scene or test object) or could not finish.
        var error: String?
        var result: ReferenceTestResult?
        /// Pixels whose difference exceeds the tolerance's maxDifference upper bound.
        var pixelsOverTolerance: Int?

        var status: String {
            if error != nil { return "ERROR" }
            switch result?.outcome {
            case .passed?: return "pass"
            case .failed?: return "FAIL"
            case .recorded?: return result?.expected == nil ? "new" : "recorded"
            case nil: return "ERROR"
            }
        }
        /// A failure or an error; a reference written by the run ("new", "recorded") is not
        /// one for the command's exit status (the API's result does not pass: see ReferenceTest).
        var failed: Bool { error != nil || result?.outcome == .failed }
    }

    let directory: String
    let options: Options
    private(set) var cases: [Case] = []
    private let lock = NSLock()
    private var next = 0
    private var done = 0

    init(directory: String, sceneFiles: [String], options: Options) {
        self.directory = directory
        self.options = options
        for file in sceneFiles {
            let rel = TestRun.relativePath(of: file, under: directory)
            let stem = rel.hasSuffix(".json") ? String(rel.dropLast(5)) : rel
            do {
                let spec = try SceneTestSpec.of(sceneFile: file)
                let fileScene = try options.parameters.load(file, onlyDeclared: true)
                let given = try options.parameters.values(for: fileScene.scene.parameters, scene: file, onlyDeclared: true)
                // The scene as given, then with each of the test's parameter sets over it.
                for (set, values) in [(nil, [:])] + spec.parameterSets.enumerated().map({ (Optional($0 + 1), $1) }) {
                    let (scene, background) = set == nil ? fileScene
                        : try Halo.load(file, values: given.merging(values) { $1 }, source: "from test.params[\(set! - 1)]")
                    let mask = try spec.comparisonMask(width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight, scale: scene.canvas.scale)
                    for (time, _) in spec.cases(forScene: file) {
                        let reference = options.toleranceMode == .certified
                            // A certified reference is the exact image: SCENE.cpu.png or SCENE.png, never a GPU's baseline.
                            ? ReferenceTest.baselinePath(forScene: file, time: time, set: set, backend: .cpu)
                            : ReferenceTest.baselinePath(forScene: file, time: time, set: set, backend: options.backend, keys: options.baselineKeys)
                        let name = stem + (set.map { ".set-\($0)" } ?? "") + (time.map { ".t" + ReferenceTest.timeSuffix($0) } ?? "")
                        cases.append(Case(name: name, sceneFile: file, time: time, reference: reference,
                                          tolerance: spec.tolerance ?? options.tolerance, scene: scene, background: background, mask: mask))
                    }
                }
            } catch {
                cases.append(Case(name: stem, sceneFile: file, time: nil, reference: ReferenceTest.referencePath(forScene: file),
                                  tolerance: options.tolerance, error: "\(error)"))
            }
        }
    }

    /// The path of `file` under `directory`, `/`-separated (`group/button.json`); its name
    /// alone when it is not under it. Names the cases and places scenes in shards.
    static func relativePath(of file: String, under directory: String) -> String {
        let base = URL(fileURLWithPath: directory).standardizedFileURL.path
        let full = URL(fileURLWithPath: file).standardizedFileURL.path
        return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : URL(fileURLWithPath: file).lastPathComponent
    }

    /// Renders and compares every case on `options.jobs` threads, the calling thread being
    /// job 0 (with `mainGPU` for the GPU backend; other jobs make their own GL context).
    func execute(mainGPU: GLRenderer?) {
        let jobs = max(1, min(options.jobs, cases.count))
        let exited = DispatchGroup()
        for _ in 1..<jobs {
            exited.enter()
            let thread = Thread { [self] in
                do {
                    var gpu: GLRenderer?
                    var gpuError: String?
                    if options.backend == .gpu {
                        do {
                            gpu = try GLRenderer(shaders: ShaderLibrary(directory: options.shaders))
                            gpu?.options.sharesAveragedPrograms = true
                        } catch { gpuError = "GPU: \(error)" }
                    }
                    // (The jobs' contexts share one EGL display, which HeadlessContext keeps
                    // initialised until the last of them goes.)
                    work(gpu: gpu, gpuError: gpuError)
                }
                exited.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        work(gpu: mainGPU, gpuError: nil)
        exited.wait()
        progress(final: true)
    }

    private func work(gpu: GLRenderer?, gpuError: String?) {
        while true {
            lock.lock()
            while next < cases.count && cases[next].error != nil { next += 1 }
            guard next < cases.count else { lock.unlock(); return }
            let index = next
            next += 1
            let c = cases[index]
            lock.unlock()

            var out = c
            if let gpuError {
                out.error = gpuError
            } else {
                var tester = ReferenceTest(tolerance: c.tolerance, record: options.record, backend: options.backend,
                                           artifactsDirectory: options.artifacts)
                tester.mask = c.mask
                tester.toleranceMode = options.toleranceMode
                tester.backendChange = options.backendChange
                do {
                    let r = try tester.compare(c.scene!, background: c.background, at: c.time, to: c.reference, name: c.name, gpu: gpu)
                    out.result = r
                    if let certified = r.certified {
                        out.pixelsOverTolerance = certified.violationCount
                    } else if let comparison = r.comparison {
                        let limit = Float(c.tolerance.maxDifference.upperBound)
                        out.pixelsOverTolerance = comparison.perPixel.reduce(0) { $0 + ($1 > limit ? 1 : 0) }
                    }
                } catch {
                    out.error = "\(error)"
                }
            }
            out.scene = nil
            out.background = nil
            lock.lock()
            cases[index] = out
            done += 1
            lock.unlock()
            progress(final: false)
        }
    }

    /// A one-line bar on stderr, only when stderr is a terminal.
    private func progress(final: Bool) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        lock.lock(); defer { lock.unlock() }
        if final { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); return }
        let total = cases.filter { $0.error == nil || $0.result != nil }.count
        let width = 30
        let filled = total == 0 ? width : width * done / max(total, 1)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)\u{1B}[K".utf8))
    }
}
