import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Both backends against the independent checker's exact images (Skia + numpy,
/// 32 x 32 x 4 samples a pixel): every checker scene in `Tests/Fixtures/conformance/scenes/`
/// (exact images in its `exact/`), the landed scenes of its `scenes/next/` (the names in
/// `LANDED`; exact images in `exact/next/`), and every scene in `Examples/` (exact images
/// in `Tests/Fixtures/exact/`, made by `tools/make-example-exact`). The checker's files are
/// copied by `tools/sync-conformance`; ``ConformanceFixtureTests`` checks the copy is current.
/// Each exact image must be current: its MANIFEST holds the scene file's sha256.
///
/// Thresholds:
/// - CPU: max channel difference <= 2, and >= 99.9% of pixels within 1 level;
/// - GPU: max difference <= Skia's (or 2 where Skia's is smaller), and at most 0.1%
///   of pixels off by more than 2, never more than Skia's share. Skia's figures are the
///   checker README's table, copied into `skia-figures.tsv`;
/// - both held to the figures `tools/accuracy-table` recorded (ConformanceTests+Record.swift).
/// A failure names the scene and writes actual, exact and diff images to a folder it names.
final class ConformanceTests: XCTestCase {
    struct Case {
        let name: String; let scene: URL; let exact: URL; let manifest: URL; let skia: (max: Double, over2: Double)
        /// Parameter values drawn instead of the file's (a parameter set's exact image).
        var values: [String: JSONValue] = [:]

        /// The scene drawn with ``values``, and its background image.
        func load() throws -> (scene: Scene, background: RGBA8Image?) { try Halo.load(scene.path, values: values) }
    }

    func cases() throws -> [Case] {
        let scenes = conformanceScenesDirectory()
        let conformance = conformanceFixtures
        let skia = try skiaTable(conformance.appendingPathComponent("skia-figures.tsv"))
        var out: [Case] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: scenes.path).sorted() where file.hasSuffix(".json") {
            let name = String(file.dropLast(5))
            guard let s = skia[name] else { XCTFail("no Skia figures for \(name) in skia-figures.tsv"); continue }
            out.append(Case(name: name, scene: scenes.appendingPathComponent(file),
                            exact: conformance.appendingPathComponent("exact/\(name).png"),
                            manifest: conformance.appendingPathComponent("exact/MANIFEST"), skia: s))
        }
        // Scenes of scenes/next/ whose features have landed (exact images in exact/next/).
        // The checker has no Skia figures for them: the bar is GPU max 8 and at most 0.1%
        // of pixels off by more than 2 (the CPU's is the same as above).
        let next = scenes.appendingPathComponent("next")
        let sets = try parameterSets()
        for name in try Self.landedNextScenes() {
            out.append(Case(name: "next/\(name)", scene: next.appendingPathComponent("\(name).json"),
                            exact: conformance.appendingPathComponent("exact/next/\(name).png"),
                            manifest: conformance.appendingPathComponent("exact/next/MANIFEST"), skia: (8, 0.1)))
            // The checker's images of the scene at other parameter values: NAME.set-K.png.
            for k in 1... {
                let exact = conformance.appendingPathComponent("exact/next/\(name).set-\(k).png")
                guard FileManager.default.fileExists(atPath: exact.path) else { break }
                guard let values = sets[name].flatMap({ $0.count >= k ? $0[k - 1] : nil }) else {
                    XCTFail("\(name).set-\(k).png has no values in Tests/Fixtures/conformance-parameter-sets.json"); break
                }
                out.append(Case(name: "next/\(name).set-\(k)", scene: next.appendingPathComponent("\(name).json"), exact: exact,
                                manifest: conformance.appendingPathComponent("exact/next/MANIFEST"), skia: (8, 0.1), values: values))
            }
        }
        // The examples are the seed designs: Skia's figures are the seeds'.
        let seedOf = ["bottom-sheet": "seed-bottom-sheet", "gradient-border-button": "seed-gradient-button",
                      "uikit-gradient-border": "seed-uikit-border", "rounded-gradient-button": "seed-rounded-button"]
        let examples = repositoryRoot.appendingPathComponent("Examples")
        for file in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() where file.hasSuffix(".json") {
            let name = String(file.dropLast(5))
            // The dash and path examples have no seed; they take the landed scenes' GPU
            // bound, max 8 and at most 0.1% off by more than 2.
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

    /// The scenes of the checker's `scenes/next/` Halo draws: the names in
    /// `Tests/Fixtures/conformance/LANDED`, one a line (`#` starts a comment). A scene is
    /// added by adding its name there and running `tools/sync-conformance`.
    static func landedNextScenes() throws -> [String] {
        let text = try String(contentsOf: conformanceFixtures.appendingPathComponent("LANDED"), encoding: .utf8)
        return text.split(separator: "\n").compactMap {
            let name = $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : name
        }
    }

    /// The values of each parameter set the checker drew (`exact/next/NAME.set-K.png`, K from
    /// 1), by scene name: `Tests/Fixtures/conformance-parameter-sets.json`, taken from each
    /// scene's description (the checker's `--set` options).
    func parameterSets() throws -> [String: [[String: JSONValue]]] {
        let url = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance-parameter-sets.json")
        guard case .object(let o) = try JSONReader.read([UInt8](try Data(contentsOf: url)), file: url.path) else { return [:] }
        return o.mapValues { v in
            guard case .array(let list) = v else { return [] }
            return list.map { if case .object(let values) = $0 { return values } else { return [:] } }
        }
    }

    /// Landed scenes whose GPU image is not yet within the landed scenes' bound (max 8, at most 0.1%
    /// of pixels off by more than 2), with the bound it keeps meanwhile (measured, so that
    /// it cannot get worse unseen). None at present: feature-dash-ellipse (0.17%) and
    /// feature-path-corners (14 levels) met the bound once the band's edges were clipped
    /// with the dash cuts and the medial axis split a path paint's pixel.
    static let gpuShortfalls: [String: (max: Double, over2: Double)] = [:]


    /// Skia's max difference and % of pixels off by more than 2, per scene, from
    /// `skia-figures.tsv` (tab-separated `scene max percent_over_2 flip`; `#` starts a comment).
    func skiaTable(_ tsv: URL) throws -> [String: (max: Double, over2: Double)] {
        var table: [String: (Double, Double)] = [:]
        for line in try String(contentsOf: tsv, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let cells = line.split(separator: "\t").map(String.init)
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
            let (scene, bg) = try c.load()
            return (try PNG.read(c.exact.path), try Halo.render(scene, background: bg, backend: .cpu))
        }
        for (c, result) in zip(all, renders) {
            let exact: RGBA8Image, got: RGBA8Image
            do { (exact, got) = try result.get() } catch { XCTFail("\(c.name): \(error)"); continue }
            guard let r = ImageComparison(exact, got) else { XCTFail("\(c.name): size differs"); continue }
            if !(r.maxDifference <= 2 && r.percentOver(1) <= 0.1) {
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
        let (scene, bg) = try c.load()
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
            let (scene, bg) = try c.load()
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
            try assertGPUHoldsItsRecord(c.name, r)
            let bound = Self.gpuShortfalls[c.name]
            let maxOK = r.maxDifference <= (bound?.max ?? max(c.skia.max, 2))
            let shareOK = r.percentOver(2) <= (bound?.over2 ?? min(0.1, max(c.skia.over2, 0))) || (r.pixelsOver[2] ?? 0) == 0
            if !(maxOK && shareOK) {
                let dir = writeArtifacts(name: c.name.replacingOccurrences(of: "/", with: "-") + "-gpu", actual: got, expected: exact, comparison: r)
                XCTFail("\(c.name) gpu: max \(r.maxDifference) (Skia \(c.skia.max)), \(r.percentOver(2))% > 2 (Skia \(c.skia.over2)); actual, exact and diff in \(dir)")
            }
        }
    }

    /// The GPU's certified bound (``ErrorBound``) holds on
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
            try assertBoundHoldsItsRecord(c.name, p99: bound.widths.p99)
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
