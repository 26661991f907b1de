import Foundation

/// A layer (docs/scene-format.md "Layers"): its shape, fill, stroke (with its dash), glow and opacity.
extension SceneReader {
    /// A layer: its shape, then fill, stroke, glow and opacity, each checked against the shape.
    func layer(_ v: JSONValue, _ path: String) throws -> Layer {
        let o = try object(v, path, required: ["shape"], optional: ["fill", "stroke", "glow", "opacity"])
        var layer = Layer(shape: try shape(o["shape"]!, join(path, "shape")))
        if layer.shape.kind == .text {
            // docs/scene-format.md "Text": text takes a fill (any paint but a material) and a glow of its fill.
            if let s = o["stroke"] { throw fail(join(path, "stroke"), "no stroke on a text shape (text takes a fill and a glow)", s) }
            if let f = o["fill"], isMaterial(f) {
                throw fail(join(join(path, "fill"), "type"), "a paint other than a material on a text shape", .string("material"))
            }
            // A path paint follows an outline (docs/scene-format.md "Outline and arc length" names rect,
            // roundedRect, capsule and ellipse); text has none.
            if case .object(let f)? = o["fill"], case .string("path")? = f["type"] {
                throw fail(join(join(path, "fill"), "type"), "a paint other than a path on a text shape (text has no outline)", .string("path"))
            }
        }
        if layer.shape.kind == .shader { try refuseArcLength(onShaderLayer: o, path) }
        if let f = o["fill"] { layer.fill = try isMaterial(f) ? material(f, join(path, "fill")) : paint(f, join(path, "fill")) }
        if let s = o["stroke"] {
            let sp = join(path, "stroke")
            let so = try object(s, sp, required: ["paint", "width"], optional: ["alignment", "dash"])
            // No upper limit (docs/scene-format.md "Stroke"): a stroke wider than the canvas is a crop.
            let width = try number(so["width"], join(sp, "width"), min: 0, minOpen: true)
            if isMaterial(so["paint"]!) {
                throw fail(join(join(sp, "paint"), "type"), "a paint (a material is allowed only as a layer's fill)", .string("material"))
            }
            layer.stroke = Stroke(paint: try paint(so["paint"]!, join(sp, "paint")), width: width,
                                  alignment: try so["alignment"].map { try choice($0, join(sp, "alignment"), Stroke.Alignment.self) } ?? .center,
                                  dash: try so["dash"].map { try dash($0, join(sp, "dash")) })
        }
        if let g = o["glow"] {
            let gp = join(path, "glow")
            if o["stroke"] == nil && (o["fill"] == nil || isMaterial(o["fill"]!)) {
                throw SceneError(file: file, path: gp,
                                 expected: "a glow on a layer with a stroke or a fill that is not a material (the glow blurs the stroke, else the fill)",
                                 found: o["fill"] == nil ? "no stroke and no fill" : "a material fill only")
            }
            let go = try object(g, gp, required: ["radius"], optional: ["opacity", "color"])
            let radius = try number(go["radius"], join(gp, "radius"), min: 0)
            if radius > Limits.maxGlowRadius {
                throw fail(join(gp, "radius"), "a glow radius of at most \(fmt(Limits.maxGlowRadius)) pt", go["radius"])
            }
            layer.glow = Glow(radius: radius,
                              opacity: try go["opacity"].map { try number($0, join(gp, "opacity"), min: 0, max: 1) } ?? 1,
                              color: try go["color"].map { try color($0, join(gp, "color")) })
        }
        layer.opacity = try o["opacity"].map { try number($0, join(path, "opacity"), min: 0, max: 1) } ?? 1
        return layer
    }

    /// A stroke's `dash` (docs/scene-format.md "Stroke"): `pattern` (required, lengths in points,
    /// alternately dashes and gaps; every gap > 0, every dash > 0 or >= 0 with round caps;
    /// in an odd pattern every entry is also a gap), `phase` (points, default 0), `cap`.
    func dash(_ v: JSONValue, _ path: String) throws -> Dash {
        let o = try object(v, path, required: ["pattern"], optional: ["phase", "cap"])
        let cap = try o["cap"].map { try choice($0, join(path, "cap"), Dash.Cap.self) } ?? .butt
        let pp = join(path, "pattern")
        guard case .array(let list)? = o["pattern"], !list.isEmpty else {
            throw fail(pp, "a non-empty list of lengths in points [dash, gap, ...]", o["pattern"])
        }
        if list.count > Limits.maxDashEntries {
            throw SceneError(file: file, path: pp, expected: "at most \(Limits.maxDashEntries) lengths", found: "\(list.count) lengths")
        }
        var pattern: [Double] = []
        for (i, x) in list.enumerated() {
            let p = "\(pp)[\(i)]"
            let v = try number(x, p)
            // Odd patterns repeat once, so every entry is a gap there too.
            let isGap = i % 2 == 1 || list.count % 2 == 1
            if isGap && !(v > 0) {
                throw fail(p, list.count % 2 == 1 ? "a length > 0 (in an odd pattern every entry is also a gap)" : "a gap > 0", x)
            }
            if v < 0 { throw fail(p, "a dash >= 0", x) }
            if v == 0 && cap != .round { throw fail(p, "a dash > 0 (a dash of 0, a dot, needs \"cap\": \"round\")", x) }
            pattern.append(v)
        }
        return Dash(pattern: pattern, phase: try o["phase"].map { try number($0, join(path, "phase")) } ?? 0, cap: cap)
    }
}
