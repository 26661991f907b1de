import Foundation

/// Round caps (docs/scene-format.md "Stroke", `dash`): a disc of diameter w at every dash end,
/// centred on the stroke's middle line, unclipped.
extension ResolvedDash {
    /// Every dash end's cap (round caps; empty for butt caps), ordered by arc length.
    public func caps() -> [DashCap] {
        guard round else { return [] }
        var out: [DashCap] = []
        // A dash that runs through the start point (no change there) is cut at 0 and L by
        // dashes(), and each part has its cap there (docs/scene-format.md). Where every disc
        // lies in the band (capsStayInBand) those two discs lie in the dash running through
        // them and are left out; elsewhere (a thin shape, a tight corner) they reach past it.
        let L = arc.length
        let e = Swift.min(L / 2, 1e-6)
        let throughStart = capsStayInBand && changePoints().first != 0 && contains(e) && contains(L - e)
        for (a, b) in dashes() {
            for (e, isStart) in [(a, true), (b, false)] {
                if throughStart && ((isStart && e == 0) || (!isStart && e == L)) { continue }
                let f = arc.frame(at: e)
                // The gap lies before a dash's start and after its end, along the dash's side tangent.
                let gap = isStart ? -f.tangentOut : f.tangentIn
                out.append(DashCap(e: e, centre: f.point + middle * f.normal, cutPoint: f.point, gapSide: gap))
            }
        }
        out.sort { $0.e < $1.e }
        return period <= ResolvedDash.finePeriod ? ResolvedDash.merged(out) : out
    }

    /// How near (pixels) two caps' centres may come among the caps of a sub-pixel period
    /// before the later one (in arc length) is left out (``caps()``).
    public static let capMerge = 1e-3

    /// `caps`, ordered by arc length, less each cap whose centre lies within ``capMerge`` of
    /// the last one kept. A cap left out has its disc within the kept one grown by
    /// ``capMerge``, so the union's edge moves by less than that, and a pixel's coverage by
    /// at most sqrt(2) ``capMerge`` (0.36 of a level). A dense pattern's caps (thousands of
    /// dashes round a shape a few pixels across, or a dot's two ends) then cost only
    /// their distinct places.
    static func merged(_ caps: [DashCap]) -> [DashCap] {
        var out: [DashCap] = []
        for c in caps where out.last.map({ length($0.centre - c.centre) >= capMerge }) ?? true { out.append(c) }
        return out
    }

    /// The arc-length window (pixels) about s(p) within which lies the end of every cap that
    /// reaches the pixel square at p (both renderers look for caps only there; the GPU's
    /// `capWindow()` in Shaders/lib/dash.glsl is the same rule). A point p within r + 0.71 px
    /// of a cap's centre C(e) + d N(e) (r = w / 2, |d| <= r) lies within R = 2 r + 0.71 of
    /// C(e), so its nearest outline point q lies within 2 R of C(e): along the outline within
    /// about 4 r + 2 of e, but round a corner, which may lie between them (its length is
    /// added). Where 2 R reaches across the shape (4 r + 2 at least its shorter side: a
    /// stroke as wide as a thin shape, whose caps reach past its far side) q may lie
    /// anywhere along the outline, and the window is the whole outline, L.
    public var capWindow: Double {
        let o = arc.outline, r = width / 2
        if 4 * r + 2 >= 2 * min(o.halfSize.x, o.halfSize.y) { return arc.length }
        var corner = 0.0
        switch o.kind {
        case .ellipse: corner = arc.length / 8
        case .roundedBox: corner = (0..<4).map { o.radii[$0] * .pi / 2 }.max() ?? 0
        case .continuousBox: corner = (0..<4).map { o.radii[$0] * ContinuousCorner.unitLength }.max() ?? 0
        case .shader: corner = 0      // never dashed (SceneReader.refuseArcLength)
        }
        return 4 * r + 2 + corner
    }
}
