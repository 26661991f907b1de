import HaloCore

/// The ends of a box thinner than its inside band (Shaders/lib/dash_thin.glsl): near an end
/// whose two corners are sharp, the shader cuts the square into the three sides' wedges
/// (the half-planes where a side's line is the nearest, meeting on the middle line half the
/// shorter side in from the end) and clips each wedge's dashes as slabs across its side,
/// all straight lines, exactly. Its error is then the cuts' arc length error alone: each
/// change of membership near the end moves a slab's edge, and a wedge's edge between two
/// memberships, by ds across at most sqrt(2) s.
extension DashErrorTerm {
    /// The changes of membership whose cut lies near the end the square at p is near (within
    /// twice the wedges' reach of their meeting point J, and the square's size), or nil where
    /// the shader does not take that path (the same test as thinEndCoverage).
    func thinEndChanges(at p: Vec2, size sz: Double) -> Int? {
        let o = dash.arc.outline
        guard o.kind == .roundedBox || o.kind == .continuousBox else { return nil }
        let hs = o.halfSize, wide = hs.x >= hs.y
        let h = min(hs.x, hs.y), hl = max(hs.x, hs.y)
        let sigma: Double = (wide ? p.x - o.center.x : p.y - o.center.y) >= 0 ? 1 : -1
        let J = o.center + (wide ? Vec2(1, 0) : Vec2(0, 1)) * (sigma * (hl - h))
        let reach = 1.4143 * h + 0.7072 * sz
        guard h > 0, inner <= -h, outer <= 0, length(p - J) < reach, hl - h >= reach else { return nil }
        // The end's two corners (topLeft, topRight, bottomRight, bottomLeft) are sharp.
        let signs = [Vec2(-1, -1), Vec2(1, -1), Vec2(1, 1), Vec2(-1, 1)]
        for i in 0..<4 where (wide ? signs[i].x : signs[i].y) == sigma && o.radii[i] > 0 { return nil }
        let near = 2 * reach + 2 * sz
        return changes.filter { length(dash.arc.frame(at: $0).point - J) < near }.count
    }

    /// The thin end's terms, or nil where the square is not at one: 2 sqrt(2) ds / s for
    /// each change near the end (its slab edge, and a wedge edge between memberships); with
    /// round caps the shader keeps at most four butt pieces, which holds with one change.
    func thinEndError(at p: Vec2, size sz: Double) -> Double? {
        guard let n = thinEndChanges(at: p, size: sz) else { return nil }
        if dash.round && n > 1 { return 1 }
        return Double(2 * n) * 2.squareRoot() * ds / sz
    }
}
