import HaloCore

/// The paint at the pixel corners (i, j) and (i, j + 1) of one row j of pixels, each
/// computed when first asked for and kept while the row is drawn, so that the pixels that
/// share a corner share its sample (the same value: the same point, the same function).
/// One per worker thread; `start(row:)` moves to the next row, keeping the shared line.
final class CornerPaint {
    private let i0: Int
    private var upper: [Premul], lower: [Premul]
    private var upperSet: [Bool], lowerSet: [Bool]
    private var row = Int.min

    /// Corners i0 ... i0 + count of each row.
    init(i0: Int, count: Int) {
        self.i0 = i0
        upper = Array(repeating: .zero, count: count + 1); lower = upper
        upperSet = Array(repeating: false, count: count + 1); lowerSet = upperSet
    }

    /// Moves to pixel row j (corners at y = j and y = j + 1).
    func start(row j: Int) {
        if j == row + 1 {
            swap(&upper, &lower); swap(&upperSet, &lowerSet)
            for k in lowerSet.indices { lowerSet[k] = false }
        } else {
            for k in upperSet.indices { upperSet[k] = false; lowerSet[k] = false }
        }
        row = j
    }

    /// The paint at (i, j).
    @inline(__always)
    func top(_ i: Int, _ paint: ResolvedPaint) -> Premul {
        let k = i - i0
        if !upperSet[k] { upper[k] = paint.color(at: Vec2(Double(i), Double(row))); upperSet[k] = true }
        return upper[k]
    }

    /// The paint at (i, j + 1).
    @inline(__always)
    func bottom(_ i: Int, _ paint: ResolvedPaint) -> Premul {
        let k = i - i0
        if !lowerSet[k] { lower[k] = paint.color(at: Vec2(Double(i), Double(row + 1))); lowerSet[k] = true }
        return lower[k]
    }
}
