import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Both backends against the independent checker's exact images (Skia + numpy,
/// 32 x 32 x 4 samples a pixel): every scene in `../shared/conformance/scenes/`
/// (exact images in `../shared/conformance/exact/`) and every scene in `Examples/`
/// (exact images in `Tests/Fixtures/exact/`, made by `tools/make-example-exact`).
/// Each exact image must be current: its MANIFEST holds the scene file's sha256.
///
/// Thresholds (issue "Complete scene format v1"):
/// - CPU: max channel difference <= 2, and >= 99.9% of pixels within 1 level;
/// - GPU: max difference <= Skia's (or 2 where Skia's is smaller), and at most 0.1%
///   of pixels off by more than 2, never more than Skia's share. Skia's figures are read
///   from the checker's README table.
/// A failure names the scene and writes actual, exact and diff images to a folder it names.
final class ConformanceTests: XCTestCase {
    struct Case { let name: String; let scene: URL; let exact: URL; let manifest: URL; let skia: (max: Double, over2: Double) }

    func cases() throws -> [Case] {
        guard let scenes = conformanceScenesDirectory() else {
            XCTFail("../shared/conformance not found (set HALO_SHARED_DIR)"); throw CocoaError(.fileNoSuchFile)
        }
        let conformance = scenes.deletingLastPathComponent()
        let skia = try skiaTable(conformance.appendingPathComponent("README.md"))
        var out: [Case] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: scenes.path).sorted() where file.hasSuffix(".json") {
            let name = String(file.dropLast(5))
            guard let s = skia[name] else { XCTFail("no Skia figures for \(name) in the checker's README"); continue }
            out.append(Case(name: name, scene: scenes.appendingPathComponent(file),
                            exact: conformance.appendingPathComponent("exact/\(name).png"),
                            manifest: conformance.appendingPathComponent("exact/MANIFEST"), skia: s))
        }
        // Scenes of scenes/next/ whose features have landed (exact images in exact/next/).
        // The checker's README has no Skia figures for them: the bar is the issue's, GPU
        // max 8 and at most 0.1% of pixels off by more than 2 (the CPU's is the same as above).
        let next = scenes.appendingPathComponent("next")
        for name in Self.landedNextScenes {
            out.append(Case(name: "next/\(name)", scene: next.appendingPathComponent("\(name).json"),
                            exact: conformance.appendingPathComponent("exact/next/\(name).png"),
                            manifest: conformance.appendingPathComponent("exact/next/MANIFEST"), skia: (8, 0.1)))
        }
        // The examples are the seed designs: Skia's figures are the seeds'.
        let seedOf = ["bottom-sheet": "seed-bottom-sheet", "gradient-border-button": "seed-gradient-button",
                      "uikit-gradient-border": "seed-uikit-border", "rounded-gradient-button": "seed-rounded-button"]
        let examples = repositoryRoot.appendingPathComponent("Examples")
        for file in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() where file.hasSuffix(".json") {
            let name = String(file.dropLast(5))
            // The dash and path examples (issue "Dashed borders and the path paint") have no
            // seed; they take that GPU bound, max 8 and at most 0.1% off by more than 2.
            let featureExamples: Set<String> = ["dashed-card", "dotted-capsule", "beam-card"]
            guard let s = featureExamples.contains(name) ? (8, 0.1) : seedOf[name].flatMap({ skia[$0] }) else {
                XCTFail("example \(name) has no Skia figures"); continue
            }
            out.append(Case(name: "Examples/\(name)", scene: examples.appendingPathComponent(file),
                            exact: repositoryRoot.appendingPathComponent("Tests/Fixtures/exact/\(name).png"),
                            manifest: repositoryRoot.appendingPathComponent("Tests/Fixtures/exact/MANIFEST"), skia: s))
        }
        return out
    }

    /// The scenes of `scenes/next/` Halo draws (issue "Paint maths at singular points, and
    /// limits that refuse valid scenes": thick and wide strokes, zero-size shapes, the crop
    /// of a wide inside stroke, a glow of radius 400 pt), the glow of a fill (issue "The seed
    /// designs whole"), and timing, delay and repeat of rotations and corner cycles (issue
    /// "Motion you can time").
    static let landedNextScenes = ["case-b30-huge-glow", "case-b32-thick-inner", "case-b32-thick-stroke",
                                   "case-b37-crop-wide-stroke", "case-b38-zero-size", "feature-glow-fill",
                                   "feature-easing-rotation", "feature-corner-cycle-eased", "feature-rotation-reverse",
                                   "feature-material-button", "feature-material-edge", "feature-material-opacity",
                                   "feature-text-label", "feature-text-align", "feature-text-wrap", "feature-text-gradient",
                                   "feature-keyframes-colour", "feature-keyframes-delay-none", "feature-keyframes-glow",
                                   "feature-keyframes-stop-location",
                                   // Dashes and the path paint (issue "Dashed borders and the path paint").
                                   "feature-dash-rect", "feature-dash-phase", "feature-dash-dots", "feature-dash-marching-ants",
                                   "feature-path-beam", "feature-path-continuous", "feature-path-rotation",
                                   "feature-dash-ellipse", "feature-path-corners",
                                   // Dashes by their rule: periods under a pixel, the start's mitre,
                                   // caps as a union, an inside stroke's caps beyond the shape.
                                   "case-b41-dash-subpixel-period", "case-b42-dash-sharp-start",
                                   "case-b43-dash-overlapping-caps", "case-b44-dash-inside-wide-caps"]

    /// Landed scenes whose GPU image is not yet within the bound (max 8, at most 0.1%
    /// of pixels off by more than 2), with the bound it keeps meanwhile (measured, so that
    /// it cannot get worse unseen). None at present: feature-dash-ellipse (0.17%) and
    /// feature-path-corners (14 levels) met the bound once the band's edges were clipped
    /// with the dash cuts and the medial axis split a path paint's pixel.
    static let gpuShortfalls: [String: (max: Double, over2: Double)] = [:]

    /// Landed scenes whose exact image is itself off where the CPU is not, with the CPU's
    /// measured max difference: in case-b41 the band of period 0.1 px is half ink wherever
    /// the band covers a pixel (135.5 over #101010: the band's area by a 2000 x 2000 point
    /// sum is 1 at (193, 6) and (136, 43)), where the exact image, 4 N^2 = 1024 point samples
    /// a pixel 1/64 px apart, aliases with the period (6.4 samples) and reads 132 and 139;
    /// the CPU reads 135 and 136 there.
    static let cpuShortfalls: [String: Double] = ["next/case-b41-dash-subpixel-period": 3]

    /// Skia's max difference and % of pixels off by more than 2, per scene, from the
    /// checker README's table rows `| scene | max | % > 2 | FLIP |`.
    func skiaTable(_ readme: URL) throws -> [String: (max: Double, over2: Double)] {
        var table: [String: (Double, Double)] = [:]
        for line in try String(contentsOf: readme, encoding: .utf8).split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 4, let m = Double(cells[1]), let p = Double(cells[2]) { table[cells[0]] = (m, p) }
        }
        return table
    }

    /// The SHA-256 of each file (hex), from one run of coreutils' sha256sum.
    func sha256(_ urls: [URL]) throws -> [String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        p.arguments = urls.map(\.path)
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        // One line per file, in order: "<64 hex digits>  <path>".
        return out.split(separator: "\n").map { String($0.prefix(64)) }
    }

    func testEveryExactImageIsCurrent() throws {
        let all = try cases()
        let sums = try sha256(all.map(\.scene))
        XCTAssertEqual(sums.count, all.count, "one checksum a scene")
        for (c, sum) in zip(all, sums) {
            let manifest = try String(contentsOf: c.manifest, encoding: .utf8)
            XCTAssertTrue(manifest.contains("\(sum)  \(c.scene.lastPathComponent)"),
                          "\(c.name): the exact image is stale; regenerate it (tools/make-example-exact for Examples/)")
        }
    }

    func testCPUReferenceMatchesEveryExactImage() throws {
        let all = try cases()
        // The scenes on every core at once (each image is the same on any thread count).
        let renders = parallelMap(all) { c -> (exact: RGBA8Image, got: RGBA8Image) in
            let (scene, bg) = try Halo.load(c.scene.path)
            return (try PNG.read(c.exact.path), try Halo.render(scene, background: bg, backend: .cpu))
        }
        for (c, result) in zip(all, renders) {
            let exact: RGBA8Image, got: RGBA8Image
            do { (exact, got) = try result.get() } catch { XCTFail("\(c.name): \(error)"); continue }
            guard let r = ImageComparison(exact, got) else { XCTFail("\(c.name): size differs"); continue }
            if !(r.maxDifference <= (Self.cpuShortfalls[c.name] ?? 2) && r.percentOver(1) <= 0.1) {
                let dir = writeArtifacts(name: c.name.replacingOccurrences(of: "/", with: "-") + "-cpu", actual: got, expected: exact, comparison: r)
                XCTFail("\(c.name) cpu: max \(r.maxDifference), \(r.percentOver(1))% > 1; actual, exact and diff in \(dir)")
            }
        }
    }

    /// Each case's resolved frame and GPU image, rendered once for the two GPU tests.
    nonisolated(unsafe) static var gpuRenders: [String: (frame: Frame, image: RGBA8Image)] = [:]

    func gpuRender(_ c: Case) throws -> (frame: Frame, image: RGBA8Image) {
        if Self.gpuRenders.isEmpty { try prefetchGPURenders() }
        if let r = Self.gpuRenders[c.name] { return r }
        let (scene, bg) = try loadScene(c.scene)
        let frame = Frame(scene, backgroundImage: bg)
        let r = (frame, try SharedGPU.renderer().render(frame))
        Self.gpuRenders[c.name] = r
        return r
    }

    /// Renders every case on the GPU, on every core at once (``renderConcurrently``), into
    /// ``gpuRenders``; a case that fails to load or render is left out (gpuRender reports it).
    func prefetchGPURenders() throws {
        let all = try cases()
        let results = renderConcurrently(all) { c, gpu -> (frame: Frame, image: RGBA8Image) in
            let (scene, bg) = try Halo.load(c.scene.path)
            let frame = Frame(scene, backgroundImage: bg)
            return (frame, try gpu.render(frame))
        }
        for (c, r) in zip(all, results) { if case .success(let v) = r { Self.gpuRenders[c.name] = v } }
    }

    func testGPUIsAtLeastAsCloseAsSkiaOnEveryScene() throws {
        for c in try cases() {
            let exact = try PNG.read(c.exact.path)
            let got = try gpuRender(c).image
            guard let r = ImageComparison(exact, got) else { XCTFail("\(c.name): size differs"); continue }
            let bound = Self.gpuShortfalls[c.name]
            let maxOK = r.maxDifference <= (bound?.max ?? max(c.skia.max, 2))
            let shareOK = r.percentOver(2) <= (bound?.over2 ?? min(0.1, max(c.skia.over2, 0))) || (r.pixelsOver[2] ?? 0) == 0
            if !(maxOK && shareOK) {
                let dir = writeArtifacts(name: c.name.replacingOccurrences(of: "/", with: "-") + "-gpu", actual: got, expected: exact, comparison: r)
                XCTFail("\(c.name) gpu: max \(r.maxDifference) (Skia \(c.skia.max)), \(r.percentOver(2))% > 2 (Skia \(c.skia.over2)); actual, exact and diff in \(dir)")
            }
        }
    }

    /// The GPU's certified bound (``ErrorBound``, issue "Reference tests for real CI") holds on
    /// every scene: each pixel of the GPU image is within its bound of the checker's exact
    /// image, plus 1 level for the exact image's 8-bit rounding (the certified rule) and 1 for
    /// the checker's own sampling (its README: 4 x 32 x 32 samples a pixel agree with
    /// 4 x 64 x 64 within 1 level). The bound's widths are printed for the record.
    func testGPUImageIsWithinItsCertifiedBoundOfEveryExactImage() throws {
        var widths: [Float] = []
        let all = try cases()
        let renders = try all.map { try gpuRender($0) }
        let bounds = certifiedBounds(renders)
        for (n, c) in all.enumerated() {
            let got = renders[n].image
            let exact = try PNG.read(c.exact.path)
            let bound = bounds[n]
            guard let r = ImageComparison(exact, got) else { XCTFail("\(c.name): size differs"); continue }
            widths += bound.levels
            var over: [String] = []
            for i in 0..<r.perPixel.count where Double(r.perPixel[i]) > Double(bound.levels[i]) + CertifiedComparison.roundingAllowance + 1 {
                over.append("(\(i % got.width), \(i / got.width)) off by \(r.perPixel[i]), bound \(bound.levels[i]) (\(bound.budgets[i]))")
            }
            if !over.isEmpty {
                let dir = writeArtifacts(name: c.name.replacingOccurrences(of: "/", with: "-") + "-bound", actual: got, expected: exact, comparison: r)
                XCTFail("\(c.name): \(over.count) pixels over the certified bound: \(over.prefix(3).joined(separator: "; ")); images in \(dir)")
            }
        }
        widths = ErrorBound.ascending(widths)
        let q = { ErrorBound.quantile(widths, $0) }
        print("certified bound over every conformance scene: median \(q(0.5)), 99th percentile \(q(0.99)) levels, \(widths.count) pixels")
    }
}
