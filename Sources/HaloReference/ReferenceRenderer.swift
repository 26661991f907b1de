import Dispatch
import Foundation
import HaloCore

/// The CPU reference renderer: computes the *exact image* docs/scene-format.md defines.
///
/// - Coverage: the area of each pixel square inside each draw, by
///   ``AreaIntegrator`` (adaptive, exact on straight edges, within a small
///   fraction of a level on curves), with the paint averaged over the covered part.
/// - Glow: the separable convolution of the layer's premultiplied glow source image (its
///   stroke, or its fill when it has no stroke) with ``GlowKernel`` (docs/scene-format.md "Glow"),
///   including source parts outside the canvas.
/// - Compositing: source-over, premultiplied, in sRGB-encoded float values:
///   background, then per layer fill, glow, stroke, and the layer at its opacity.
///
/// Pixels no layer touches are skipped, and so are runs of pixels the signed distance
/// proves empty or wholly covered by a solid paint; a layer's rows are split across all
/// cores, and small layers in a row that do not read the canvas (no material, no text)
/// are drawn one a core and composited in order. Every split gives the same image. No GL.
public struct ReferenceRenderer: Sendable {
    /// Worker threads (default: every core).
    public var threads: Int

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.threads = max(1, threads)
    }

    /// Renders a resolved frame into a premultiplied float image.
    public func render(_ frame: Frame) -> PremulImage {
        let w = frame.width, h = frame.height
        var canvas = frame.backgroundImage ?? PremulImage(width: w, height: h, fill: SIMD4<Float>(frame.backgroundColor))
        if canvas.width != w || canvas.height != h { canvas = PremulImage(width: w, height: h) }
        let layers = frame.layers
        var k = 0
        while k < layers.count {
            // Small layers in a row that read nothing of the canvas below are drawn at the
            // same time, one a thread, then composited in order: the same image (a group
            // does not depend on how its work is split) with one hand-over to the threads
            // for several layers instead of several for each.
            var end = k
            if threads > 1 {
                while end < layers.count && end - k < 4 * threads && drawsAlone(layers[end], width: w, height: h) { end += 1 }
            }
            if end - k < 2 {
                draw(layers[k], into: &canvas)
                k += 1
                continue
            }
            let serial = ReferenceRenderer(threads: 1)
            let groups = ParallelSlots<LayerGroup>(count: end - k)
            let batch = Array(layers[k..<end])
            DispatchQueue.concurrentPerform(iterations: batch.count) { n in
                if let g = serial.group(batch[n], width: w, height: h, below: nil) { groups.set(n, g) }
            }
            for n in 0..<batch.count {
                if let g = groups.get(n) { composite(g.pixels, box: g.box, opacity: batch[n].opacity, over: nil, into: &canvas) }
            }
            k = end
        }
        return canvas
    }

    /// True for a layer whose group may be drawn beside others': no text, no material fill
    /// (it reads the canvas below), and a reach (its outline grown by its stroke and glow)
    /// under a sixteenth of the canvas, so that one thread a layer keeps the cores busy.
    func drawsAlone(_ layer: ResolvedLayer, width: Int, height: Int) -> Bool {
        if layer.text != nil || layer.fill?.isMaterial == true { return false }
        let grow = (layer.stroke.map { $0.outer + $0.capReach } ?? 0) + (layer.glow.map { 6 * $0.sigma + 2 } ?? 0) + 2
        let b = layer.outline.bounds(grownBy: max(grow, 0))
        let area = (b.x1 - b.x0) * (b.y1 - b.y0)
        return area.isFinite && area <= Double(width) * Double(height) / 16
    }

    /// A pixel rectangle [i0, i1) x [j0, j1) (may extend past the canvas for glow sources).
    struct PixelRect {
        var i0, j0, i1, j1: Int
        var width: Int { max(0, i1 - i0) }
        var height: Int { max(0, j1 - j0) }
        var isEmpty: Bool { width == 0 || height == 0 }
        func intersect(_ o: PixelRect) -> PixelRect {
            PixelRect(i0: max(i0, o.i0), j0: max(j0, o.j0), i1: min(i1, o.i1), j1: min(j1, o.j1))
        }
        static func around(_ b: Box, clip: PixelRect) -> PixelRect {
            func idx(_ v: Double) -> Int { v.isFinite ? Int(max(-1e9, min(1e9, v))) : 0 }
            return PixelRect(i0: idx(b.x0.rounded(.down)), j0: idx(b.y0.rounded(.down)),
                             i1: idx(b.x1.rounded(.up)), j1: idx(b.y1.rounded(.up))).intersect(clip)
        }
    }

    /// A layer drawn on its own (its group, docs/scene-format.md "Layers"), before it is composited:
    /// its pixels over `box`, and for a material fill the result M of the material over the
    /// canvas below.
    struct LayerGroup {
        var pixels: [SIMD4<Float>]
        var box: PixelRect
        var material: [SIMD4<Float>]?
    }

    func draw(_ layer: ResolvedLayer, into canvas: inout PremulImage) {
        if let text = layer.text { drawText(layer, text, into: &canvas); return }
        guard let g = group(layer, width: canvas.width, height: canvas.height, below: canvas) else { return }
        composite(g.pixels, box: g.box, opacity: layer.opacity, over: g.material, into: &canvas)
    }

    /// The group of a layer without text on a canvas of `width` x `height` pixels; `below`
    /// is the canvas under it, which only a material fill reads (nil: the layer has none).
    /// nil when the layer draws nothing.
    func group(_ layer: ResolvedLayer, width: Int, height: Int, below canvas: PremulImage?) -> LayerGroup? {
        let full = PixelRect(i0: 0, j0: 0, i1: width, j1: height)
        let fillRect = layer.fill != nil ? PixelRect.around(layer.outline.bounds(grownBy: 1), clip: full) : PixelRect(i0: 0, j0: 0, i1: 0, j1: 0)
        var strokeRect = PixelRect(i0: 0, j0: 0, i1: 0, j1: 0)
        if let stroke = layer.stroke { strokeRect = PixelRect.around(layer.outline.bounds(grownBy: stroke.outer + stroke.capReach + 1), clip: full) }
        // The glow's source: the stroke, or the fill of a layer without one (docs/scene-format.md "Glow").
        var kernel: GlowKernel?
        var sourceRect = PixelRect(i0: 0, j0: 0, i1: 0, j1: 0)
        if let glow = layer.glow, let src = layer.glowSource {
            let k = GlowKernel(sigma: glow.sigma)
            kernel = k
            // Source pixels within the kernel's reach of the canvas glow into it.
            let reach = PixelRect(i0: -k.radius, j0: -k.radius, i1: width + k.radius, j1: height + k.radius)
            sourceRect = PixelRect.around(layer.outline.bounds(grownBy: src.outer + (layer.fillGlows ? 0 : layer.stroke?.capReach ?? 0) + 1), clip: reach)
        }
        var box = fillRect
        func unionWith(_ r: PixelRect) {
            if r.isEmpty { return }
            box = box.isEmpty ? r : PixelRect(i0: min(box.i0, r.i0), j0: min(box.j0, r.j0), i1: max(box.i1, r.i1), j1: max(box.j1, r.j1))
        }
        unionWith(strokeRect)
        if let k = kernel, !sourceRect.isEmpty {
            unionWith(PixelRect(i0: sourceRect.i0 - k.radius, j0: sourceRect.j0 - k.radius,
                                i1: sourceRect.i1 + k.radius, j1: sourceRect.j1 + k.radius).intersect(full))
        }
        if box.isEmpty || layer.opacity <= 0 { return nil }

        // The layer, drawn on its own: fill, then glow, then stroke (a glowing fill: glow, then fill).
        var group = [SIMD4<Float>](repeating: .zero, count: box.width * box.height)
        // A material fill (docs/scene-format.md "Material") replaces the canvas below within its
        // coverage c: M = D (1 - c) + P c, under the layer's other parts.
        var material: [SIMD4<Float>]?
        if let fill = layer.fill, case .material(let sigma, let saturation, let tint) = fill.geometry, !fillRect.isEmpty,
           let canvas {
            let p = MaterialFilter.image(canvas, i0: fillRect.i0, j0: fillRect.j0, i1: fillRect.i1, j1: fillRect.j1,
                                         sigma: sigma, saturation: saturation, tint: tint, threads: threads)
            var coverage = [SIMD4<Float>](repeating: .zero, count: fillRect.width * fillRect.height)
            let integ = AreaIntegrator(outline: layer.outline, lo: -.infinity, hi: 0, paint: fill)
            rasterize(integ, rect: fillRect, into: &coverage, box: fillRect, compose: false)
            var m = [SIMD4<Float>](repeating: .zero, count: box.width * box.height)
            for j in box.j0..<box.j1 {
                for i in box.i0..<box.i1 { m[(j - box.j0) * box.width + (i - box.i0)] = canvas.pixels[j * canvas.width + i] }
            }
            for j in fillRect.j0..<fillRect.j1 {
                for i in fillRect.i0..<fillRect.i1 {
                    let f = (j - fillRect.j0) * fillRect.width + (i - fillRect.i0)
                    let c = coverage[f].w
                    let mi = (j - box.j0) * box.width + (i - box.i0)
                    m[mi] = m[mi] * (1 - c) + p[f] * c
                }
            }
            material = m
        }
        if let fill = layer.fill, !fillRect.isEmpty, !layer.fillGlows, material == nil {
            let integ = AreaIntegrator(outline: layer.outline, lo: -.infinity, hi: 0, paint: fill)
            rasterize(integ, rect: fillRect, into: &group, box: box, compose: false)
        }
        var sourceDrawn = false
        if let glow = layer.glow, let src = layer.glowSource, let kernel, !sourceRect.isEmpty {
            let integ = AreaIntegrator(outline: layer.outline, lo: src.inner, hi: src.outer, paint: src.paint,
                                       dash: layer.fillGlows ? nil : layer.stroke?.dash)
            var source = [SIMD4<Float>](repeating: .zero, count: sourceRect.width * sourceRect.height)
            rasterize(integ, rect: sourceRect, into: &source, box: sourceRect, compose: false)
            let g = glowImage(source, rect: sourceRect, glow: glow, kernel: kernel, target: box, timesOpacity: false)
            let op = Float(glow.opacity)
            group.withUnsafeMutableBufferPointer { gp in
                g.withUnsafeBufferPointer { gb in
                    for i in gp.indices { let gi = gb[i] * op; gp[i] = gi + gp[i] * (1 - gi.w) }
                }
            }
            // The source itself over its glow, from the same image.
            let s = (layer.fillGlows ? fillRect : strokeRect).intersect(sourceRect)
            if !s.isEmpty {
                for j in s.j0..<s.j1 {
                    for i in s.i0..<s.i1 {
                        let src = source[(j - sourceRect.j0) * sourceRect.width + (i - sourceRect.i0)]
                        let gi = (j - box.j0) * box.width + (i - box.i0)
                        group[gi] = src + group[gi] * (1 - src.w)
                    }
                }
            }
            sourceDrawn = true
        }
        if let stroke = layer.stroke, !(sourceDrawn && !layer.fillGlows), !strokeRect.isEmpty {
            let integ = AreaIntegrator(outline: layer.outline, lo: stroke.inner, hi: stroke.outer, paint: stroke.paint, dash: stroke.dash)
            rasterize(integ, rect: strokeRect, into: &group, box: box, compose: true)
        }
        if layer.fillGlows && !sourceDrawn, let fill = layer.fill, !fillRect.isEmpty {
            // A glow whose source lies wholly beyond the kernel's reach of the canvas.
            let integ = AreaIntegrator(outline: layer.outline, lo: -.infinity, hi: 0, paint: fill)
            rasterize(integ, rect: fillRect, into: &group, box: box, compose: true)
        }
        return LayerGroup(pixels: group, box: box, material: material)
    }

    /// Composites a layer's group (covering `box`) at the layer's opacity: D + opacity (L - D)
    /// (docs/scene-format.md "Layers"), L the group over D, or over `material` (a material's result M)
    /// where given; without a material this is the group at that opacity, source-over.
    func composite(_ group: [SIMD4<Float>], box: PixelRect, opacity: Double, over material: [SIMD4<Float>]?, into canvas: inout PremulImage) {
        let op = Float(opacity)
        let cw = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { dst in
            for j in box.j0..<box.j1 {
                for i in box.i0..<box.i1 {
                    let bi = (j - box.j0) * box.width + (i - box.i0)
                    let di = j * cw + i
                    if let material {
                        let g = group[bi]
                        let l = g + material[bi] * (1 - g.w)
                        dst[di] = dst[di] + (l - dst[di]) * op
                    } else {
                        let src = group[bi] * op
                        dst[di] = src + dst[di] * (1 - src.w)
                    }
                }
            }
        }
    }

    /// A glow (docs/scene-format.md "Glow") of the source image `source` (covering `rect`), recoloured
    /// when the glow has a colour, blurred by `kernel` over `target`, times its opacity.
    /// With `timesOpacity` false the glow's opacity is left for the caller to apply.
    func glowImage(_ source: [SIMD4<Float>], rect: PixelRect, glow: ResolvedGlow, kernel: GlowKernel, target: PixelRect,
                   timesOpacity: Bool = true) -> [SIMD4<Float>] {
        var glowSource = source
        if let c = glow.color {
            let cf = SIMD4<Float>(c)
            for i in glowSource.indices { glowSource[i] = cf * glowSource[i].w }
        }
        let blurred = convolve(glowSource, rect: rect, kernel: kernel, target: target)
        if !timesOpacity { return blurred }
        let op = Float(glow.opacity)
        return blurred.map { $0 * op }
    }

    /// Integrates one draw over `rect`, writing (compose: over what is there) into
    /// `buffer`, which covers `box`.
    func rasterize(_ integ: AreaIntegrator, rect: PixelRect, into buffer: inout [SIMD4<Float>], box: PixelRect, compose: Bool) {
        buffer.withUnsafeMutableBufferPointer { buf in
            let out = SharedBuffer(base: buf.baseAddress!)
            parallelFor(rect.height, threads: threads) { rows in
                let corners = CornerPaint(i0: rect.i0, count: rect.width)
                for r in rows {
                    let j = rect.j0 + r
                    corners.start(row: j)
                    var i = rect.i0
                    while i < rect.i1 {
                        // The pixel, and how many from it on have its value (a run the
                        // signed distance proves empty, or wholly covered by a solid paint).
                        let (c, run) = integ.pixelRun(i, j, corners: corners)
                        let end = min(i + run, rect.i1)
                        defer { i = end }
                        if c.w == 0 && c.x == 0 && c.y == 0 && c.z == 0 { continue }
                        let src = SIMD4<Float>(c)
                        for k in i..<end {
                            let bi = (j - box.j0) * box.width + (k - box.i0)
                            out.base[bi] = compose ? src + out.base[bi] * (1 - src.w) : src
                        }
                    }
                }
            }
        }
    }
}
