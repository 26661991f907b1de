import HaloCore

/// The image P of a material fill (docs/scene-format.md "Material"), computed exactly from the
/// canvas below the layer.
///
/// 1. Blur: the canvas extended beyond its edges by its edge pixels (clamp to edge),
///    convolved separably with ``GlowKernel`` (the pixel-exact Gaussian of docs/scene-format.md "Glow").
/// 2. Saturate: CSS Filter Effects' saturate(S) (Filter Effects Module Level 1, section
///    "feColorMatrix", type saturate) on the premultiplied sRGB-encoded values, each colour
///    channel then clamped to [0, alpha].
/// 3. Tint: the premultiplied tint composited over that, source-over.
public enum MaterialFilter {
    /// Steps 2 and 3 on one premultiplied value: saturate, clamp to [0, a], tint over.
    @inline(__always)
    public static func saturateAndTint(_ v: SIMD4<Float>, matrix m: [[Float]], tint: SIMD4<Float>) -> SIMD4<Float> {
        let a = v.w
        let r = min(max(m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z, 0), a)
        let g = min(max(m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z, 0), a)
        let b = min(max(m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z, 0), a)
        let s = SIMD4<Float>(r, g, b, a)
        return tint + s * (1 - tint.w)
    }

    /// P over the pixels `i0..<i1` x `j0..<j1` of `canvas` (which must lie inside it), row by
    /// row: `sigma` in pixels (>= 0), `saturation` >= 0, `tint` premultiplied.
    public static func image(_ canvas: PremulImage, i0: Int, j0: Int, i1: Int, j1: Int,
                             sigma: Double, saturation: Double, tint: Premul, threads: Int = 1) -> [SIMD4<Float>] {
        let w = i1 - i0, h = j1 - j0
        guard w > 0, h > 0 else { return [] }
        let cw = canvas.width, ch = canvas.height
        let kernel = GlowKernel(sigma: sigma)
        let r = kernel.radius, wts = kernel.weights
        @Sendable func clampX(_ x: Int) -> Int { min(max(x, 0), cw - 1) }
        @Sendable func clampY(_ y: Int) -> Int { min(max(y, 0), ch - 1) }
        // Horizontal pass over the rows the vertical pass reads (rows clamped to the canvas).
        let rows = (j0 - r)..<(j1 + r)
        var horiz = [SIMD4<Float>](repeating: .zero, count: rows.count * w)
        horiz.withUnsafeMutableBufferPointer { hb in
            let out = SharedBuffer(base: hb.baseAddress!)
            canvas.pixels.withUnsafeBufferPointer { sp in
                let src = SharedBuffer(sp.baseAddress!)
                parallelFor(rows.count, threads: threads) { ns in
                    for n in ns {
                        let base = clampY(rows.lowerBound + n) * cw
                        for x in 0..<w {
                            var sum = SIMD4<Float>.zero
                            for k in -r...r { sum += src.base[base + clampX(i0 + x + k)] * wts[k + r] }
                            out.base[n * w + x] = sum
                        }
                    }
                }
            }
        }
        let m = HaloCore.saturateMatrix(saturation).map { $0.map(Float.init) }
        let t = SIMD4<Float>(tint)
        var result = [SIMD4<Float>](repeating: .zero, count: w * h)
        result.withUnsafeMutableBufferPointer { rb in
            let out = SharedBuffer(base: rb.baseAddress!)
            horiz.withUnsafeBufferPointer { hp in
                let hb = SharedBuffer(hp.baseAddress!)
                parallelFor(h, threads: threads) { ys in
                    for y in ys {
                        for x in 0..<w {
                            var sum = SIMD4<Float>.zero
                            for k in -r...r { sum += hb.base[(y + r + k) * w + x] * wts[k + r] }
                            out.base[y * w + x] = saturateAndTint(sum, matrix: m, tint: t)
                        }
                    }
                }
            }
        }
        return result
    }
}
