import Foundation
import HaloCore

/// Where a layer's edges are smooth enough for the smooth-edge shader variant
/// (`HALO_EDGE 2`, `smoothShapeSDG` in `Shaders/lib/shape.glsl`), which takes every
/// edge crossing a block as a half-plane from one signed distance and normal.
///
/// An edge is each offset of the outline that bounds a draw: the outline itself (the
/// fill) and the stroke's inner and outer offsets. A tile is smooth when, for every such
/// offset:
/// - the offset region is at least 2 blocks thick on each axis (so no block holds two
///   opposite sides);
/// - the tile stays 1.5 blocks clear of every corner whose offset radius of curvature is
///   under 12 px (sharp corners included); for a continuous corner, of its whole zone
///   unless 0.6 R + d >= 12 px (docs/scene-format.md "Continuous corners"; the variant then takes the distance from
///   the corner of the pixel's quadrant);
/// - an ellipse's tightest radius of curvature, b^2 / a, grown by the offset, is at least
///   12 px (ellipses have no zones: all or nothing).
/// The 12 px bound is the one `coverShape` uses before it subdivides (its one-half-plane
/// error is about s / (12 R) of a block's area), so the two variants agree in accuracy.
struct SmoothEdges {
    static let minRadius = 12.0
    /// Regions (canvas pixels) a smooth tile must not meet; nil: no tile of the layer is smooth.
    private var rough: [Box]?

    /// - Parameter block: the side of the area one coverage value stands for (1 for the
    ///   canvas, k for a glow's source texels), pixels.
    init(_ layer: ResolvedLayer, block s: Double) {
        let o = layer.outline
        // A shader shape's curvature is unknown to the CPU: every tile takes the per-pixel variant.
        if o.kind == .shader { rough = nil; return }
        var offsets: [Double] = []
        if layer.fill != nil { offsets.append(0) }
        if let st = layer.stroke { offsets += [st.inner, st.outer] }
        var zones: [Box] = []
        let margin = 1.5 * s
        for d in offsets {
            let hb = o.halfSize + Vec2(d, d)
            guard min(hb.x, hb.y) >= 2 * s else { rough = nil; return }
            switch o.kind {
            case .shader: rough = nil; return
            case .ellipse:
                let a = max(o.halfSize.x, o.halfSize.y), b = min(o.halfSize.x, o.halfSize.y)
                guard b * b / a + d >= SmoothEdges.minRadius else { rough = nil; return }
            case .roundedBox, .continuousBox:
                for i in 0..<4 {
                    let sg = cornerSigns[i], R = o.radii[i]
                    let reach: Double
                    if o.kind == .roundedBox {
                        // A sharp corner stays sharp at every offset (mitred, docs/scene-format.md "Stroke").
                        let rho = R > 0 ? max(R + d, 0) : 0
                        if rho >= SmoothEdges.minRadius { continue }
                        reach = rho
                    } else {
                        // The continuous curve's least radius of curvature is 0.93 R (its two
                        // cubics; docs/scene-format.md "Continuous corners"); 0.6 R, as coverShape takes it, leaves room.
                        if R > 0 && 0.6 * R + d >= SmoothEdges.minRadius { continue }
                        reach = ContinuousCorner.reach * R + max(d, 0)
                    }
                    // From the offset box's corner K inwards by the corner's reach.
                    let k = o.center + sg * hb, inner = k - sg * reach
                    zones.append(Box(x0: min(k.x, inner.x) - margin, y0: min(k.y, inner.y) - margin,
                                     x1: max(k.x, inner.x) + margin, y1: max(k.y, inner.y) + margin))
                }
            }
        }
        rough = zones
    }

    /// True when every pixel (block) of `tile` may take the smooth-edge variant.
    func isSmooth(_ tile: Box) -> Bool {
        guard let rough else { return false }
        return !rough.contains { $0.x0 < tile.x1 && tile.x0 < $0.x1 && $0.y0 < tile.y1 && tile.y0 < $0.y1 }
    }
}
