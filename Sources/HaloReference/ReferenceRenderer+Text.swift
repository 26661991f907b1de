import HaloCore

extension ReferenceRenderer {
    /// A text layer (docs/scene-format.md "Text"): its fill is the paint times the exact coverage of the
    /// union of its glyphs (``GlyphCoverage``), the paint averaged over each pixel's covered
    /// part (``TextPaint``); its glow blurs that fill and lies
    /// under it; the group is composited at the layer's opacity.
    func drawText(_ layer: ResolvedLayer, _ text: TextGeometry, into canvas: inout PremulImage) {
        guard let fill = layer.fill, let b = text.bounds, layer.opacity > 0 else { return }
        let full = PixelRect(i0: 0, j0: 0, i1: canvas.width, j1: canvas.height)
        let kernel = layer.glow.map { GlowKernel(sigma: $0.sigma) }
        let reach = kernel?.radius ?? 0
        // The fill's pixels, and beyond the canvas those within the glow's reach of it.
        let source = PixelRect.around(b.grown(by: 1), clip: PixelRect(i0: -reach, j0: -reach, i1: canvas.width + reach, j1: canvas.height + reach))
        if source.isEmpty { return }
        let cov = text.coverage(i0: source.i0, j0: source.j0, i1: source.i1, j1: source.j1)
        let image = TextPaint(average: PaintAverage(fill), edges: text.edges).fill(cov)
        var box = source.intersect(full)
        if let k = kernel {
            box = PixelRect(i0: source.i0 - k.radius, j0: source.j0 - k.radius, i1: source.i1 + k.radius, j1: source.j1 + k.radius).intersect(full)
        }
        if box.isEmpty { return }
        var group = [SIMD4<Float>](repeating: .zero, count: box.width * box.height)
        if let glow = layer.glow, let kernel {
            group = glowImage(image, rect: source, glow: glow, kernel: kernel, target: box)
        }
        let s = source.intersect(box)
        for j in s.j0..<s.j1 {
            for i in s.i0..<s.i1 {
                let f = image[(j - source.j0) * source.width + (i - source.i0)]
                let gi = (j - box.j0) * box.width + (i - box.i0)
                group[gi] = f + group[gi] * (1 - f.w)
            }
        }
        composite(group, box: box, opacity: layer.opacity, over: nil, into: &canvas)
    }
}
