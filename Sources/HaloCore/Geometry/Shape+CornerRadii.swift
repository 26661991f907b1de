extension Shape {
    /// The four corner radii in points, [topLeft, topRight, bottomRight, bottomLeft],
    /// after the scene format's rules:
    /// 1. capsule: min(w, h) / 2 on every corner; rect and ellipse: 0.
    /// 2. CSS scale-down (CSS Backgrounds 3, section 5.5 "Overlapping Curves"):
    ///    f = min over the four sides of side / (sum of its two radii); if f < 1
    ///    every radius is multiplied by f.
    /// 3. continuous corners: each R := min(R, min(w, h) / (2 * 1.52866483)) (docs/scene-format.md "Continuous corners").
    public var resolvedCornerRadii: [Double] {
        let w = rect.w, h = rect.h
        switch kind {
        case .capsule: return Array(repeating: min(w, h) / 2, count: 4)
        case .rect, .ellipse, .text, .shader: return [0, 0, 0, 0]
        case .roundedRect: break
        }
        var r = cornerRadii
        let (tl, tr, br, bl) = (r[0], r[1], r[2], r[3])
        var f = 1.0
        for (side, pair) in [(w, tl + tr), (h, tr + br), (w, br + bl), (h, bl + tl)] where pair > 0 {
            f = min(f, side / pair)
        }
        if f < 1 { r = r.map { $0 * f } }
        if cornerStyle == .continuous {
            let limit = min(w, h) / (2 * ContinuousCorner.reach)
            r = r.map { min($0, limit) }
        }
        return r
    }
}
