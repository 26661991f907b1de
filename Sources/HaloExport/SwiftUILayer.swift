import Foundation
import HaloCore

/// One layer as SwiftUI: its parts in a `ZStack`, each a shape filling the layer's frame, in
/// the format's order (fill, glow, stroke; with no stroke the glow under the fill), grouped
/// with `.compositingGroup().opacity()` for the layer's opacity. A paint that both the part
/// and its glow use is written once, as a `let` before the stack.
struct SwiftUILayer {
    let layer: Layer
    let index: Int
    let reads: SwiftUIReads
    private(set) var notes: [Approximation] = []
    private(set) var drawsAnything = false
    /// The `let` declarations the parts use (a paint shared by a part and its glow).
    private(set) var declarations: [String] = []
    /// How many of the last parts are drawn over a component's content: a stroke and its glow.
    private(set) var overCount = 0

    /// The corner style's expression where a choice parameter picks it (``SwiftUIParameters/cornerStyle(of:)``).
    let cornerStyle: String?

    init(layer: Layer, index: Int, reads: SwiftUIReads, cornerStyle: String? = nil) {
        self.layer = layer; self.index = index; self.reads = reads; self.cornerStyle = cornerStyle
    }

    private var path: String { "layers[\(index)]" }
    private var n: (Double) -> String { ExportText.num }

    /// The number at `key` under the layer's path: a keyframe or parameter read, or the literal.
    private func number(_ key: String, _ value: Double, cgFloat: Bool = false) -> String {
        reads.number("\(path).\(key)", value, cgFloat: cgFloat)
    }

    private func glowColor(_ c: RGBA) -> String { reads.color(["\(path).glow.color"], c) }

    /// The shape's constructor: `RoundedRectangle(cornerRadius:style:)` for one radius,
    /// `UnevenRoundedRectangle` for four, `Capsule`, `Ellipse`, `Rectangle`.
    var shape: String {
        let s = layer.shape
        switch s.kind {
        case .rect, .text: return "Rectangle()"
        case .shader: return "Rectangle()" // not reached: the exporter leaves shader shapes out
        case .ellipse: return "Ellipse()"
        case .capsule: return "Capsule(style: .circular)"
        case .roundedRect:
            let style = cornerStyle ?? (s.cornerStyle == .continuous ? ".continuous" : ".circular")
            let r = s.resolvedCornerRadii
            if r.allSatisfy({ $0 == r[0] }) {
                return "RoundedRectangle(cornerRadius: \(number("shape.cornerRadius", r[0], cgFloat: true)), style: \(style))"
            }
            let c = (0..<4).map { number("shape.cornerRadius[\($0)]", r[$0], cgFloat: true) }
            return "UnevenRoundedRectangle(topLeadingRadius: \(c[0]), bottomLeadingRadius: \(c[3]), "
                + "bottomTrailingRadius: \(c[2]), topTrailingRadius: \(c[1]), style: \(style))"
        }
    }

    private mutating func paint(_ p: Paint, part: String) -> String? {
        let place = "\(path).\(part)"
        let e = SwiftUIPaint.expression(p, rect: layer.shape.rect, place: place, reads: reads) {
            notes.append(Approximation(place, $0))
        }
        if e == nil { notes.append(Approximation("\(path).\(part)", "a shader paint has no SwiftUI mapping", omitted: true)) }
        return e
    }

    private func glowModifiers(_ g: Glow) -> String {
        ".blur(radius: \(number("glow.radius", g.radius, cgFloat: true))).opacity(\(number("glow.opacity", g.opacity)))"
    }

    /// The parts, each on its own line: a shape's fill, glow and stroke, or a text and its glow.
    mutating func parts() -> [String] {
        guard layer.shape.kind != .text else { return textParts() }
        var fill: [String] = [], stroke: String?, glow: String?
        let glowed = layer.glow != nil && layer.glow?.color == nil
        if let p = layer.fill {
            if layer.stroke == nil && glowed && !p.isMaterial, let e = shared(p, part: "fill", name: "fillPaint") {
                fill = ["\(shape).fill(\(e))"]
                glow = fill[0] + glowModifiers(layer.glow!)
            } else {
                fill = fillPart(p)
            }
        }
        if let s = layer.stroke {
            if glowed, let e = shared(s.paint, part: "stroke.paint", name: "strokePaint") {
                stroke = strokePart(s, paint: e)
                glow = stroke! + glowModifiers(layer.glow!)
            } else {
                stroke = paint(s.paint, part: "stroke.paint").map { strokePart(s, paint: $0) }
            }
        }
        if let g = layer.glow, let c = g.color {
            if let s = layer.stroke { glow = strokePart(s, paint: glowColor(c)) + glowModifiers(g) } else if let f = layer.fill, !f.isMaterial {
                glow = "\(shape).fill(\(glowColor(c)))" + glowModifiers(g)
            }
        }
        if let s = layer.stroke, s.dash != nil {
            notes.append(Approximation("\(path).stroke.dash", "the pattern starts where SwiftUI's path for the shape starts, which need not be the format's start (where the top side leaves the top-left corner)"))
        }
        let parts = layer.stroke == nil ? [glow].compactMap { $0 } + fill : fill + [glow, stroke].compactMap { $0 }
        overCount = layer.stroke == nil ? 0 : [glow, stroke].compactMap { $0 }.count
        drawsAnything = !parts.isEmpty
        return parts
    }

    /// A text layer's parts (``SwiftUIText``): the paragraphs in the fill's style, a glow's copy under them.
    private mutating func textParts() -> [String] {
        guard let fill = layer.fill, let text = SwiftUIText(layer, path: path, reads: reads, notes: &notes),
              let style = paint(fill, part: "fill") else { return [] }
        if case .solid = fill.kind {} else {
            notes.append(Approximation("\(path).fill", "the gradient spans the Text's own bounds, not the layer's rect"))
        }
        let glow = layer.glow.map { g in (color: g.color.map(glowColor) ?? style, modifiers: glowModifiers(g)) }
        let (lets, parts) = text.parts(style: style, glow: glow)
        declarations += lets
        drawsAnything = true
        return parts
    }

    /// The paint as a `let` named `name` (declared once), or nil for a paint with no mapping.
    private mutating func shared(_ p: Paint, part: String, name: String) -> String? {
        guard let e = paint(p, part: part) else { return nil }
        declarations.append("let \(name) = \(e)")
        return name
    }

    /// `parts` in a `ZStack` (one part alone), after the `let`s they use, then `modifiers`
    /// (placement), grouped for the layer's opacity.
    func stack(_ parts: [String], modifiers: String = "", indent: String) -> String {
        let keyedOpacity = reads.isKeyframed("\(path).opacity")
        let opacity = number("opacity", layer.opacity)
        let group = layer.opacity < 1 || keyedOpacity || opacity != n(layer.opacity) ? "\n\(indent).compositingGroup().opacity(\(opacity))" : ""
        let body = parts.isEmpty ? ["Color.clear"] : parts
        let used = declarations.filter { d in parts.contains { $0.contains(d.split(separator: " ")[1]) } }
        let lets = used.map { Self.lay($0, indent: indent) + "\n" }.joined()
        // One part needs no stack.
        if body.count == 1 {
            return lets + Self.lay(body[0], indent: indent) + (modifiers + group).replacingOccurrences(of: "\n", with: "\n    ")
        }
        return lets + "\(indent)ZStack {\n" + body.map { Self.lay($0, indent: indent + "    ") }.joined(separator: "\n") + "\n\(indent)}" + modifiers + group
    }

    /// `code`'s lines at `indent`: a line after one that leaves a bracket open 4 further in, a
    /// line that starts by closing one back out, a modifier (".x") 4 further than its line
    /// unless that line closed a block (`}` then `.frame(...)` line up).
    static func lay(_ code: String, indent: String) -> String {
        var depth = 0, afterClose = false
        return code.split(separator: "\n").map { raw in
            let line = raw.drop { $0 == " " }
            let (net, leadingClose) = brackets(line)
            if leadingClose { depth = max(depth - 1, 0) }
            let modifier = line.hasPrefix(".")
            if !modifier { afterClose = leadingClose }
            let laid = indent + String(repeating: "    ", count: depth + (modifier && !afterClose ? 1 : 0)) + line
            if net > 0 { depth += 1 } else if net < 0 && !leadingClose { depth = max(depth - 1, 0) }
            return laid
        }.joined(separator: "\n")
    }

    /// The brackets a line opens less those it closes, outside string literals, and whether it starts with a closing one.
    private static func brackets(_ line: Substring) -> (net: Int, leadingClose: Bool) {
        var net = 0, quoted = false, escaped = false
        for c in line {
            if quoted {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
                continue
            }
            switch c {
            case "\"": quoted = true
            case "(", "[", "{": net += 1
            case ")", "]", "}": net -= 1
            default: break
            }
        }
        return (net, line.first.map { ")]}".contains($0) } ?? false)
    }

    /// A fill's parts: the paint, or a material and its tint over it.
    private mutating func fillPart(_ p: Paint) -> [String] {
        if case .material(let blur, let saturation, let tint) = p.kind {
            notes.append(Approximation("\(path).fill", "drawn as .ultraThinMaterial with the tint over it: SwiftUI's materials "
                + "are the system's own blurs, not a blur of \(n(blur)) pt and saturation \(n(saturation))"))
            return ["\(shape).fill(.ultraThinMaterial)", "\(shape).fill(\(reads.color(["\(path).fill.tint"], tint)))"]
        }
        return paint(p, part: "fill").map { ["\(shape).fill(\($0))"] } ?? []
    }

    private func strokePart(_ s: Stroke, paint e: String) -> String {
        let width = number("stroke.width", s.width, cgFloat: true)
        var style = "lineWidth: \(width)"
        if let d = s.dash {
            let pattern = d.expandedPattern.enumerated().map { i, v in number("stroke.dash.pattern[\(i % d.pattern.count)]", v, cgFloat: true) }
            style = "style: StrokeStyle(lineWidth: \(width), lineCap: \(d.cap == .round ? ".round" : ".butt"), dash: [\(pattern.joined(separator: ", "))], "
                + "dashPhase: \(number("stroke.dash.phase", d.phase, cgFloat: true)))"
        }
        switch s.alignment {
        case .inside: return "\(shape).strokeBorder(\(e), \(style))"
        case .center: return "\(shape).stroke(\(e), \(style))"
        case .outside:
            let inset = width == n(s.width) ? n(-s.width / 2) : "-\(width) / 2"
            return "\(shape).inset(by: \(inset)).stroke(\(e), \(style))"
        }
    }
}
