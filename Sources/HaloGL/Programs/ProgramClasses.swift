import HaloCore

/// Every program a layer can need, whatever its geometry, its paints' positions and the
/// time: the class flags of its tiles enumerated, not its values sampled.
///
/// A tile's program variant (``LayerVariant``) is the layer's structure (shape kind, paint
/// kinds and shader sources, glow source, dash caps, text: fixed by the scene's JSON and
/// its choice and boolean values) and the tile's class flags, which numbers decide:
/// - edge (per-pixel or smooth, ``SmoothEdges``) or inside, and for an inside tile whether
///   the fill and the stroke cover it (a tile covered by neither is drawn for its glow only,
///   never averaged: LayerTiles averages only where a paint is drawn);
/// - paint averaging, only where a drawn paint can jump or kink (a gradient, ``PaintJumps``),
///   and whether it can only kink there;
/// - for a box's edge tiles, whether a rounded corner reaches them (``CornerZones``);
/// - the glow's mode (blurred, sharp at sigma 0, none when its region misses the canvas);
/// - written direct to the target or through the float canvas (how layers overlap);
/// - dashes of at most a pixel's period (``DashMode/fine``) or not.
/// The set is finite and small: tens of variants a layer structure.
enum ProgramClasses {
    /// The layer-program variants `layer`'s tiles can take, each output in `outputs`
    /// (``OutputMode/canvas`` and the target's direct output).
    static func layerVariants(_ layer: ResolvedLayer, outputs: [OutputMode]) -> Set<LayerVariant> {
        var out = Set<LayerVariant>()
        let glows: [GlowMode] = layer.glow == nil ? [.none] : GlowMode.allCases
        let splitsCorners = CornerZones(layer) != nil
        for glow in glows {
            for output in outputs {
                for (aa, kinks) in [(false, false), (true, false), (true, true)] {
                    var groups = [true, false].map { LayerTiles.Group(edge: true, fill: true, stroke: true, paintAA: aa, smooth: $0) }
                    // (Tiles through the canvas take every corner's program: LayerTiles.groups.)
                    if output != .canvas && splitsCorners {
                        for corners in [0, 2] {
                            groups.append(LayerTiles.Group(edge: true, fill: true, stroke: true, paintAA: aa, smooth: false, corners: corners))
                        }
                    }
                    for fill in [false, true] {
                        for stroke in [false, true] where fill || stroke || (glow != .none && !aa) {
                            groups.append(LayerTiles.Group(edge: false, fill: fill, stroke: stroke, paintAA: aa))
                        }
                    }
                    for var g in groups {
                        g.kinks = kinks
                        let v = LayerVariant(layer, glow: glow, group: g, output: output)
                        // Averaging only where a drawn paint is a gradient (PaintJumps is nil otherwise).
                        if !aa || v.hasGradient || v.text { out.formUnion(withDashModes(v, layer)) }
                    }
                }
            }
        }
        return out
    }

    /// The programs of `layer`'s tiles placed on the GPU (``TilePlacement/gpu``): its general
    /// program, one a glow mode (``FramePlan/planPlacedTiles()``).
    static func placedVariants(_ layer: ResolvedLayer) -> [LayerVariant] {
        let glows: [GlowMode] = layer.glow == nil ? [.none] : GlowMode.allCases
        return glows.map { LayerVariant.placed(layer, glow: $0).general }
    }

    /// The program of `layer`'s glow source placed on the GPU (``FramePlan/placedGlowSource(_:)``):
    /// its general program, whichever the glow's plan (the paint's averaging is its uniform).
    static func placedGlowSourceVariant(_ layer: ResolvedLayer) -> LayerVariant? {
        guard layer.glow != nil, layer.glowSource != nil, !layer.isText else { return nil }
        return LayerVariant.placedGlowSource(layer, averages: true).general
    }

    /// `v` with each dash mode its stroke can take: a dash period of at most a pixel is
    /// drawn by the fine variant (``ResolvedDash/isFine``), which a width or a scale moves.
    private static func withDashModes(_ v: LayerVariant, _ layer: ResolvedLayer) -> [LayerVariant] {
        guard v.dash != .none, let d = layer.stroke?.dash else { return [v] }
        var coarse = v, fine = v
        coarse.dash = d.round ? .round : .butt
        fine.dash = .fine
        return [coarse, fine]
    }

    /// The glow-source variants `layer`'s glow can take (``LayerTiles/glowSource``): tiles
    /// wholly in the source band or not (smooth or per-pixel), averaged or not.
    static func glowSourceVariants(_ layer: ResolvedLayer) -> Set<LayerVariant> {
        guard layer.glow != nil, layer.glowSource != nil, !layer.isText else { return [] }
        var out = Set<LayerVariant>()
        let fillGlows = layer.fillGlows
        for aa in [false, true] {
            for (edge, smooth) in [(false, false), (true, false), (true, true)] {
                let v = LayerVariant.glowSource(layer, group: LayerTiles.Group(edge: edge, fill: fillGlows, stroke: !fillGlows,
                                                                                 paintAA: aa, smooth: smooth))
                if !aa || v.hasGradient { out.insert(v) }
            }
        }
        return out
    }

    /// Whether `layer` blurs anything (a glow, a material's backdrop, a text's glow): it
    /// may need any blur bucket (``GlowPlan/pairBuckets``), since its sigma is a number.
    static func blurs(_ layer: ResolvedLayer) -> (atlas: Bool, region: Bool) {
        let material = layer.fill?.isMaterial == true
        let glow = layer.glow != nil
        return (glow && !layer.isText, material || (glow && layer.isText))
    }
}

extension LayerVariant {
    /// Whether the fill or the stroke drawn has a paint that may average (``PaintJumps``:
    /// solid, shader and material paints never do).
    var hasGradient: Bool { [fill, stroke].contains { [.linear, .angular, .radial, .path].contains($0) } }
}
