import Foundation
import Halo

/// When reference images are written instead of compared.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write references that do not exist yet (reported as recorded); compare the rest.
    case missing
    /// Rewrite every reference from the current rendering.
    case all
    /// Rewrite exactly the references that fail (and write missing ones); passing
    /// references stay byte-identical.
    case failed
    /// Never write: a missing reference is a failure (the right mode for CI).
    case never

    /// The mode chosen by the environment: `$HALO_RECORD` (`missing`, `all` or
    /// `never`) when set, else `never` when `$CI` is set (as CI services do), else
    /// `interactiveDefault`.
    /// - Throws: ``ReferenceTestError`` when `$HALO_RECORD` holds something else.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       interactiveDefault: RecordMode = .missing) throws -> RecordMode {
        if let v = environment["HALO_RECORD"], !v.isEmpty {
            guard let mode = RecordMode(rawValue: v) else {
                throw ReferenceTestError("HALO_RECORD: expected missing, all, failed or never, found \(v)")
            }
            return mode
        }
        if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
        return interactiveDefault
    }
}

/// A reference test that could not be carried out (as opposed to one that ran and
/// failed): an unreadable reference image, a bad record mode, duplicate times.
public struct ReferenceTestError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Renders scenes and compares them with reference PNGs under a ``FuzzyTolerance``,
/// recording references when ``record`` says so and writing actual, expected and
/// diff images to ``artifactsDirectory`` when a comparison fails.
///
/// ```swift
/// let result = try ReferenceTest(backend: .cpu).compare(sceneFile: "Scenes/button.json", to: "Scenes/button.png")
/// XCTAssertTrue(result.passed, result.message)       // or: #expect(result.passed, "\(result.message)")
/// ```
///
/// A failed comparison is a result (``ReferenceTestResult/passed`` false, with a message
/// naming the artifact files); only work that cannot be done throws. A reference written
/// by this run (``ReferenceTestResult/Outcome/recorded``) does not pass either, as in
/// swift-snapshot-testing: nobody has looked at it yet; the next run compares against it.
public struct ReferenceTest: Sendable {
    /// How far the rendering may differ from the reference.
    public var tolerance: FuzzyTolerance
    /// When references are written.
    public var record: RecordMode
    /// Which renderer draws the scenes.
    public var backend: Backend
    /// Where actual, expected and diff PNGs of failures go (created when needed).
    public var artifactsDirectory: String
    /// Pixels the comparison leaves out (counted apart in the result), nil for none.
    public var mask: ComparisonMask?
    /// `.certified`: the GPU's per-pixel bound (``ErrorBound``, ``CertifiedComparison``)
    /// decides instead of ``tolerance``; needs the `.gpu` backend and a reference recorded
    /// by the exact CPU reference renderer.
    public var toleranceMode = ToleranceMode.fuzzy

    /// The artifacts folder used when none is given: `$HALO_ARTIFACTS`, else
    /// `halo-artifacts` in the system's temporary folder.
    public static var defaultArtifactsDirectory: String {
        if let v = ProcessInfo.processInfo.environment["HALO_ARTIFACTS"], !v.isEmpty { return v }
        return FileManager.default.temporaryDirectory.appendingPathComponent("halo-artifacts").path
    }

    /// - Parameters:
    ///   - tolerance: default ``FuzzyTolerance/default`` (at most 3 levels on at most 1000 pixels).
    ///   - record: default ``RecordMode/fromEnvironment(_:interactiveDefault:)`` (`missing`
    ///     unless `$HALO_RECORD` or `$CI` say otherwise; an unusable `$HALO_RECORD` gives `never`).
    ///   - backend: default `.cpu`, the exact reference renderer (no GL needed).
    ///   - artifactsDirectory: default ``defaultArtifactsDirectory``.
    public init(tolerance: FuzzyTolerance = .default, record: RecordMode? = nil, backend: Backend = .cpu,
                artifactsDirectory: String? = nil) {
        self.tolerance = tolerance
        self.record = record ?? ((try? RecordMode.fromEnvironment()) ?? .never)
        self.backend = backend
        self.artifactsDirectory = artifactsDirectory ?? Self.defaultArtifactsDirectory
    }

    /// Renders the scene file at `time` and compares it with `reference`.
    /// - Parameters:
    ///   - time: seconds; nil draws at the scene's own `time`.
    ///   - reference: the reference PNG; nil: beside the scene, named after it, the
    ///     backend's own when there is one (``ReferenceTest/baselinePath(forScene:time:backend:keys:)``).
    ///   - gpu: the renderer for `.gpu` (nil: one kept per thread, made on first use).
    /// - Throws: ``SceneError`` (bad scene), ``GLError``/``ShaderError`` (GPU), ``PNGError``
    ///   (a reference that exists but cannot be read, or one that cannot be written).
    public func compare(sceneFile path: String, at time: Double? = nil, to reference: String? = nil,
                        gpu: GLRenderer? = nil) throws -> ReferenceTestResult {
        let (scene, background) = try Halo.load(path)
        // A certified reference is the exact image: SCENE.cpu.png or SCENE.png, never SCENE.gpu.png.
        let ref = reference ?? Self.baselinePath(forScene: path, time: time, backend: toleranceMode == .certified ? .cpu : backend)
        return try compare(scene, background: background, at: time, to: ref, gpu: gpu)
    }

    /// Renders `scene` at `time` (seconds; nil: its own time) and compares it with the PNG at `reference`.
    /// - Parameters:
    ///   - name: names the artifacts (default: the reference's file name without `.png`).
    ///   - gpu: the renderer for `.gpu` (nil: one kept per thread, made on first use).
    /// - Throws: as ``compare(sceneFile:at:to:gpu:)``.
    public func compare(_ scene: Scene, background: RGBA8Image? = nil, at time: Double? = nil, to reference: String,
                        name: String? = nil, gpu: GLRenderer? = nil) throws -> ReferenceTestResult {
        if toleranceMode == .certified && backend != .gpu {
            throw ReferenceTestError("the certified tolerance bounds the GPU's rendering: it needs the gpu backend, found \(backend.rawValue)")
        }
        let start = DispatchTime.now()
        let image: RGBA8Image
        if backend == .gpu {
            image = try Halo.render(scene, background: background, time: time, backend: .gpu, gpu: gpu ?? SharedGPU.current())
        } else {
            image = try Halo.render(scene, background: background, time: time, backend: .cpu)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let certified = toleranceMode == .certified
        let bound = certified
            ? ErrorBound(frame: try Frame(resolving: scene, time: time, backgroundImage: background), image: image) : nil
        // A certified test compares with the exact image, so that is what it records.
        let exact: (() throws -> RGBA8Image)? = certified ? {
            do { return try Halo.render(scene, background: background, time: time, backend: .cpu) } catch {
                throw ReferenceTestError("the certified tolerance records and approves the exact CPU image, which this scene has not: \(error)")
            }
        } : nil
        var result = try compare(image, to: reference, name: name, bound: bound, recording: exact)
        result.renderSeconds = seconds
        return result
    }

    /// Compares an already rendered image with the PNG at `reference`, recording per ``record``.
    /// - Parameters:
    ///   - name: names the artifacts (default: the reference's file name without `.png`);
    ///     it may contain `/` to put them in subfolders.
    ///   - bound: the GPU's certified bound of `image` (``ErrorBound``): when given, it
    ///     decides (``CertifiedComparison``) instead of ``tolerance``.
    ///   - recording: makes the image written when a reference is recorded (nil: `image`);
    ///     a certified test records the exact CPU image, never the GPU's.
    /// - Throws: ``PNGError`` for a reference that exists but cannot be read, or cannot be written.
    public func compare(_ image: RGBA8Image, to reference: String, name: String? = nil, bound: ErrorBound? = nil,
                        recording: (() throws -> RGBA8Image)? = nil) throws -> ReferenceTestResult {
        func recorded() throws -> RGBA8Image { try recording?() ?? image }
        let name = name ?? Self.artifactName(reference)
        var result = ReferenceTestResult(name: name, referencePath: reference, outcome: .passed, actual: image)
        let exists = FileManager.default.fileExists(atPath: reference)
        if record == .all || ((record == .missing || record == .failed) && !exists) {
            if exists { result.expected = try? PNG.read(reference) }
            try PNG.write(try recorded(), to: reference)
            result.outcome = .recorded
            result.failureReason = nil
            return result
        }
        guard exists else {
            result.outcome = .failed
            result.failureReason = "no reference image at \(reference) (record mode never: run with --record missing or HALO_RECORD=missing to write it)"
            result.artifacts = writeArtifacts(name: name, actual: image, expected: nil, comparison: nil, exact: try recording?())
            return result
        }
        let expected = try PNG.read(reference)
        result.expected = expected
        guard let comparison = ImageComparison(expected, image, mask: mask) else {
            if record == .failed {
                try PNG.write(try recorded(), to: reference)
                result.outcome = .recorded
                return result
            }
            result.outcome = .failed
            result.failureReason = "size \(image.width)x\(image.height) differs from the reference's \(expected.width)x\(expected.height)"
            result.artifacts = writeArtifacts(name: name, actual: image, expected: expected, comparison: nil, exact: try recording?())
            return result
        }
        result.comparison = comparison
        var reason = tolerance.failureReason(comparison)
        if let bound {
            let certified = CertifiedComparison(reference: expected, actual: image, bound: bound, mask: mask)
            result.certified = certified
            reason = certified.map { $0.failureReason } ?? "the bound's size differs from the image's"
        }
        if let reason {
            if record == .failed {
                try PNG.write(try recorded(), to: reference)
                result.outcome = .recorded
                result.failureReason = "rewritten (was: \(reason))"
                return result
            }
            result.outcome = .failed
            result.failureReason = reason
            result.artifacts = writeArtifacts(name: name, actual: image, expected: expected, comparison: comparison,
                                              exact: try recording?())
        }
        return result
    }

    /// Writes actual, expected (when known) and diff (when comparable) PNGs; nil paths where nothing was written.
    private func writeArtifacts(name: String, actual: RGBA8Image, expected: RGBA8Image?, comparison: ImageComparison?,
                                exact: RGBA8Image? = nil) -> ReferenceTestResult.Artifacts {
        let base = URL(fileURLWithPath: artifactsDirectory).appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
        func write(_ image: RGBA8Image?, _ suffix: String) -> String? {
            guard let image else { return nil }
            let path = base.path + suffix
            do { try PNG.write(image, to: path); return path } catch { return nil }
        }
        return .init(actual: write(actual, ".actual.png"), expected: write(expected, ".expected.png"),
                     diff: write(expected.flatMap { comparison?.heatMap(over: $0) }, ".diff.png"),
                     exact: write(exact, ".exact.png"))
    }

    /// The reference to use for a scene file on `backend`: the first that exists of
    /// `button.KEY.png` for each of `keys` (e.g. a driver, `llvmpipe`), `button.gpu.png` or
    /// `button.cpu.png`, then `button.png` (which is also where a missing one is written).
    public static func baselinePath(forScene path: String, time: Double? = nil, set: Int? = nil, backend: Backend,
                                    keys: [String] = []) -> String {
        let plain = referencePath(forScene: path, time: time, set: set)
        let stem = String(plain.dropLast(4))
        for key in keys + [backend.rawValue] {
            let candidate = stem + "." + key + ".png"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return plain
    }

    /// The reference image of a scene file: beside it, named after it, with the parameter
    /// set (``SceneTestSpec/parameterSets``, from 1) and the time as suffixes when given:
    /// `button.json` -> `button.png`; at 0.75 s -> `button.t0.75.png` (the time printed with
    /// `%g`); set 1 -> `button.set-1.png`.
    public static func referencePath(forScene path: String, time: Double? = nil, set: Int? = nil) -> String {
        let stem = (path as NSString).deletingPathExtension + (set.map { ".set-\($0)" } ?? "")
        guard let time else { return stem + ".png" }
        return stem + ".t" + timeSuffix(time) + ".png"
    }

    /// `%g` of a time in seconds: 0 -> "0", 0.75 -> "0.75", 2 -> "2".
    public static func timeSuffix(_ time: Double) -> String { String(format: "%g", time) }

    static func artifactName(_ reference: String) -> String {
        let file = URL(fileURLWithPath: reference).lastPathComponent
        return file.hasSuffix(".png") ? String(file.dropLast(4)) : file
    }
}

/// What one reference comparison found.
public struct ReferenceTestResult: Sendable, CustomStringConvertible {
    /// How the comparison ended.
    public enum Outcome: String, Sendable {
        /// Within the tolerance.
        case passed
        /// The reference was written (it was missing, or record mode is `all`, or it failed
        /// under `failed`). Not a pass: the next run compares against it.
        case recorded
        /// Outside the tolerance, a different size, or no reference under record mode `never`.
        case failed
    }

    /// Where a failure's images were written (nil for those not written).
    public struct Artifacts: Sendable, Equatable {
        public var actual: String?
        public var expected: String?
        public var diff: String?
        /// A certified test's exact CPU image of the scene: what `halo approve` makes the
        /// reference (a certified reference is the exact image, never the GPU's).
        public var exact: String? = nil
    }

    /// The test's name (the artifacts' base name).
    public var name: String
    /// The reference PNG's path.
    public var referencePath: String
    public var outcome: Outcome
    /// The rendered image.
    public var actual: RGBA8Image
    /// The reference image as it was before this run (nil when there was none).
    public var expected: RGBA8Image?
    /// The measurements (nil when there was no reference of the same size).
    public var comparison: ImageComparison?
    /// Why the test failed, in words (nil unless ``outcome`` is `.failed`).
    public var failureReason: String?
    /// The images written for a failure.
    public var artifacts: Artifacts?
    /// Time spent rendering, in seconds (0 when an image was given).
    public var renderSeconds: Double = 0
    /// The certified comparison, when the test used ``ToleranceMode/certified``.
    public var certified: CertifiedComparison?

    init(name: String, referencePath: String, outcome: Outcome, actual: RGBA8Image) {
        self.name = name; self.referencePath = referencePath; self.outcome = outcome; self.actual = actual
    }

    /// True only when the image matched an existing reference: a reference written by
    /// this run (new or rewritten) has not been looked at, so it does not pass.
    public var passed: Bool { outcome == .passed }

    /// True when this run wrote a reference that did not exist.
    public var isNew: Bool { outcome == .recorded && expected == nil }

    /// One readable paragraph: the verdict, the measurements and the artifact files.
    public var message: String {
        switch outcome {
        case .passed:
            return "\(name): matches \(referencePath) (max difference \(Self.level(comparison?.maxDifference ?? 0)), \(comparison?.pixelsOver[0] ?? 0) pixels differ\(ignoredNote))"
        case .recorded:
            return isNew ? "\(name): new reference recorded at \(referencePath) (not a pass: check it; the next run compares against it)"
                         : "\(name): reference rewritten at \(referencePath) (not a pass: the next run compares against it)"
        case .failed:
            var s = "\(name): does not match \(referencePath): \(failureReason ?? "failed")\(ignoredNote)"
            if let a = artifacts {
                let files = [("actual", a.actual), ("expected", a.expected), ("diff", a.diff)].compactMap { k, p in p.map { "\(k) \($0)" } }
                if !files.isEmpty { s += "\n  " + files.joined(separator: "\n  ") }
            }
            return s
        }
    }

    public var description: String { message }

    /// "; 120 pixels ignored (3 of them differ)" when a mask left pixels out.
    var ignoredNote: String {
        guard let c = comparison, c.ignoredPixels > 0 else { return "" }
        return "; \(c.ignoredPixels) pixels ignored (\(c.ignoredDiffering) of them differ)"
    }

    /// A difference in levels, as an integer when it is one.
    static func level(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(format: "%.2f", d)
    }
}

/// One headless GPU renderer per thread, shared by every ``ReferenceTest`` call that
/// passes none and by Halo's own tests (a GL context is current on the thread that made
/// it, and costs 0.1 to 0.5 s to make). Reference tests draw a frame or few a scene, so, as
/// `halo test` does, it compiles fewer programs (``GLRenderer/compilesFewerPrograms``) and,
/// when it makes the process's first context, asks llvmpipe for quick compiles
/// (``HeadlessContext/preferQuickShaderCompiles()``): the same images, shorter cold starts.
public enum SharedGPU {
    private static let key = "org.halo.SharedGPU.GLRenderer"
    private final class Box { let renderer: GLRenderer; init(_ r: GLRenderer) { renderer = r } }

    /// This thread's renderer, made on first use.
    /// - Parameter shaderDirectory: a Shaders/ folder to read the GLSL from on first use
    ///   (nil: ``ShaderLibrary``'s default search).
    /// - Throws: ``GLError`` or ``ShaderError`` when no renderer can be made.
    public static func current(shaderDirectory: String? = nil) throws -> GLRenderer {
        if let box = Thread.current.threadDictionary[key] as? Box { return box.renderer }
        HeadlessContext.preferQuickShaderCompiles()
        let r = try shaderDirectory.map { try GLRenderer(shaders: ShaderLibrary(directory: $0)) } ?? GLRenderer()
        r.compilesFewerPrograms = true
        Thread.current.threadDictionary[key] = Box(r)
        return r
    }
}
