import Foundation
import XCTest
@testable import HaloCore

/// The steered-glow mode maths (``AngularModes``): the closed-form Fourier coefficients of a
/// ramp against direct quadrature, the stated truncation bound against the synthesised paint
/// and against a directly blurred turning glow, and the fallback for hard stops and seams.
final class AngularModesTests: XCTestCase {
    /// The first class of the suite in name order: where a whole run starts compiling the
    /// largest GPU tests' programs in the background (``ProgramWarmup``).
    override class func setUp() {
        super.setUp()
        ProgramWarmup.startForWholeRun()
    }

    /// The seed button's rotating border paint (Examples/gradient-border-button.json).
    func seedRamp() throws -> GradientRamp {
        let url = repositoryRoot.appendingPathComponent("Examples/gradient-border-button.json")
        let scene = try SceneDecoder.load(path: url.standardizedFileURL.path)
        let paint = try XCTUnwrap(scene.layers.compactMap { $0.stroke?.paint }.first { if case .angular = $0.kind { true } else { false } })
        return GradientRamp(stops: paint.stops, interpolation: paint.interpolation)
    }

    func stops(_ colours: [(Double, Double, Double)], at locations: [Double]? = nil) -> [ColorStop] {
        colours.enumerated().map { i, c in
            ColorStop(color: RGBA(c.0, c.1, c.2), location: locations?[i] ?? Double(i) / Double(colours.count - 1))
        }
    }

    /// c_n against the midpoint rule over 200 000 points (error O(h^2 f'') ~ 1e-10, plus
    /// the kinks' O(h) ~ 1e-5 at worst).
    func testCoefficientsMatchQuadrature() throws {
        for ramp in [try seedRamp(), GradientRamp(stops: stops([(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 0)]), interpolation: .oklab)] {
            let modes = AngularModes(ramp: ramp, computed: 12)
            let samples = 200_000
            for n in 0..<12 {
                var re = Premul.zero, im = Premul.zero
                for k in 0..<samples {
                    let t = (Double(k) + 0.5) / Double(samples), c = ramp.color(at: t)
                    re += c * cos(2 * .pi * Double(n) * t); im -= c * sin(2 * .pi * Double(n) * t)
                }
                re /= Double(samples); im /= Double(samples)
                XCTAssertLessThan(AngularModes.abs(re - modes.re[n]).max(), 2e-5, "n = \(n)")
                XCTAssertLessThan(AngularModes.abs(im - modes.im[n]).max(), 2e-5, "n = \(n)")
            }
        }
    }

    /// Keeping N modes, the synthesised paint is within truncation(N) of the ramp at every
    /// angle (the bound with every plane's peak 1: m = 1, no blur).
    func testSynthesisWithinTruncationBound() throws {
        let ramp = try seedRamp(), modes = AngularModes(ramp: ramp)
        XCTAssertTrue(modes.isContinuous)
        for N in [2, 4, 8, 16, 32] {
            var worst = 0.0
            for k in 0..<3600 {
                let theta = 2 * Double.pi * Double(k) / 3600
                let f = modes.combine(phi: 0, cos: (0...N).map { cos(Double($0) * theta) },
                                      sin: (0...N).map { sin(Double($0) * theta) }, upTo: N)
                worst = max(worst, AngularModes.abs(f - ramp.color(at: Double(k) / 3600)).max())
            }
            let bound = modes.truncation(modes: N)
            XCTAssertLessThanOrEqual(worst, bound, "N = \(N)")
            XCTAssertGreaterThan(worst, bound / 20, "N = \(N): the bound is not vacuous")
        }
    }

    /// A hard stop, or a seam whose colours differ, is discontinuous: no N is certified.
    func testHardStopsAndSeamsFallBack() {
        let hard = GradientRamp(stops: stops([(1, 0, 0), (1, 0, 0), (0, 0, 1), (0, 0, 1)], at: [0, 0.5, 0.5, 1]), interpolation: .srgb)
        let seam = GradientRamp(stops: stops([(1, 0, 0), (0, 0, 1)]), interpolation: .srgb)
        for ramp in [hard, seam] {
            let modes = AngularModes(ramp: ramp, computed: 64)
            XCTAssertFalse(modes.isContinuous)
            XCTAssertNil(modes.modes(within: 1.0 / 128))
            XCTAssertEqual(modes.truncation(modes: 16), .infinity)
        }
        // Coloured glow: glow colour x alpha; an opaque ramp's alpha is constant, so N = 0.
        let glow = AngularModes(ramp: seam, glowColor: Premul(0.5, 0.25, 0, 0.5), computed: 64)
        XCTAssertTrue(glow.isContinuous)
        XCTAssertEqual(glow.modes(within: 1e-9), 0)
    }

    /// A turning glow on a ring: the steered image from the blurred planes against the
    /// directly blurred source m f(theta - phi), at several turns, within the stated bound
    /// (planes' measured peaks up to n = 160, the blurred coverage's peak beyond: the
    /// modes past N decay as 1 / n^2, so the unmeasured tail needs n well past N).
    func testSteeredGlowMatchesDirectBlur() throws {
        let ramp = try seedRamp(), modes = AngularModes(ramp: ramp)
        let size = 64, centre = 32.0, sigma = 5.0
        // A capsule-like ring: coverage 1 between two ellipses (point-sampled; any m will do).
        let m = (0..<size * size).map { i -> Double in
            let x = (Double(i % size) + 0.5 - centre) / 26, y = (Double(i / size) + 0.5 - centre) / 10
            let r = (x * x + y * y).squareRoot()
            return r <= 1 && r >= 0.8 ? 1 : 0
        }
        let angle = (0..<size * size).map { (i: Int) -> Double in
            let x: Double = Double(i % size) + 0.5 - centre, y: Double = Double(i / size) + 0.5 - centre
            return atan2(y, x)
        }
        let blur = GaussianBlur(size: size, sigma: sigma)
        let planes = 160
        let a: [[Double]] = (0...planes).map { n in blur.apply(zip(m, angle).map { (c: Double, t: Double) in c * cos(Double(n) * t) }) }
        let b: [[Double]] = (0...planes).map { n in blur.apply(zip(m, angle).map { (c: Double, t: Double) in c * sin(Double(n) * t) }) }
        let peak = a[0].max()!
        let peaks: [Double] = (0...planes).map { n in zip(a[n], b[n]).map { (x: Double, y: Double) in (x * x + y * y).squareRoot() }.max()! }
        let budget = 1.0 / 128 * peak
        XCTAssertNil(modes.modes(within: budget, planePeaks: Array(peaks.prefix(25)), peak: peak), "24 planes do not bound the tail")
        let N = try XCTUnwrap(modes.modes(within: budget, planePeaks: peaks, peak: peak))
        XCTAssertLessThanOrEqual(N, 16)
        let bound = modes.truncation(modes: N, planePeaks: peaks, peak: peak)
        for phi in [0.0, 0.4, 2.5] {
            var worst = 0.0
            let direct = (0..<4).map { ch in
                blur.apply((0..<size * size).map { i in
                    var t = (angle[i] - phi) / (2 * .pi); t -= t.rounded(.down)
                    return m[i] * ramp.color(at: t)[ch]
                })
            }
            for i in 0..<size * size {
                let s = modes.combine(phi: phi, cos: a.map { $0[i] }, sin: b.map { $0[i] }, upTo: N)
                for ch in 0..<4 { worst = max(worst, abs(s[ch] - direct[ch][i])) }
            }
            XCTAssertLessThanOrEqual(worst, bound, "phi = \(phi), N = \(N)")
        }
    }
}

/// A separable Gaussian (unit sum, truncated at 4 sigma) on a square grid, zero outside.
private struct GaussianBlur {
    let size: Int, weights: [Double], r: Int
    init(size: Int, sigma: Double) {
        r = Int((4 * sigma).rounded(.up))
        let w = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        self.size = size; weights = w.map { $0 / sum }
    }

    func apply(_ v: [Double]) -> [Double] {
        var h = [Double](repeating: 0, count: v.count), out = h
        for y in 0..<size { for x in 0..<size { for k in -r...r where x + k >= 0 && x + k < size { h[y * size + x] += weights[k + r] * v[y * size + x + k] } } }
        for y in 0..<size { for x in 0..<size { for k in -r...r where y + k >= 0 && y + k < size { out[y * size + x] += weights[k + r] * h[(y + k) * size + x] } } }
        return out
    }
}
