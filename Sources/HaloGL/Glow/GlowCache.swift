import HaloCore

/// Which glows of the glow atlas still hold last frame's texels, so that a glow whose source
/// is unchanged is not drawn and blurred again.
///
/// A glow's texels depend only on what its passes read: its layer's data row (geometry,
/// stroke band, paint at the frame's time, glow colour, the region's origin and the atlas
/// mapping; not the opacities, which the layer's tiles apply), the ramps its paint reads,
/// its source tiles (and their program variants), its blur kernel and rects, its place in
/// the atlas and the atlas's size (the blur's texture coordinates are normalised by it). Each region's passes read nothing
/// beyond its own padding (``GlowAtlas``: radius + 1 blank texels, more than the kernel
/// reaches), so a glow whose ``Key`` equals last frame's at the same place holds the same
/// texels, to the bit, as drawing it again would give; every other glow's padded region is
/// cleared and drawn again. By induction the atlas then holds, in every region of the
/// frame, exactly what a full redraw gives (texels outside the regions are read by nobody).
///
/// Not cached, so always drawn: glows whose source reads the arc tables or the frame's
/// time directly (dashed strokes, path and shader paints), frames whose glows fill more
/// than one atlas page (the pages share the texture), and any frame after the atlas texture
/// was reallocated or drawn by another path (``forget()``).
final class GlowCache {
    /// What a glow's texels depend on (see the type's comment), in two parts: its place and
    /// data row, compared first (a turning paint's row changes every frame), and the rest
    /// (``Rest``), made only for a glow new at its place or whose row equals last frame's;
    /// nil otherwise, and the glow is then drawn again in the next frame too (a paint
    /// that stops turning is reused from the second frame after).
    struct Key: Equatable {
        var place: GlowAtlas.Place
        var row: [Float]
        var rest: Rest?
    }

    /// The rest of a glow's key: the ramps its paints read, its source draws, its kernel
    /// and its blur rects.
    struct Rest: Equatable {
        var ramps: [GradientRamp?]
        var sources: [Source]
        var weights: [Float]
        var horizontal: [Float], vertical: [Float]
    }

    /// The layer-data texel of the layer's and the glow's opacity (vLayer in
    /// Shaders/lib/layer_data.glsl), left out of the key: the glow source does not read it.
    static let opacityTexel = LayerRow.layerTexel

    /// One source draw of a glow: its variant and its tiles' instances.
    struct Source: Equatable {
        var variant: LayerVariant
        var instances: [Float]
    }

    /// The atlas texture (name and size) the keys refer to.
    private var texture: (name: UInt32, width: Int, height: Int)?
    /// Last frame's glows by their place in the atlas (``slot(_:)``).
    private var held: [Int: Key] = [:]

    /// Set false to draw every glow every frame (a reference for tests; the image is the same).
    var isEnabled = true
    /// Glows drawn (source and blur) and glows reused, in the last frame drawn.
    private(set) var drawnLastFrame = 0
    private(set) var reusedLastFrame = 0
    /// The frame layer indices of the last frame's twins (``GlowTwins``): glows read from the
    /// glow they share, neither drawn nor kept.
    var twinsLastFrame: Set<Int> = []

    /// Last frame's cacheable glows' data rows, by their place in the atlas (``slot(_:)``),
    /// while the cache is on and holds an atlas texture; empty otherwise.
    var heldRows: [Int: [Float]] { isEnabled && texture != nil ? held.mapValues(\.row) : [:] }

    /// Whether the atlas holds steered glows (``SteeredGlows``): within their bound of the
    /// ordinary ones, not the same texels, so a frame drawn with ordinary glows does not keep them.
    var holdsSteered = false

    /// The atlas now holds something else (another drawing path, a new texture).
    func forget() {
        texture = nil
        held = [:]
        holdsSteered = false
    }

    static func slot(_ p: GlowAtlas.Place) -> Int { p.page << 48 | p.y << 24 | p.x }

    /// This frame's keys (`rows`: each glow's place and data row, nil where not cacheable;
    /// `rest(n)` makes glow n's ``Rest``) and which glows must be drawn: their indices, or
    /// nil when every one must (the atlas texture is not the one the cache holds).
    func changed(_ rows: [(place: GlowAtlas.Place, row: [Float])?], texture t: (name: UInt32, width: Int, height: Int),
                 rest: (Int) -> Rest) -> (changed: [Int]?, keys: [Key?]) {
        var keys: [Key?] = [], changed: [Int] = []
        let reusable = isEnabled && texture.map { $0 == t } == true
        for (n, r) in rows.enumerated() {
            guard let r else { keys.append(nil); changed.append(n); continue }
            var key = Key(place: r.place, row: r.row, rest: nil)
            let old = held[GlowCache.slot(r.place)]
            // A new glow's rest is made too, so that the next frame can reuse it; a glow
            // whose row changed (a turning paint) makes none.
            if old == nil || old?.row == r.row { key.rest = rest(n) }
            if reusable, let o = old, o.rest != nil, o.row == key.row, o.rest == key.rest { keys.append(key); continue }
            keys.append(key)
            changed.append(n)
        }
        return (reusable ? changed : nil, keys)
    }

    /// Records the frame's glows as drawn (the atlas holds them): `drawn` of them were drawn.
    func hold(_ keys: [Key?], texture t: (name: UInt32, width: Int, height: Int), drawn: Int) {
        drawnLastFrame = drawn
        reusedLastFrame = keys.count - drawn
        guard isEnabled else { forget(); return }
        texture = t
        held = [:]
        for key in keys.compactMap({ $0 }) { held[GlowCache.slot(key.place)] = key }
    }

    /// Whether the glow source of `layer` reads only its data row, its ramps and its tiles
    /// (no arc tables, no time): dashes and path and shader paints read more.
    static func isCacheable(_ layer: ResolvedLayer) -> Bool {
        guard let source = layer.glowSource else { return false }
        if layer.stroke?.dash != nil { return false }
        switch source.paint.geometry {
        case .path, .shader: return false
        default: return true
        }
    }

    /// Whether `layer`'s glow may be steered (``AngularModes``): cacheable, and its source's
    /// paint a full-turn angular gradient (span 360), whose turn is a rigid rotation of the
    /// source's colour about the paint's centre on a fixed coverage. A partial sweep's gap
    /// does not turn with a rigid shape of t, so it takes the ordinary path. Whether the
    /// ramp has few enough modes is ``AngularModes/modes(within:cap:planePeaks:peak:)``'s.
    static func isSteerable(_ layer: ResolvedLayer) -> Bool {
        guard isCacheable(layer), let source = layer.glowSource else { return false }
        if case .angular(_, _, let span) = source.paint.geometry { return span == 360 }
        return false
    }

    /// The layer-data texel of the glow source's paint geometry (vPaint in
    /// Shaders/lib/layer_data.glsl; ``LayerData``): 4 for a fill's, 5 for a stroke's. An
    /// angular paint keeps its angle (degrees, mod 360) in .z.
    static func paintTexel(strokeGlows: Bool) -> Int { strokeGlows ? 5 : 4 }

    /// Whether two frames' rows of one glow (``Key/row``) differ in the source paint's angle
    /// alone: the glow turned, and its steered modes still hold.
    static func turnedOnly(_ a: [Float], _ b: [Float], strokeGlows: Bool) -> Bool {
        guard a.count == b.count else { return false }
        let angle = paintTexel(strokeGlows: strokeGlows) * 4 + 2
        return a.indices.allSatisfy { $0 == angle || a[$0] == b[$0] }
    }
}
