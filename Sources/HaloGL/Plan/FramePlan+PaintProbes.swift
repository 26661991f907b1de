import HaloCore

/// Shader paints' probes (Shaders/paint_probe.frag): each pair of fill and stroke paint files
/// the frame's tiles draw with is called on a ``ShapeSamplePlan/probeSide`` square grid over
/// the shape's bounding rect, in a slot of the shape pass's sample atlas, and the grid read
/// back to find a loop that reached Halo's bound (Shaders/lib/loop_bound.glsl;
/// GLRenderer+LoopBound.swift). A shader shape's loops are found by its own probe
/// (``ShapeProbe``, shape_pass.frag mode 3).
extension FramePlan {
    /// One paint probe: the variant's paint files, the slot's corner, and its one instance
    /// (the probe's rect in the slot, with the layer data of the first tile drawn with them).
    struct PaintProbe {
        var fill: ShaderPaintSource?, stroke: ShaderPaintSource?
        var x: Int, y: Int
        var instance: [Float]
    }

    /// Adds a probe to `plan` for each pair of shader paint files among the frame's layer
    /// tiles and glow sources.
    func planPaintProbes(_ plan: inout ShapeSamplePlan, maxWidth: Int) {
        let m = FramePlan.floatsPerInstance, g = ShapeSamplePlan.probeSide
        var seen = Set<[ShaderPaintSource?]>()
        let batches = canvasBatches + targetBatches + glowPages.flatMap(\.source)
        for batch in batches where batch.instances.count >= m {
            let v = batch.variant
            guard v.fillPaint != nil || v.strokePaint != nil, seen.insert([v.fillPaint, v.strokePaint]).inserted else { continue }
            let at = plan.place(g, g, maxWidth: maxWidth)
            var instance = Array(batch.instances[0 ..< m])
            instance.replaceSubrange(0 ..< 6, with: [0, 0, Float(g), Float(g), Float(at.x), Float(at.y)])
            plan.paintProbes.append(PaintProbe(fill: v.fillPaint, stroke: v.strokePaint, x: at.x, y: at.y, instance: instance))
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
