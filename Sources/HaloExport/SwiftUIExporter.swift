import Foundation
import HaloCore

/// Exports a scene as SwiftUI source. A scene whose layers form one control (shapes sharing
/// one rect and a text label in it, as a button) becomes a `ButtonStyle` that sizes to its
/// label, the same shapes without a label a `ViewModifier` that sizes to its content
/// (``SwiftUIComponent``); any other scene a `View` that draws the canvas, each layer
/// framed at its rect and centred in the canvas or positioned at its centre. The scene's
/// parameters are the type's stored properties (``SwiftUIParameters``); animations run from
/// a `TimelineView(.animation)` clock through the same formulas as the scene format's
/// (``SwiftUIMotion``), frozen under `accessibilityReduceMotion`; the file ends in a
/// `#Preview` with the scene's values, and carries only the helpers it uses
/// (``SwiftUIHelpers``). No Apple platform is available to Halo, so the file's pixels are
/// not measured; its text type-checks against the SwiftUI interface in
/// Tests/Fixtures/SwiftUIInterface (declarations from Apple's documentation).
public struct SwiftUIExporter {
    /// The scene to export (parameters already applied).
    public var scene: Scene
    /// Draw this moment (seconds) instead of running the animations.
    public var frozenAt: Double?
    /// The type's name (a Swift identifier); a button style's is this name with "Style" after
    /// it, a view modifier's with "Modifier".
    public var typeName: String

    public init(scene: Scene, frozenAt: Double? = nil, typeName: String) {
        self.scene = scene; self.frozenAt = frozenAt; self.typeName = typeName
    }

    /// A Swift type name from a file name: "gradient-border-button.json" -> "GradientBorderButton".
    public static func typeName(for path: String) -> String {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = base.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        name = String(name.unicodeScalars.filter { $0.isASCII }.map(Character.init))
        if name.isEmpty || name.first!.isNumber { name = "Scene" + name }
        // A scene named like a type the file uses ("ellipse.json") would hide that type.
        if reservedNames.contains(name) { name += "Scene" }
        return name
    }

    /// The type and function names an exported file refers to.
    static let reservedNames: Set<String> = [
        "View", "Shape", "Color", "Text", "Font", "Ellipse", "Capsule", "Rectangle", "RoundedRectangle", "UnevenRoundedRectangle",
        "Gradient", "LinearGradient", "AngularGradient", "RadialGradient", "Angle", "UnitPoint", "Material", "StrokeStyle",
        "FillStyle", "ZStack", "VStack", "TimelineView", "State", "Environment", "Date", "Double", "Int", "String", "CGFloat",
        "Bool", "Button", "ButtonStyle", "HaloClock", "Preview", "Edge", "Alignment", "HorizontalAlignment", "TextAlignment",
        "Configuration", "Label", "Body", "Content", "Never", "ViewModifier",
    ]

    /// One layer as the body of the type's `layerN` member: its drawing, or one drawing per
    /// combination of the options it depends on, under `if`.
    struct LayerView {
        let index: Int
        let layer: Layer
        let body: String
        /// The member's name: `layerN`, or `layerNFill` and `layerNBorder` for the parts of a
        /// layer that a view modifier draws behind and over its content.
        var name: String
        /// Whether a component draws it over its content (else behind).
        var over = false
        /// Whether the drawing reads the time `t` (a motion or keyframe helper's argument).
        var timed: Bool { body.contains("(t, ") || body.contains(", t, ") }
    }

    /// The Swift file, its approximations in a comment at the top.
    /// - Throws: ``SceneError`` when a keyframed value is invalid at the time exported, or a
    ///   combination of a choice parameter's options cannot be drawn.
    public func export() throws -> ExportResult {
        let t = scene.effectiveTime(frozenAt ?? 0)
        var drawn = try scene.at(scene.reduceMotion ? 0 : t)
        if scene.reduceMotion { for i in drawn.layers.indices { drawn.layers[i].stripAnimations() } }
        var notes: [Approximation] = []
        let params = SwiftUIParameters(scene)
        let reads = SwiftUIReads(parameters: params)
        let keyframed = SwiftUIKeyframes(scene.reduceMotion ? [] : scene.keyframes?.tracks ?? [], notes: &notes, heldAt: t, parameters: reads)
        reads.keyframes = keyframed.reads
        let form = SwiftUIComponent.form(of: drawn.layers.filter { $0.shape.kind != .shader }, parameters: params.shared) {
            reads.isKeyframed($0) || params.shared.values[$0] != nil
        }
        let fits = form != nil
        // The canvas's colour: the view's background (its parameter's property), or the component's preview's.
        var background: String?, previewBackground: String?
        switch scene.canvas.background {
        case .color(let c):
            let referred = params.shared.values["canvas.background"] != nil
            if c.a > 0 || referred { previewBackground = SwiftUIPaint.color(c); background = fits ? nil : reads.color(["canvas.background"], c) }
        case .image: notes.append(Approximation("canvas.background.image", "an image background is left out: add it as an Image of your assets", omitted: true))
        }
        var views: [LayerView] = []
        var draws = false
        if case .color(let c) = scene.canvas.background, c.a > 0 { draws = true }
        for (i, layer) in drawn.layers.enumerated() {
            if layer.shape.kind == .shader {
                notes.append(Approximation("layers[\(i)].shape", "a shader shape's GLSL signed distance has no SwiftUI mapping", omitted: true))
                continue
            }
            let cornerStyle = params.cornerStyle(of: i)
            let variants = cornerStyle != nil ? nil
                : try params.shared.variants(of: i, scene: scene, time: t, notes: &notes, unchanged: "setting the properties changes nothing here")
            // A view modifier draws a layer's fill behind its content and its stroke over it.
            let split = form == .modifier && layer.stroke != nil && (layer.fill != nil)
            var bodies: [(condition: String, body: String)] = [], over: [(condition: String, body: String)] = []
            reads.switched((variants?.first?.combo.map(\.name) ?? []) + (cornerStyle != nil ? params.shared.switches(under: "layers[\(i)]") : []))
            for (combo, variant) in variants ?? [([], layer)] {
                var builder = SwiftUILayer(layer: variant, index: i, reads: reads, cornerStyle: cornerStyle)
                let parts = builder.parts(), place = fits ? "" : Self.placement(variant, in: scene.canvas)
                let under = split ? Array(parts.dropLast(builder.overCount)) : parts
                bodies.append((params.condition(combo), builder.stack(under, modifiers: place, indent: "        ")))
                if split { over.append((params.condition(combo), builder.stack(Array(parts.suffix(builder.overCount)), indent: "        "))) }
                notes += builder.notes
                draws = draws || builder.drawsAnything
            }
            let onTop = form == .modifier && layer.stroke != nil
            views.append(LayerView(index: i, layer: layer, body: Self.branches(bodies), name: "layer\(i)" + (split ? "Fill" : ""), over: onTop && !split))
            if split { views.append(LayerView(index: i, layer: layer, body: Self.branches(over), name: "layer\(i)Border", over: true)) }
        }
        let component = form.flatMap { SwiftUIComponent($0, typeName: typeName, layers: views, reads: reads, notes: &notes) }
        let animated = drawn.layers.contains { $0.fill?.animation != nil || $0.stroke?.paint.animation != nil } || !keyframed.reads.isEmpty
        let clock = animated && frozenAt == nil
        let members = Self.members(component?.members ?? views, clock: clock, frozenAt: animated && !clock ? t : nil)
        let properties = params.declarations(unread: Set(params.shared.parameters.map(\.name)).subtracting(reads.usedNames))
        let declaration = component?.declaration(params: params, properties: properties, clock: clock, members: members, canvas: scene.canvas,
                                                 background: previewBackground)
            ?? canvasDeclaration(params: params, properties: properties, views: views, clock: clock, members: members, background: background)
        for (path, p) in params.shared.values.sorted(by: { $0.key < $1.key }) where !reads.used.contains(path) {
            notes.append(Approximation(path, "params.\(p.name) written in as its value, \(p.value.jsonText): SwiftUI reads the property elsewhere only"))
        }
        notes = notes.uniqued
        let n = ExportText.num
        var header = "// Exported by halo export from \((scene.file.map { ($0 as NSString).lastPathComponent }) ?? "a scene")"
        header += frozenAt.map { ", frozen at t = \(n($0)) s." } ?? "."
        header += "\n// SwiftUI's pixels are not measured: Halo has no Apple platform to draw them on."
        header += SwiftUIText.bundleNotes(drawn.layers).map { "\n" + $0 }.joined()
        header += notes.isEmpty ? "\n// No approximations." : "\n// Approximations:\n" + notes.map { "// - \($0)" }.joined(separator: "\n")
        let helpers = SwiftUIHelpers.source(for: declaration)
        let text = "\(header)\nimport SwiftUI\n\n\(declaration)\n" + (helpers.isEmpty ? "" : "\n\(helpers)\n")
        return ExportResult(text: text, approximations: notes, drawsAnything: draws)
    }

    /// A layer's frame in the canvas: none when it is the canvas, else its size, and its centre
    /// unless that is the canvas's.
    static func placement(_ layer: Layer, in canvas: Canvas) -> String {
        let r = layer.shape.rect, n = ExportText.num
        if r.x == 0 && r.y == 0 && r.w == canvas.width && r.h == canvas.height { return "" }
        let cx = r.x + r.w / 2, cy = r.y + r.h / 2
        let centred = abs(cx - canvas.width / 2) < 1e-9 && abs(cy - canvas.height / 2) < 1e-9
        return "\n        .frame(width: \(n(r.w)), height: \(n(r.h)))" + (centred ? "" : "\n        .position(x: \(n(cx)), y: \(n(cy)))")
    }

    /// One drawing, or each under its condition: `if A { ... } else if B { ... } else { ... }`.
    static func branches(_ bodies: [(condition: String, body: String)]) -> String {
        guard bodies.count > 1 else { return bodies[0].body }
        let indent = { (s: String) in s.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") }
        var out = ""
        for (k, b) in bodies.enumerated() {
            let head = k == 0 ? "if \(b.condition) {" : k == bodies.count - 1 ? " else {" : " else if \(b.condition) {"
            out += (k == 0 ? "        " : "") + head + "\n" + indent(b.body) + "\n        }"
        }
        return out
    }

    /// The layers as the type's members: `layerN(_ t:)` functions under a running clock, else
    /// computed properties (with `t`, the frozen time, when the drawing reads one).
    static func members(_ views: [LayerView], clock: Bool, frozenAt: Double?) -> String {
        var out = frozenAt.map { ["    /// The moment drawn, seconds.\n    private var t: Double { \(ExportText.num($0)) }"] } ?? []
        for v in views {
            let head = clock && v.timed ? "private func \(v.name)(_ t: Double) -> some View" : "private var \(v.name): some View"
            let what = v.name.hasSuffix("Fill") ? "'s fill" : v.name.hasSuffix("Border") ? "'s border" : ""
            out.append("    /// layers[\(v.index)]\(what).\n    @ViewBuilder \(head) {\n\(v.body)\n    }")
        }
        return out.joined(separator: "\n\n")
    }

    /// A layer's use in a body: `layerN(t)` where it reads the running clock, else `layerN`.
    static func call(_ view: LayerView, clock: Bool) -> String { clock && view.timed ? "\(view.name)(t)" : view.name }

    /// The canvas form: a `View` of the canvas's size drawing every layer, and its preview.
    private func canvasDeclaration(params: SwiftUIParameters, properties props: String, views: [LayerView], clock: Bool, members: String, background: String?) -> String {
        let n = ExportText.num
        var lines = ["ZStack {"] + views.map { Self.call($0, clock: clock) } + ["}", ".frame(width: \(n(scene.canvas.width)), height: \(n(scene.canvas.height)))"]
        if let background { lines.append(".background(\(background))") }
        lines.append(".clipped()")
        if clock { lines = ["HaloClock { t in"] + lines + ["}"] }
        return """
        /// The scene drawn on its \(n(scene.canvas.width)) x \(n(scene.canvas.height)) pt canvas\(clock ? ", animated (still at t = 0 while Reduce Motion is on)" : "").
        struct \(typeName): View {
        \(props.isEmpty ? "" : props + "\n\n")    var body: some View {
        \(SwiftUILayer.lay(lines.joined(separator: "\n"), indent: "        "))
            }

        \(members)
        }

        #Preview {
            \(typeName)(\(params.previewArguments))
        }
        """
    }
}
