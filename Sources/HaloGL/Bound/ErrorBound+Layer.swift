import Foundation
import HaloCore

/// One layer's terms of an ``ErrorBound``: for each pixel of its reach, which of the GPU's
/// approximations apply there and how much each may cost (``ErrorBudget``).
struct LayerErrorTerms {
    let layer: ResolvedLayer
    let width: Int, height: Int
    /// The glow source's own error (coverage and paint, fractions of full scale) and its
    /// coverage, per pixel of `sourceBox`: the glow blurs them.
    private var sourceError: [Float] = []
    private var sourceCover: [Float] = []
    private var sourceBox = (i0: 0, j0: 0, i1: 0, j1: 0)

    /// A steered glow's truncation (``SteeredGlow/truncation``; 0: not steered).
    let steered: Double

    init(layer: ResolvedLayer, width: Int, height: Int, steered: Double = 0) {
        self.layer = layer; self.width = width; self.height = height; self.steered = steered
    }

    /// Half a pixel's diagonal, and a hair more: a pixel square meets an edge only where the
    /// edge passes within this of its centre (the signed distance is exact).
    static let reach = 0.7072

    /// Calls `add(pixel index, levels, budget)` for every term of the layer.
    mutating func compute(_ add: (Int, Double, ErrorBudget) -> Void) {
        let op = layer.opacity * 255
        let o = layer.outline
        let glows = layer.glow.map { $0.opacity > 0 } ?? false
        // A sigma-0 glow repeats its source's pixels: their errors count once more.
        let echo = layer.glow.map { $0.sigma == 0 ? 1 + $0.opacity : 1 } ?? 1
        if let text = layer.text {
            // Coverage: the CPU's exact glyph coverage, uploaded (TextAtlas). The paint is
            // averaged over a strip of the covered part's area and centroid (text_fill.frag
            // textStrip): a wholly covered pixel's strip is the pixel, as for a fill's inside;
            // a partly covered one's is a stand-in for its part, within the paint's range.
            guard let bounds = text.bounds else { return }
            let textBlock = layer.glow.map { $0.sigma > 0 ? Double(GlowPlan(sigma: $0.sigma).k) : 1 } ?? 1
            let box = bounds.grown(by: 1).pixelRange(width: width, height: height)
            if glows { startSource(box) }
            let cover = text.coverage(i0: box.i0, j0: box.j0, i1: box.i1, j1: box.j1)
            forEachPixel(box) { i, p in
                var e = 0.0
                if let fill = layer.fill, !PaintErrorTerm.isUniform(fill) {
                    let n = (Int(p.y) - box.j0) * cover.width + (Int(p.x) - box.i0)
                    let m = cover.centroid[n]
                    let whole = cover.coverage[n] >= 1 && (m.x * m.x + m.y * m.y).squareRoot() < 1e-6
                    e = PaintErrorTerm.error(fill, at: p, edge: !whole)
                    add(i, op * echo * e, e.isInfinite ? .unbounded : .paint)
                }
                if glows { source(i, error: textBlock * e, cover: 1) }
            }
            addGlow(op, add)
            return
        }
        let stroke = layer.stroke
        let grow = max(0, stroke.map { $0.outer + $0.capReach } ?? 0) + 1
        if o.kind == .shader {
            // A shader shape's distance is the user's GLSL, which the CPU cannot evaluate, and
            // which need not be a distance: nothing is certified over the layer's reach (the
            // rect grown by the stroke and the glow, where its ink is clipped).
            let reach = layer.glow.map { $0.sigma > 0 ? GlowPlan(sigma: $0.sigma).reach + Double(GlowPlan(sigma: $0.sigma).k) : 0 } ?? 0
            forEachPixel(o.bounds(grownBy: grow + reach).pixelRange(width: width, height: height)) { i, _ in add(i, .infinity, .unbounded) }
            return
        }
        let box = o.bounds(grownBy: grow).pixelRange(width: width, height: height)
        if glows { startSource(box) }
        let dash = stroke?.dash.map { DashErrorTerm($0, inner: stroke!.inner, outer: stroke!.outer) }
        let r = Self.reach
        let fillGlows = layer.fillGlows
        // The glow's source is drawn in k x k blocks (GlowPlan): its edges' and dashes' errors
        // are those of a block, and its paint is taken at the block's centre (k times a
        // pixel's paint error at most).
        let plan = layer.glow.flatMap { $0.sigma > 0 ? GlowPlan(sigma: $0.sigma) : nil }
        let k = plan?.k ?? 1
        let kd = Double(k)
        // At k = 1 from GlowPlan.centreSampledSigma the source takes the paint at each pixel's centre.
        let sourceAtCentre = glows && k == 1 && plan?.sourceAveragesPaint == false
        func blockError(_ x: Vec2, _ p: Vec2, _ sd: Double, _ offsets: [Double], paint: Double) -> Double {
            var e = kd * paint
            for d in offsets where abs(sd - d) < r * kd { e += CurvedEdgeTerm.error(o, x, d: d, size: kd) }
            if let dash, !fillGlows { e += dash.error(at: p, sd: sd, outline: o, size: kd) }
            return e
        }
        // 8 x 8 blocks whose every pixel is at least a pixel clear of every edge (the signed
        // distance is 1-Lipschitz: it moves at most 4 sqrt 2 px within a block) and holds no
        // varying paint have no terms; a glowing fill's source is wholly covered there.
        let pad = 4 * 2.squareRoot() + 2 * r
        func quiet(_ sdc: Double) -> (skip: Bool, inside: Bool) {
            if let fill = layer.fill {
                if sdc - pad < 0 && (abs(sdc) < pad || !PaintErrorTerm.isUniform(fill) || fill.isMaterial) { return (false, false) }
            }
            if let s = stroke, sdc + pad > s.inner - s.capReach, sdc - pad < s.outer + s.capReach { return (false, false) }
            return (true, sdc < 0)
        }
        forEachPixel(box, quiet: { quiet(o.signedDistance($0)) }, onQuiet: { i, inside in
            if glows && fillGlows && inside { source(i, error: 0, cover: 1) }
        }) { i, p in
            let sd = o.signedDistance(p)
            let x = p - o.center
            var fillError = 0.0, strokeError = 0.0, fillPaint = 0.0, strokePaint = 0.0
            var fillCentre = 0.0, strokeCentre = 0.0      // the paint's error at the centre (sourceAtCentre)
            if let fill = layer.fill, sd < r {
                let edge = sd > -r
                if edge {
                    let c = CurvedEdgeTerm.error(o, x, d: 0)
                    fillError += c
                    add(i, op * (fillGlows ? echo : 1) * c, .curvedEdge)
                }
                if fill.isMaterial {
                    add(i, op * MaterialErrorTerm.levels(fill), .material)
                } else if !PaintErrorTerm.isUniform(fill) {
                    let pe = PaintErrorTerm.errors(fill, at: p, edge: edge)
                    fillError += min(1, pe.averaged); fillPaint = min(1, pe.averaged); fillCentre = min(1, pe.atCentre)
                    add(i, op * (fillGlows ? echo : 1) * min(1, pe.averaged), pe.averaged.isInfinite ? .unbounded : .paint)
                }
            }
            if let s = stroke, sd > s.inner - r - s.capReach, sd < s.outer + r + s.capReach {
                var cov = 0.0
                for d in [s.inner, s.outer] where abs(sd - d) < r {
                    cov += CurvedEdgeTerm.error(o, x, d: d)
                }
                if let dash { cov += dash.error(at: p, sd: sd, outline: o) }
                if cov > 0 {
                    strokeError += cov
                    add(i, op * echo * cov, dash == nil ? .curvedEdge : .dashEnd)
                }
                let inBand = sd > s.inner - r && sd < s.outer + r
                if !PaintErrorTerm.isUniform(s.paint), inBand || dash?.nearCap(p) == true {
                    let edge = sd < s.inner + r || sd > s.outer - r || dash != nil
                    let pe = PaintErrorTerm.errors(s.paint, at: p, edge: edge)
                    strokeError += min(1, pe.averaged); strokePaint = min(1, pe.averaged); strokeCentre = min(1, pe.atCentre)
                    add(i, op * echo * min(1, pe.averaged), pe.averaged.isInfinite ? .unbounded : .paint)
                }
            }
            if glows {
                if fillGlows {
                    let e = k > 1 ? blockError(x, p, sd, [0], paint: fillPaint) : fillError - fillPaint + (sourceAtCentre ? fillCentre : fillPaint)
                    source(i, error: e, cover: sd < r ? 1 : 0)
                } else if let s = stroke {
                    let near = sd > s.inner - r - s.capReach && sd < s.outer + r + s.capReach
                    let e = k > 1 ? blockError(x, p, sd, [s.inner, s.outer], paint: strokePaint)
                                  : strokeError - strokePaint + (sourceAtCentre ? strokeCentre : strokePaint)
                    source(i, error: e, cover: near ? 1 : 0)
                }
            }
        }
        addGlow(op, add)
    }

    private mutating func startSource(_ box: (i0: Int, j0: Int, i1: Int, j1: Int)) {
        sourceBox = box
        let n = max(0, box.i1 - box.i0) * max(0, box.j1 - box.j0)
        sourceError = Array(repeating: 0, count: n)
        sourceCover = Array(repeating: 0, count: n)
    }

    private mutating func source(_ i: Int, error: Double, cover: Double) {
        let x = i % width - sourceBox.i0, y = i / width - sourceBox.j0
        let k = y * (sourceBox.i1 - sourceBox.i0) + x
        sourceError[k] = Float(min(1, error)); sourceCover[k] = Float(cover)
    }

    /// The glow's term over its reach: GlowPlan's stated error of the reduced blur (1/128 of
    /// the glow's peak for k > 1; the kernel's truncated tail, 7e-5, for k = 1) and the
    /// half-float atlas (2^-11), relative to the peak (at most the blurred coverage's
    /// largest value), and the source's own coverage and paint errors (per block) blurred
    /// the same way; for a steered glow, its truncation (premultiplied, before opacities).
    private func addGlow(_ op: Double, _ add: (Int, Double, ErrorBudget) -> Void) {
        guard let g = layer.glow, g.sigma > 0, g.opacity > 0, !sourceError.isEmpty else { return }
        let plan = GlowPlan(sigma: g.sigma)
        let k = Double(plan.k)
        let alpha = g.color.map { $0.w } ?? 1
        let w = sourceBox.i1 - sourceBox.i0, h = sourceBox.j1 - sourceBox.j0
        let reach = Int((plan.reach + k).rounded(.up)) + 1
        let blurredError = ErrorBlur(values: sourceError, width: w, height: h, sigma: g.sigma, margin: reach)
        let blurredCover = ErrorBlur(values: sourceCover, width: w, height: h, sigma: g.sigma, margin: reach)
        let peak = Double(blurredCover.values.max() ?? 0)
        let stated = (plan.k == 1 ? 7e-5 : 1.0 / 128) + 1.0 / 2048
        let scale = op * g.opacity
        for y in 0..<blurredError.height {
            let j = sourceBox.j0 - reach + y
            guard j >= 0 && j < height else { continue }
            for x in 0..<blurredError.width {
                let i = sourceBox.i0 - reach + x
                guard i >= 0 && i < width else { continue }
                let e = Double(blurredError.values[y * blurredError.width + x])
                add(j * width + i, scale * (alpha * stated * peak + e + steered), .glow)
            }
        }
    }

    /// forEachPixel in 8 x 8 blocks: `quiet(centre)` says whether a block can be skipped
    /// (then `onQuiet` sees each of its pixels, with the flag it returned).
    private func forEachPixel(_ box: (i0: Int, j0: Int, i1: Int, j1: Int), quiet: (Vec2) -> (skip: Bool, inside: Bool),
                              onQuiet: (Int, Bool) -> Void, _ body: (Int, Vec2) -> Void) {
        guard box.i1 > box.i0, box.j1 > box.j0 else { return }
        for bj in stride(from: box.j0, to: box.j1, by: 8) {
            for bi in stride(from: box.i0, to: box.i1, by: 8) {
                let q = quiet(Vec2(Double(bi) + 4, Double(bj) + 4))
                for j in bj..<min(bj + 8, box.j1) {
                    for i in bi..<min(bi + 8, box.i1) {
                        if q.skip { onQuiet(j * width + i, q.inside) } else { body(j * width + i, Vec2(Double(i) + 0.5, Double(j) + 0.5)) }
                    }
                }
            }
        }
    }

    private func forEachPixel(_ box: (i0: Int, j0: Int, i1: Int, j1: Int), _ body: (Int, Vec2) -> Void) {
        guard box.i1 > box.i0, box.j1 > box.j0 else { return }
        for j in box.j0..<box.j1 {
            for i in box.i0..<box.i1 { body(j * width + i, Vec2(Double(i) + 0.5, Double(j) + 0.5)) }
        }
    }
}
