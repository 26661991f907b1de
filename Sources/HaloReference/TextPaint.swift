import HaloCore

/// A text's fill image: each pixel the paint's integral over its covered part (docs/scene-format.md
/// "Paints", last rule: the paint averaged over the covered part, times the coverage).
///
/// Where the paint is linear over the pixel (``PaintAverage/isLinear(_:_:corners:pixel:)``)
/// and varies by under ``smooth`` across it, the paint at the covered part's centroid
/// (``GlyphCoverage``'s, within 1/8 px of the true one) times the coverage: exact for a
/// linear paint, within 1/8 px of its change otherwise, a quarter of a level. Elsewhere (a
/// hard stop, a kink, an angular centre or seam inside the pixel, or a steep ramp) the pixel
/// is cut into 16 x 16 squares of 1/16 px whose coverage and centroid are rasterized again
/// (``GlyphCoverage`` over the glyphs scaled by 16): a wholly covered square takes the
/// paint's mean over it (``PaintAverage/leaf(_:_:_:)``: exact across straight stops), a partly
/// covered one the paint at its part's centroid. What is left is a jump through a partly
/// covered square: under 1/512 of the jump a square, for the one or two squares where the
/// jump meets the glyph's edge.
struct TextPaint {
    let average: PaintAverage
    let edges: [GlyphCoverage.Edge]

    /// Premultiplied colour (0...1) above which the paint's change across a pixel makes the
    /// centroid's 1/8 px error count: 2 levels, a quarter of a level at the centroid.
    static let smooth = 2.0 / 255
    /// Squares a pixel side where the pixel is cut.
    static let cut = 16

    /// The fill over the pixels of `cov` (its coverage and centroids over its rect).
    func fill(_ cov: TextCoverage) -> [SIMD4<Float>] {
        var image = [SIMD4<Float>](repeating: .zero, count: cov.width * cov.height)
        for j in 0..<cov.height {
            var runStart: Int?
            for i in 0...cov.width {
                var cut = false
                if i < cov.width {
                    let n = j * cov.width + i
                    let c = cov.coverage[n]
                    if c > 0 {
                        let centre = Vec2(Double(cov.i0 + i) + 0.5, Double(cov.j0 + j) + 0.5)
                        cut = needsCut(centre, covered: c)
                        if !cut {
                            let m = cov.centroid[n]
                            image[n] = SIMD4<Float>(average.colour(centre + Vec2(Double(m.x), Double(m.y)))) * c
                        }
                    }
                }
                if cut { if runStart == nil { runStart = i } } else if let a = runStart {
                    cutRun(i0: cov.i0 + a, i1: cov.i0 + i, j: cov.j0 + j) { k, colour in image[j * cov.width + a + k] = colour }
                    runStart = nil
                }
            }
        }
        return image
    }

    /// True where the centroid's colour is not the covered part's mean (see the type).
    func needsCut(_ c: Vec2, covered: Float) -> Bool {
        if average.solid != nil { return false }
        if !average.isLinear(c, 1, corners: nil, pixel: 0) { return true }
        if covered >= 1 { return false }
        let d1 = average.paint.color(at: c + Vec2(0.5, 0.5)) - average.paint.color(at: c - Vec2(0.5, 0.5))
        let d2 = average.paint.color(at: c + Vec2(0.5, -0.5)) - average.paint.color(at: c - Vec2(0.5, -0.5))
        let m = pointwiseMax(pointwiseMax(d1, -d1), pointwiseMax(d2, -d2))
        return max(max(m.x, m.y), max(m.z, m.w)) > TextPaint.smooth
    }

    /// The pixels [i0, i1) of row j, each cut into squares (see the type): `set(k, colour)`
    /// for pixel i0 + k.
    func cutRun(i0: Int, i1: Int, j: Int, _ set: (Int, SIMD4<Float>) -> Void) {
        let n = TextPaint.cut, s = Double(n), side = 1 / s
        // The edges that reach the row, scaled so that a square is a pixel.
        let y0 = Double(j), y1 = Double(j + 1)
        var scaled: [GlyphCoverage.Edge] = []
        for e in edges where max(e.y0, e.y1) > y0 && min(e.y0, e.y1) < y1 {
            scaled.append(GlyphCoverage.Edge(e.x0 * s, e.y0 * s, e.x1 * s, e.y1 * s))
        }
        let w = (i1 - i0) * n
        let sub = GlyphCoverage.rasterize(scaled, i0: i0 * n, j0: j * n, i1: i1 * n, j1: (j + 1) * n)
        for k in 0..<(i1 - i0) {
            var sum = Premul.zero
            for v in 0..<n {
                for u in 0..<n {
                    let q = v * w + k * n + u
                    let c = Double(sub.coverage[q])
                    if c <= 0 { continue }
                    let centre = Vec2(Double(i0 + k) + (Double(u) + 0.5) * side, Double(j) + (Double(v) + 0.5) * side)
                    if c >= 1 {
                        sum += average.leaf(centre, side)
                    } else {
                        let m = sub.centroid[q]
                        sum += average.colour(centre + Vec2(Double(m.x), Double(m.y)) * side) * c
                    }
                }
            }
            set(k, SIMD4<Float>(sum / (s * s)))
        }
    }
}
