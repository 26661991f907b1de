import Foundation
import Halo
import HaloTesting

/// `halo test`: record mode, tolerance, baselines, jobs, artifacts and reports.
extension CommandOption {
    /// `test`: a further baseline key (a `String`), tried before the backend's and the plain reference.
    static let baseline = CommandOption(
        "--baseline", value: .path("KEY"), commands: [.test],
        help: "compare with SCENE.KEY.png where it exists (e.g. a driver: llvmpipe), else SCENE.gpu.png or SCENE.cpu.png "
            + "for the backend, else SCENE.png; the row names the file used")

    /// `test`: how images are judged (a ``ToleranceMode``).
    static let toleranceMode = CommandOption(
        "--tolerance", value: .toleranceMode, commands: [.test],
        help: "fuzzy: the scene's or --fuzzy's tolerance; certified: each pixel within the GPU's own bound of it "
            + "(halo render --error-bound) plus 1 level, against references recorded with --backend cpu (gpu backend only)",
        default: .value(ToleranceMode.fuzzy.rawValue))

    /// `test`: when references are written (a `RecordMode`; nil: from the environment).
    static let record = CommandOption(
        "--record", value: .recordMode, commands: [.test],
        help: "missing: write references that do not exist, reported as \"new\"; never: a missing reference fails; "
            + "all: rewrite every reference; failed: rewrite exactly the references that fail (passing ones stay "
            + "byte-identical) and write missing ones",
        default: .described("missing on a terminal; never when $CI is set or stdout is not a terminal; $HALO_RECORD sets it too"))

    /// `test`: the folder for failures' images (a `String`; nil: `ReferenceTest.defaultArtifactsDirectory`).
    static let artifacts = CommandOption(
        "--artifacts", value: .path("DIR"), commands: [.test],
        help: "where actual, expected and diff PNGs of failures go, as DIR/<scene>.actual.png, .expected.png, .diff.png; "
            + "created when needed; the last run's images there are removed first",
        default: .described("$HALO_ARTIFACTS, else the suite's own folder, halo-artifacts/NAME-HASH in the temporary folder"))

    /// `test`: a JUnit XML report to write (a `String`).
    static let junit = CommandOption(
        "--junit", value: .reportFile("FILE"), commands: [.test],
        help: "also write a JUnit XML report (one testcase per image); its folder is made when missing")

    /// `test`: an HTML report to write (a `String`).
    static let html = CommandOption(
        "--html", value: .reportFile("FILE"), commands: [.test],
        help: "also write one self-contained HTML page (images inlined) with expected, actual and diff side by side "
            + "for every image, failures first; its folder is made when missing")

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

    /// `test`: run one share of the suite (a ``SuiteShard``), for a CI matrix.
    static let shard = CommandOption(
        "--shard", value: .shard, commands: [.test], heading: shards,
        help: "check only shard K of N (1 <= K <= N): the scenes whose path under DIR hashes (FNV-1a) to K, so "
            + "that N jobs together check every scene exactly once, and adding a scene never moves another")

    /// `test`: merge JUnit reports instead of running (a flag).
    static let merge = CommandOption(
        "--merge", commands: [.test], heading: shards,
        help: "run nothing: read the operands as JUnit reports of halo test (e.g. one a shard: halo test --merge "
            + "--junit all.xml --html all.html shard-*.xml), print their table, and write one --junit report and an "
            + "--html summary of them all; refused when a sharded run's reports are not shards 1...N once each")

    /// `test`: orphaned references fail the run (a flag).
    static let strict = CommandOption(
        "--strict", commands: [.test],
        help: "fail (exit 1) when the suite has orphaned references: PNGs named after a scene that none of its times "
            + "and parameter sets is compared with, or references recorded by halo whose scene is gone (always listed)")

    /// `approve`, and `test` when recording: replace references recorded by the other backend too (a flag).
    static let backendChange = CommandOption(
        "--backend-change", commands: [.approve, .test],
        help: "also replace references that the other backend drew (each reference records its backend); "
            + "without it approve refuses such a reference and approves nothing, and test --record all|failed "
            + "keeps it and fails its case")

    private static let shards = "SHARDS (a suite across machines)"
}
