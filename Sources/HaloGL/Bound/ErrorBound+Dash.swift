import HaloCore

/// ``ErrorBudget/dashEnd``: a dashed stroke's error beyond its band's (Shaders/lib/dash.glsl,
/// dash_fine.glsl), as a fraction of an s x s square (a pixel, or a glow source's block),
/// derived from what the shader does:
/// - Butt dashes: the cuts are straight lines along the normal (docs/scene-format.md), clipped exactly
///   (clippedArea) with the band's edges taken as their tangent lines at the pixel; a cut's
///   arc length is off by ds (float32), so the cut moves by ds across at most sqrt(2) s:
///   sqrt(2) ds / s; the edges' tangents err as a curved edge of one part (CurvedEdgeTerm).
///   A square that a sharp corner's bisector crosses splits along it, each side with its own
///   edge's interval, cuts and band edge (straight there, so exact), and a gap's cut at the
///   corner also within the gap side's cut line: no term beyond the cuts' ds.
/// - Round caps (capsBeyondButt): over n x n parts, n = max(subdivisions(r / s), 4), the
///   union of the two discs covering a part most, each as its tangent half-plane, less its
///   exact area within the butt pieces. Each disc edge crossing the square errs as a curve of
///   radius r over 2n parts (CurvedEdgeTerm.partsError); a third disc whose edge crosses a
///   part where two others' do is left out, at most that part (counted per part here); the
///   butt pieces use the band's tangent lines (one part's curved edge again, where the band
///   is partly covered); a part takes at most 5 lines, which holds when w > sqrt(2) s / n
///   (two band edges cannot both cross a part), else no promise. Every cap whose end lies
///   within 4 r + 2 + the longest corner of s(p) is considered: a point within r of a cap
///   centre C(e) + d N(e), |d| <= r, has its nearest outline point within 2 r of it, so
///   within 4 r of C(e) along a straight piece plus any corner between them. A sub-pixel
///   period's caps are merged within ResolvedDash.capMerge (ResolvedDash.merged): sqrt(2)
///   capMerge / s more.
/// - Periods of at most a pixel (ResolvedDash+Fine): 4 x 4 parts of side h = s / 4, each
///   the closed-form mean over its square's projection (two boxes k h |t.x|, k h |t.y|),
///   weighted by the band's part (half-planes: a curved edge over 4 x 4 parts). Per part:
///   q's rounding ds moves Fg (1-Lipschitz) by ds at each of 2 ends of a box hi wide,
///   2 ds / hi, and P (|P'| <= m) at 4 points of a trapezoid, 4 ds m / (hi lo); a box taken
///   for a trapezoid (lo < hi / 10) is off by the two kernels' positive difference,
///   lo / (4 hi); on a curve of radius rho (the offset's, R + sd) k varies across the part by
///   h / rho of itself, which moves the mean by at most h / (2 rho). A sharp corner's mitre
///   (k = 0) takes the corner's membership, and inside it the band splits along the diagonal
///   (s jumps there): no promise within sqrt(2) times the band's depth (plus 2 s) of a sharp
///   corner.
///   Round caps draw the whole band (only where their discs fill it and reach no farther,
///   ResolvedDash.roundCapsFillBand): off by the discs' scallops along its edges.
/// Where s jumps across the square (the medial axis of a shape the band fills), each side
/// takes its own interval: the terms above per side (``cutsCrossed(at:size:)``); at the
/// end of a box thinner than the band, each of three sides' wedges (``thinEndError(at:size:)``).
struct DashErrorTerm {
    let dash: ResolvedDash
    let inner: Double, outer: Double
    let changes: [Double]
    /// The changes in [0, L): a change at 0 is listed at L too, one cut.
    let cyclicChanges: [Double]
    let caps: [DashCap]
    /// The arc length's error, pixels: 8 ulps of float32 at the outline's length, and 1e-4 px
    /// of the tables (ArcLengthTests: CPU and GPU quadratures agree far closer).
    let ds: Double

    init(_ dash: ResolvedDash, inner: Double, outer: Double) {
        self.dash = dash; self.inner = inner; self.outer = outer
        changes = dash.isFine ? [] : dash.changePoints()
        cyclicChanges = changes.last == dash.arc.length && changes.first == 0 ? Array(changes.dropLast()) : changes
        caps = dash.isFine ? [] : dash.caps()
        ds = 8 * dash.arc.length * 0x1p-24 + 1e-4
    }

    /// True when p lies within a pixel of a round cap's disc.
    func nearCap(_ p: Vec2) -> Bool {
        caps.contains { length(p - $0.centre) < dash.width / 2 + LayerErrorTerms.reach }
    }

    /// The terms at p, the centre of an s x s square, signed distance sd.
    func error(at p: Vec2, sd: Double, outline o: Outline, size sz: Double = 1) -> Double {
        let r = LayerErrorTerms.reach * sz
        if dash.isFine { return fineError(at: p, sd: sd, outline: o, size: sz) }
        var e = 0.0
        if sd > inner - r && sd < outer + r && !changes.isEmpty {
            if let thin = thinEndError(at: p, size: sz) { return min(1, thin + capsError(at: p, sd: sd, outline: o, size: sz)) }
            guard let crossed = cutsCrossed(at: p, size: sz) else { return 1 }
            if crossed {
                e += 2.squareRoot() * ds / sz
                for d in [inner, outer] where abs(sd - d) < r {
                    e += CurvedEdgeTerm.error(o, p - o.center, d: d, parts: 1, size: sz)
                }
            }
        }
        e += capsError(at: p, sd: sd, outline: o, size: sz)
        return min(1, e)
    }

    /// Whether a cut crosses the square about p, or nil (no promise) where the shader's
    /// one interval per side cannot hold it: s at the square's corners and centre, grouped
    /// round the outline where consecutive values lie within 4 s (a group is a side of a
    /// medial axis through the square; the axes of boxes and ellipses are straight lines,
    /// the diagonals of corners and the middle lines, which the shader clips exactly), at
    /// most two groups, each with at most two changes within a margin of its range.
    func cutsCrossed(at p: Vec2, size sz: Double) -> Bool? {
        let L = dash.arc.length
        var ss = [dash.arc.arcLength(at: p)]
        for dy in [-0.5, 0.5] { for dx in [-0.5, 0.5] { ss.append(dash.arc.arcLength(at: p + sz * Vec2(dx, dy))) } }
        ss.sort()
        // Groups: split at gaps over 4 s, the gap across L -> 0 included.
        var starts: [Int] = []
        for i in 0..<ss.count {
            let gap = i == 0 ? ss[0] + L - ss[ss.count - 1] : ss[i] - ss[i - 1]
            if gap > 4 * sz { starts.append(i) }
        }
        if starts.count > 2 { return nil }
        if starts.isEmpty { starts = [0] }          // one group round the whole (L <= 4 s) or none
        var crossed = false
        for (g, i0) in starts.enumerated() {
            let i1 = g + 1 < starts.count ? starts[g + 1] : starts[0] + ss.count
            let lo = ss[i0]
            var hi = ss[(i1 - 1) % ss.count]
            if hi < lo { hi += L }                  // the group runs through the start
            if hi - lo > 4 * sz { return nil }
            let m = 0.25 * (hi - lo) + 0.01
            var n = 0
            for shift in [-L, 0, L] {
                n += PaintErrorTerm.firstIndex(cyclicChanges, above: hi + m - shift)
                    - PaintErrorTerm.firstIndex(cyclicChanges, above: lo - m - shift - 1e-12)
            }
            if n > 2 { return nil }
            crossed = crossed || n > 0
        }
        return crossed
    }

    /// The round caps' terms (see the type's notes).
    func capsError(at p: Vec2, sd: Double, outline o: Outline, size sz: Double) -> Double {
        let w = dash.width / 2, r = LayerErrorTerms.reach * sz
        let near = caps.filter { abs(length(p - $0.centre) - w) < r }
        guard !near.isEmpty else { return 0 }
        let n = max(CurvedEdgeTerm.subdivisions(w / sz), 4)
        if dash.width <= 2.squareRoot() * sz / Double(n) { return 1 }
        var e = 0.0
        var seen: [Vec2] = []
        for cap in near where !seen.contains(where: { length($0 - cap.centre) < 1e-3 }) {
            seen.append(cap.centre)             // a dot's two ends are one disc
            e += CurvedEdgeTerm.partsError(R: w, n: n, cells: 2 * n, area: sz * sz, size: sz)
        }
        if seen.count >= 3 {
            // Parts whose half-diagonal reaches three disc edges: the third is left out.
            let h = sz / Double(n), reach = h * 0.7072
            var parts = 0
            for i in 0..<(n * n) {
                let q = p + sz * Vec2((Double(i % n) + 0.5) / Double(n) - 0.5, (Double(i / n) + 0.5) / Double(n) - 0.5)
                if seen.filter({ abs(length(q - $0) - w) < reach }).count >= 3 { parts += 1 }
            }
            e += Double(parts) / Double(n * n)
        }
        // A sub-pixel period's caps within ResolvedDash.capMerge of a kept one are left out
        // (ResolvedDash.merged): the union's edge moves by less than that.
        if dash.period <= ResolvedDash.finePeriod { e += 2.squareRoot() * ResolvedDash.capMerge / sz }
        // The butt pieces' band edges as tangent lines, where the band is partly covered.
        for d in [inner, outer] where abs(sd - d) < r {
            e += CurvedEdgeTerm.error(o, p - o.center, d: d, parts: 1, size: sz)
        }
        return e
    }

    /// A period of at most a pixel (see the type's notes).
    func fineError(at p: Vec2, sd: Double, outline o: Outline, size sz: Double) -> Double {
        let r = LayerErrorTerms.reach * sz
        guard sd > inner - r && sd < outer + r else { return 0 }
        if o.kind != .ellipse {
            // Within reach of a sharp corner's mitre or diagonal split: the corner's
            // membership, or s jumping across the square, no promise. Both reach sqrt(2) times
            // the band's depth from the corner (the mitre's tip outside, the band's inner
            // corner inside).
            for i in 0..<4 where o.radii[i] <= 0 {
                let c = o.center + Vec2(i == 1 || i == 2 ? 1 : -1, i >= 2 ? 1 : -1) * o.halfSize
                if length(p - c) < 2.squareRoot() * (outer - min(inner, 0)) + 2 * sz { return 1 }
            }
        }
        if dash.round {
            // The whole band (onShare), drawn so only where the discs fill it
            // (ResolvedDash.roundCapsFillBand): their union misses scallops of at most
            // ResolvedDash.scallopDepth along each edge, across at most sqrt(2) s of the square.
            return abs(sd - inner) < r || abs(sd - outer) < r ? 2.squareRoot() * dash.scallopDepth / sz : 0
        }
        let h = sz / 4
        let e1 = 1e-6
        let g = Vec2(o.signedDistance(p + Vec2(e1, 0)) - o.signedDistance(p - Vec2(e1, 0)),
                     o.signedDistance(p + Vec2(0, e1)) - o.signedDistance(p - Vec2(0, e1)))
        let gl = length(g)
        let t = gl > 0 ? Vec2(-g.y, g.x) / gl : Vec2(1, 0)
        // The arc-length scale k along t, at the centre and 1/2 s off it either way across and
        // along: its least value and its change across a part.
        let arc = dash.arc, L = arc.length
        func scale(_ x: Vec2) -> Double {
            let d = abs(arc.arcLength(at: x + t * (h / 2)) - arc.arcLength(at: x - t * (h / 2)))
            return min(d, L - d) / h
        }
        let nrm = Vec2(-t.y, t.x)
        let kc = scale(p)
        let ks = [p + nrm * (sz / 2), p - nrm * (sz / 2), p + t * (sz / 2), p - t * (sz / 2)].map(scale)
        let k = min(kc, ks.min()!)
        let hi = k * h * max(abs(t.x), abs(t.y)), lo = k * h * min(abs(t.x), abs(t.y))
        guard hi > 0, kc > 0 else { return 1 }
        let ratio = lo / hi
        var e = ratio < 0.1 ? 2 * ds / hi + ratio / 4 : 4 * ds * dash.period / (hi * lo)
        // k's change across a part (h / (s / 2) of its change over half the square) moves the
        // mean by at most half of it, relative.
        let dk = ks.map { abs($0 - kc) }.max()! / kc
        e += 0.5 * dk * h / (sz / 2)
        for d in [inner, outer] where abs(sd - d) < r {
            e += CurvedEdgeTerm.error(o, p - o.center, d: d, parts: 4, size: sz)
        }
        return e
    }
}
