import HaloCore

/// Where each glow of a frame lies in the glow atlas: one RGBA16F texture (a page) holding
/// every glow's region at its own reduction factor k (``GlowPlan``), so that the glows of
/// a frame take one source pass and one pair of blur passes, however many layers glow.
///
/// Regions are packed in shelves (tallest first). Around each region the atlas keeps
/// `radius + 1` blank texels, more than its kernel reaches, so the blur and the layers'
/// bilinear reads past a region see zeros, as a clamped read of the region's own blank
/// edge texels would. Regions that do not fit in one page of the GPU's texture size go
/// to the next page (only huge frames have more than one).
struct GlowAtlas {
    /// A region's place: its page and the atlas texel of its first texel.
    struct Place: Equatable { var page: Int; var x: Int; var y: Int }

    /// Each page's size, texels.
    private(set) var pages: [(width: Int, height: Int)] = []
    /// The place of each region given to ``init(regions:maxSide:)``, in its order.
    private(set) var places: [Place] = []

    /// Packs regions of `size` texels each with `padding` blank texels around.
    /// - Parameter maxSide: the GPU's texture size; every padded region must fit in it.
    init(regions: [(width: Int, height: Int, padding: Int)], maxSide: Int) {
        places = Array(repeating: Place(page: 0, x: 0, y: 0), count: regions.count)
        guard !regions.isEmpty else { return }
        let padded = regions.map { (w: $0.width + 2 * $0.padding, h: $0.height + 2 * $0.padding, p: $0.padding) }
        let area = padded.reduce(0.0) { $0 + Double($1.w) * Double($1.h) }
        let widest = padded.map(\.w).max() ?? 1
        // A power of two wide (the texture's width, ``textureSide(_:)``), at least the square's side.
        let width = min(maxSide, GlowAtlas.textureSide(max(widest, Int(area.squareRoot().rounded(.up)))))
        var x = 0, y = 0, shelf = 0, page = 0, pageWidth = 0
        for i in padded.indices.sorted(by: { padded[$0].h > padded[$1].h }) {
            let r = padded[i]
            if x + r.w > width { x = 0; y += shelf; shelf = 0 }
            if y + r.h > maxSide {
                pages.append((pageWidth, y))
                page += 1; x = 0; y = 0; shelf = 0; pageWidth = 0
            }
            places[i] = Place(page: page, x: x + r.p, y: y + r.p)
            x += r.w
            shelf = max(shelf, r.h)
            pageWidth = max(pageWidth, x)
        }
        pages.append((pageWidth, y + shelf))
    }
}

extension GlowAtlas {
    /// The side of the texture that holds a page `n` texels across: the power of two at or
    /// above it. A coordinate normalised by a power of two is exact, and so is the sampler's
    /// scaling back, so the atlas's bilinear reads (the layers' glow, the blur's taps) round
    /// the same however large the texture has grown (a preview's, after other frames, and a
    /// single `halo render`'s).
    static func textureSide(_ n: Int) -> Int {
        var side = 1
        while side < n { side *= 2 }
        return side
    }
}
