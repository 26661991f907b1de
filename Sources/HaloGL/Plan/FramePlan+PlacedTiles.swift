import HaloCore

/// Tiles placed on the GPU (``TilePlacement/gpu``): one instance a layer, its quad, and the
/// vertex stage cuts it into the grid's tiles and classifies each from the layer's signed
/// distance (Shaders/lib/tile_placement.glsl), so the CPU's work is O(layers), not O(tiles).
/// Every tile is blended into the float canvas in layer order and the canvas is resolved
/// whole: no tile is written to the target directly, no cell is kept from the frame before,
/// and edge tiles are drawn per pixel with paints averaged (the exact paths, within the
/// same certified bound: ``ErrorBound`` does not depend on the tiles' classes).
extension FramePlan {
    /// Whether every layer of `frame` can be placed on the GPU: a shape with a signed
    /// distance in GLSL or a text (whose whole quad is drawn from the text atlas), not a
    /// shader shape, and no dashed stroke (their tiles need the CPU: the shape pass, the
    /// dashes' programs). (A frame with a material fill is drawn in segments, each placed.)
    static func placeable(_ frame: Frame) -> Bool {
        frame.layers.allSatisfy { l in l.opacity <= 0 || (l.outline.kind != .shader && l.stroke?.dash == nil) }
    }

    /// The tiles a quad reaches on the grid (the vertex stage's count: lib/tile_placement.glsl).
    static func placedTileCount(_ q: Box) -> Int {
        let s = Double(LayerTiles.size)
        let columns = Int((q.x1 / s).rounded(.up)) - Int((q.x0 / s).rounded(.down))
        let rows = Int((q.y1 / s).rounded(.up)) - Int((q.y0 / s).rounded(.down))
        return max(columns, 0) * max(rows, 0)
    }

    /// One canvas draw a run of layers of one program and glow mode (their variant), in layer
    /// order: a layer joins the latest draw of its variant when no draw after that one
    /// reaches its quad, else starts a new draw.
    mutating func planPlacedTiles() {
        var boxes: [Box] = []
        // The last layer's variant, kept for the next of the same kinds (the variant is these
        // kinds alone where no shader code is involved): most layers take their neighbour's.
        var last: (kinds: Int, variant: LayerVariant)?
        for row in layers.indices {
            let kinds = FramePlan.placedKinds(layers[row])
            let variant: LayerVariant
            if let l = last, kinds >= 0, l.kinds == kinds {
                variant = l.variant
            } else {
                variant = LayerVariant.placed(layers[row].layer, glow: layers[row].glowMode)
                last = (kinds, variant)
            }
            let page = layers[row].glowMode == .blurred ? layers[row].atlas.page : 0
            let q = layers[row].quad
            var joined: Int?
            for b in canvasBatches.indices.reversed() {
                if canvasBatches[b].variant == variant && canvasBatches[b].glowPage == page { joined = b; break }
                let o = boxes[b]
                if o.x0 < q.x1 && q.x0 < o.x1 && o.y0 < q.y1 && q.y0 < o.y1 { break }
            }
            let b = joined ?? {
                canvasBatches.append(Batch(variant: variant, glowPage: page))
                boxes.append(q)
                return canvasBatches.count - 1
            }()
            if canvasBatches[b].instances.isEmpty { canvasBatches[b].instances.reserveCapacity((layers.count - row) * FramePlan.floatsPerInstance) }
            canvasBatches[b].instances.append(Float(q.x0)); canvasBatches[b].instances.append(Float(q.y0))
            canvasBatches[b].instances.append(Float(q.x1)); canvasBatches[b].instances.append(Float(q.y1))
            canvasBatches[b].instances.append(0); canvasBatches[b].instances.append(0)
            canvasBatches[b].instances.append(Float(row)); canvasBatches[b].instances.append(0)
            canvasBatches[b].layers += 1
            canvasBatches[b].placedTiles = max(canvasBatches[b].placedTiles, FramePlan.placedTileCount(q))
            boxes[b] = boxes[b].union(q)
        }
    }

    /// A glowing layer's glow source placed on the GPU: one instance, its whole region (texels
    /// relative to it), whose tiles the vertex stage classifies by the source band
    /// (HALO_GLOW_SOURCE, lib/tile_placement.glsl); paints averaged where the glow's plan
    /// averages its source (``GlowPlan/sourceAveragesPaint``), else taken at each block's centre.
    static func placedGlowSource(_ plan: LayerPlan) -> (variant: LayerVariant, data: [Float]) {
        let r = plan.glowRegion
        return (LayerVariant.placedGlowSource(plan.layer, averages: plan.glowPlan?.sourceAveragesPaint ?? false),
                [0, 0, Float(r.gw), Float(r.gh), 0, 0])
    }

    /// A code for what fixes a placed layer's variant where no shader code is involved: its
    /// shape, paint and glow kinds, text or not (``LayerVariant``); -1 for a layer with a
    /// shader paint or shape (its variant holds the code's text).
    static func placedKinds(_ plan: borrowing LayerPlan) -> Int {
        let l = plan.layer
        if l.outline.kind == .shader || l.fill?.shaderSource != nil || l.stroke?.paint.shaderSource != nil { return -1 }
        func kind(_ p: ResolvedPaint?) -> Int { p.map { LayerVariant.kind($0).rawValue + 1 } ?? 0 }
        return LayerVariant.shape(l.outline).rawValue | kind(l.fill) << 3 | kind(l.stroke?.paint) << 7
            | plan.glowMode.rawValue << 11 | (l.fillGlows ? 1 << 14 : 0) | (l.isText ? 1 << 15 : 0) | (l.glow != nil ? 1 << 16 : 0)
    }
}
