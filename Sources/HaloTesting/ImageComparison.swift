import Foundation
import Halo

/// How two same-sized images differ, measured as the conformance checker does
/// (`../shared/conformance/compare.py`): channels compared premultiplied
/// (R, G, B times alpha / 255, and alpha), in 8-bit levels.
public struct ImageComparison: Sendable, Equatable {
    /// Largest channel difference, 0...255.
    public var maxDifference: Double
    /// Mean absolute channel difference over all channels of all pixels.
    public var meanDifference: Double
    /// Peak signal-to-noise ratio in dB (nil when identical).
    public var psnr: Double?
    /// Pixel count.
    public var pixelCount: Int
    /// For each threshold k in ``thresholds``, the number of pixels whose largest
    /// channel difference exceeds k.
    public var pixelsOver: [Int: Int]
    /// Per-pixel largest channel difference, row-major (for heat maps).
    public var perPixel: [Float]

    /// The thresholds counted in ``pixelsOver``.
    public static let thresholds = [0, 1, 2, 4, 8]

    /// Share (0...100) of pixels whose largest channel difference exceeds `k`.
    public func percentOver(_ k: Int) -> Double {
        pixelCount == 0 ? 0 : 100 * Double(pixelsOver[k] ?? 0) / Double(pixelCount)
    }

    /// Compares `a` (the reference) with `b`. Returns nil when their sizes differ.
    public init?(_ a: RGBA8Image, _ b: RGBA8Image) {
        guard a.width == b.width, a.height == b.height else { return nil }
        let n = a.width * a.height
        var maxD = 0.0, sum = 0.0, sq = 0.0
        var per = [Float](repeating: 0, count: n)
        var over = Dictionary(uniqueKeysWithValues: ImageComparison.thresholds.map { ($0, 0) })
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for i in 0..<n {
                    let aa = Double(pa[i * 4 + 3]), ba = Double(pb[i * 4 + 3])
                    var m = abs(aa - ba)
                    sum += m; sq += m * m
                    for c in 0..<3 {
                        // Rounded to 6 decimals as compare.py does, so float noise never counts.
                        let d = (abs(Double(pa[i * 4 + c]) * aa / 255 - Double(pb[i * 4 + c]) * ba / 255) * 1e6).rounded() / 1e6
                        sum += d; sq += d * d
                        m = max(m, d)
                    }
                    per[i] = Float(m)
                    maxD = max(maxD, m)
                    for k in ImageComparison.thresholds where m > Double(k) { over[k]! += 1 }
                }
            }
        }
        maxDifference = maxD
        meanDifference = n == 0 ? 0 : sum / Double(n * 4)
        let mse = n == 0 ? 0 : sq / Double(n * 4)
        psnr = mse == 0 ? nil : 10 * log10(255 * 255 / mse)
        pixelCount = n
        pixelsOver = over
        perPixel = per
    }
}
