import HaloCore

/// Glows of one frame that are the same image moved: their layers' glow sources are equal
/// relative to their glow regions (shape, stroke band, paint at this frame's phase, glow
/// colour, kernel, region size, source tiles and blur rects), so the later ones (twins)
/// read the first one's texels of the glow atlas instead of drawing and blurring their own.
/// A grid of identical buttons turning in step makes one glow a frame, not one a button.
///
/// A twin reads what its own glow's passes would give for the same relative inputs: the
/// atlas region holds the same exact glow, and the GPU's error in it is that of the glow it
/// shares (the float rounding of the absolute position it was drawn at differs, well within
/// the bound's float terms). Only glows whose source reads nothing but its layer's data row,
/// ramps and tiles take part (``GlowCache/isCacheable(_:)``: no dashes, path or shader
/// paints), on built-in shapes; and only in a frame whose glows fit one atlas page, so that
/// a twin's tiles are drawn with the page of the glow it shares (``FramePlan/planGlows``).
struct GlowTwins {
    /// What a glow's texels depend on, relative to its region's origin (see the type).
    struct Key: Hashable {
        var kind: String
        var values: [Double]
        var paint: Int
        var ramp: GradientRamp?
        var variants: [LayerVariant]
        var sources: [[Float]]
        var boxes: [Double]

        /// Hashes the shape, paint and kernel values alone: glows that differ only in their
        /// tiles are rare, and equality still compares everything.
        func hash(into h: inout Hasher) {
            h.combine(kind); h.combine(values); h.combine(paint)
        }
    }

    /// A glow's source draws (variant and tiles, texels relative to its region) and its
    /// blur boxes (horizontal, vertical; texels relative to its region).
    struct Parts {
        var sources: [(variant: LayerVariant, data: [Float])]
        var horizontal: Box, vertical: Box
    }

    /// The key of `plan`'s glow with `parts`, or nil when it takes no part in sharing.
    static func key(_ plan: FramePlan.LayerPlan, parts: Parts) -> Key? {
        let layer = plan.layer, o = layer.outline, r = plan.glowRegion
        guard let gp = plan.glowPlan, let glow = layer.glow, let source = layer.glowSource,
              GlowCache.isCacheable(layer), o.kind != .shader, o.shader == nil, layer.text == nil else { return nil }
        let ox = r.x0, oy = r.y0
        var values = [o.center.x - ox, o.center.y - oy, o.halfSize.x, o.halfSize.y,
                      o.radii[0], o.radii[1], o.radii[2], o.radii[3], source.inner, source.outer,
                      glow.sigma, Double(gp.k), Double(gp.radius), Double(r.gw), Double(r.gh)]
        values += glow.color.map { [$0.x, $0.y, $0.z, $0.w] } ?? [-1]
        let tag: Int
        switch source.paint.geometry {
        case .solid(let c):
            tag = 0; values += [c.x, c.y, c.z, c.w]
        case .linear(let s, let e):
            let g = source.paint.linearGradient
            tag = 1; values += [s.x - ox, s.y - oy, e.x - ox, e.y - oy, g.x, g.y]
        case .angular(let c, let angle, let span):
            tag = 2; values += [c.x - ox, c.y - oy, angle.truncatingRemainder(dividingBy: 360), span]
        case .radial(let c, let r0, let r1):
            tag = 3; values += [c.x - ox, c.y - oy, r0, r1, source.paint.radialInverseWidth]
        case .path, .shader, .material:
            return nil
        }
        let boxes = [parts.horizontal, parts.vertical].flatMap { [$0.x0, $0.y0, $0.x1, $0.y1] }
        return Key(kind: "\(o.kind)", values: values, paint: tag, ramp: source.paint.ramp,
                   variants: parts.sources.map(\.variant), sources: parts.sources.map(\.data), boxes: boxes)
    }

    /// For each of `keys` (one per glowing layer, in layer order), the index of the earlier
    /// glow it shares, or nil for the first of its kind and for glows without a key.
    static func owners(_ keys: [Key?]) -> [Int?] {
        var first: [Key: Int] = [:]
        return keys.enumerated().map { n, key in
            guard let key else { return nil }
            if let m = first[key] { return m }
            first[key] = n
            return nil
        }
    }
}
