import HaloCore

/// Where a text layer's pixels come from in the batched frame (docs/scene-format.md "Text"): before the
/// layers' tiles, each text's group (its fill over its glow, premultiplied, before the
/// layer's opacity) is painted into its region of the frame's text atlas (GLRenderer
/// drawTextAtlas: the CPU's exact coverage uploaded, text_fill.frag, the glow blurred as a
/// material's backdrop is, text.frag); the layer's tiles then read it (layer.frag,
/// HALO_TEXT) and are composited like any layer's, direct or through the canvas.
struct TextPlacement {
    /// The pixels the text's fill and glow are computed over, [i0, i1) x [j0, j1): the
    /// glyphs' bounds grown by a pixel and the glow's reach, and beyond the canvas only
    /// within the glow's reach of it (the glow's source includes parts outside the canvas).
    var region: (i0: Int, j0: Int, i1: Int, j1: Int)
    /// The glow's plan (sigma > 0), nil without a blurred glow.
    var glow: GlowPlan?
    /// The place of the layer's quad (its region on the canvas) in the atlas.
    var atlas = GlowAtlas.Place(page: 0, x: 0, y: 0)

    /// The plan of text layer `layer` on a `width` x `height` canvas; nil when nothing of
    /// it can reach the canvas.
    static func layerPlan(_ layer: ResolvedLayer, index: Int, width w: Int, height h: Int) -> FramePlan.LayerPlan? {
        guard let text = layer.text, layer.fill != nil, let bounds = text.bounds else { return nil }
        let glow = layer.glow.flatMap { $0.sigma > 0 ? GlowPlan(sigma: $0.sigma) : nil }
        let reach = glow.map { Int($0.reach.rounded(.up)) } ?? 0
        let g = bounds.grown(by: 1 + Double(reach))
        // Clamped in Double first: glyphs may lie any distance away (a huge line height or
        // rect), beyond what an Int holds.
        func pixel(_ v: Double, _ lo: Int, _ hi: Int) -> Int { v.isNaN ? lo : Int(min(max(v, Double(lo)), Double(hi))) }
        let i0 = pixel(g.x0.rounded(.down), -reach, w + reach), j0 = pixel(g.y0.rounded(.down), -reach, h + reach)
        let i1 = pixel(g.x1.rounded(.up), -reach, w + reach), j1 = pixel(g.y1.rounded(.up), -reach, h + reach)
        let quad = Box(x0: Double(max(i0, 0)), y0: Double(max(j0, 0)), x1: Double(min(i1, w)), y1: Double(min(j1, h)))
        guard i1 > i0, j1 > j0, quad.x1 > quad.x0, quad.y1 > quad.y0 else { return nil }
        var plan = FramePlan.LayerPlan(index: index, layer: layer, glowPlan: nil, glowRegion: (0, 0, 0, 0), glowMode: .none,
                                       faint: nil, quad: quad)
        plan.text = TextPlacement(region: (i0, j0, i1, j1), glow: glow)
        return plan
    }
}

extension FramePlan {
    /// Packs the text layers' quads into the text atlas (one texture; ``textAtlasFits``).
    mutating func planTextAtlas(maxTextureSize: Int) {
        let texts = layers.indices.filter { layers[$0].text != nil }
        guard !texts.isEmpty else { return }
        let atlas = GlowAtlas(regions: texts.map { (Int(layers[$0].quad.x1 - layers[$0].quad.x0), Int(layers[$0].quad.y1 - layers[$0].quad.y0), 0) },
                              maxSide: maxTextureSize)
        textAtlasFits = atlas.pages.count == 1
        textAtlasSize = atlas.pages.first ?? (0, 0)
        for (n, i) in texts.enumerated() { layers[i].text!.atlas = atlas.places[n] }
    }
}

extension LayerTiles {
    /// Tiles covering `quad` (canvas pixels, whole) on `grid`'s cells, one a cell, all of
    /// one class: a layer whose pixels come from a texture (a text's, ``TextPlacement``).
    init(covering quad: Box, grid: TileGrid) {
        self.init()
        let i0 = Int(quad.x0), j0 = Int(quad.y0), i1 = Int(quad.x1), j1 = Int(quad.y1)
        grid.forEachRect(i0, j0, i1, j1, step: LayerTiles.size) { x, y, x1, y1 in
            append(Cell(index: grid.cell(x, y), rect: (Float(x), Float(y), Float(x1), Float(y1)),
                        group: Group(edge: false, fill: true, stroke: false, paintAA: false), fill: 1, stroke: 0))
        }
    }
}

/// One text of the text atlas as drawn (GLRenderer.textAtlasContent): equal entries draw
/// equal texels. The glyphs compare by identity (TextGeometry is cached across frames and
/// immutable; the entry holds it, so its identity cannot pass to another text).
struct TextAtlasEntry: Equatable {
    let glyphs: TextGeometry
    /// The region (i0, j0, i1, j1) and the atlas place (page, x, y).
    let place: [Int]
    let fill: ResolvedPaint?
    /// sigma, opacity and colour (r, g, b, a; -1 alpha for none) of the glow, empty without.
    let glow: [Double]

    init?(_ plan: FramePlan.LayerPlan) {
        guard let placed = plan.text, let glyphs = plan.layer.text else { return nil }
        self.glyphs = glyphs
        let r = placed.region
        place = [r.i0, r.j0, r.i1, r.j1, placed.atlas.page, placed.atlas.x, placed.atlas.y]
        fill = plan.layer.fill
        glow = plan.layer.glow.map { g in
            let c = g.color ?? Premul(0, 0, 0, -1)
            return [g.sigma, g.opacity, c.x, c.y, c.z, c.w]
        } ?? []
    }

    static func == (a: TextAtlasEntry, b: TextAtlasEntry) -> Bool {
        a.glyphs === b.glyphs && a.place == b.place && a.fill == b.fill && a.glow == b.glow
    }
}
