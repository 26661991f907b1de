import Foundation

/// A Gaussian blur (standard deviation sigma, pixels) of a non-negative map, grown by
/// `margin` pixels each side, for bounding what a blur does to an error: computed on
/// r x r blocks (r = floor(sigma / 4), block sums at block centres), then taken 1.5 times,
/// covering the kernel's change across a block (e^(x delta / sigma^2) <= 1.5 for the
/// weight that matters) and the tail truncated at 4 sigma.
struct ErrorBlur {
    let width: Int, height: Int
    var values: [Float]

    init(values src: [Float], width w: Int, height h: Int, sigma: Double, margin m: Int) {
        width = w + 2 * m; height = h + 2 * m
        let r = max(1, Int((sigma / 4).rounded(.down)))
        let bw = (width + r - 1) / r, bh = (height + r - 1) / r
        var blocks = [Double](repeating: 0, count: bw * bh)
        for y in 0..<h { for x in 0..<w where src[y * w + x] > 0 {
            blocks[((y + m) / r) * bw + (x + m) / r] += Double(src[y * w + x])
        } }
        let s = sigma / Double(r), radius = Int((4 * s).rounded(.up)) + 1
        // Weights per block of the pixel kernel: a block holds r pixels along each axis.
        let weights = (0...radius).map { d -> Double in exp(-0.5 * Double(d * d) / (s * s)) / (sigma * (2 * Double.pi).squareRoot()) }
        var tmp = [Double](repeating: 0, count: bw * bh)
        for y in 0..<bh { for x in 0..<bw {
            var acc = 0.0
            for d in -radius...radius where x + d >= 0 && x + d < bw { acc += weights[abs(d)] * blocks[y * bw + x + d] }
            tmp[y * bw + x] = acc
        } }
        var out = [Double](repeating: 0, count: bw * bh)
        for y in 0..<bh { for x in 0..<bw {
            var acc = 0.0
            for d in -radius...radius where y + d >= 0 && y + d < bh { acc += weights[abs(d)] * tmp[(y + d) * bw + x] }
            out[y * bw + x] = acc
        } }
        // Each pixel takes the largest of its block and the blocks around it.
        var v = [Float](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width {
            let bx = x / r, by = y / r
            var best = 0.0
            for dy in -1...1 { for dx in -1...1 where bx + dx >= 0 && bx + dx < bw && by + dy >= 0 && by + dy < bh {
                best = max(best, out[(by + dy) * bw + bx + dx])
            } }
            v[y * width + x] = Float(min(1, 1.5 * best))
        } }
        values = v
    }
}
