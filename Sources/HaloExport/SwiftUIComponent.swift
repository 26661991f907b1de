import Foundation
import HaloCore

/// A scene whose layers form one control, exported as a `ButtonStyle`: shapes that share one
/// rect (a fill, a border, a glow) and one text layer in that rect, its label. The style
/// draws any `Button`'s label in the text's font and paint, padded as the scene's label is in
/// its rect (measured by Halo's layout), so the control sizes to its label; the layers under
/// the text become its `.background`, those over it its `.overlay`, each shape filling the
/// padded label's frame. The scene's text is the preview's `Button` title.
struct SwiftUIComponent {
    /// The style's type name: the scene's type name and "Style".
    let typeName: String
    /// The shape layers, drawn by the style's members.
    let members: [SwiftUIExporter.LayerView]
    private let textIndex: Int
    private let text: SwiftUIText
    private let labelStyle: String
    private let labelOpacity: String?
    private let padding: (h: Double, v: Double)

    /// Whether `layers` form one control: one text layer, without glow and with a fill, whose
    /// rect every other layer (a rect, rounded rect, capsule or ellipse, at least one) shares,
    /// and no choice or boolean parameter the text depends on.
    static func fits(_ layers: [Layer], parameters: ExportParameters) -> Bool {
        let texts = layers.indices.filter { layers[$0].shape.kind == .text }
        guard texts.count == 1, layers.count > 1, let label = layers[texts[0]].shape.text, (try? FontFace.load(label.fontFile)) != nil else { return false }
        let t = layers[texts[0]], r = t.shape.rect
        guard t.glow == nil, t.fill != nil, parameters.switches(under: "layers[\(texts[0])]").isEmpty else { return false }
        return layers.allSatisfy { l in
            [.rect, .roundedRect, .capsule, .ellipse, .text].contains(l.shape.kind)
                && abs(l.shape.rect.x - r.x) < 1e-9 && abs(l.shape.rect.y - r.y) < 1e-9
                && abs(l.shape.rect.w - r.w) < 1e-9 && abs(l.shape.rect.h - r.h) < 1e-9
        }
    }

    /// The style for `layers` (which ``fits(_:parameters:)``), or nil when its text cannot be read.
    init?(typeName: String, layers: [SwiftUIExporter.LayerView], reads: SwiftUIReads, notes: inout [Approximation]) {
        guard let t = layers.first(where: { $0.layer.shape.kind == .text }), let fill = t.layer.fill else { return nil }
        let path = "layers[\(t.index)]"
        guard let text = SwiftUIText(t.layer, path: path, reads: reads, notes: &notes) else { return nil }
        var paintNotes: [String] = []
        guard let style = SwiftUIPaint.expression(fill, rect: t.layer.shape.rect, place: "\(path).fill", reads: reads, note: { paintNotes.append($0) }) else {
            return nil
        }
        notes += paintNotes.map { Approximation("\(path).fill", $0) }
        self.typeName = typeName + "Style"
        self.text = text; textIndex = t.index; labelStyle = style
        members = layers.filter { $0.index != t.index }
        let opacity = reads.number("\(path).opacity", t.layer.opacity)
        labelOpacity = opacity == "1" ? nil : opacity
        let r = t.layer.shape.rect
        padding = (max((r.w - text.blockSize.w) / 2, 0), max((r.h - text.blockSize.h) / 2, 0))
        notes.append(Approximation(path, "the label is the Button's own, padded by \(ExportText.num(padding.h)) x \(ExportText.num(padding.v)) pt: "
            + "the scene's \(ExportText.num(r.w)) x \(ExportText.num(r.h)) pt for its label as Halo lays it out (SwiftUI's text metrics may differ)"))
    }

    /// `layers` stacked behind or over the label: one call, or a `ZStack` of them.
    private func stack(_ layers: [SwiftUIExporter.LayerView], clock: Bool) -> String {
        let calls = layers.map { SwiftUIExporter.call($0, clock: clock) }
        return calls.count == 1 ? calls[0] : "ZStack { " + calls.joined(separator: "; ") + " }"
    }

    /// The style's declaration, its members and a `#Preview` of a `Button` titled with the scene's text on the canvas.
    func declaration(params: SwiftUIParameters, properties props: String, clock: Bool, members: String, canvas: Canvas, background: String?) -> String {
        let n = ExportText.num
        let below = self.members.filter { $0.index < textIndex }, above = self.members.filter { $0.index > textIndex }
        var label = ["configuration.label"] + text.modifierList + [".foregroundStyle(\(labelStyle))"]
        if let labelOpacity { label.append(".opacity(\(labelOpacity))") }
        label += [".padding(.horizontal, \(n(padding.h)))", ".padding(.vertical, \(n(padding.v)))"]
        if !below.isEmpty { label.append(".background { \(stack(below, clock: clock)) }") }
        if !above.isEmpty { label.append(".overlay { \(stack(above, clock: clock)) }") }
        var body = label[0] + label.dropFirst().map { "\n            " + $0 }.joined()
        if clock { body = "HaloClock { t in\n            " + body.replacingOccurrences(of: "\n", with: "\n    ") + "\n        }" }
        let title = ExportText.swiftString(text.text.text)
        return """
        /// The scene's control as a button style: a Button's label in the scene's font and paint,
        /// padded as the scene's label is, with the scene's fill behind it and border over it\(clock ? ";\n/// animated, still at t = 0 while Reduce Motion is on" : "").
        ///
        ///     Button("\(title)") { }
        ///         .buttonStyle(\(typeName)())
        struct \(typeName): ButtonStyle {
        \(props.isEmpty ? "" : props + "\n\n")    func makeBody(configuration: Configuration) -> some View {
                \(body)
            }

        \(members)
        }

        #Preview {
            Button("\(title)") { }
                .buttonStyle(\(typeName)(\(params.previewArguments)))
                .frame(width: \(n(canvas.width)), height: \(n(canvas.height)))\(background.map { "\n        .background(\($0))" } ?? "")
        }
        """
    }
}
