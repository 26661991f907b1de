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
        let n = texels * 4
        return [Float](unsafeUninitializedCapacity: plan.layers.count * n) { buf, count in
            for i in plan.layers.indices { LayerRow(plan.layers[i], ramps: ramps, arcs: arcs).store(into: buf.baseAddress! + i * n) }
            count = plan.layers.count * n
        }
    }

    static func row(_ plan: FramePlan.LayerPlan, ramps: RampTextures, arcs: ArcTables? = nil) -> [Float] {
        LayerRow(plan, ramps: ramps, arcs: arcs).floats
    }
}

/// One layer's row of layer data (``LayerData``), its texels by name in their order
/// (Shaders/lib/layer_data.glsl's LAYER_VARYINGs, which a test compares with ``names``).
struct LayerRow {
    var shape = SIMD4<Float>.zero          // 0: centre.xy, half size.zw (pixels)
    var shapeRadii = SIMD4<Float>.zero     // 1: the corners' radii
    var paintColor = (SIMD4<Float>.zero, SIMD4<Float>.zero)        // 2, 3: fill, stroke: solid colour, premultiplied
    var paintGeometry = (SIMD4<Float>.zero, SIMD4<Float>.zero)     // 4, 5: each paint kind's geometry
    var paintRamps = SIMD4<Float>.zero     // 6: ramp row and node count, fill then stroke
    var stroke = SIMD4<Float>.zero         // 7: inner, outer offsets; the paints' lookup-table rows
    var layer = SIMD4<Float>.zero          // 8: opacity, glow opacity
    var glowColor = SIMD4<Float>.zero      // 9: premultiplied; alpha < 0: the stroke's own colours
    var glowMap = SIMD4<Float>.zero        // 10: atlas texel -> the pixel at its block's centre
    var glowAtlas = SIMD4<Float>.zero      // 11: pixel -> atlas texel
    var shaderPaint = SIMD4<Float>.zero    // 12: a shader paint's pixels per point and time, fill then stroke
    var material = SIMD4<Float>.zero       // 13: a material's blurred region, or a text's atlas offset
    var arcListsOrShaderShape = SIMD4<Float>.zero   // 14: the dash's cuts and caps, or a shader shape's scale and time
    var arcJumps = SIMD4<Float>.zero       // 15: the path paints' jumps in the arc tables
    var arcInfo = SIMD4<Float>.zero        // 16: L, the dash's membership, the caps' radius, an ellipse's table

    /// What tile.vert reads each texel into, in row order (a test compares its texelFetch
    /// lines): texel 14 is the arc tables' lists or, for a shader shape, its scale and time.
    static let readers = [["vShape"], ["vShapeRadii"], ["vPaintColor[0]"], ["vPaintColor[1]"], ["vPaintGeometry[0]"],
                          ["vPaintGeometry[1]"], ["vPaintRamps"], ["vStroke"], ["vLayer"], ["vGlowColor"], ["vGlowMap"],
                          ["vGlowAtlas"], ["vShaderPaint"], ["vMaterial"], ["vArcLists", "vShaderShape"], ["vArcJumps"], ["vArcInfo"]]

    /// The row of `plan`'s layer.
    /// - Parameter ramps: the frame's ramps, uploaded (their rows and lookup-table rows).
    /// - Parameter arcs: the frame's arc-length tables, uploaded (dashes, path paints).
    init(_ plan: borrowing FramePlan.LayerPlan, ramps: RampTextures, arcs: ArcTables?) {
        let layer = plan.layer, o = layer.outline
        shape = SIMD4(Float(o.center.x), Float(o.center.y), Float(o.halfSize.x), Float(o.halfSize.y))
        shapeRadii = SIMD4(Float(o.radii[0]), Float(o.radii[1]), Float(o.radii[2]), Float(o.radii[3]))
        for slot in 0..<2 {
            guard let paint = slot == 0 ? layer.fill : layer.stroke?.paint else { continue }
            var color = SIMD4<Float>.zero, geometry = SIMD4<Float>.zero
            defer {
                if slot == 0 { paintColor.0 = color; paintGeometry.0 = geometry } else { paintColor.1 = color; paintGeometry.1 = geometry }
            }
            switch paint.geometry {
            case .solid(let c):
                color = SIMD4<Float>(c)
            case .material(_, let saturation, let tint):
                // lib/material.glsl materialColor: the tint as the fill's colour; the blurred
                // region's origin and 1 / k (GLRenderer's material passes), the saturation.
                color = SIMD4<Float>(tint)
                if let m = plan.material {
                    material = SIMD4(Float(m.origin.x), Float(m.origin.y), Float(1 / Double(m.plan.k)), Float(saturation))
                }
            case .linear(let s, _):
                // lib/paint.glsl linearGradientT: the start and dt/dp, well conditioned in float.
                let g = paint.linearGradient
                geometry = SIMD4(Float(s.x), Float(s.y), Float(g.x), Float(g.y))
            case .angular(let c, let angle, let span):
                geometry = SIMD4(Float(c.x), Float(c.y), Float(angle.truncatingRemainder(dividingBy: 360)), Float(span))
            case .radial(let c, let r0, _):
                // lib/paint.glsl radialGradientT: 1 / (r1 - r0) from double.
                geometry = SIMD4(Float(c.x), Float(c.y), Float(r0), Float(paint.radialInverseWidth))
            case .path(let offset, let arc):
                // lib/arc_length.glsl pathGradientT: the offset (turns, in [0, 1)) and L (pixels).
                geometry = SIMD4(Float(offset), Float(arc.length), 0, 0)
            case .shader(_, let origin, let size, let scale, let time):
                // lib/shader_paint.glsl shaderPaintColor: the shape's rect in pixels; (scale, time).
                geometry = SIMD4(Float(origin.x), Float(origin.y), Float(size.x), Float(size.y))
                shaderPaint[2 * slot] = Float(scale)
                shaderPaint[2 * slot + 1] = Float(time)
            }
            if case .solid = paint.geometry { continue }
            if let ramp = paint.ramp {
                let place = ramps.place(layer: plan.index, slot: slot, ramp: ramp)
                paintRamps[2 * slot] = Float(place.row)
                paintRamps[2 * slot + 1] = Float(place.count)
                stroke[2 + slot] = place.lutV
            }
        }
        if let placed = plan.text {
            // layer.frag HALO_TEXT: the atlas texel of canvas pixel p is p + xy.
            material = SIMD4(Float(placed.atlas.x) - Float(plan.quad.x0), Float(placed.atlas.y) - Float(plan.quad.y0), 0, 0)
        }
        if let shape = o.shaderShapeTexel { arcListsOrShaderShape = shape }   // never with arc tables (no dash or path paint)
        if let s = layer.stroke { stroke[0] = Float(s.inner); stroke[1] = Float(s.outer) }
        if let place = arcs?.places[plan.index] {
            // lib/arc_length.glsl: the layer's lists in the arc tables, L, and the dash's
            // constant membership (no cut) and cap radius.
            arcListsOrShaderShape = SIMD4(Float(place.cuts.0), Float(place.cuts.1), Float(place.caps.0), Float(place.caps.1))
            arcJumps = SIMD4(Float(place.fillJumps.0), Float(place.fillJumps.1), Float(place.strokeJumps.0), Float(place.strokeJumps.1))
            let arc = layer.stroke?.dash?.arc ?? OutlineArc(layer.outline)
            arcInfo = SIMD4(Float(arc.length), place.allOn ? 1 : 0, Float((layer.stroke?.dash?.width ?? 0) / 2), Float(place.ellipseTable))
        }
        self.layer = SIMD4(Float(layer.opacity), Float(layer.glow?.opacity ?? 0), 0, 0)
        glowColor = SIMD4<Float>(layer.glow?.color ?? Premul(0, 0, 0, -1))
        if let gp = plan.glowPlan {
            let r = plan.glowRegion, k = Double(gp.k), a = plan.atlas
            // Atlas texel -> the pixel at its block's centre, and pixel -> atlas texel.
            glowMap = SIMD4(Float(r.x0 - Double(a.x) * k), Float(r.y0 - Double(a.y) * k), Float(k), 0)
            glowAtlas = SIMD4(Float(Double(a.x) - r.x0 / k), Float(Double(a.y) - r.y0 / k), Float(1 / k), 0)
        }
    }

    /// Writes the texels in row order (``LayerData/texels`` of them, four floats each), as the
    /// layer-data texture takes them, from `out` on.
    func store(into out: UnsafeMutablePointer<Float>) {
        out.withMemoryRebound(to: SIMD4<Float>.self, capacity: LayerData.texels) { t in
            t[0] = shape; t[1] = shapeRadii; t[2] = paintColor.0; t[3] = paintColor.1; t[4] = paintGeometry.0
            t[5] = paintGeometry.1; t[6] = paintRamps; t[7] = stroke; t[8] = layer; t[9] = glowColor; t[10] = glowMap
            t[11] = glowAtlas; t[12] = shaderPaint; t[13] = material; t[14] = arcListsOrShaderShape; t[15] = arcJumps; t[16] = arcInfo
        }
    }

    /// The texels as floats (``store(into:)``).
    var floats: [Float] {
        [Float](unsafeUninitializedCapacity: LayerData.texels * 4) { buf, count in
            store(into: buf.baseAddress!)
            count = LayerData.texels * 4
        }
    }

    /// The index of the texel holding the layer's and the glow's opacity (``layer``).
    static let layerTexel = 8
}
