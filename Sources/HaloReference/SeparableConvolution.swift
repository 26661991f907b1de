import CHaloConvolution
import HaloCore

extension ReferenceRenderer {
    /// Separable convolution of `source` (premultiplied pixels covering `rect`) with
    /// `kernel`, zero outside `rect`, sampled over `target`: a horizontal pass over the
    /// source rows, then a vertical one (`halo_horizontal_pass`, `halo_vertical_pass`).
    /// Both sum each pixel's terms in order of increasing source index and skip only terms
    /// whose source value is zero, so the result does not depend on how the work is split.
    func convolve(_ source: [SIMD4<Float>], rect: PixelRect, kernel: GlowKernel, target: PixelRect) -> [SIMD4<Float>] {
        let r = kernel.radius
        let tw = target.width
        var horiz = [SIMD4<Float>](repeating: .zero, count: rect.height * tw)
        var result = [SIMD4<Float>](repeating: .zero, count: target.height * tw)
        if rect.isEmpty || target.isEmpty { return result }
        kernel.weights.withUnsafeBufferPointer { wp in
            let weights = SharedBuffer(wp.baseAddress!)
            // Horizontal pass over the source rows, into the target's columns.
            source.withUnsafeBufferPointer { sp in
                let src = SharedBuffer(sp.baseAddress!)
                horiz.withUnsafeMutableBufferPointer { hb in
                    let out = SharedBuffer(base: hb.baseAddress!)
                    parallelFor(rect.height, threads: threads) { rows in
                        for row in rows {
                            halo_horizontal_pass(src.floats(from: row * rect.width), Int32(rect.i0), Int32(rect.width),
                                                 weights.base, Int32(r),
                                                 out.floats(from: row * tw), Int32(target.i0), Int32(tw))
                        }
                    }
                }
            }
            // The runs of non-zero values of each horizontal row (a ring's middle rows are zero
            // between its two sides), and from them each column block's source rows: the
            // vertical pass skips only zeros, so it stays exact.
            let spans = ParallelRuns(rows: rect.height)
            horiz.withUnsafeBufferPointer { hbp in
                let hb = SharedBuffer(hbp.baseAddress!)
                parallelFor(rect.height, threads: threads) { rows in
                    for row in rows { spans.set(row, ReferenceRenderer.nonZeroRuns(hb, from: row * tw, count: tw, minGap: 32)) }
                }
            }
            let blocks = ColumnBlocks(runs: spans, width: tw)
            horiz.withUnsafeBufferPointer { hbp in
                let src = SharedBuffer(hbp.baseAddress!)
                result.withUnsafeMutableBufferPointer { rb in
                    let out = SharedBuffer(base: rb.baseAddress!)
                    blocks.rows.withUnsafeBufferPointer { lp in
                        blocks.start.withUnsafeBufferPointer { bp in
                            let list = SharedBuffer(lp.baseAddress!), start = SharedBuffer(bp.baseAddress!)
                            parallelFor(blocks.count, threads: threads) { range in
                                halo_vertical_pass(src.floats(from: 0), Int32(rect.j0), list.base, start.base,
                                                   Int32(range.lowerBound), Int32(range.upperBound),
                                                   weights.base, Int32(r),
                                                   out.floats(from: 0), Int32(target.j0), Int32(target.height), Int32(tw))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The runs of `count` values from `start` that hold every non-zero one, as index
    /// ranges relative to `start`; runs closer than `minGap` are merged.
    static func nonZeroRuns(_ values: SharedBuffer<SIMD4<Float>>, from start: Int, count: Int, minGap: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var x = 0
        while x < count {
            while x < count && values.base[start + x] == .zero { x += 1 }
            if x == count { break }
            var end = x
            var zeros = 0
            var k = x
            while k < count && zeros < minGap {
                if values.base[start + k] == .zero { zeros += 1 } else { zeros = 0; end = k + 1 }
                k += 1
            }
            runs.append(x..<end)
            x = end
        }
        return runs
    }
}

/// Each row's runs, written by one worker thread per row and read after they all finish.
final class ParallelRuns: @unchecked Sendable {
    private var runs: [[Range<Int>]]
    init(rows: Int) { runs = Array(repeating: [], count: rows) }
    var count: Int { runs.count }
    func set(_ row: Int, _ value: [Range<Int>]) { runs.withUnsafeMutableBufferPointer { $0[row] = value } }
    func get(_ row: Int) -> [Range<Int>] { runs[row] }
}

/// The source rows of each block of `HALO_VERTICAL_BLOCK` columns that hold a non-zero
/// value, increasing, for `halo_vertical_pass`: block b's are `rows[start[b] ..< start[b + 1]]`.
struct ColumnBlocks {
    let count: Int
    var rows: [Int32] = []
    var start: [Int32]

    init(runs: ParallelRuns, width: Int) {
        let bw = Int(HALO_VERTICAL_BLOCK)
        count = (width + bw - 1) / bw
        var perBlock = [[Int32]](repeating: [], count: count)
        for row in 0..<runs.count {
            var last = -1
            for run in runs.get(row) where !run.isEmpty {
                let b0 = max(run.lowerBound / bw, last + 1), b1 = (run.upperBound - 1) / bw
                if b0 > b1 { continue }
                for b in b0...b1 { perBlock[b].append(Int32(row)) }
                last = b1
            }
        }
        start = [0]
        start.reserveCapacity(count + 1)
        for list in perBlock { rows += list; start.append(Int32(rows.count)) }
    }
}
