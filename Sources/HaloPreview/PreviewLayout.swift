/// Where the canvas goes in a window: the largest scale at which the whole canvas fits
/// its area of the framebuffer (aspect ratio kept), centred in that area, drawn one canvas
/// pixel per framebuffer pixel (so it is sharp at any content scale). Where it costs at
/// most ``wholePixelLoss`` of the scale, the scale is lowered so that both sides are whole
/// pixels (no partly covered pixel along the canvas's right or bottom edge).
public struct PreviewLayout: Equatable, Sendable {
    /// Pixels per point to resolve the scene at (replaces `canvas.scale`).
    public var scale: Double
    /// The canvas in pixels, and its top-left corner in the framebuffer (y down).
    public var width: Int, height: Int
    public var originX: Int, originY: Int

    /// The layout of a `points` canvas (width, height in points) in a whole framebuffer of
    /// `framebuffer` pixels, with canvas sides at most `maxSide` pixels; nil when there is
    /// nothing to draw (a minimised, 0 x 0 window, or a canvas that would round to 0 pixels).
    public init?(points: (Double, Double), framebuffer: (Int, Int), maxSide: Int) {
        self.init(points: points, area: (0, 0, framebuffer.0, framebuffer.1), maxSide: maxSide)
    }

    /// The layout of a `points` canvas in the `area` of a framebuffer (its top-left corner
    /// and size, pixels, y down), with canvas sides at most `maxSide` pixels; nil when the
    /// area is empty or the canvas would round to 0 pixels.
    public init?(points: (Double, Double), area: (x: Int, y: Int, width: Int, height: Int), maxSide: Int) {
        let (fw, fh) = (area.width, area.height)
        guard fw > 0, fh > 0, points.0 > 0, points.1 > 0, maxSide > 0 else { return nil }
        var s = min(Double(fw) / points.0, Double(fh) / points.1)
        s = min(s, Double(maxSide) / max(points.0, points.1))
        s = PreviewLayout.wholePixelScale(below: s, points: points) ?? s
        // round(x) = floor(x + 0.5) (docs/scene-format.md); s * points <= the area, so the rounded size fits.
        let w = Int((points.0 * s + 0.5).rounded(.down)), h = Int((points.1 * s + 0.5).rounded(.down))
        guard w > 0, h > 0 else { return nil }
        scale = s
        width = min(w, fw); height = min(h, fh)
        originX = area.x + (fw - width) / 2; originY = area.y + (fh - height) / 2
    }
}

extension PreviewLayout {
    /// The most of the scale given up to draw the canvas at whole pixels (2%).
    public static let wholePixelLoss = 0.02

    /// The largest scale at most `s` at which both sides of a canvas of whole `points` are
    /// whole pixels, k / g for g = gcd of the sides (k whole), when it is at least
    /// (1 - ``wholePixelLoss``) s; nil when there is none (sides not whole, or too far below).
    public static func wholePixelScale(below s: Double, points: (Double, Double)) -> Double? {
        guard points.0 == points.0.rounded(), points.1 == points.1.rounded(), points.0 >= 1, points.1 >= 1,
              points.0 <= 1e9, points.1 <= 1e9, s.isFinite else { return nil }
        var a = Int(points.0), b = Int(points.1)
        while b != 0 { (a, b) = (b, a % b) }
        let g = Double(a), k = (s * g).rounded(.down)
        // s * g just below a whole number by rounding (s was that number over g already) counts as it.
        let whole = s * g - k > 1 - 1e-9 ? k + 1 : k
        let snapped = whole / g
        return whole >= 1 && snapped <= s * (1 + 1e-12) && snapped >= s * (1 - wholePixelLoss) ? snapped : nil
    }
}

/// The preview window's parts, side by side so that none covers another: the error banner
/// across the top of the canvas's area, the timeline along its bottom, the side column
/// (the control panel and the error list) on the right, and the canvas laid out
/// (``PreviewLayout``) in what is left. All in framebuffer pixels, y down.
public struct WindowLayout: Equatable, Sendable {
    /// A rectangle of the framebuffer, pixels from its top-left.
    public struct Area: Equatable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    }

    /// The side column (width 0 when hidden), the full height of the framebuffer.
    public var column: Area
    /// The error banner (height 0 when there is none), as wide as the canvas's area.
    public var banner: Area
    /// The timeline (height 0 when hidden), as wide as the canvas's area.
    public var timeline: Area
    /// The area left for the canvas.
    public var canvasArea: Area
    /// The canvas in ``canvasArea``; nil when it is empty (a minimised or too small window).
    public var canvas: PreviewLayout?

    /// The parts of a `framebuffer` (width, height pixels) holding a `points` canvas (sides
    /// at most `maxSide` pixels), a column `columnWidth` pixels wide, a banner `bannerHeight`
    /// pixels high and a timeline `timelineHeight` pixels high (0: not shown). Each reserved
    /// part is cut to what the framebuffer has, the column first.
    public init(points: (Double, Double), framebuffer: (Int, Int), maxSide: Int,
                columnWidth: Int = 0, bannerHeight: Int = 0, timelineHeight: Int = 0) {
        let (fw, fh) = (max(framebuffer.0, 0), max(framebuffer.1, 0))
        let cw = min(max(columnWidth, 0), fw), aw = fw - cw
        let bh = min(max(bannerHeight, 0), fh), th = min(max(timelineHeight, 0), fh - bh)
        column = Area(x: aw, y: 0, width: cw, height: fh)
        banner = Area(x: 0, y: 0, width: aw, height: bh)
        timeline = Area(x: 0, y: fh - th, width: aw, height: th)
        canvasArea = Area(x: 0, y: bh, width: aw, height: fh - bh - th)
        canvas = PreviewLayout(points: points, area: (canvasArea.x, canvasArea.y, canvasArea.width, canvasArea.height), maxSide: maxSide)
    }
}
