import Foundation
import Halo
import HaloTesting

/// `halo test DIR`: renders every scene under DIR and compares it with its reference image.
enum TestCommand {
    /// The most GPU jobs `--jobs` defaults to (one GL context each).
    static let maxGPUJobs = 4

    /// Help's prose before the options (they come from ``CommandOption``).
    static let description = """
    Finds every scene (*.json, recursively; *.test.json are sidecars) under DIR,
    renders it, compares it with its reference image and prints a table: scene,
    result, max difference (8-bit levels, premultiplied, as `halo diff`), pixels
    over the tolerance's maxDifference, pixels differing at all, render time.

    REFERENCES live beside the scenes, named after them: button.json ->
    button.png. A scene may carry a "test" object (or the same object in a
    sidecar, button.test.json):
      "test": { "fuzzy": "maxDifference=0-2;totalPixels=0-40", "times": [0, 0.5] }
    "ignore" (rectangles [x, y, w, h] in points) and "mask" (a PNG beside the
    scene: white counts, black is ignored) leave pixels out of the comparison;
    they are counted in the IGNORED column and the messages, never dropped silently.
    "times" (seconds) checks one reference per time, named button.t0.png,
    button.t0.5.png (%g of the time); without it the scene is drawn once at
    its own "time". "params" (a list of parameter sets, e.g. [{"width": 5}])
    checks the scene again with each set's values (SCENE.md "Parameters"), set K
    against button.set-K.png (with times, button.set-K.t0.png). "fuzzy" is the web-platform-tests reftest tolerance (see
    `halo diff --help`); the default is "\(FuzzyTolerance.defaultText)".

    CERTIFIED: with --tolerance certified (GPU only), each pixel may differ from a
    reference recorded with --backend cpu by the GPU's own bound there (see
    `halo render --help`, ERROR BOUND) plus 1 level for rounding, and no more; a
    failure names the pixels over their bound and the budget that bounded each.
    The fuzzy tolerance is then not used.
    """

    /// Help's prose after the options.
    static let after = """
    A progress bar is drawn on stderr when it is a terminal.

    EXIT STATUS: 0 every image passed or was recorded; 1 an image failed (or
    --backend gpu was given and no GL context could be made); 2 bad input: an
    option, DIR missing or without scenes, a scene or reference that cannot be
    read, an unwritable report path.
    """

    /// Checks every scene under the folder of a parsed command line; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        let dir = args.operands[0]
        var options = try CommandFailure.exiting(2) { try parseOptions(args) }
        let scenes = try CommandFailure.exiting(2) { try SceneTestSpec.sceneFiles(under: dir) }
        guard !scenes.isEmpty else {
            printError("halo test: no scenes (*.json) under \(dir)")
            return 2
        }
        // The GPU is made here, on the main thread (job 0), so a missing GL is known before any work.
        var mainGPU: GLRenderer?
        if options.backend == .gpu {
            do {
                HeadlessContext.preferQuickShaderCompiles()  // a frame or few a scene: quicker cold
                mainGPU = try GLRenderer(shaders: ShaderLibrary(directory: options.shaders))
                mainGPU?.compilesFewerPrograms = true        // compiles, and fewer of them
            } catch let e as GLError where !options.backendGiven && options.toleranceMode == .fuzzy {
                printError("halo test: GPU unavailable (\(e)); using the CPU reference")
                options.backend = .cpu
            } catch {
                printError("halo test: GPU unavailable: \(error)")
                return 1
            }
        }
        if !args.given(.jobs) {
            // For gpu too, up to 4: each job compiles the program variants it meets on its own
            // core, so on a cold shader cache (a fresh CI container) the fixture suite takes 12.6 s
            // where one job took 23.9, and 0.65 s where it took 1.0 warm (llvmpipe, 2 cores,
            // BENCHMARKS.md). Each job is a GL context, and on llvmpipe a pool of rasterizer
            // threads as large as the core count: no more than 4 of them on a large machine.
            let cores = ProcessInfo.processInfo.activeProcessorCount
            options.jobs = options.backend == .gpu ? min(cores, TestCommand.maxGPUJobs) : cores
        }
        let run = TestRun(directory: dir, sceneFiles: scenes, options: options)
        // A --set name no scene declares is a typo, not a value for no one.
        let declared = Set(run.cases.flatMap { $0.scene?.parameters.map(\.name) ?? [] })
        for s in options.parameters.settings where !declared.contains(s.name) {
            let near = closestKey(s.name, declared.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""
            printError("halo test: --set \(s.given): params.\(s.name): expected the name of a parameter a scene under \(dir) declares\(near), found none")
            return 2
        }
        let start = DispatchTime.now()
        run.execute(mainGPU: mainGPU)
        mainGPU = nil
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        print(run.table())
        print(run.summary(seconds: seconds))
        var status = run.exitStatus
        run.writeApprovalList()
        let env = ProcessInfo.processInfo.environment
        if env["GITHUB_ACTIONS"] == "true" {
            for line in run.githubAnnotations() { print(line) }
            if let summary = env["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
                if let h = FileHandle(forWritingAtPath: summary) ?? {
                    FileManager.default.createFile(atPath: summary, contents: nil); return FileHandle(forWritingAtPath: summary) }() {
                    h.seekToEndOfFile()
                    h.write(Data(run.markdownSummary(seconds: seconds).utf8))
                    try? h.close()
                }
            }
        }
        if let junit = options.junit {
            do { try TestReports.junit(run, seconds: seconds).write(toFile: junit, atomically: true, encoding: .utf8) } catch {
                printError("halo test: cannot write \(junit): \(error.localizedDescription)")
                status = 2
            }
        }
        if let html = options.html {
            do { try TestReports.html(run).write(toFile: html, atomically: true, encoding: .utf8) } catch {
                printError("halo test: cannot write \(html): \(error.localizedDescription)")
                status = 2
            }
        }
        return status
    }

    /// The run's options from a parsed command line and the environment; makes the artifacts folder.
    /// - Throws: `ReferenceTestError` for a bad `$HALO_RECORD`; ``UsageError`` when the
    ///   artifacts folder cannot be made.
    private static func parseOptions(_ args: Arguments) throws -> TestRun.Options {
        var o = TestRun.Options()
        o.record = try args.value(.record)
            ?? RecordMode.fromEnvironment(interactiveDefault: isatty(STDOUT_FILENO) == 1 ? .missing : .never)
        o.backend = args.value(.backend)!
        o.backendGiven = args.given(.backend)
        o.jobs = args.value(.jobs) ?? o.jobs
        o.tolerance = args.value(.testFuzzy)!
        o.toleranceMode = args.value(.toleranceMode)!
        if o.toleranceMode == .certified && o.backend != .gpu {
            throw UsageError("--tolerance certified checks the GPU's image against its own bound: it needs --backend gpu, found \(o.backend.rawValue)")
        }
        if o.toleranceMode == .certified && args.given(.testFuzzy) {
            throw UsageError("--tolerance certified judges each pixel by its own bound: expected no --fuzzy with it, found --fuzzy")
        }
        o.shaders = args.value(.shaders)
        o.artifacts = args.value(.artifacts) ?? ReferenceTest.defaultArtifactsDirectory
        do {
            try FileManager.default.createDirectory(atPath: o.artifacts, withIntermediateDirectories: true)
        } catch {
            throw UsageError("--artifacts: cannot make the folder \(o.artifacts)")
        }
        if let key: String = args.value(.baseline) { o.baselineKeys = [key] }
        o.junit = args.value(.junit)
        o.html = args.value(.html)
        o.parameters = try ParameterOptions(args)
        return o
    }
}

/// One `halo test` run: the images to check, and what each one gave.
final class TestRun: @unchecked Sendable {
    struct Options {
        var record = RecordMode.never
        var backend = Backend.gpu
        var backendGiven = false
        var jobs = 1
        var tolerance = FuzzyTolerance.default
        var toleranceMode = ToleranceMode.fuzzy
        var shaders: String?
        var artifacts = ""
        var junit: String?
        var html: String?
        /// Baseline keys tried first (``ReferenceTest/baselinePath(forScene:time:set:backend:keys:)``).
        var baselineKeys: [String] = []
        /// `--set` and `--params`: values for every scene that declares the parameter.
        var parameters = ParameterOptions.none
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
        let base = URL(fileURLWithPath: directory).standardizedFileURL.path
        for file in sceneFiles {
            let full = URL(fileURLWithPath: file).standardizedFileURL.path
            let rel = full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : URL(fileURLWithPath: file).lastPathComponent
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
                            gpu?.compilesFewerPrograms = true
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

    /// Cases in report order: failures and errors first, then the rest, each by name.
    var reportOrder: [Case] {
        cases.filter(\.failed) + cases.filter { !$0.failed }
    }

    var exitStatus: Int32 {
        if cases.contains(where: { $0.error != nil }) { return 2 }
        return cases.contains(where: \.failed) ? 1 : 0
    }

    func count(_ status: String) -> Int { cases.filter { $0.status == status }.count }

    /// The results table, in scene order, then each failure's reason and artifacts.
    func table() -> String {
        let nameWidth = max(5, cases.map(\.name.count).max() ?? 0)
        func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
            let gap = String(repeating: " ", count: max(0, n - s.count))
            return left ? s + gap : gap + s
        }
        var lines = [pad("SCENE", nameWidth, left: true) + "  RESULT     MAX   OVER  DIFFERING  IGNORED       TIME  REFERENCE"]
        for c in cases {
            var line = pad(c.name, nameWidth, left: true) + "  " + pad(c.status, 8, left: true)
            if let comparison = c.result?.comparison {
                line += pad(DiffCommand.levels(comparison.maxDifference), 6) + pad(String(c.pixelsOverTolerance ?? 0), 7)
                    + pad(String(comparison.pixelsOver[0] ?? 0), 11) + pad(String(comparison.ignoredPixels), 9)
            } else {
                line += pad("-", 6) + pad("-", 7) + pad("-", 11) + pad("-", 9)
            }
            line += c.result.map { pad(String(format: "%.1f ms", $0.renderSeconds * 1000), 11) } ?? pad("-", 11)
            line += "  " + (c.reference as NSString).lastPathComponent
            lines.append(line)
        }
        for c in cases where c.failed {
            lines.append("")
            if let e = c.error { lines.append("\(c.name): \(e)") } else if let r = c.result { lines.append(r.message) }
        }
        return lines.joined(separator: "\n")
    }

    func summary(seconds: Double) -> String {
        let scenes = Set(cases.map(\.sceneFile)).count
        var parts = ["\(count("pass")) passed", "\(count("FAIL")) failed"]
        if count("new") > 0 { parts.append("\(count("new")) new") }
        if count("recorded") > 0 { parts.append("\(count("recorded")) recorded") }
        if count("ERROR") > 0 { parts.append("\(count("ERROR")) errors") }
        var s = "\(cases.count) images of \(scenes) scenes: " + parts.joined(separator: ", ")
        let mode = options.toleranceMode == .certified ? ", tolerance certified" : ""
        s += String(format: " (backend %@, record %@%@, %d job%@) in %.2f s", options.backend.rawValue, options.record.rawValue, mode, options.jobs, options.jobs == 1 ? "" : "s", seconds)
        if cases.contains(where: { $0.result?.artifacts != nil }) { s += "\nartifacts: \(options.artifacts)" }
        return s
    }
}

extension TestRun {
    /// The file in the artifacts folder that lists the last run's failing images and their
    /// references, one `ACTUAL<TAB>REFERENCE` line each (`halo approve` reads it); for a
    /// certified run ACTUAL is the exact CPU image, the only kind of reference it checks against.
    static let approvalFile = "halo-approve.tsv"

    /// Writes (or removes, when nothing failed) the approval list of this run.
    func writeApprovalList() {
        let path = (options.artifacts as NSString).appendingPathComponent(TestRun.approvalFile)
        let lines = cases.compactMap { c -> String? in
            guard c.result?.outcome == .failed, let actual = c.result?.artifacts.flatMap({ $0.exact ?? $0.actual }) else { return nil }
            return actual + "\t" + URL(fileURLWithPath: c.reference).standardizedFileURL.path
        }
        if lines.isEmpty { try? FileManager.default.removeItem(atPath: path); return }
        try? (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// GitHub Actions workflow commands: one `::error file=...,title=...::` line a failure.
    func githubAnnotations() -> [String] {
        func escape(_ s: String, property: Bool) -> String {
            var out = s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
            if property { out = out.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
            return out
        }
        return cases.filter(\.failed).map { c in
            let why = c.error ?? c.result?.failureReason ?? "failed"
            return "::error file=\(escape(c.sceneFile, property: true)),title=\(escape("halo test: \(c.name)", property: true))::"
                + escape("\(c.name) does not match \((c.reference as NSString).lastPathComponent): \(why)", property: false)
        }
    }

    /// A Markdown table of the run for `$GITHUB_STEP_SUMMARY`.
    func markdownSummary(seconds: Double) -> String {
        var s = "### halo test\n\n" + summary(seconds: seconds).split(separator: "\n")[0] + "\n\n"
        s += "| scene | result | max | differing | reference |\n|---|---|---|---|---|\n"
        for c in reportOrder {
            let max = c.result?.comparison.map { DiffCommand.levels($0.maxDifference) } ?? "-"
            let differing = c.result?.comparison.map { String($0.pixelsOver[0] ?? 0) } ?? "-"
            s += "| \(c.name) | \(c.status) | \(max) | \(differing) | \((c.reference as NSString).lastPathComponent) |\n"
        }
        return s + "\n"
    }
}

