import Foundation
import Halo

/// How two same-sized images differ, measured as the conformance checker does
/// (its `compare.py`): channels compared premultiplied
/// (R, G, B times alpha / 255, and alpha), in 8-bit levels.
public struct ImageComparison: Sendable, Equatable {
    /// Largest channel difference, 0...255.
    public var maxDifference: Double
    /// Mean absolute channel difference over all channels of all pixels.
    public var meanDifference: Double
    /// Peak signal-to-noise ratio in dB (nil when identical).
    public var psnr: Double?
    /// Pixels compared (the image's, less those a mask ignores).
    public var pixelCount: Int
    /// The compared images' size, pixels.
    public var width = 0, height = 0
    /// For each threshold k in ``thresholds``, the number of pixels whose largest
    /// channel difference exceeds k.
    public var pixelsOver: [Int: Int]
    /// Per-pixel largest channel difference, row-major (for heat maps; 0 where ignored).
    public var perPixel: [Float]
    /// Pixels a mask excluded from every measure above (``ComparisonMask``), and how many
    /// of them differ at all: counted and reported apart, never silently dropped.
    public var ignoredPixels = 0
    public var ignoredDiffering = 0

    /// The thresholds counted in ``pixelsOver``.
    public static let thresholds = [0, 1, 2, 4, 8]

    /// Share (0...100) of pixels whose largest channel difference exceeds `k`.
    public func percentOver(_ k: Int) -> Double {
        pixelCount == 0 ? 0 : 100 * Double(pixelsOver[k] ?? 0) / Double(pixelCount)
    }

    /// Compares `a` (the reference) with `b`, leaving out the pixels `mask` ignores.
    /// Returns nil when their sizes differ (or the mask's does).
    public init?(_ a: RGBA8Image, _ b: RGBA8Image, mask: ComparisonMask? = nil) {
        guard a.width == b.width, a.height == b.height else { return nil }
        if let mask, mask.width != a.width || mask.height != a.height { return nil }
        let ignored = mask?.ignored
        var skipped = 0, skippedDiffering = 0
        let n = a.width * a.height
        var maxD = 0.0, sum = 0.0, sq = 0.0
        var per = [Float](repeating: 0, count: n)
        var over = Dictionary(uniqueKeysWithValues: ImageComparison.thresholds.map { ($0, 0) })
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for i in 0..<n {
                    let aa = Double(pa[i * 4 + 3]), ba = Double(pb[i * 4 + 3])
                    var m = abs(aa - ba)
                    var ps = m, pq = m * m
                    for c in 0..<3 {
                        // Rounded to 6 decimals as compare.py does, so float noise never counts.
                        let d = (abs(Double(pa[i * 4 + c]) * aa / 255 - Double(pb[i * 4 + c]) * ba / 255) * 1e6).rounded() / 1e6
                        ps += d; pq += d * d
                        m = max(m, d)
                    }
                    if let ignored, ignored[i] {
                        skipped += 1
                        if m > 0 { skippedDiffering += 1 }
                        continue
                    }
                    sum += ps; sq += pq
                    per[i] = Float(m)
                    maxD = max(maxD, m)
                    for k in ImageComparison.thresholds where m > Double(k) { over[k]! += 1 }
                }
            }
        }
        maxDifference = maxD
        ignoredPixels = skipped
        ignoredDiffering = skippedDiffering
        let counted = n - skipped
        meanDifference = counted == 0 ? 0 : sum / Double(counted * 4)
        let mse = counted == 0 ? 0 : sq / Double(counted * 4)
        psnr = mse == 0 ? nil : 10 * log10(255 * 255 / mse)
        pixelCount = counted
        width = a.width; height = a.height
        pixelsOver = over
        perPixel = per
    }
}

/// Pixels a comparison leaves out (SCENE test key `ignore` and `mask`, `halo diff
/// --ignore/--mask`): rectangles, and a mask image whose black pixels are ignored.
public struct ComparisonMask: Sendable, Equatable {
    public let width: Int, height: Int
    /// Row-major, true where ignored.
    public private(set) var ignored: [Bool]

    /// Nothing ignored yet, for an image of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width; self.height = height
        ignored = Array(repeating: false, count: width * height)
    }

    /// Ignores every pixel the rectangle (x, y, w, h) in pixels touches (clipped to the image).
    /// Any finite numbers may be given (clipped before any conversion); a rectangle with a
    /// non-finite number, or w or h <= 0, touches nothing.
    public mutating func ignore(x: Double, y: Double, w: Double, h: Double) {
        guard x.isFinite, y.isFinite, w.isFinite, h.isFinite else { return }
        /// `v` clipped to 0...n, then converted.
        func clipped(_ v: Double, to n: Int) -> Int { Int(min(max(v, 0), Double(n))) }
        let i0 = clipped(x.rounded(.down), to: width), j0 = clipped(y.rounded(.down), to: height)
        let i1 = clipped((x + w).rounded(.up), to: width), j1 = clipped((y + h).rounded(.up), to: height)
        guard i1 > i0, j1 > j0 else { return }
        for j in j0..<j1 { for i in i0..<i1 { ignored[j * width + i] = true } }
    }

    /// Ignores the pixels that are dark in `mask` (white counts, black is ignored: a pixel
    /// counts when its straight colour's mean is at least 128 and it is opaque at least half).
    /// - Throws: ``ReferenceTestError`` when the mask's size is not the image's.
    public mutating func ignore(darkPixelsOf mask: RGBA8Image, named name: String) throws {
        guard mask.width == width, mask.height == height else {
            throw ReferenceTestError("\(name): expected a mask of \(width)x\(height) pixels (the image's), found \(mask.width)x\(mask.height)")
        }
        for i in 0..<(width * height) {
            let p = mask.pixels[(i * 4)..<(i * 4 + 4)].map(Int.init)
            if (p[0] + p[1] + p[2]) < 3 * 128 || p[3] < 128 { ignored[i] = true }
        }
    }

    /// How many pixels are ignored.
    public var count: Int { ignored.reduce(0) { $0 + ($1 ? 1 : 0) } }
}
