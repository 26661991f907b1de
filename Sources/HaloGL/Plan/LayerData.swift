import HaloCore

/// The per-layer constants of a frame, one row of ``texels`` RGBA32F texels a layer, in the
/// order of ``FramePlan/layers`` (each tile instance carries its layer's row). tile.vert
/// reads them; the meaning of each texel is in Shaders/lib/layer_data.glsl.
enum LayerData {
    /// LAYER_TEXELS in Shaders/lib/layer_data.glsl.
    static let texels = 17

    /// The rows of every layer of `plan`.
    /// - Parameter ramps: the frame's ramps, uploaded (their rows and lookup-table rows).
    /// - Parameter arcs: the frame's arc-length tables, uploaded (dashes, path paints).
    static func rows(_ plan: FramePlan, ramps: RampTextures, arcs: ArcTables? = nil) -> [Float] {
        var data: [Float] = []
        data.reserveCapacity(plan.layers.count * texels * 4)
        for p in plan.layers { data += row(p, ramps: ramps, arcs: arcs) }
        return data
    }

    static func row(_ plan: FramePlan.LayerPlan, ramps: RampTextures, arcs: ArcTables? = nil) -> [Float] {
        let layer = plan.layer, o = layer.outline
        var t = [SIMD4<Float>](repeating: .zero, count: texels)
        t[0] = SIMD4(Float(o.center.x), Float(o.center.y), Float(o.halfSize.x), Float(o.halfSize.y))
        t[1] = SIMD4(Float(o.radii[0]), Float(o.radii[1]), Float(o.radii[2]), Float(o.radii[3]))
        for (slot, paint) in [layer.fill, layer.stroke?.paint].enumerated() {
            guard let paint else { continue }
            switch paint.geometry {
            case .solid(let c):
                t[2 + slot] = SIMD4<Float>(c)
            case .material(_, let saturation, let tint):
                // lib/material.glsl materialColor: the tint as the fill's colour; the blurred
                // region's origin and 1 / k (GLRenderer's material passes), the saturation.
                t[2 + slot] = SIMD4<Float>(tint)
                if let m = plan.material {
                    t[13] = SIMD4(Float(m.origin.x), Float(m.origin.y), Float(1 / Double(m.plan.k)), Float(saturation))
                }
            case .linear(let s, _):
                // lib/paint.glsl linearGradientT: the start and dt/dp, well conditioned in float.
                let g = paint.linearGradient
                t[4 + slot] = SIMD4(Float(s.x), Float(s.y), Float(g.x), Float(g.y))
            case .angular(let c, let angle, let span):
                t[4 + slot] = SIMD4(Float(c.x), Float(c.y), Float(angle.truncatingRemainder(dividingBy: 360)), Float(span))
            case .radial(let c, let r0, _):
                // lib/paint.glsl radialGradientT: 1 / (r1 - r0) from double.
                t[4 + slot] = SIMD4(Float(c.x), Float(c.y), Float(r0), Float(paint.radialInverseWidth))
            case .path(let offset, let arc):
                // lib/arc_length.glsl pathGradientT: the offset (turns, in [0, 1)) and L (pixels).
                t[4 + slot] = SIMD4(Float(offset), Float(arc.length), 0, 0)
            case .shader(_, let origin, let size, let scale, let time):
                // lib/shader_paint.glsl shaderPaintColor: the shape's rect in pixels; (scale, time).
                t[4 + slot] = SIMD4(Float(origin.x), Float(origin.y), Float(size.x), Float(size.y))
                t[12][2 * slot] = Float(scale)
                t[12][2 * slot + 1] = Float(time)
            }
            if case .solid = paint.geometry { continue }
            if let ramp = paint.ramp {
                let place = ramps.place(ramp)
                t[6][2 * slot] = Float(place.row)
                t[6][2 * slot + 1] = Float(place.count)
                t[7][2 + slot] = place.lutV
            }
        }
        if let placed = plan.text {
            // layer.frag HALO_TEXT: the atlas texel of canvas pixel p is p + xy.
            t[13] = SIMD4(Float(placed.atlas.x) - Float(plan.quad.x0), Float(placed.atlas.y) - Float(plan.quad.y0), 0, 0)
        }
        if let shape = o.shaderShapeTexel { t[14] = shape }   // never with arc tables (no dash or path paint)
        if let stroke = layer.stroke { t[7][0] = Float(stroke.inner); t[7][1] = Float(stroke.outer) }
        if let place = arcs?.places[plan.index] {
            // lib/arc_length.glsl: the layer's lists in the arc tables, L, and the dash's
            // constant membership (no cut) and cap radius.
            t[14] = SIMD4(Float(place.cuts.0), Float(place.cuts.1), Float(place.caps.0), Float(place.caps.1))
            t[15] = SIMD4(Float(place.fillJumps.0), Float(place.fillJumps.1), Float(place.strokeJumps.0), Float(place.strokeJumps.1))
            let arc = layer.stroke?.dash?.arc ?? OutlineArc(layer.outline)
            t[16] = SIMD4(Float(arc.length), place.allOn ? 1 : 0, Float((layer.stroke?.dash?.width ?? 0) / 2), Float(place.ellipseTable))
        }
        t[8] = SIMD4(Float(layer.opacity), Float(layer.glow?.opacity ?? 0), 0, 0)
        let gc = layer.glow?.color ?? Premul(0, 0, 0, -1)
        t[9] = SIMD4<Float>(gc)
        if let gp = plan.glowPlan {
            let r = plan.glowRegion, k = Double(gp.k), a = plan.atlas
            // Atlas texel -> the pixel at its block's centre, and pixel -> atlas texel.
            t[10] = SIMD4(Float(r.x0 - Double(a.x) * k), Float(r.y0 - Double(a.y) * k), Float(k), 0)
            t[11] = SIMD4(Float(Double(a.x) - r.x0 / k), Float(Double(a.y) - r.y0 / k), Float(1 / k), 0)
        }
        return t.flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }
}
