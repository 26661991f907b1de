import Foundation
import HaloCore

/// The frame's glows: every glowing layer's region in the atlas, its source tiles and blur rects.
extension FramePlan {

    /// Packs the glow regions into the atlas and lists each page's source tiles and blur
    /// rects. A glow that is another's twin (``GlowTwins``) gets that glow's place and draws
    /// nothing, when the frame's glows then fit one page.
    mutating func planGlows(maxTextureSize: Int, lutWidth: Int) {
        let glowing = layers.indices.filter { layers[$0].glowPlan != nil }
        guard !glowing.isEmpty else { return }
        let parts = glowing.map { glowParts(layers[$0], lutWidth: lutWidth) }
        var owners = GlowTwins.owners(zip(glowing, parts).map { GlowTwins.key(layers[$0], parts: $1) })
        func pack() -> GlowAtlas {
            let own = glowing.indices.filter { owners[$0] == nil }
            return GlowAtlas(regions: own.map { (layers[glowing[$0]].glowRegion.gw, layers[glowing[$0]].glowRegion.gh, layers[glowing[$0]].glowPlan!.radius + 1) },
                             maxSide: maxTextureSize)
        }
        var atlas = pack()
        if atlas.pages.count > 1 && owners.contains(where: { $0 != nil }) {
            owners = owners.map { _ in nil }
            atlas = pack()
        }
        glowPages = atlas.pages.map { GlowPage(width: $0.width, height: $0.height) }
        var sourceIndex: [[LayerVariant: Int]] = Array(repeating: [:], count: glowPages.count)
        var blurIndex: [[[Float]: Int]] = Array(repeating: [:], count: glowPages.count)
        var placed = 0
        for (n, i) in glowing.enumerated() {
            if let m = owners[n] {
                layers[i].atlas = layers[glowing[m]].atlas
                layers[i].twinOf = glowing[m]
                continue
            }
            let place = atlas.places[placed]
            placed += 1
            layers[i].atlas = place
            let gp = layers[i].glowPlan!
            let ox = Float(place.x), oy = Float(place.y)
            for (variant, data) in parts[n].sources {
                let b = sourceIndex[place.page][variant] ?? {
                    glowPages[place.page].source.append(Batch(variant: variant))
                    sourceIndex[place.page][variant] = glowPages[place.page].source.count - 1
                    return glowPages[place.page].source.count - 1
                }()
                FramePlan.appendInstances(data, row: i, dx: ox, dy: oy, to: &glowPages[place.page].source[b].instances)
                glowPages[place.page].source[b].layers += 1
                if variant.placed {
                    let r = layers[i].glowRegion
                    let tiles = FramePlan.placedTileCount(Box(x0: Double(ox), y0: Double(oy), x1: Double(ox) + Double(r.gw), y1: Double(oy) + Double(r.gh)))
                    glowPages[place.page].source[b].placedTiles = max(glowPages[place.page].source[b].placedTiles, tiles)
                }
            }
            let b = blurIndex[place.page][gp.weights] ?? {
                glowPages[place.page].blurs.append(BlurBatch(plan: gp))
                blurIndex[place.page][gp.weights] = glowPages[place.page].blurs.count - 1
                return glowPages[place.page].blurs.count - 1
            }()
            for (box, isHorizontal) in [(parts[n].horizontal, true), (parts[n].vertical, false)] where box.x1 > box.x0 && box.y1 > box.y0 {
                let rect: [Float] = [Float(box.x0) + ox, Float(box.y0) + oy, Float(box.x1) + ox, Float(box.y1) + oy, 0, 0, Float(i), 0]
                if isHorizontal { glowPages[place.page].blurs[b].horizontal += rect } else { glowPages[place.page].blurs[b].vertical += rect }
            }
        }
    }

    /// A glowing layer's source draws and blur boxes, texels relative to its region.
    ///
    /// The texels the blur computes: those within the faint-glow cut-off of the stroke
    /// (LayerTiles.faintGlowDistance; else the whole region), and for the horizontal pass
    /// only the rows the stroke reaches (the rest stay blank, as their blur would be). Tiles
    /// read past the cut-off too (up to a cell's diagonal): there the atlas holds its clear,
    /// blank texels (the sources lie within the stroke's rows), and the glow it stands for
    /// is under 0.45 / 255, as for the glow-only tiles that are not drawn past it.
    private func glowParts(_ plan: LayerPlan, lutWidth: Int) -> GlowTwins.Parts {
        let layer = plan.layer, gp = plan.glowPlan!, region = plan.glowRegion
        let sources = placed ? [FramePlan.placedGlowSource(plan)]
            : LayerTiles.glowSource(layer, origin: Vec2(region.x0, region.y0), k: gp.k,
                                    texels: (region.gw, region.gh), lutWidth: lutWidth, plan: gp)
                .map { (variant: LayerVariant.glowSource(layer, group: $0.key), data: $0.data) }
        let capReach = layer.stroke?.capReach ?? 0
        let k = Double(gp.k)
        let read = plan.faint.flatMap { f in layer.glowSource.map { $0.outer + capReach + f + k } }
        let used = Box(x0: 0, y0: 0, x1: Double(region.gw), y1: Double(region.gh))
        func texels(_ b: Box) -> Box {
            Box(x0: max(((b.x0 - region.x0) / k).rounded(.down) - 1, 0), y0: max(((b.y0 - region.y0) / k).rounded(.down) - 1, 0),
                x1: min(((b.x1 - region.x0) / k).rounded(.up) + 1, used.x1), y1: min(((b.y1 - region.y0) / k).rounded(.up) + 1, used.y1))
        }
        let vertical = read.map { texels(layer.outline.bounds(grownBy: $0)) } ?? used
        let strokeRows = texels(layer.outline.bounds(grownBy: (layer.glowSource?.outer ?? 0) + capReach + k))
        let horizontal = Box(x0: max(vertical.x0 - 1, 0), y0: strokeRows.y0, x1: min(vertical.x1 + 1, used.x1), y1: strokeRows.y1)
        return GlowTwins.Parts(sources: sources, horizontal: horizontal, vertical: vertical)
    }
}
