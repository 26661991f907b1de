import Foundation

/// Where round caps' discs reach (docs/scene-format.md "Stroke", `dash`: the discs of
/// diameter w on the middle line are not clipped to the band), and so where a sub-pixel
/// period of round caps may be drawn as the whole band (``ResolvedDash/isFine``).
extension ResolvedDash {
    /// True when every cap's disc lies in the stroke's band, the points with
    /// middle - w/2 <= sd(p) <= middle + w/2. The outline is convex and sd is 1-Lipschitz, so
    /// a disc of radius w/2 about a centre c lies in the band when sd(c) = middle: always for
    /// middle >= 0 (the nearest outline point of C(e) + middle N(e) is C(e), and a sharp
    /// corner's mitred centre has the mitre's sd, middle); for an inside stroke (middle < 0)
    /// when -middle is at most the outline's smallest radius of curvature (Blaschke's rolling
    /// disc: every point that deep has C(e) as its nearest outline point). Otherwise, round a
    /// corner tighter than w/2, a sharp corner, or across a shape thinner than the stroke, a
    /// disc reaches past the outline.
    public var capsStayInBand: Bool {
        middle >= 0 || -middle <= arc.minimumRadiusOfCurvature
    }

    /// How far (pixels) the discs' union falls short of the band's edges between two caps
    /// across a gap: w/2 - sqrt(w^2/4 - g^2/4) for caps g apart on a straight middle line (g
    /// the longest gap), w/2 where the discs do not meet. Round a curve of radius rho the
    /// caps' spacing on the middle line (radius rho + middle) and the edge's distance from it
    /// scale it, to first order in g, by (rho + middle)(rho + middle + w/2) / rho^2 (the
    /// outer edge; the inner edge's factor is smaller), largest at the smallest radius.
    public var scallopDepth: Double {
        let r = width / 2
        var g = 0.0
        for k in stride(from: 1, to: bounds.count - 1, by: 2) { g = max(g, bounds[k + 1] - bounds[k]) }
        guard g < 2 * r else { return r }
        let straight = r - (r * r - g * g / 4).squareRoot()
        let rho = arc.minimumRadiusOfCurvature
        guard rho > 0 else { return straight }
        let rm = max(0, rho + middle)
        return straight * max(1, rm * (rm + r) / (rho * rho))
    }

    /// The deepest scallop (pixels) for which round caps of a sub-pixel period are drawn as
    /// the whole band: a pixel crossed by the edge then errs by at most sqrt(2) times it,
    /// 0.36 of a level of 255.
    public static let negligibleScallop = 1e-3

    /// True when the band is, within ``negligibleScallop``, the union of the butt dashes and
    /// the caps' discs: the discs stay in the band (``capsStayInBand``), fill it but for
    /// scallops no deeper than ``negligibleScallop`` (``scallopDepth``), and no sharp corner
    /// has a mitre or an inner corner beyond every disc (a corner's mitre is in the union
    /// only where its arc length is in a dash).
    public var roundCapsFillBand: Bool {
        capsStayInBand && arc.minimumRadiusOfCurvature > 0 && scallopDepth <= ResolvedDash.negligibleScallop
    }
}
