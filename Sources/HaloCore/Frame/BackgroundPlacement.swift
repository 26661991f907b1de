/// Where a background image lands and how it is sampled (SCENE.md "Scene"):
/// taken as sRGB, scaled bilinearly on premultiplied values with edges clamped,
/// centred; `fill` covers and crops evenly, `fit` letterboxes on clear, `stretch`
/// maps onto the canvas. Each pixel is the bilinear sample at its centre times
/// the exact area of the pixel inside the image's rectangle.
public enum BackgroundPlacement {
    /// The image's rectangle in pixels (x, y, w, h) on a canvas of `canvasSize` pixels.
    public static func rect(imageWidth iw: Int, imageHeight ih: Int, mode: ContentMode, canvasSize c: Vec2) -> (Double, Double, Double, Double) {
        if mode == .stretch { return (0, 0, c.x, c.y) }
        let sx = c.x / Double(iw), sy = c.y / Double(ih)
        let s = mode == .fill ? max(sx, sy) : min(sx, sy)
        return ((c.x - Double(iw) * s) / 2, (c.y - Double(ih) * s) / 2, Double(iw) * s, Double(ih) * s)
    }

    /// The background as a premultiplied image of `width` x `height` pixels.
    public static func render(_ img: RGBA8Image, mode: ContentMode, width: Int, height: Int, canvasSize: Vec2) -> PremulImage {
        let (x, y, dw, dh) = rect(imageWidth: img.width, imageHeight: img.height, mode: mode, canvasSize: canvasSize)
        let iw = img.width, ih = img.height
        var premul = [SIMD4<Double>](repeating: .zero, count: iw * ih)
        for i in 0..<(iw * ih) {
            let a = Double(img.pixels[i * 4 + 3]) / 255
            premul[i] = SIMD4(Double(img.pixels[i * 4]) / 255 * a, Double(img.pixels[i * 4 + 1]) / 255 * a,
                              Double(img.pixels[i * 4 + 2]) / 255 * a, a)
        }
        var out = PremulImage(width: width, height: height)
        for j in 0..<height {
            let cy = min(Double(j) + 1, y + dh) - max(Double(j), y)
            if cy <= 0 { continue }
            let v = (Double(j) + 0.5 - y) * Double(ih) / dh - 0.5
            let v0 = Int(v.rounded(.down)), fv = v - v.rounded(.down)
            let r0 = min(max(v0, 0), ih - 1), r1 = min(max(v0 + 1, 0), ih - 1)
            for i in 0..<width {
                let cx = min(Double(i) + 1, x + dw) - max(Double(i), x)
                if cx <= 0 { continue }
                let u = (Double(i) + 0.5 - x) * Double(iw) / dw - 0.5
                let u0 = Int(u.rounded(.down)), fu = u - u.rounded(.down)
                let c0 = min(max(u0, 0), iw - 1), c1 = min(max(u0 + 1, 0), iw - 1)
                let top = premul[r0 * iw + c0] * (1 - fu) + premul[r0 * iw + c1] * fu
                let bottom = premul[r1 * iw + c0] * (1 - fu) + premul[r1 * iw + c1] * fu
                let s = (top * (1 - fv) + bottom * fv) * (min(cx, 1) * min(cy, 1))
                out.pixels[j * width + i] = SIMD4<Float>(s)
            }
        }
        return out
    }
}
