import Foundation
import Halo

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
    /// Whether recording (``RecordMode/all``, ``RecordMode/failed``) may replace a reference
    /// that the other backend drew (``ReferenceRecord``). False: such a reference is kept,
    /// and its case fails saying so; a reference with no record may be replaced.
    public var backendChange = false

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
        // The image recorded is the exact CPU image when `recording` makes it, else this backend's.
        let recordedBy = ReferenceRecord(backend: recording == nil ? backend : .cpu)
        let name = name ?? Self.artifactName(reference)
        var result = ReferenceTestResult(name: name, referencePath: reference, outcome: .passed, actual: image)
        let exists = FileManager.default.fileExists(atPath: reference)
        // A reference one backend drew is not rewritten from the other's image unasked.
        if exists && (record == .all || record == .failed) && !backendChange,
           let recorded = ReferenceRecord.read(from: reference), recorded != recordedBy {
            result.expected = try? PNG.read(reference)
            result.outcome = .failed
            result.failureReason = "not rewritten: \(reference) was recorded by the \(recorded.backend.rawValue) backend and this run draws with "
                + "\(recordedBy.backend.rawValue) (give --backend-change, or backendChange, to replace it)"
            return result
        }
        if record == .all || ((record == .missing || record == .failed) && !exists) {
            if exists { result.expected = try? PNG.read(reference) }
            try recordedBy.write(try recorded(), to: reference)
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
                try recordedBy.write(try recorded(), to: reference)
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
                try recordedBy.write(try recorded(), to: reference)
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
        // The images a reference may be approved from say which backend drew them (ReferenceRecord).
        func write(_ image: RGBA8Image?, _ suffix: String, drawnBy: Backend? = nil) -> String? {
            guard let image else { return nil }
            let path = base.path + suffix
            do { try PNG.write(image, to: path, text: drawnBy.map { (ReferenceRecord.key, $0.rawValue) }); return path } catch { return nil }
        }
        return .init(actual: write(actual, ".actual.png", drawnBy: backend), expected: write(expected, ".expected.png"),
                     diff: write(expected.flatMap { comparison?.heatMap(over: $0) }, ".diff.png"),
                     exact: write(exact, ".exact.png", drawnBy: .cpu))
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
