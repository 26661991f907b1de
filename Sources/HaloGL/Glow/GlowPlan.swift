import Foundation
import HaloCore

/// How the GPU computes one glow (per-frame constants).
///
/// The stroke layer is drawn at 1/k resolution (each texel the exact box-filter
/// coverage of a k x k pixel block times the paint at the block's centre),
/// blurred separably there, and read back with bilinear filtering. k = 1 for
/// sigma < 8 px (then the blur is the scene format's exact kernel at full resolution);
/// otherwise k = floor(sigma / 4), so the low-resolution sigma stays >= 4 texels
/// and bilinear upsampling of the smooth result errs by under about 1/128 of the
/// glow's own peak (a peak that is itself small when sigma is large against the
/// stroke's width). The blur costs k^3 times less than at full resolution.
/// Block averaging, texel-integrated weights and the bilinear read add a variance
/// of k^2 / 3 pixels^2 against the exact image's 1/6, so the low-resolution
/// sigma is sqrt(sigma^2 + 1/6 - k^2/3) / k. The kernel is truncated at 4 sigma
/// (the tail beyond holds under 7e-5 of the weight) and renormalised.
/// Measured against the exact image: the seed button (sigma 24 px, k = 6) within 1
/// level, the glow cases of the checker within 2 (ConformanceTests, README table).
struct GlowPlan {
    /// Taps on each side at most; keep (maxRadius + 1) / 2 == MAX_PAIRS in Shaders/blur.frag.
    static let maxRadius = 64
    static let maxPairs = 33
    /// From this sigma (pixels) on, a glow's source takes its paint at each texel's centre
    /// even at k = 1 (LayerTiles.glowSource): the blur spreads a texel's difference from its
    /// pixel's average over 2 pi sigma^2 >= 25 px^2, where averaging each texel costs the
    /// source pass 4x (the 1000-layer frame's sources 430 -> 110 ms). ErrorBound counts
    /// the colour's whole range over such a texel where it holds a stop.
    static let centreSampledSigma = 2.0

    /// Whether the glow's source averages its paint over each texel's pixel (k = 1 and
    /// sigma under ``centreSampledSigma``) rather than taking it at the texel's centre.
    var sourceAveragesPaint: Bool { k == 1 && sigma < GlowPlan.centreSampledSigma }

    let k: Int
    /// The glow's sigma, pixels.
    let sigma: Double
    let sigmaTexels: Double
    let radius: Int
    /// Weights w[0...radius]; w[-i] = w[i].
    let weights: [Float]

    init(sigma: Double) {
        var k = sigma < 8 ? 1 : Int((sigma / 4).rounded(.down))
        var s = k == 1 ? sigma : (sigma * sigma + 1.0 / 6 - Double(k * k) / 3).squareRoot() / Double(k)
        // Keep the kernel within the shader's array.
        while (4 * s).rounded(.up) > Double(GlowPlan.maxRadius) {
            k += 1
            s = (sigma * sigma + 1.0 / 6 - Double(k * k) / 3).squareRoot() / Double(k)
        }
        self.k = k
        self.sigma = sigma
        sigmaTexels = s
        let r = max(1, Int((4 * s).rounded(.up)))
        radius = min(r, GlowPlan.maxRadius)
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / (s * 2.0.squareRoot()))) }
        var w = (0...radius).map { i in phi(Double(i) + 0.5) - phi(Double(i) - 0.5) }
        let total = w[0] + 2 * w.dropFirst().reduce(0, +)
        w = w.map { $0 / total }
        weights = w.map(Float.init)
    }

    /// Pair counts blur.frag is compiled for (its HALO_PAIRS): a kernel of n pairs is drawn
    /// by the program of the first count >= n, its pairs past n of weight 0 at offset 0.
    /// A weight of exactly 0 adds exactly 0 (the atlas holds finite values), so every texel
    /// is bit-identical to the program of n pairs (ConformanceTests' glow scenes, and
    /// GlowPlanTests against unpadded programs); a glow radius that changes (a parameter, a
    /// keyframe) compiles nothing new within a bucket. Pairs reach 16 for every sigma
    /// (4 sigma texels at most 32 with the reduction above); a padded pair costs a tap
    /// pair: 1 -> 2, 3 -> 4, 5 -> 6, then at most one pair in 8 (with 4, 8, 12, 16 the blur
    /// passes of a 5-pair kernel took 40% longer on llvmpipe).
    static let pairBuckets = [2, 4, 6, 8, 10, 12, 14, 16, 24, maxPairs]

    /// The pair count of the program that draws `pairs` pairs (``pairBuckets``).
    static func bucket(pairs: Int) -> Int { pairBuckets.first { $0 >= pairs } ?? maxPairs }

    /// The taps paired for bilinear reads (blur.frag): weight w[2j+1] + w[2j+2] at offset
    /// ((2j+1) w[2j+1] + (2j+2) w[2j+2]) / (w[2j+1] + w[2j+2]), j = 0, 1, ..., then pairs
    /// of weight 0 at offset 0 up to the kernel's bucket (``bucket(pairs:)``); all
    /// `padded: false`: the kernel's own pairs only.
    func pairs(padded: Bool = true) -> (weights: [Float], offsets: [Float]) {
        var ws: [Float] = [], os: [Float] = []
        var k = 1
        while k <= radius {
            let a = Double(weights[k]), b = k + 1 <= radius ? Double(weights[k + 1]) : 0
            ws.append(Float(a + b))
            os.append(Float((Double(k) * a + Double(k + 1) * b) / max(a + b, 1e-30)))
            k += 2
        }
        if padded {
            let n = GlowPlan.bucket(pairs: ws.count)
            ws += [Float](repeating: 0, count: n - ws.count)
            os += [Float](repeating: 0, count: n - os.count)
        }
        return (ws, os)
    }

    /// How far the glow reaches beyond the stroke, in pixels.
    var reach: Double { Double((radius + 1) * k) }
}
