import Foundation

/// Where a background image lands and how it is sampled (docs/scene-format.md "The top level"):
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

    /// Along one axis, pixel `k` of an image drawn over [origin, origin + extent) pixels from
    /// `texels` texels: the pixel's coverage (0...1), the two texels its centre falls between
    /// (clamped to the edge) and the weight of the second; nil when the pixel is outside.
    private static func sample(_ k: Int, origin: Double, extent: Double, texels: Int) -> (Double, Int, Int, Double)? {
        let cover = min(Double(k) + 1, origin + extent) - max(Double(k), origin)
        if cover <= 0 { return nil }
        let u = (Double(k) + 0.5 - origin) * Double(texels) / extent - 0.5
        let u0 = Int(u.rounded(.down))
        return (min(cover, 1), min(max(u0, 0), texels - 1), min(max(u0 + 1, 0), texels - 1), u - u.rounded(.down))
    }

    /// ``render(_:mode:width:height:canvasSize:)``, kept for the next call with the same
    /// image (the same pixel storage) and placement: an animation's frames share their
    /// background, and placing a full-canvas photo costs tens of milliseconds a frame.
    public static func placed(_ img: RGBA8Image, mode: ContentMode, width: Int, height: Int, canvasSize: Vec2) -> PremulImage {
        let key = Placement(image: img, mode: mode, width: width, height: height, canvasSize: canvasSize)
        cacheLock.lock()
        if let last = lastPlacement, last.key.sameAs(key) { cacheLock.unlock(); return last.image }
        cacheLock.unlock()
        let image = render(img, mode: mode, width: width, height: height, canvasSize: canvasSize)
        cacheLock.lock()
        lastPlacement = (key, image)
        cacheLock.unlock()
        return image
    }

    /// A placement and the image it places (held, so that its storage is not reused).
    private struct Placement {
        let image: RGBA8Image, mode: ContentMode, width: Int, height: Int, canvasSize: Vec2
        func sameAs(_ o: Placement) -> Bool {
            mode == o.mode && width == o.width && height == o.height && canvasSize == o.canvasSize
                && image.width == o.image.width && image.height == o.image.height
                && image.pixels.withUnsafeBufferPointer { a in o.image.pixels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        }
    }
    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var lastPlacement: (key: Placement, image: PremulImage)?

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
            guard let (cy, r0, r1, fv) = sample(j, origin: y, extent: dh, texels: ih) else { continue }
            for i in 0..<width {
                guard let (cx, c0, c1, fu) = sample(i, origin: x, extent: dw, texels: iw) else { continue }
                let top = premul[r0 * iw + c0] * (1 - fu) + premul[r0 * iw + c1] * fu
                let bottom = premul[r1 * iw + c0] * (1 - fu) + premul[r1 * iw + c1] * fu
                let s = (top * (1 - fv) + bottom * fv) * (cx * cy)
                out.pixels[j * width + i] = SIMD4<Float>(s)
            }
        }
        return out
    }
}
