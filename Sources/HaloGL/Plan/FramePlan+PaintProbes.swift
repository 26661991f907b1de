import HaloCore

/// Shader paints' probes (Shaders/paint_probe.frag): each layer's pair of fill and stroke
/// paint files (a text's fill included) is called on a ``ShapeSamplePlan/probeSide`` square
/// grid over the shape's bounding rect, once a frame for each distinct pair, in a slot of the
/// shape pass's sample atlas, and the grid read back to find a loop that reached Halo's bound
/// (Shaders/lib/loop_bound.glsl; GLRenderer+LoopBound.swift). A shader shape's loops are found
/// by the shape pass itself (``ShapeProbe``, shape_pass.frag, loop_scan.frag).
extension FramePlan {
    /// One paint probe: the layer's paint files, the slot's corner, and its one instance
    /// (the probe's rect in the slot, and the layer's row of the layer data).
    struct PaintProbe {
        var fill: ShaderPaintSource?, stroke: ShaderPaintSource?
        var x: Int, y: Int
        var instance: [Float]
    }

    /// Adds a probe to `plan` for each distinct pair of shader paint files among the frame's layers.
    func planPaintProbes(_ plan: inout ShapeSamplePlan, maxWidth: Int) {
        let g = ShapeSamplePlan.probeSide
        var seen = Set<[ShaderPaintSource?]>()
        for (row, lp) in layers.enumerated() {
            let fill = lp.layer.fill?.shaderSource, stroke = lp.layer.stroke?.paint.shaderSource
            guard fill != nil || stroke != nil, seen.insert([fill, stroke]).inserted else { continue }
            let at = plan.place(g, g, maxWidth: maxWidth)
            // tile.vert's instance: the rect, the slot's corner (aCover, HALO_SHAPE_PASS), the row, no backdrop.
            let instance = [0, 0, Float(g), Float(g), Float(at.x), Float(at.y), Float(row), 0]
            plan.paintProbes.append(PaintProbe(fill: fill, stroke: stroke, x: at.x, y: at.y, instance: instance))
        }
    }
}

extension LayerVariant {
    /// The paint probe's variant (Shaders/paint_probe.frag): the shader paints `fill` and `stroke`, nothing else.
    static func paintProbe(fill: ShaderPaintSource?, stroke: ShaderPaintSource?) -> LayerVariant {
        var v = LayerVariant(shape: .roundedBox, fill: fill.map { _ in .shader }, stroke: stroke.map { _ in .shader }, glow: .none, edge: .perPixel)
        v.fillPaint = fill
        v.strokePaint = stroke
        return v
    }
}
