import Foundation
import HaloCore

/// The exact glow kernel of docs/scene-format.md "Glow": along each axis the pixel k away
/// weighs Phi((k + 1/2) / sigma) - Phi((k - 1/2) / sigma), Phi the standard
/// normal CDF: the convolution of the pixel image (each pixel a constant
/// square) with the Gaussian, taken at pixel centres. Truncated at
/// 6 sigma + 1 pixels (the tail beyond is under 2e-9) and renormalised, as
/// the conformance checker does.
public struct GlowKernel: Sendable {
    /// Weights for offsets -radius...radius.
    public let weights: [Float]
    public let radius: Int

    /// Any kernel of 2 radius + 1 weights (an odd count), for tests of the convolution.
    init(weights: [Float]) {
        precondition(weights.count % 2 == 1, "a kernel has an odd number of weights")
        self.weights = weights
        radius = weights.count / 2
    }

    /// - Parameter sigma: standard deviation in pixels, >= 0 (0 is the identity).
    public init(sigma: Double) {
        if sigma <= 0 { weights = [1]; radius = 0; return }
        let r = Int((6 * sigma).rounded(.up)) + 1
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot()))) }
        var w = (-r...r).map { k in phi(Double(k) + 0.5) - phi(Double(k) - 0.5) }
        let sum = w.reduce(0, +)
        w = w.map { $0 / sum }
        weights = w.map(Float.init)
        radius = r
    }
}
