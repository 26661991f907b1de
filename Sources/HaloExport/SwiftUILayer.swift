import Foundation
import HaloCore

/// One layer as the body of a SwiftUI computed property: its parts in a `ZStack`, each a
/// shape framed at the layer's rect and offset to it, in the format's order (fill, glow,
/// stroke; with no stroke the glow under the fill), grouped with
/// `.compositingGroup().opacity()` for the layer's opacity.
struct SwiftUILayer {
    let layer: Layer
    let index: Int
    /// Swift expressions of keyframed values by JSON path (``SwiftUIKeyframes``).
    let keyframed: [String: String]
    private(set) var notes: [Approximation] = []
    private(set) var drawsAnything = false

    init(layer: Layer, index: Int, keyframed: [String: String] = [:]) { self.layer = layer; self.index = index; self.keyframed = keyframed }

    /// The number at `key` (under the layer's path): its keyframe expression, or the literal.
    private func number(_ key: String, _ value: Double, cgFloat: Bool = false) -> String {
        guard let e = keyframed["\(path).\(key)"] else { return n(value) }
        return cgFloat ? "CGFloat(\(e))" : e
    }

    private func glowColor(_ c: RGBA) -> String { keyframed["\(path).glow.color"] ?? SwiftUIPaint.color(c) }

    private var path: String { "layers[\(index)]" }
    private var n: (Double) -> String { ExportText.num }

    /// The shape's constructor: `RoundedRectangle(cornerRadius:style:)` for one radius,
    /// `UnevenRoundedRectangle` for four, `Capsule`, `Ellipse`, `Rectangle`.
    private var shape: String {
        let s = layer.shape
        switch s.kind {
        case .rect, .text: return "Rectangle()"
        case .shader: return "Rectangle()" // not reached: the exporter leaves shader shapes out
        case .ellipse: return "Ellipse()"
        case .capsule: return "Capsule(style: .circular)"
        case .roundedRect:
            let style = s.cornerStyle == .continuous ? ".continuous" : ".circular"
            let r = s.resolvedCornerRadii
            if r.allSatisfy({ $0 == r[0] }) { return "RoundedRectangle(cornerRadius: \(n(r[0])), style: \(style))" }
            return "UnevenRoundedRectangle(topLeadingRadius: \(n(r[0])), bottomLeadingRadius: \(n(r[3])), "
                + "bottomTrailingRadius: \(n(r[2])), topTrailingRadius: \(n(r[1])), style: \(style))"
        }
    }

    /// `.frame(width:height:).offset(x:y:)`: the part placed at the layer's rect.
    private var placement: String {
        let r = layer.shape.rect
        return ".frame(width: \(n(r.w)), height: \(n(r.h))).offset(x: \(n(r.x)), y: \(n(r.y)))"
    }

    private mutating func paint(_ p: Paint, part: String) -> String? {
        let place = "\(path).\(part)"
        let e = SwiftUIPaint.expression(p, rect: layer.shape.rect, place: place, keyframed: keyframed) {
            notes.append(Approximation(place, $0))
        }
        if e == nil { notes.append(Approximation("\(path).\(part)", "a shader paint has no SwiftUI mapping", omitted: true)) }
        return e
    }

    private func glowModifiers(_ g: Glow) -> String {
        ".blur(radius: \(number("glow.radius", g.radius, cgFloat: true))).opacity(\(number("glow.opacity", g.opacity)))"
    }

    mutating func body() -> String {
        var parts: [String] = []
        if layer.shape.kind == .text {
            if let fill = layer.fill, let text = layer.shape.text {
                if let g = layer.glow { parts += textLines(text, fill: fill, glow: g) }
                parts += textLines(text, fill: fill, glow: nil)
            }
        } else {
            let fill = layer.fill.flatMap { fillPart($0, glow: nil) }
            let stroke = layer.stroke.flatMap { strokePart($0, glow: nil) }
            var glow: String?
            if let g = layer.glow {
                if let s = layer.stroke { glow = strokePart(s, glow: g) } else if let f = layer.fill, !f.isMaterial { glow = fillPart(f, glow: g) }
            }
            parts = (layer.stroke == nil ? [glow, fill] : [fill, glow, stroke]).compactMap { $0 }
        }
        drawsAnything = !parts.isEmpty
        if parts.isEmpty { parts = ["Color.clear"] }
        let keyedOpacity = keyframed["\(path).opacity"] != nil
        let group = layer.opacity < 1 || keyedOpacity ? "\n        .compositingGroup().opacity(\(number("opacity", layer.opacity)))" : ""
        return "        ZStack(alignment: .topLeading) {\n" + parts.map { "            " + $0 }.joined(separator: "\n") + "\n        }" + group
    }

    private mutating func fillPart(_ p: Paint, glow: Glow?) -> String? {
        if case .material(let blur, let saturation, let tint) = p.kind {
            notes.append(Approximation("\(path).fill", "drawn as .ultraThinMaterial with the tint over it: SwiftUI's materials "
                + "are the system's own blurs, not a blur of \(n(blur)) pt and saturation \(n(saturation))"))
            return "\(shape).fill(.ultraThinMaterial)\(placement)\n            \(shape).fill(\(SwiftUIPaint.color(tint)))\(placement)"
        }
        if let c = glow?.color { return "\(shape).fill(\(glowColor(c)))\(placement)\(glowModifiers(glow!))" }
        guard let e = paint(p, part: "fill") else { return nil }
        return "\(shape).fill(\(e))\(placement)" + (glow.map(glowModifiers) ?? "")
    }

    private mutating func strokePart(_ s: Stroke, glow: Glow?) -> String? {
        let e: String
        if let c = glow?.color { e = glowColor(c) } else {
            guard let p = paint(s.paint, part: "stroke.paint") else { return nil }
            e = p
        }
        var style = "StrokeStyle(lineWidth: \(number("stroke.width", s.width, cgFloat: true))"
        if let d = s.dash {
            style += ", lineCap: \(d.cap == .round ? ".round" : ".butt"), dash: [\(d.expandedPattern.map(n).joined(separator: ", "))], dashPhase: \(number("stroke.dash.phase", d.phase, cgFloat: true))"
            if glow == nil {
                notes.append(Approximation("\(path).stroke.dash", "the pattern starts where SwiftUI's path for the shape starts, which need not be the format's start (where the top side leaves the top-left corner)"))
            }
        }
        style += ")"
        let stroked: String
        switch s.alignment {
        case .inside: stroked = "\(shape).strokeBorder(\(e), style: \(style))"
        case .center: stroked = "\(shape).stroke(\(e), style: \(style))"
        case .outside: stroked = "\(shape).inset(by: \(n(-s.width / 2))).stroke(\(e), style: \(style))"
        }
        return stroked + placement + (glow.map(glowModifiers) ?? "")
    }

    /// One `Text` per line of Halo's layout (docs/scene-format.md "Text"), offset to its start
    /// and its baseline less the font's ascender.
    private mutating func textLines(_ text: TextShape, fill: Paint, glow: Glow?) -> [String] {
        guard let face = try? FontFace.load(text.fontFile) else {
            notes.append(Approximation("\(path).shape.font", "the font could not be read", omitted: true))
            return []
        }
        let r = layer.shape.rect
        let layout = TextLayout(text.text, face: face, rect: (r.x, r.y, r.w, r.h), size: text.size, align: text.align, lineHeight: text.lineHeight)
        let asc = Double(face.ascender) * layout.k
        let weights = [(150, "ultraLight"), (250, "thin"), (350, "light"), (450, "regular"), (550, "medium"), (650, "semibold"), (750, "bold"), (850, "heavy")]
        let weight = weights.first { text.weight < $0.0 }?.1 ?? "black"
        if glow == nil {
            notes.append(Approximation("\(path).shape", "each line a Text placed at Halo's line start, its top at the baseline less the font's ascender (SwiftUI's own line metrics may differ)"))
            if text.weight % 100 != 0 { notes.append(Approximation("\(path).shape.weight", "weight \(text.weight) drawn as .\(weight)")) }
            if ExportText.hasRightToLeft(text.text) {
                notes.append(Approximation("\(path).shape.text", "right-to-left text is reordered by SwiftUI's bidirectional layout; Halo draws each line in logical order, left to right"))
            }
        }
        var style: String
        if let c = glow?.color { style = glowColor(c) } else {
            guard let e = paint(fill, part: "fill") else { return [] }
            style = e
            if case .solid = fill.kind {} else if glow == nil {
                notes.append(Approximation("\(path).fill", "the gradient spans each line's frame, not the text's rect"))
            }
        }
        let family = text.font.contains(".") ? ((text.fontFile.path as NSString).lastPathComponent as NSString).deletingPathExtension : text.font
        return layout.lines.map { line in
            "Text(\"\(ExportText.swiftString(line.text))\").font(.custom(\"\(ExportText.swiftString(family))\", size: \(n(text.size))).weight(.\(weight)))"
                + (text.italic ? ".italic()" : "") + ".foregroundStyle(\(style)).fixedSize()"
                + ".offset(x: \(n(line.x)), y: \(n(line.baseline - asc)))" + (glow.map(glowModifiers) ?? "")
        }
    }
}
