import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// GPU against the exact CPU reference on seeded random scenes (``RandomScene``).
/// A failure names its seed: `halo random-scene --seed N` prints the scene.
final class RandomDifferentialTests: XCTestCase {
    /// This run's seeds: 25 of the 100 seeds 1...100, the quarter chosen by the commit under
    /// test (``RandomSeeds``: a rerun repeats it, successive commits go round all four), so
    /// every CI run stays short on a cold shader cache (each new program variant compiles on
    /// llvmpipe). The run prints its seeds; HALO_RANDOM_SEEDS=FIRST,COUNT chooses others
    /// (1,100 for all of them: the nightly run, docs/testing.md); a setting of no seeds fails.
    static let seeds = Result { try RandomSeeds.chosen(by: "HALO_RANDOM_SEEDS", size: 25, shares: 4) }

    /// The seeds' range as the run prints it: "26...50".
    static func seedRange(_ seeds: [UInt64]) -> String { "\(seeds.first ?? 0)...\(seeds.last ?? 0)" }

    /// Every generated scene decodes: the generator only makes valid scenes.
    func testGeneratedScenesAreValid() throws {
        let first = try Self.seeds.get()[0]
        for seed in first..<(first + 500) {
            XCTAssertNoThrow(try SceneDecoder.decode(Data(RandomScene.json(seed: seed).utf8), file: "seed-\(seed).json"), "seed \(seed)")
            XCTAssertNoThrow(try SceneDecoder.decode(Data(RandomScene.singularJSON(seed: seed).utf8), file: "singular-\(seed).json"), "singular seed \(seed)")
        }
    }

    /// Seeds 1...100 reach every regime of RandomScene+Regimes (each at least 5 times),
    /// and the same seed names the same regimes.
    func testGeneratedScenesReachEveryRegime() {
        var counts: [RandomScene.Regime: Int] = [:]
        for seed in UInt64(1)...100 { for r in RandomScene.regimes(seed: seed) { counts[r, default: 0] += 1 } }
        for r in RandomScene.Regime.allCases { XCTAssertGreaterThanOrEqual(counts[r] ?? 0, 5, "\(r.rawValue): \(counts[r] ?? 0) layers in seeds 1...100") }
        XCTAssertEqual(RandomScene.regimes(seed: 7), RandomScene.regimes(seed: 7))
    }

    /// The regimes of a seed's scene, for failure messages.
    private func regimes(_ seed: UInt64) -> String {
        let r = RandomScene.regimes(seed: seed).map(\.rawValue)
        return r.isEmpty ? "no regime layer" : "regimes: " + r.joined(separator: ", ")
    }

    /// The same seed gives the same scene; different seeds differ.
    func testGeneratorIsDeterministic() {
        XCTAssertEqual(RandomScene.json(seed: 42), RandomScene.json(seed: 42))
        XCTAssertNotEqual(RandomScene.json(seed: 42), RandomScene.json(seed: 43))
    }

    /// Seeds whose GPU image is known to fall short of 99.5% of pixels within 2 levels, with
    /// the share measured, so that it cannot get worse unseen: each a GPU fault still open,
    /// not an allowance of the method. None at present.
    static let knownShortfalls: [UInt64: Double] = [:]

    /// Seeds whose GPU image is known to exceed its certified bound, with the measured count
    /// of pixels over it and the largest difference among them: a fault in the shader or the
    /// bound still open, recorded so that it cannot spread or grow unseen. The test fails for
    /// any other seed over its bound, and for these past their figures. None at present.
    static let knownBoundShortfalls: [UInt64: (pixels: Int, difference: Double)] = [:]

    /// Each seed's frame, exact CPU image (nil where it held a NaN) and GPU image, rendered
    /// once for the tests below.
    nonisolated(unsafe) static var renders: [UInt64: (frame: Frame, cpu: RGBA8Image?, gpu: RGBA8Image)] = [:]

    func render(seed: UInt64) throws -> (frame: Frame, cpu: RGBA8Image?, gpu: RGBA8Image) {
        if let r = Self.renders[seed] { return r }
        if Self.gpuImages.isEmpty {
            // Every seed's GPU image at once, on every core (a cold shader cache compiles each
            // scene's new program variants; renderConcurrently).
            let seeds = try Self.seeds.get()
            let images = renderConcurrently(seeds) { seed, gpu in
                try gpu.render(Frame(SceneDecoder.decode(Data(RandomScene.json(seed: seed).utf8), file: "seed-\(seed).json")))
            }
            for (s, r) in zip(seeds, images) { if case .success(let image) = r { Self.gpuImages[s] = image } }
            // Every seed's exact CPU image at once, on every core (one image is one thread's work).
            for (s, r) in zip(seeds, parallelMap(seeds, Self.cpuRender)) { if case .success(let v) = r { Self.cpuImages[s] = v } }
        }
        let scene = try SceneDecoder.decode(Data(RandomScene.json(seed: seed).utf8), file: "seed-\(seed).json")
        let frame = Frame(scene)
        let cpu = try Self.cpuImages[seed] ?? Self.cpuRender(seed)
        let r = (frame, cpu.image, try Self.gpuImages[seed] ?? SharedGPU.renderer().render(frame))
        Self.renders[seed] = r
        return r
    }

    /// A seed's exact CPU image; `image` is nil where it held a NaN.
    struct ExactImage { let image: RGBA8Image? }

    static func cpuRender(_ seed: UInt64) throws -> ExactImage {
        let scene = try SceneDecoder.decode(Data(RandomScene.json(seed: seed).utf8), file: "seed-\(seed).json")
        let cpuFloat = ReferenceRenderer().render(Frame(scene))
        let nan = cpuFloat.pixels.contains { $0.x.isNaN || $0.y.isNaN || $0.z.isNaN || $0.w.isNaN }
        return ExactImage(image: nan ? nil : cpuFloat.toRGBA8())
    }

    /// The exact CPU images of this run's seeds, rendered together by ``render(seed:)``.
    nonisolated(unsafe) static var cpuImages: [UInt64: ExactImage] = [:]

    /// The GPU images of this run's seeds, rendered together by ``render(seed:)``.
    nonisolated(unsafe) static var gpuImages: [UInt64: RGBA8Image] = [:]

    /// 100 random scenes: in each, 99.5% of pixels within 2 levels between GPU and CPU;
    /// the CPU image has no NaN and the GPU writes every pixel (a pixel the GPU left
    /// unwritten would show as a difference against the CPU's background).
    func testGPUAgreesWithCPUOnRandomScenes() throws {
        var worst: (seed: UInt64, share: Double) = (0, 100)
        let seeds = try Self.seeds.get()
        for seed in seeds {
            let r = try render(seed: seed)
            guard let cpu = r.cpu else { XCTFail("seed \(seed): NaN in the CPU image"); continue }
            let got = r.gpu
            guard let c = ImageComparison(cpu, got) else { XCTFail("seed \(seed): sizes differ"); continue }
            let within2 = 100 - c.percentOver(2)
            if within2 < worst.share { worst = (seed, within2) }
            if within2 < Self.knownShortfalls[seed] ?? 99.5 {
                let dir = writeArtifacts(name: "random-\(seed)", actual: got, expected: cpu, comparison: c)
                XCTFail("seed \(seed) (\(regimes(seed))): \(String(format: "%.3f", within2))% of pixels within 2 (max \(c.maxDifference)); reproduce with `halo random-scene --seed \(seed)`; images in \(dir)")
            }
        }
        print("random scenes: seeds \(Self.seedRange(seeds)); worst seed \(worst.seed) with \(String(format: "%.3f", worst.share))% of pixels within 2 levels")
    }

    /// The GPU's certified bound (``ErrorBound``) holds on the same random scenes: every pixel
    /// of the GPU image within its bound, plus 1 level for rounding, of the exact CPU image
    /// (the rule of `halo test --tolerance certified`). HALO_RANDOM_SEEDS=1,100 runs all 100.
    func testGPUImageIsWithinItsCertifiedBoundOnRandomScenes() throws {
        var widths: [Float] = []
        let seeds = try Self.seeds.get()
        let renders = try seeds.map { try render(seed: $0) }
        let bounds = certifiedBounds(renders.map { ($0.frame, $0.gpu) })
        for (n, seed) in seeds.enumerated() {
            let r = renders[n]
            guard let cpu = r.cpu else { XCTFail("seed \(seed): NaN in the CPU image"); continue }
            let bound = bounds[n]
            widths += bound.levels
            guard let c = CertifiedComparison(reference: cpu, actual: r.gpu, bound: bound) else { XCTFail("seed \(seed): sizes differ"); continue }
            if let known = Self.knownBoundShortfalls[seed], c.violationCount <= known.pixels,
               (c.violations.map(\.difference).max() ?? 0) <= known.difference {
                continue
            }
            if let reason = c.failureReason {
                let dir = writeArtifacts(name: "random-\(seed)-bound", actual: r.gpu, expected: cpu, comparison: c.comparison)
                XCTFail("seed \(seed) (\(regimes(seed))): \(reason); reproduce with `halo random-scene --seed \(seed)`; images in \(dir)")
            }
        }
        widths = ErrorBound.ascending(widths)
        let q = { ErrorBound.quantile(widths, $0) }
        // The mean and largest bound where it promises anything (under 255 levels), and the
        // share of pixels without a promise.
        let promised = widths.filter { $0 < 255 }
        let mean = promised.isEmpty ? 0 : promised.reduce(0, +) / Float(promised.count)
        let none = 100 * Double(widths.count - promised.count) / Double(max(widths.count, 1))
        print("certified bound on random scenes \(Self.seedRange(seeds)): median \(q(0.5)), 99th percentile \(q(0.99)), mean \(mean), largest promise \(promised.last ?? 0) levels; no promise on \(String(format: "%.3f", none))% of pixels")
    }

    /// This run's singular-point seeds: 1...20 or 21...40, chosen by the commit as ``seeds``
    /// are; HALO_SINGULAR_SEEDS=FIRST,COUNT chooses others (1,40 for all of them).
    static let singularSeeds = Result { try RandomSeeds.chosen(by: "HALO_SINGULAR_SEEDS", size: 20, shares: 2) }

    /// 20 singular-point scenes (``RandomScene/singularJSON(seed:)``: linear end points
    /// nearer than float32 resolves, radial and angular centres on pixel centres, edges
    /// and corners, sub-pixel and nearly equal radii): in each, 99.5% of pixels within 2
    /// levels between GPU and the exact CPU reference, as for the scenes above. Seeds
    /// 1...20 or 21...40 by the commit (``singularSeeds``).
    func testGPUAgreesWithCPUAtSingularPoints() throws {
        let seeds = try Self.singularSeeds.get()
        print("singular scenes: seeds \(seeds[0])...\(seeds[seeds.count - 1])")
        let images = renderConcurrently(seeds) { seed, gpu in
            try gpu.render(Frame(SceneDecoder.decode(Data(RandomScene.singularJSON(seed: seed).utf8), file: "singular-\(seed).json")))
        }
        // The exact CPU images on every core at once.
        let exact = parallelMap(seeds) { seed in
            ReferenceRenderer().render(Frame(try SceneDecoder.decode(Data(RandomScene.singularJSON(seed: seed).utf8), file: "singular-\(seed).json"))).toRGBA8()
        }
        for (n, (seed, image)) in zip(seeds, images).enumerated() {
            let cpu = try exact[n].get()
            let got = try image.get()
            guard let c = ImageComparison(cpu, got) else { XCTFail("singular seed \(seed): sizes differ"); continue }
            if 100 - c.percentOver(2) < 99.5 {
                let dir = writeArtifacts(name: "singular-\(seed)", actual: got, expected: cpu, comparison: c)
                XCTFail("singular seed \(seed): \(String(format: "%.3f", 100 - c.percentOver(2)))% of pixels within 2 (max \(c.maxDifference)); reproduce with `halo random-scene --singular --seed \(seed)`; images in \(dir)")
            }
        }
    }
}
