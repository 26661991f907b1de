import Foundation
import HaloCore

/// A scene whose layers form one control, exported as a type that sizes to its content:
///
/// - shapes sharing one rect (a fill, a border, a glow) and one text layer in it, its label:
///   a `ButtonStyle` that draws any `Button`'s label in the text's font and paint, padded as
///   the scene's label is in its rect (measured by Halo's layout); the layers under the text
///   become its `.background`, those over it its `.overlay`. The scene's text is the
///   preview's `Button` title.
/// - shapes sharing one rect and no text: a `ViewModifier` that draws the fills behind its
///   content and the strokes (with their glows) over it.
///
/// Each shape fills the content's frame.
struct SwiftUIComponent {
    enum Form { case buttonStyle, modifier }

    /// A button style's label: the text layer's index, its text, paint, opacity and padding.
    private struct Label {
        let index: Int
        let text: SwiftUIText
        let style: String
        let opacity: String?
        let padding: (h: Double, v: Double)
    }

    /// The type's name: the scene's type name and "Style" or "Modifier".
    let typeName: String
    /// The shape layers' members, each marked as drawn behind or over the content.
    let members: [SwiftUIExporter.LayerView]
    private let label: Label?

    /// The form `layers` take: a button style for shapes sharing one rect (rects, rounded
    /// rects, capsules, ellipses) with one text layer in that rect (without glow, with a fill,
    /// its font readable, no choice or boolean parameter it depends on); a view modifier for
    /// such shapes without text, when drawing every fill behind the content and every stroke
    /// over it keeps the format's order (no fill after a stroke) and no layer split in two has
    /// an opacity of its own (`varies` says whether a path is keyframed or a parameter's).
    static func form(of layers: [Layer], parameters: ExportParameters, varies: (String) -> Bool) -> Form? {
        guard let r = layers.first?.shape.rect, layers.allSatisfy({ l in
            [.rect, .roundedRect, .capsule, .ellipse, .text].contains(l.shape.kind)
                && abs(l.shape.rect.x - r.x) < 1e-9 && abs(l.shape.rect.y - r.y) < 1e-9
                && abs(l.shape.rect.w - r.w) < 1e-9 && abs(l.shape.rect.h - r.h) < 1e-9
        }) else { return nil }
        let texts = layers.indices.filter { layers[$0].shape.kind == .text }
        if texts.isEmpty {
            guard let firstStroke = layers.firstIndex(where: { $0.stroke != nil }) else { return nil }
            let ordered = layers[(firstStroke + 1)...].allSatisfy { $0.fill == nil && ($0.glow == nil || $0.stroke != nil) }
            let whole = layers.indices.allSatisfy { i in
                layers[i].fill == nil || layers[i].stroke == nil || (layers[i].opacity == 1 && !varies("layers[\(i)].opacity"))
            }
            return ordered && whole ? .modifier : nil
        }
        guard texts.count == 1, layers.count > 1, let label = layers[texts[0]].shape.text, (try? FontFace.load(label.fontFile)) != nil else { return nil }
        let t = layers[texts[0]]
        guard t.glow == nil, t.fill != nil, parameters.switches(under: "layers[\(texts[0])]").isEmpty else { return nil }
        return .buttonStyle
    }

    /// The component of `form` for the layers' members, or nil when a button's text cannot be read.
    init?(_ form: Form, typeName: String, layers: [SwiftUIExporter.LayerView], reads: SwiftUIReads, notes: inout [Approximation]) {
        guard form == .buttonStyle else {
            self.typeName = typeName + "Modifier"; members = layers; label = nil
            return
        }
        guard let t = layers.first(where: { $0.layer.shape.kind == .text }), let fill = t.layer.fill else { return nil }
        let path = "layers[\(t.index)]"
        guard let text = SwiftUIText(t.layer, path: path, reads: reads, notes: &notes) else { return nil }
        var paintNotes: [String] = []
        guard let style = SwiftUIPaint.expression(fill, rect: t.layer.shape.rect, place: "\(path).fill", reads: reads, note: { paintNotes.append($0) }) else {
            return nil
        }
        notes += paintNotes.map { Approximation("\(path).fill", $0) }
        self.typeName = typeName + "Style"
        members = layers.filter { $0.index != t.index }.map { v in
            var v = v
            v.over = v.index > t.index
            return v
        }
        let opacity = reads.number("\(path).opacity", t.layer.opacity)
        let r = t.layer.shape.rect
        let padding = (max((r.w - text.blockSize.w) / 2, 0), max((r.h - text.blockSize.h) / 2, 0))
        label = Label(index: t.index, text: text, style: style, opacity: opacity == "1" ? nil : opacity, padding: padding)
        notes.append(Approximation(path, "the label is the Button's own, padded by \(ExportText.num(padding.0)) x \(ExportText.num(padding.1)) pt: "
            + "the scene's \(ExportText.num(r.w)) x \(ExportText.num(r.h)) pt for its label as Halo lays it out (SwiftUI's text metrics may differ)"))
    }

    /// `layers` stacked behind or over the content: one call, or a `ZStack` of them.
    private func stack(_ layers: [SwiftUIExporter.LayerView], clock: Bool) -> String {
        let calls = layers.map { SwiftUIExporter.call($0, clock: clock) }
        return calls.count == 1 ? calls[0] : "ZStack { " + calls.joined(separator: "; ") + " }"
    }

    /// The type's declaration with its members, and a `#Preview` on the scene's canvas: a
    /// `Button` titled with the scene's text, or a clear view of the shapes' size.
    func declaration(params: SwiftUIParameters, properties props: String, clock: Bool, members: String, canvas: Canvas, background: String?) -> String {
        let n = ExportText.num
        var lines = [label == nil ? "content" : "configuration.label"]
        if let label {
            lines += label.text.modifierList + [".foregroundStyle(\(label.style))"]
            if let o = label.opacity { lines.append(".opacity(\(o))") }
            lines += [".padding(.horizontal, \(n(label.padding.h)))", ".padding(.vertical, \(n(label.padding.v)))"]
        }
        let below = self.members.filter { !$0.over }, above = self.members.filter(\.over)
        if !below.isEmpty { lines.append(".background { \(stack(below, clock: clock)) }") }
        if !above.isEmpty { lines.append(".overlay { \(stack(above, clock: clock)) }") }
        if clock { lines = ["HaloClock { t in"] + lines + ["}"] }
        let body = SwiftUILayer.lay(lines.joined(separator: "\n"), indent: "        ")
        let animated = clock ? ";\n/// animated, still at t = 0 while Reduce Motion is on" : ""
        let doc: String, head: String, preview: String
        if let label {
            let title = ExportText.swiftString(label.text.text.text)
            doc = """
            /// The scene's control as a button style: a Button's label in the scene's font and paint,
            /// padded as the scene's label is, with the scene's fill behind it and border over it\(animated).
            ///
            ///     Button("\(title)") { }
            ///         .buttonStyle(\(typeName)())
            """
            head = "func makeBody(configuration: Configuration) -> some View {"
            preview = "Button(\"\(title)\") { }\n        .buttonStyle(\(typeName)(\(params.previewArguments)))"
        } else {
            let r = self.members[0].layer.shape.rect
            doc = """
            /// The scene's shape as a view modifier: its fill behind the content and its border over
            /// it, each the content's size\(animated).
            ///
            ///     Text("Hello").padding().modifier(\(typeName)())
            """
            head = "func body(content: Content) -> some View {"
            preview = "Color.clear\n        .frame(width: \(n(r.w)), height: \(n(r.h)))\n        .modifier(\(typeName)(\(params.previewArguments)))"
        }
        return """
        \(doc)
        struct \(typeName): \(label == nil ? "ViewModifier" : "ButtonStyle") {
        \(props.isEmpty ? "" : props + "\n\n")    \(head)
        \(body)
            }

        \(members)
        }

        #Preview {
            \(preview)
                .frame(width: \(n(canvas.width)), height: \(n(canvas.height)))\(background.map { "\n        .background(\($0))" } ?? "")
        }
        """
    }
}
