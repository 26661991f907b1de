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
    checks the scene again with each set's values (docs/scene-format.md
    "Parameters"), set K against button.set-K.png (with times,
    button.set-K.t0.png). "fuzzy" is the web-platform-tests reftest tolerance (see
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

    A suite in shards on a CI matrix, and their merge: docs/testing.md "A large suite across machines: shards".

    ORPHANS: the references no scene and time is compared with are listed after
    the summary (docs/testing.md); --strict makes them a failure.

    EXIT STATUS: 0 every image passed or was recorded; 1 an image failed (or
    --backend gpu was given and no GL context could be made, or --strict found
    orphaned references); 2 bad input: an
    option, DIR missing or without scenes, a scene or reference that cannot be
    read, an unwritable report path. With --merge: the same for the reports'
    images, and 2 for a report that cannot be read, a scene in two reports, or a
    sharded suite whose shards' reports are not all there once each.
    """

    /// Checks every scene under the folder of a parsed command line; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        if args.given(.merge) { return try TestMerge.run(args) }
        let dir = args.operands[0]
        var options = try CommandFailure.exiting(2) { try parseOptions(args, suite: dir) }
        let suite = try CommandFailure.exiting(2) { try SceneTestSpec.sceneFiles(under: dir) }
        guard !suite.isEmpty else {
            printError("halo test: no scenes (*.json) under \(dir)")
            return 2
        }
        var scenes = suite
        if let shard = options.shard {
            // A shard with no scenes is not an error: its (empty) reports still go to the merge.
            scenes = suite.filter { shard.contains(scene: TestRun.relativePath(of: $0, under: dir)) }
            options.suiteScenes = suite.count
        }
        // The GPU is made here, on the main thread (job 0), so a missing GL is known before any work.
        var mainGPU: GLRenderer?
        if options.backend == .gpu {
            do {
                HeadlessContext.preferQuickShaderCompiles()  // a frame or few a scene: quicker cold
                mainGPU = try GLRenderer(shaders: ShaderLibrary(directory: options.shaders))
                mainGPU?.options.sharesAveragedPrograms = true        // compiles, and fewer of them
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
            // docs/performance.md). Each job is a GL context, and on llvmpipe a pool of rasterizer
            // threads as large as the core count: no more than 4 of them on a large machine.
            let cores = ProcessInfo.processInfo.activeProcessorCount
            options.jobs = options.backend == .gpu ? min(cores, TestCommand.maxGPUJobs) : cores
        }
        let run = TestRun(directory: dir, sceneFiles: scenes, options: options)
        // A --set name no scene declares is a typo, not a value for no one. Every shard
        // checks against the whole suite: a name that only another shard's scenes declare is
        // fine, one that none declares is refused by each shard alike.
        var declared = Set(run.cases.flatMap { $0.scene?.parameters.map(\.name) ?? [] })
        if options.parameters.settings.contains(where: { !declared.contains($0.name) }) {
            declared.formUnion(ParameterOptions.declaredNames(in: suite))
        }
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
        let orphans = OrphanedReferences.find(under: dir, sceneFiles: suite)
        if !orphans.isEmpty {
            print("\(orphans.count) orphaned reference\(orphans.count == 1 ? "" : "s") (compared with no scene and time\(args.given(.strict) ? "; --strict: a failure" : "")):")
            for o in orphans { print("  \(o.path): \(o.reason)") }
            if args.given(.strict) { status = max(status, 1) }
        }
        run.writeApprovalList()
        let env = ProcessInfo.processInfo.environment
        if env["GITHUB_ACTIONS"] == "true" {
            for line in run.githubAnnotations() { print(line) }
            if let summary = env["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
                if let h = FileHandle(forWritingAtPath: summary) ?? {
                    _ = FileManager.default.createFile(atPath: summary, contents: nil); return FileHandle(forWritingAtPath: summary) }() {
                    h.seekToEndOfFile()
                    h.write(Data(run.markdownSummary(seconds: seconds).utf8))
                    try? h.close()
                }
            }
        }
        if let junit = options.junit, !TestReports.write(TestReports.junit(run, seconds: seconds), to: junit) { status = 2 }
        if let html = options.html, !TestReports.write(TestReports.html(run), to: html) { status = 2 }
        return status
    }

    /// The run's options from a parsed command line and the environment; makes the artifacts
    /// folder and removes the last run's images from it.
    /// - Throws: `ReferenceTestError` for a bad `$HALO_RECORD`; ``UsageError`` when the
    ///   artifacts folder cannot be made.
    private static func parseOptions(_ args: Arguments, suite dir: String) throws -> TestRun.Options {
        var o = TestRun.Options()
        o.record = try args.value(.record)
            ?? RecordMode.fromEnvironment(interactiveDefault: isatty(STDOUT_FILENO) == 1 ? .missing : .never)
        o.backend = args.value(.backend)!
        o.backendGiven = args.given(.backend)
        o.backendChange = args.given(.backendChange)
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
        o.artifacts = args.value(.artifacts) ?? TestRun.defaultArtifacts(forSuite: dir)
        do {
            try FileManager.default.createDirectory(atPath: o.artifacts, withIntermediateDirectories: true)
        } catch {
            throw UsageError("--artifacts: cannot make the folder \(o.artifacts)")
        }
        TestRun.removeLastRunsImages(from: o.artifacts)
        if let key: String = args.value(.baseline) { o.baselineKeys = [key] }
        o.junit = args.value(.junit)
        o.html = args.value(.html)
        o.parameters = try ParameterOptions(args)
        o.shard = args.value(.shard)
        return o
    }
}
