import Foundation
import Halo

extension ImageComparison {
    /// A picture of where and how much two images differ: every pixel that differs is
    /// painted in a heat colour for its largest channel difference, over a greyed,
    /// lightened copy of `base` (normally the reference) that shows where things are.
    ///
    /// Colours, on a log2 scale of the difference d (8-bit levels): d = 1 yellow,
    /// d = 4 orange, d = 16 red, d >= 64 magenta; equal pixels keep the grey copy
    /// (its luminance mapped into 96...224, composited over white first), so even a
    /// 1-level difference stands out.
    /// Pixels a mask left out keep the grey copy (their ``perPixel`` is 0).
    /// - Parameter base: an image of the compared size (``width`` x ``height``); of another
    ///   size, it is not used and the map is drawn over white.
    /// - Returns: an opaque image of the compared size.
    public func heatMap(over base: RGBA8Image) -> RGBA8Image {
        let n = perPixel.count
        let base = base.width == width && base.height == height && width * height == n ? base : RGBA8Image(width: width, height: height)
        var out = RGBA8Image(width: base.width, height: base.height)
        for i in 0..<n {
            let d = Double(perPixel[i])
            let rgb: (Double, Double, Double)
            if d > 0 {
                rgb = Self.heatColour(d)
            } else {
                let a = Double(base.pixels[i * 4 + 3]) / 255
                func overWhite(_ c: UInt8) -> Double { Double(c) * a + 255 * (1 - a) }
                // Rec. 709 luma weights on the sRGB-encoded values: good enough for a backdrop.
                let y = 0.2126 * overWhite(base.pixels[i * 4]) + 0.7152 * overWhite(base.pixels[i * 4 + 1])
                    + 0.0722 * overWhite(base.pixels[i * 4 + 2])
                let g = 96 + y * 128 / 255
                rgb = (g, g, g)
            }
            out.pixels[i * 4] = UInt8(rgb.0.rounded())
            out.pixels[i * 4 + 1] = UInt8(rgb.1.rounded())
            out.pixels[i * 4 + 2] = UInt8(rgb.2.rounded())
            out.pixels[i * 4 + 3] = 255
        }
        return out
    }

    /// The heat colour of a difference `d` > 0 (levels): piecewise linear in log2(d)
    /// through yellow (d <= 1), orange (4), red (16) and magenta (>= 64).
    static func heatColour(_ d: Double) -> (Double, Double, Double) {
        let stops: [(Double, (Double, Double, Double))] = [
            (0, (255, 230, 0)), (2, (255, 140, 0)), (4, (230, 20, 20)), (6, (200, 0, 200)),
        ]
        let x = min(max(log2(max(d, 1)), 0), 6)
        for k in 1..<stops.count where x <= stops[k].0 {
            let (x0, c0) = stops[k - 1], (x1, c1) = stops[k]
            let t = (x - x0) / (x1 - x0)
            return (c0.0 + (c1.0 - c0.0) * t, c0.1 + (c1.1 - c0.1) * t, c0.2 + (c1.2 - c0.2) * t)
        }
        return stops.last!.1
    }
}
