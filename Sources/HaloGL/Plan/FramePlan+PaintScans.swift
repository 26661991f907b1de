import HaloCore

/// Shader paints' loop scans (Shaders/paint_scan.frag): each pair of fill and stroke paint
/// files the frame's layer tiles draw with (a text's fill included) is called again at every
/// pixel of those tiles, under an occlusion query, to find a loop that reached Halo's bound
/// (Shaders/lib/loop_bound.glsl; GLRenderer+LoopBound.swift). A shader shape's loops are found
/// by the shape pass itself (shape_pass.frag, loop_scan.frag).
extension FramePlan {
    /// One paint scan: the paint files and the tiles drawn with them (canvas pixels; aCover 0).
    struct PaintScan {
        var fill: ShaderPaintSource?, stroke: ShaderPaintSource?
        var instances: [Float] = []
    }

    /// Adds a scan to `plan` for each distinct pair of shader paint files among the frame's
    /// layer tiles: a tile's variant's files (the draws it covers), or a text's fill.
    func planPaintScans(_ plan: inout ShapeSamplePlan) {
        let m = FramePlan.floatsPerInstance
        var index: [[ShaderPaintSource?]: Int] = [:]
        for batch in canvasBatches + targetBatches {
            let v = batch.variant
            guard v.text || v.fillPaint != nil || v.strokePaint != nil else { continue }     // no shader paint drawn
            for s in stride(from: 0, to: batch.instances.count, by: m) {
                let row = Int(batch.instances[s + 6])
                let pair = v.text ? [layers.indices.contains(row) ? layers[row].layer.fill?.shaderSource : nil, nil] : [v.fillPaint, v.strokePaint]
                guard pair.contains(where: { $0 != nil }) else { continue }
                let k = index[pair] ?? {
                    plan.paintScans.append(PaintScan(fill: pair[0], stroke: pair[1]))
                    index[pair] = plan.paintScans.count - 1
                    return plan.paintScans.count - 1
                }()
                var tile = Array(batch.instances[s ..< s + m])
                tile[4] = 0; tile[5] = 0        // at its canvas pixels (tile.vert's HALO_SHAPE_PASS placement)
                plan.paintScans[k].instances += tile
            }
        }
    }
}

extension LayerVariant {
    /// The paint scan's variant (Shaders/paint_scan.frag): the shader paints `fill` and `stroke`, nothing else.
    static func paintScan(fill: ShaderPaintSource?, stroke: ShaderPaintSource?) -> LayerVariant {
        var v = LayerVariant(shape: .roundedBox, fill: fill.map { _ in .shader }, stroke: stroke.map { _ in .shader }, glow: .none, edge: .perPixel)
        v.fillPaint = fill
        v.strokePaint = stroke
        return v
    }
}
