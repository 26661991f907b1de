import CEpoxy
import HaloCore

/// The glow atlas across frames: only the glows whose source changed since the last frame
/// are drawn and blurred again (``GlowCache``).
extension GLRenderer {
    /// Glows drawn (source and blur) and glows reused from the frame before, in the last frame.
    public var glowsDrawnAndReused: (drawn: Int, reused: Int) { (glowCache.drawnLastFrame, glowCache.reusedLastFrame) }

    /// The frame layer indices of the last frame's glows that were another glow's twin
    /// (the same glow moved, ``GlowTwins``): read from that glow's texels, with no passes of their own.
    public var glowTwinsLastFrame: Set<Int> { glowCache.twinsLastFrame }

    /// The frame's glow atlas (its first page; a frame of more pages draws them all, drawPaged).
    /// - Parameter layerData: the frame's layer data (``LayerData/rows(_:ramps:arcs:)``).
    func drawGlowsCached(_ plan: FramePlan, layerData: [Float]) throws {
        // Twins (GlowTwins) by the row of the glow each one shares.
        let twins = Dictionary(grouping: plan.layers.indices.filter { plan.layers[$0].twinOf != nil }) { plan.layers[$0].twinOf! }
        glowCache.twinsLastFrame = Set(twins.values.joined().map { plan.layers[$0].index })
        guard let page = plan.glowPages.first else { return }
        guard plan.glowPages.count == 1 else { try drawGlows(page, index: 0); return }
        // A frame of ordinary glows after steered ones (the preview's screenshot, as `render`
        // draws it) keeps none of the steered texels.
        if !options.steersGlows && glowCache.holdsSteered { glowCache.forget() }
        try glowA.ensure(width: GlowAtlas.textureSide(page.width), height: GlowAtlas.textureSide(page.height), growOnly: true)
        let texture = (name: UInt32(glowA.texture), width: glowA.width, height: glowA.height)
        // (A twin, GlowTwins, has no passes: it reads the glow it shares.)
        let glowing = plan.layers.indices.filter { plan.layers[$0].glowPlan != nil && plan.layers[$0].twinOf == nil }
        let rests = GlowRests(plan, page: page)
        let rows = glowRows(plan, layers: glowing, layerData: layerData)
        let held = glowCache.heldRows
        let (changedGlows, keys) = glowCache.changed(rows, texture: texture) { rests.rest(of: glowing[$0]) }
        // Glows whose paint only turned: from their planes (SteeredGlows), the rest as before.
        let steers = try changedGlows.map { try self.steers(plan, glowing: glowing, changed: $0, rows: rows, held: held, rests: rests) } ?? [:]
        let ordinary = changedGlows?.filter { steers[$0] == nil }
        // Every glow drawn the ordinary way (every paint turns): one clear of the whole atlas, as without the cache.
        guard let changed = ordinary, changed.count < keys.count else {
            try drawGlows(page, index: 0)
            glowCache.hold(keys, texture: texture, drawn: keys.count)
            glowCache.holdsSteered = false
            return
        }
        if !changed.isEmpty {
            let rows = Set(changed.map { glowing[$0] })
            var part = FramePlan.GlowPage(width: page.width, height: page.height)
            for var batch in page.source {
                batch.instances = GLRenderer.instances(of: rows, in: batch.instances)
                if !batch.instances.isEmpty { part.source.append(batch) }
            }
            for var blur in page.blurs {
                blur.horizontal = GLRenderer.instances(of: rows, in: blur.horizontal)
                blur.vertical = GLRenderer.instances(of: rows, in: blur.vertical)
                if !blur.horizontal.isEmpty || !blur.vertical.isEmpty { part.blurs.append(blur) }
            }
            let regions = changed.map { n -> (Int, Int, Int, Int) in
                let p = plan.layers[glowing[n]], pad = p.glowPlan!.radius + 1
                return (p.atlas.x - pad, p.atlas.y - pad, p.glowRegion.gw + 2 * pad, p.glowRegion.gh + 2 * pad)
            }
            try drawGlows(part, index: 0, regions: regions)
        }
        // Every changed glow steered: the blur's second atlas is not needed while that lasts.
        if changed.isEmpty { glowB.release() }
        let combined = steers.keys.sorted().map { n in (n: n, steer: steers[n]!, rects: rests.vertical(of: glowing[n])) }
        try combineSteered(plan, combined)
        // A twin of a steered glow shows the steered glow, and its bound counts the same truncation.
        for c in combined {
            for row in [c.steer.row] + (twins[c.steer.row] ?? []) { steering.record(c.steer, layerIndex: plan.layers[row].index) }
        }
        glowCache.hold(keys, texture: texture, drawn: changed.count + steers.count)
        glowCache.holdsSteered = !steers.isEmpty || glowCache.holdsSteered
    }

    /// Clears `regions` (x, y, width, height; texels) of the bound glow atlas texture, or all of it.
    func clearGlowAtlas(_ regions: [(Int, Int, Int, Int)]?) {
        halo_glClearColor(0, 0, 0, 0)
        guard let regions else { halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT)); return }
        halo_glEnable(GLenum(GL_SCISSOR_TEST))
        for r in regions {
            halo_glScissor(GLint(r.0), GLint(r.1), GLsizei(r.2), GLsizei(r.3))
            halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// Each of `layers`' glow place and data row (``GlowCache/Key``), nil where its glow is
    /// not cacheable (``GlowCache/isCacheable(_:)``).
    func glowRows(_ plan: FramePlan, layers: [Int], layerData: [Float]) -> [(place: GlowAtlas.Place, row: [Float])?] {
        let n = LayerData.texels * 4
        return layers.map { i in
            guard GlowCache.isCacheable(plan.layers[i].layer), (i + 1) * n <= layerData.count else { return nil }
            var row = Array(layerData[i * n ..< (i + 1) * n])
            // Texel 8 (the layer's and the glow's opacity) is applied by the layer's tiles,
            // never read by the glow source (GlowCacheTests checks glow_source.frag): a fading
            // layer keeps its glow.
            for c in 0..<4 { row[GlowCache.opacityTexel * 4 + c] = 0 }
            return (plan.layers[i].atlas, row)
        }
    }

    /// Instances (``FramePlan/floatsPerInstance`` floats each) by their layer row.
    static func split(_ data: [Float]) -> [Int: [Float]] {
        var out: [Int: [Float]] = [:]
        let m = FramePlan.floatsPerInstance
        for s in stride(from: 0, to: data.count, by: m) { out[Int(data[s + 6]), default: []] += data[s ..< s + m] }
        return out
    }

    /// The instances of layer rows `rows` in `data`, in their order.
    static func instances(of rows: Set<Int>, in data: [Float]) -> [Float] {
        var out: [Float] = []
        let m = FramePlan.floatsPerInstance
        for s in stride(from: 0, to: data.count, by: m) where rows.contains(Int(data[s + 6])) { out += data[s ..< s + m] }
        return out
    }
}

/// The rest of the glows' keys (``GlowCache/Rest``), made on first use: the page's source
/// and blur instances split by layer once, only in frames where some glow's row is unchanged.
final class GlowRests {
    private let plan: FramePlan
    private let page: FramePlan.GlowPage
    private var sources: [Int: [GlowCache.Source]]?
    private var blurs: [Int: (weights: [Float], h: [Float], v: [Float])] = [:]

    init(_ plan: FramePlan, page: FramePlan.GlowPage) {
        self.plan = plan
        self.page = page
    }

    /// Layer `i`'s vertical blur rects (where its glow's texels are computed).
    func vertical(of i: Int) -> [Float] {
        if sources == nil { split() }
        return blurs[i]?.v ?? []
    }

    /// Layer `i`'s rest of the key.
    func rest(of i: Int) -> GlowCache.Rest {
        if sources == nil { split() }
        let layer = plan.layers[i].layer
        let b = blurs[i] ?? (plan.layers[i].glowPlan!.weights, [], [])
        return GlowCache.Rest(ramps: [layer.fill?.ramp, layer.stroke?.paint.ramp], sources: sources?[i] ?? [],
                              weights: b.weights, horizontal: b.h, vertical: b.v)
    }

    private func split() {
        var s: [Int: [GlowCache.Source]] = [:]
        for batch in page.source {
            for (row, data) in GLRenderer.split(batch.instances) { s[row, default: []].append(GlowCache.Source(variant: batch.variant, instances: data)) }
        }
        for blur in page.blurs {
            for (row, data) in GLRenderer.split(blur.horizontal) { blurs[row, default: (blur.plan.weights, [], [])].h += data }
            for (row, data) in GLRenderer.split(blur.vertical) { blurs[row, default: (blur.plan.weights, [], [])].v += data }
        }
        sources = s
    }
}
