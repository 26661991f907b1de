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

    init(layer: ResolvedLayer, width: Int, height: Int) {
        self.layer = layer; self.width = width; self.height = height
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
            // Coverage: the CPU's exact glyph coverage, uploaded (TextAtlas); the paint is
            // taken per pixel, so every pixel of the text's rect may be an edge.
            guard let bounds = text.bounds else { return }
            let textBlock = layer.glow.map { $0.sigma > 0 ? Double(GlowPlan(sigma: $0.sigma).k) : 1 } ?? 1
            let box = bounds.grown(by: 1).pixelRange(width: width, height: height)
            if glows { startSource(box) }
            forEachPixel(box) { i, p in
                var e = 0.0
                if let fill = layer.fill, !PaintErrorTerm.isUniform(fill) {
                    e = PaintErrorTerm.error(fill, at: p, edge: true)
                    add(i, op * echo * e, e.isInfinite ? .unbounded : .paint)
                }
                if glows { source(i, error: textBlock * e, cover: 1) }
            }
            addGlow(op, add)
            return
        }
        let stroke = layer.stroke
        let grow = max(0, stroke.map { $0.outer + $0.capReach } ?? 0) + 1
        let box = o.bounds(grownBy: grow).pixelRange(width: width, height: height)
        if glows { startSource(box) }
        let dash = stroke?.dash.map { DashErrorTerm($0, inner: stroke!.inner, outer: stroke!.outer) }
        let r = Self.reach
        let fillGlows = layer.fillGlows
        // The glow's source is drawn in k x k blocks (GlowPlan): its edges' and dashes' errors
        // are those of a block, and its paint is taken at the block's centre (k times a
        // pixel's paint error at most).
        let k = layer.glow.map { $0.sigma > 0 ? GlowPlan(sigma: $0.sigma).k : 1 } ?? 1
        let kd = Double(k)
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
                    let pe = PaintErrorTerm.error(fill, at: p, edge: edge)
                    fillError += min(1, pe); fillPaint = min(1, pe)
                    add(i, op * (fillGlows ? echo : 1) * min(1, pe), pe.isInfinite ? .unbounded : .paint)
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
                    let pe = PaintErrorTerm.error(s.paint, at: p, edge: edge)
                    strokeError += min(1, pe); strokePaint = min(1, pe)
                    add(i, op * echo * min(1, pe), pe.isInfinite ? .unbounded : .paint)
                }
            }
            if glows {
                if fillGlows {
                    let e = k == 1 ? fillError : blockError(x, p, sd, [0], paint: fillPaint)
                    source(i, error: e, cover: sd < r ? 1 : 0)
                } else if let s = stroke {
                    let near = sd > s.inner - r - s.capReach && sd < s.outer + r + s.capReach
                    let e = k == 1 ? strokeError : blockError(x, p, sd, [s.inner, s.outer], paint: strokePaint)
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
    /// the same way.
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
                add(j * width + i, scale * (alpha * stated * peak + e), .glow)
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

/// ``ErrorBudget/curvedEdge``: the coverage error of an edge (the outline grown by d) in
/// a pixel, as a fraction of the pixel.
enum CurvedEdgeTerm {
    /// Shaders/lib/shape.glsl subdivisions: parts per side for radius of curvature R (px).
    static func subdivisions(_ R: Double) -> Int { R < 1.5 ? 8 : R < 3 ? 4 : R < 12 ? 2 : 1 }

    /// The area between a circle of radius R and its tangent over |x| <= r about the
    /// tangent point (R - sqrt(R^2 - x^2) integrated); nil when r >= R.
    static func sagittaArea(r: Double, R: Double) -> Double? {
        guard R > r else { return nil }
        return 2 * r * R - r * (R * R - r * r).squareRoot() - R * R * asin(r / R)
    }

    /// The error, as a fraction of an s x s square, of n x n parts of it, `cells` of them
    /// crossed by a curve whose radius of curvature is at least R; the curve's part of the
    /// square has area `area` (px^2) at most.
    static func partsError(R: Double, n: Int, cells: Int, area: Double, size s: Double = 1) -> Double {
        let h = s / Double(n)
        // A part's chord lies within its half-diagonal of the foot of the perpendicular from
        // its centre, which is where the half-plane touches the curve.
        let per = sagittaArea(r: h * 0.5.squareRoot(), R: R).map { min($0, h * h) } ?? h * h
        return min(area, Double(cells) * per) / (s * s)
    }

    /// The least radius of curvature of the ellipse of semi-axes h over its arc within
    /// 2.5 px of the point nearest to x: R(t) = (hx^2 sin^2 t + hy^2 cos^2 t)^(3/2) / (hx hy)
    /// at parameter t, over t0 +- 2.5 / min(hx, hy) (the speed is at least the minor
    /// semi-axis), t0 the parameter of x scaled onto the unit circle; R is monotone between
    /// multiples of pi/2, so its least value there is at an end or at such a multiple inside.
    static func ellipseRadius(_ h: Vec2, near x: Vec2, within w: Double = 2.5) -> Double {
        let b = min(h.x, h.y)
        guard b > 0 else { return 0 }
        func R(_ t: Double) -> Double {
            let s = sin(t), c = cos(t)
            let v = h.x * h.x * s * s + h.y * h.y * c * c
            return v * v.squareRoot() / (h.x * h.y)
        }
        let t0 = atan2(x.y / h.y, x.x / h.x), dt = min(Double.pi / 2, w / b)
        var best = min(R(t0 - dt), R(t0 + dt))
        var m = ((t0 - dt) / (Double.pi / 2)).rounded(.up)
        while m * Double.pi / 2 <= t0 + dt { best = min(best, R(m * Double.pi / 2)); m += 1 }
        return best
    }

    /// The continuous corner's kinks (units of R, on the a >= b half; the other half mirrors
    /// them) and the angle its tangent turns there (radians): CONTINUOUS.md's short line meets
    /// cubic 1 (4.5 degrees) and cubic 2 (6.2 degrees) at an angle. Near a kink the outline
    /// (or its offset, an arc of radius d about it) bends away from the half-plane taken at
    /// the nearest point by at most phi on the pixel's chord, |x| <= sqrt(1/2) about the
    /// tangent point: an area of at most phi / 4.
    static let continuousKinks: [(Vec2, Double)] = {
        func angle(_ v: Vec2) -> Double { atan2(v.y, v.x) }
        let c1 = ContinuousCorner.cubic1, l = ContinuousCorner.line1, c2 = ContinuousCorner.cubic2
        let line = l[1] - l[0]
        return [(l[0], abs(angle(line) - angle(c1[3] - c1[2]))), (l[1], abs(angle(c2[1] - c2[0]) - angle(line)))]
    }()

    /// Corner signs in the shaders' order: topLeft, topRight, bottomRight, bottomLeft (y down).
    static let cornerSign = [Vec2(-1, -1), Vec2(1, -1), Vec2(1, 1), Vec2(-1, 1)]

    /// The error at x (the centre of an s x s square, relative to the outline's centre: a
    /// pixel, or a glow source's block) of the edge of {sd < d}, as a fraction of the square;
    /// `parts` forces the shader's part count (dash.glsl's band edges: 1).
    static func error(_ o: Outline, _ x: Vec2, d: Double, parts: Int? = nil, size s: Double = 1) -> Double {
        switch o.kind {
        case .ellipse:
            let a = max(o.halfSize.x, o.halfSize.y), b = min(o.halfSize.x, o.halfSize.y)
            let n = parts ?? subdivisions(max((a > 0 ? b * b / a : 0) + d, 0))
            return partsError(R: ellipseRadius(o.halfSize, near: x, within: 2.5 * s) + d, n: n, cells: 4 * n, area: s * s, size: s)
        case .roundedBox, .continuousBox:
            let hb = o.halfSize + Vec2(d, d)
            guard hb.x > 0, hb.y > 0 else { return 0 }
            let circular = o.kind == .roundedBox
            var total = 0.0
            for i in 0..<4 {
                let r = o.radii[i]
                guard r > 0 else { continue }
                let z = circular ? max(r + d, 0) : ContinuousCorner.reach * r + max(d, 0)
                guard z > 0 else { continue }
                let sg = cornerSign[i], K = sg * hb, F = K - sg * z
                let lo = Vec2(max(min(K.x, F.x), x.x - s / 2), max(min(K.y, F.y), x.y - s / 2))
                let hi = Vec2(min(max(K.x, F.x), x.x + s / 2), min(max(K.y, F.y), x.y + s / 2))
                guard hi.x > lo.x, hi.y > lo.y else { continue }
                let R = circular ? r + d : ContinuousCorner.minimumRadiusOfCurvature * r + d
                let n = parts ?? subdivisions(circular ? z : 0.6 * r + d)
                total += partsError(R: R, n: n, cells: 2 * n, area: (hi.x - lo.x) * (hi.y - lo.y), size: s)
                if !circular {
                    // The offset of a kink turning by phi is within |d| of it.
                    for (k, phi) in continuousKinks {
                        for u in [k, Vec2(k.y, k.x)] where length(x - (sg * o.halfSize - sg * u * r)) < abs(d) + LayerErrorTerms.reach * s {
                            total += phi / 4
                        }
                    }
                }
            }
            return min(1, total)
        }
    }
}

/// ``ErrorBudget/material``: the backdrop blurred at 1/k (GlowPlan's bilinear read, 1/128
/// of the contrast) in float32, in levels.
enum MaterialErrorTerm {
    static func levels(_ paint: ResolvedPaint) -> Double {
        guard case .material(let sigma, _, _) = paint.geometry, sigma > 0 else { return 0 }
        return GlowPlan(sigma: sigma).k == 1 ? 7e-5 : 1.0 / 128
    }
}
