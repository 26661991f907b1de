import Foundation
import HaloCore

/// One layer's elements: its fill, glow and stroke in the format's order (docs/scene-format.md
/// "Layers": fill, glow, stroke; with no stroke the glow under the fill), grouped for the
/// layer's opacity.
struct CSSLayerParts {
    let sheet: CSSSheet
    let layer: Layer
    let index: Int
    let canvas: Canvas
    /// The `var()` reading each animated keyframe track (``CSSKeyframes``) or referenced
    /// parameter (``CSSParameters``), by JSON path.
    let keyframed: [String: String]
    private(set) var notes: [Approximation] = []
    private(set) var drawsAnything = false

    init(sheet: CSSSheet, layer: Layer, index: Int, canvas: Canvas, keyframed: [String: String] = [:]) {
        self.sheet = sheet; self.layer = layer; self.index = index; self.canvas = canvas; self.keyframed = keyframed
    }

    private var path: String { "layers[\(index)]" }
    private var outline: OutlinePath { OutlinePath(layer.shape) }
    private var n: (Double) -> String { ExportText.num }

    mutating func html() -> String {
        let material = layer.fill?.isMaterial ?? false
        var parts: [String] = []
        if layer.shape.kind == .text {
            if let fill = layer.fill {
                let text = textElement(fill, glow: nil)
                if let glow = layer.glow { parts.append(textElement(fill, glow: glow)) }
                parts.append(text)
            }
        } else {
            let fill = layer.fill.map { fillElement($0) } ?? ""
            let stroke = layer.stroke.map { strokeElement($0, glow: nil) } ?? ""
            var glow = ""
            if let g = layer.glow {
                if let s = layer.stroke { glow = strokeElement(s, glow: g) } else if let f = layer.fill, !f.isMaterial { glow = fillElement(f, glow: g) }
            }
            parts = layer.stroke == nil ? [glow, fill] : [fill, glow, stroke]
        }
        let inner = parts.joined()
        let opacity = keyframed["\(path).opacity"] ?? n(layer.opacity)
        guard layer.opacity < 1 || keyframed["\(path).opacity"] != nil else { return inner }
        if material {
            // A layer's opacity makes its element a backdrop root (CSS Filter Effects 2), so a
            // material inside it would blur nothing: each part takes the opacity instead.
            if layer.stroke != nil || layer.glow != nil {
                notes.append(Approximation("\(path).opacity", "applied to each part of the layer, not to the layer as a group (a material cannot sit in an opacity group)"))
            }
            let cls = sheet.name("op")
            sheet.rule(cls, ["opacity: \(opacity)"])
            return inner.replacingOccurrences(of: "class=\"", with: "class=\"\(cls) ")
        }
        let cls = sheet.name("layer")
        sheet.rule(cls, ["position: absolute", "inset: 0", "opacity: \(opacity)"])
        return "<div class=\"\(cls)\">\(inner)</div>"
    }

    /// The box of the outline grown by `d` points (shrunk for d < 0, never below zero size).
    private func grown(_ d: Double) -> Rect {
        let r = layer.shape.rect
        let e = max(d, -min(r.w, r.h) / 2)
        return Rect(r.x - e, r.y - e, r.w + 2 * e, r.h + 2 * e)
    }

    /// `r` grown to whole pixels of the canvas (scale pixels a point): browsers snap an
    /// element's box to device pixels, which would move a mask drawn in a fractional box by
    /// up to half a pixel; in a snapped box the mask's geometry stays where the scene puts it.
    private func snapped(_ r: Rect) -> Rect {
        let s = canvas.scale
        let x0 = (r.x * s).rounded(.down) / s, y0 = (r.y * s).rounded(.down) / s
        let x1 = ((r.x + r.w) * s).rounded(.up) / s, y1 = ((r.y + r.h) * s).rounded(.up) / s
        return Rect(x0, y0, max(x1 - x0, 1 / s), max(y1 - y0, 1 / s))
    }

    private func placed(_ box: Rect) -> [String] {
        ["position: absolute", "left: \(ExportText.px(box.x))", "top: \(ExportText.px(box.y))",
         "width: \(ExportText.px(box.w))", "height: \(ExportText.px(box.h))"]
    }

    private func glowDeclarations(_ glow: Glow) -> [String] {
        let radius = keyframed["\(path).glow.radius"].map { "calc(\($0) * 1px)" } ?? ExportText.px(glow.radius)
        return ["position: absolute", "inset: 0", "filter: blur(\(radius))", "opacity: \(keyframed["\(path).glow.opacity"] ?? n(glow.opacity))"]
    }

    /// A glow: `element` inside a canvas-sized element blurred by the glow's sigma. CSS applies
    /// an element's filter before its mask (CSS Masking 1, "filter, clipping, masking,
    /// opacity"), so the blur must sit on an element around the masked one.
    private mutating func wrapped(_ element: String, glow: Glow) -> String {
        if 3 * glow.radius > max(canvas.width, canvas.height) {
            notes.append(Approximation("\(path).glow", "a blur wider than the canvas (3 sigma = \(n(3 * glow.radius)) pt): "
                + "Chromium's blur of it differs from the Gaussian (measured brighter, docs/code-export.md)"))
        }
        let cls = sheet.name("glow")
        sheet.rule(cls, glowDeclarations(glow))
        return "<div class=\"\(cls)\">\(element)</div>"
    }

    private mutating func paintDeclarations(_ paint: Paint, box: Rect, glow: Glow?, part: String) -> [String] {
        if let color = glow?.color {
            if paint.stops.contains(where: { $0.color.a < 1 }) {
                notes.append(Approximation("\(path).glow.color", "drawn in the colour alone, not times the \(part) paint's alpha"))
            }
            return ["background: \(keyframed["\(path).glow.color"] ?? ExportText.css(color))"]
        }
        let place = part == "fill" ? "fill" : "stroke.paint"
        if case .solid(let c) = paint.kind { return ["background: \(keyframed["\(path).\(place).color"] ?? ExportText.css(c))"] }
        if case .shader = paint.kind {
            notes.append(Approximation("\(path).\(part).paint", "a shader paint has no CSS mapping", omitted: true))
            return []
        }
        var overrides: [Int: String] = [:]
        for i in paint.stops.indices {
            if let v = keyframed["\(path).\(place).colors[\(i)]"] ?? keyframed["\(path).\(place).stops[\(i)].color"] { overrides[i] = v }
        }
        let css = CSSPaint(sheet: sheet, paint: paint, rect: layer.shape.rect, box: box, pixel: 1 / canvas.scale, colors: overrides,
                           period: keyframed["\(path).\(place).rotation.period"])
        notes += css.differences.map { Approximation("\(path).\(place)", $0) }
        return css.declarations() ?? []
    }

    private mutating func fillElement(_ paint: Paint, glow: Glow? = nil) -> String {
        let box = snapped(layer.shape.rect)
        let cls = sheet.name(glow == nil ? "fill" : "glow")
        var decl = placed(box)
        if case .material(let blur, let saturation, let tint) = paint.kind {
            decl += ["backdrop-filter: blur(\(ExportText.px(blur))) saturate(\(n(saturation)))", "background: \(ExportText.css(tint))"]
            let r = layer.shape.rect
            let local = OutlinePath(kind: outline.kind, rect: Rect(r.x - box.x, r.y - box.y, r.w, r.h), radii: outline.radii)
            decl.append("clip-path: path('\(local.svg)')")
            notes.append(Approximation("\(path).fill", "backdrop-filter's blur and saturate; the browser repeats the canvas's edge by its own edge mode, and CSS Filter Effects' saturate is applied unpremultiplied"))
            drawsAnything = true
            sheet.rule(cls, decl)
            return "<div class=\"\(cls)\"></div>"
        }
        if case .path(let offset) = paint.kind {
            notes.append(Approximation("\(path).fill.paint", "a path paint inside a fill is drawn as bands along the outline's normals, pieces of \(n(CSSPathPaint.pieceLength)) pt"))
            let id = sheet.name("clip")
            let depth = min(box.w, box.h)
            let svg = CSSPathPaint(sheet: sheet, paint: paint, offset: offset, outline: outline)
                .svg(box: box, width: 2 * depth, clipDefinition: "<clipPath id='\(id)'><path d='\(outline.svg)'/></clipPath>",
                     clip: "clip-path='url(#\(id))'", glowColor: glow?.color)
            drawsAnything = true
            return glow.map { wrapped(svg, glow: $0) } ?? svg
        }
        let paintDecl = paintDeclarations(paint, box: box, glow: glow, part: "fill")
        guard !paintDecl.isEmpty else { return "" }
        decl += paintDecl + SVGMask.maskDeclarations(SVGMask.fill(outline), box: box)
        drawsAnything = true
        sheet.rule(cls, decl)
        return glow.map { wrapped("<div class=\"\(cls)\"></div>", glow: $0) } ?? "<div class=\"\(cls)\"></div>"
    }

    private mutating func strokeElement(_ stroke: Stroke, glow: Glow?) -> String {
        let outer = stroke.edgeOffsets.outer
        // Round caps reach w / 2 beyond the band's ends; mitres of a centred stroke up to w / 2 x sqrt 2.
        let box = snapped(grown(outer + stroke.width))
        let cls = sheet.name(glow == nil ? "stroke" : "glow")
        if case .path(let offset) = stroke.paint.kind {
            if stroke.dash != nil {
                notes.append(Approximation("\(path).stroke.dash", "a dashed path paint is drawn without its dashes"))
            }
            notes.append(Approximation("\(path).stroke.paint", "a path paint is drawn as \(n(CSSPathPaint.pieceLength)) pt pieces of one colour each along the outline (SVG dashes)"))
            let id = sheet.name("clip")
            let (definition, clip): (String, String)
            switch stroke.alignment {
            case .center: (definition, clip) = ("", "")
            case .inside: (definition, clip) = ("<clipPath id='\(id)'><path d='\(outline.svg)'/></clipPath>", "clip-path='url(#\(id))'")
            case .outside:
                definition = "<mask id='\(id)' maskUnits='userSpaceOnUse' x='\(n(box.x))' y='\(n(box.y))' width='\(n(box.w))' height='\(n(box.h))'>"
                    + "<rect x='\(n(box.x))' y='\(n(box.y))' width='\(n(box.w))' height='\(n(box.h))' fill='#fff'/><path d='\(outline.svg)' fill='#000'/></mask>"
                clip = "mask='url(#\(id))'"
            }
            let width = stroke.alignment == .center ? stroke.width : 2 * stroke.width
            let svg = CSSPathPaint(sheet: sheet, paint: stroke.paint, offset: offset, outline: outline)
                .svg(box: box, width: width, clipDefinition: definition, clip: clip, glowColor: glow?.color)
            drawsAnything = true
            return glow.map { wrapped(svg, glow: $0) } ?? svg
        }
        if let width = keyframed["\(path).stroke.width"], let ring = ringDeclarations(stroke, width: width) {
            let paintDecl = paintDeclarations(stroke.paint, box: layer.shape.rect, glow: glow, part: "stroke")
            guard !paintDecl.isEmpty else { return "" }
            drawsAnything = true
            sheet.rule(cls, placed(layer.shape.rect) + paintDecl + ring)
            return glow.map { wrapped("<div class=\"\(cls)\"></div>", glow: $0) } ?? "<div class=\"\(cls)\"></div>"
        }
        let paintDecl = paintDeclarations(stroke.paint, box: box, glow: glow, part: "stroke")
        guard !paintDecl.isEmpty else { return "" }
        var decl = placed(box) + paintDecl
        var maskNote: String?
        decl += SVGMask.maskDeclarations(SVGMask.stroke(outline, stroke, id: sheet.name("m"), box: box, note: { maskNote = $0 }), box: box)
        if let maskNote, glow == nil { notes.append(Approximation("\(path).stroke.dash", maskNote)) }
        drawsAnything = true
        sheet.rule(cls, decl)
        return glow.map { wrapped("<div class=\"\(cls)\"></div>", glow: $0) } ?? "<div class=\"\(cls)\"></div>"
    }

    /// An inside stroke whose width CSS reads (`width`, a number of points): the element at
    /// the shape's rect, its corners rounded by the outline's radii, masked to the band
    /// between its border box and its content box inset by the width as padding. CSS rounds
    /// the content box's corners by each radius less the width (CSS Backgrounds 3, "Corner
    /// Shaping"), which is the inside offset of a circular corner: exact for a rect, a
    /// circular rounded rect and a capsule. nil (the width drawn as the scene's value, in
    /// the SVG mask) for another alignment or outline, a dash, or a rect off the pixel grid.
    private func ringDeclarations(_ stroke: Stroke, width: String) -> [String]? {
        let r = layer.shape.rect
        guard stroke.alignment == .inside, stroke.dash == nil, outline.kind == .circular, snapped(r) == r else { return nil }
        return ["box-sizing: border-box", "padding: calc(\(width) * 1px)",
                "border-radius: " + outline.radii.map { ExportText.px($0) }.joined(separator: " "),
                "mask-image: linear-gradient(#000 0 0), linear-gradient(#000 0 0)", "mask-clip: content-box, border-box",
                "mask-composite: exclude"]
    }

    /// A text layer: each line of Halo's own layout (docs/scene-format.md "Text") placed at its
    /// start and baseline, in the font's family and weight; a gradient through
    /// `background-clip: text`.
    private mutating func textElement(_ paint: Paint, glow: Glow?) -> String {
        guard let text = layer.shape.text else { return "" }
        let rect = layer.shape.rect
        guard let face = try? FontFace.load(text.fontFile) else {
            notes.append(Approximation("\(path).shape.font", "the font could not be read", omitted: true))
            return ""
        }
        let layout = TextLayout(text.text, face: face, rect: (rect.x, rect.y, rect.w, rect.h), size: text.size,
                                align: text.align, lineHeight: text.lineHeight)
        let lh = text.lineHeight * text.size
        let asc = Double(face.ascender) * layout.k, desc = Double(face.descender) * layout.k
        let family = text.font.lowercased().hasSuffix(".ttf") || text.font.lowercased().hasSuffix(".otf") || text.font.lowercased().hasSuffix(".ttc")
            ? ((text.fontFile.path as NSString).lastPathComponent as NSString).deletingPathExtension : text.font
        if family != text.font, glow == nil {
            notes.append(Approximation("\(path).shape.font", "a font file is named by its file name as a family: install it, or the browser substitutes another"))
        }
        if glow == nil {
            notes.append(Approximation("\(path).shape", "the browser shapes and rasterises the glyphs itself, each baseline on a whole device pixel (the exact image places it anywhere): the glyphs' top and bottom rows differ"))
        }
        let cls = sheet.name(glow == nil ? "text" : "glow")
        // Halo draws each line in logical order, left to right, shaped as one left-to-right
        // run: `direction: ltr` with `unicode-bidi: bidi-override` on each line (not inherited)
        // keeps the browser from reordering right-to-left text.
        var decl = placed(rect) + ["direction: ltr", "font-family: '\(family)'", "font-size: \(ExportText.px(text.size))", "font-weight: \(text.weight)",
                                   "font-style: \(text.italic ? "italic" : "normal")", "white-space: pre", "font-kerning: normal"]
        if case .solid(let c) = paint.kind {
            let color = glow?.color.map { keyframed["\(path).glow.color"] ?? ExportText.css($0) } ?? keyframed["\(path).fill.color"] ?? ExportText.css(c)
            decl.append("color: \(color)")
        } else {
            let p = paintDeclarations(paint, box: rect, glow: glow, part: "fill")
            decl += p + ["background-clip: text", "-webkit-background-clip: text", "color: transparent"]
            if glow == nil { notes.append(Approximation("\(path).fill", "the gradient is clipped to the glyphs within the text's rect (CSS background-clip: text paints only the element's box)")) }
        }
        sheet.rule(cls, decl)
        // Each line box is lh tall with the font's ascender and descender centred in it (CSS
        // half-leading), as the format places baselines: top = baseline - (lh - (asc - desc)) / 2 - asc.
        // Lines stay in flow (position: relative, each lh below the one before), so that
        // background-clip: text reaches them.
        let lines = layout.lines.enumerated().map { i, line -> String in
            let top = line.baseline - (lh - (asc - desc)) / 2 - asc - rect.y - Double(i) * lh
            return "<div style=\"position: relative; left: \(ExportText.px(line.x - rect.x)); top: \(ExportText.px(top)); "
                + "height: \(ExportText.px(lh)); line-height: \(ExportText.px(lh)); unicode-bidi: bidi-override\">\(ExportText.html(line.text))</div>"
        }
        drawsAnything = true
        let element = "<div class=\"\(cls)\">\(lines.joined())</div>"
        return glow.map { wrapped(element, glow: $0) } ?? element
    }
}
