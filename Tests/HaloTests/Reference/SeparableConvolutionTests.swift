import CHaloConvolution
import XCTest
@testable import HaloReference

/// The exact glow's separable convolution (ReferenceRenderer.convolve, its passes in C)
/// is the direct double sum over the source: target pixel (x, y) gets
/// sum over (sx, sy) of source(sx, sy) * w[x - sx + r] * w[y - sy + r], zero outside the
/// source rectangle. Both sides are summed the same way (by rows, then by columns), so
/// they agree to float rounding of that one sum; the test reads the sum in Double.
final class SeparableConvolutionTests: XCTestCase {
    /// A sparse source (a ring of non-zero pixels and a few isolated ones) on a rectangle
    /// whose width and height are no multiple of the vertical pass's 16-column blocks or
    /// its 4-row groups, convolved over a target that reaches past the source on every side.
    func testConvolutionIsTheDirectDoubleSumOverTheSource() {
        let rect = ReferenceRenderer.PixelRect(i0: -3, j0: 5, i1: 38, j1: 36)   // 41 x 31
        let target = ReferenceRenderer.PixelRect(i0: -10, j0: -2, i1: 51, j1: 47) // 61 x 49
        var rng = SplitMix64(seed: 7)
        var source = [SIMD4<Float>](repeating: .zero, count: rect.width * rect.height)
        for j in 0..<rect.height {
            for i in 0..<rect.width {
                let onRing = i < 3 || i >= rect.width - 2 || j < 2 || j >= rect.height - 3
                let isolated = (i * 7 + j * 3) % 53 == 0
                guard onRing || isolated else { continue }
                let a = Float(rng.unit())
                source[j * rect.width + i] = SIMD4(Float(rng.unit()) * a, Float(rng.unit()) * a, Float(rng.unit()) * a, a)
            }
        }
        // Weights of one size throughout (not a Gaussian's vanishing tails), so that a term
        // left out at the edge of a pixel's reach shows.
        let kernel = GlowKernel(weights: (0..<15).map { _ in Float(0.5 + rng.unit()) / 15 })
        let got = ReferenceRenderer(threads: 2).convolve(source, rect: rect, kernel: kernel, target: target)
        let w = kernel.weights.map(Double.init), r = kernel.radius
        var worst = 0.0
        for ty in target.j0..<target.j1 {
            for tx in target.i0..<target.i1 {
                var sum = SIMD4<Double>.zero
                for sy in rect.j0..<rect.j1 where abs(sy - ty) <= r {
                    for sx in rect.i0..<rect.i1 where abs(sx - tx) <= r {
                        let v = source[(sy - rect.j0) * rect.width + (sx - rect.i0)]
                        sum += SIMD4<Double>(Double(v.x), Double(v.y), Double(v.z), Double(v.w)) * (w[tx - sx + r] * w[ty - sy + r])
                    }
                }
                let g = got[(ty - target.j0) * target.width + (tx - target.i0)]
                for c in 0..<4 { worst = max(worst, abs(Double(g[c]) - sum[c])) }
            }
        }
        XCTAssertLessThan(worst, 1e-6, "largest difference from the direct sum")
    }

    /// Splitting the work differently (one thread or two) gives the same bits.
    func testConvolutionDoesNotDependOnTheNumberOfThreads() {
        let rect = ReferenceRenderer.PixelRect(i0: 0, j0: 0, i1: 70, j1: 23)
        let target = ReferenceRenderer.PixelRect(i0: -9, j0: -9, i1: 79, j1: 32)
        var rng = SplitMix64(seed: 11)
        let source = (0..<(rect.width * rect.height)).map { _ in
            rng.unit() < 0.3 ? SIMD4<Float>(repeating: Float(rng.unit())) : .zero
        }
        let kernel = GlowKernel(sigma: 1.4)
        let one = ReferenceRenderer(threads: 1).convolve(source, rect: rect, kernel: kernel, target: target)
        let two = ReferenceRenderer(threads: 2).convolve(source, rect: rect, kernel: kernel, target: target)
        XCTAssertEqual(one, two)
    }

    /// The plain build and the widest this CPU has (AVX2 or AVX-512, each with its own
    /// blocking) give the same bits: every term is one fused multiply-add, in the same order.
    func testEveryInstructionLevelGivesTheSameBits() throws {
        let widest = halo_convolution_level()
        try XCTSkipIf(widest == 0, "this CPU has one level only")
        defer { halo_convolution_set_level(widest) }
        let rect = ReferenceRenderer.PixelRect(i0: -5, j0: 3, i1: 90, j1: 61)     // 95 x 58
        let target = ReferenceRenderer.PixelRect(i0: -20, j0: -14, i1: 107, j1: 80)
        var rng = SplitMix64(seed: 19)
        let source = (0..<(rect.width * rect.height)).map { i -> SIMD4<Float> in
            let ring = i % rect.width < 4 || i % rect.width > rect.width - 6 || i / rect.width < 3
            return ring || rng.unit() < 0.05 ? SIMD4<Float>(repeating: Float(rng.unit())) : .zero
        }
        let kernel = GlowKernel(sigma: 4.3)
        var images: [[SIMD4<Float>]] = []
        for level in [widest, 0] {
            halo_convolution_set_level(level)
            XCTAssertEqual(halo_convolution_level(), level)
            images.append(ReferenceRenderer(threads: 2).convolve(source, rect: rect, kernel: kernel, target: target))
        }
        XCTAssertEqual(images[0], images[1])
    }
}

private extension SplitMix64 {
    /// A uniform value in [0, 1).
    mutating func unit() -> Double { Double.random(in: 0..<1, using: &self) }
}
