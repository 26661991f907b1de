import HaloCore

/// Where a box's rounded corners reach, for tile classification: a tile that no corner's
/// quadrant meets, at any level drawn, is drawn by a program without the corners' code
/// (HALO_CORNERS 0, Shaders/lib/layer_data.glsl), for there the box's signed distance and
/// coverage are the sharp box's.
///
/// Corner i of a box of half size h (centre c) with radius R, grown by d, is rounded within
/// the square from the box's corner z = R + d along each side (circular; continuous:
/// z = 1.52866483 R + max(d, 0), ``ContinuousCorner/reach``): its arc, and the points whose
/// nearest point of the outline lies on the arc, are in the quadrant sg (x - c) > h + d - z
/// (both axes, sg the corner's signs). Circular: h - R at every level where R + d > 0;
/// continuous: h - 1.52866483 R + min(d, 0), least at the lowest level.
struct CornerZones {
    /// Per rounded corner: the signs of its quadrant and where the quadrant starts, relative
    /// to the box's centre (pixels).
    private var corners: [(index: Int, sign: Vec2, start: Vec2)] = []
    private let center: Vec2

    /// Pixels around a tile that its pixels' coverage and covered strips read (the pixel
    /// square, a strip's samples across it).
    static let margin = 1.0

    /// The zones of `layer`'s box at its levels drawn: the fill's edge, the stroke's inner
    /// and outer edges, and the outline itself (the covered strips' distance). Nil when its
    /// tiles always take the corners' code: not a box (an ellipse, a shader shape), a dashed
    /// stroke or a path paint (their arc lengths run round the corners).
    init?(_ layer: ResolvedLayer) {
        let o = layer.outline
        func isPath(_ p: ResolvedPaint?) -> Bool { if case .path? = p?.geometry { return true }; return false }
        guard o.kind == .roundedBox || o.kind == .continuousBox, layer.stroke?.dash == nil,
              !isPath(layer.fill), !isPath(layer.stroke?.paint) else { return nil }
        center = o.center
        let levels = [0.0] + (layer.stroke.map { [$0.inner, $0.outer] } ?? [])
        let lowest = levels.min() ?? 0, highest = levels.max() ?? 0
        let signs = [Vec2(-1, -1), Vec2(1, -1), Vec2(1, 1), Vec2(-1, 1)]
        for i in 0..<4 {
            let R = o.radii[i]
            guard R > 0 else { continue }
            if o.kind == .roundedBox {
                guard R + highest > 0 else { continue }
                corners.append((i, signs[i], Vec2(o.halfSize.x - R, o.halfSize.y - R)))
            } else {
                let inset = ContinuousCorner.reach * R - min(lowest, 0)
                corners.append((i, signs[i], Vec2(o.halfSize.x - inset, o.halfSize.y - inset)))
            }
        }
    }

    /// Which rounded corners may reach a pixel of `b` (canvas pixels): none, one (its index:
    /// topLeft, topRight, bottomRight, bottomLeft) or more.
    func reach(_ b: Box) -> Reach {
        let m = CornerZones.margin
        let x0 = b.x0 - m - center.x, x1 = b.x1 + m - center.x, y0 = b.y0 - m - center.y, y1 = b.y1 + m - center.y
        var found = Reach.none
        for c in corners where max(c.sign.x * x0, c.sign.x * x1) > c.start.x && max(c.sign.y * y0, c.sign.y * y1) > c.start.y {
            if case .none = found { found = .one(c.index) } else { return .several }
        }
        return found
    }

    enum Reach: Equatable { case none, one(Int), several }
}
