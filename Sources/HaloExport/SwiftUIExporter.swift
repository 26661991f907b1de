import Foundation
import HaloCore

/// Exports a scene as SwiftUI source: a `View` per scene drawing its layers in a `ZStack`
/// at their rects, its animations driven by `TimelineView(.animation)` through the same
/// formulas as the scene format's (``SwiftUIMotion``), frozen under
/// `accessibilityReduceMotion`. No Apple platform is available to Halo, so the file's
/// pixels are not measured; its text type-checks against the SwiftUI interface in
/// Tests/Fixtures/SwiftUIInterface (declarations from Apple's documentation).
public struct SwiftUIExporter {
    /// The scene to export (parameters already applied).
    public var scene: Scene
    /// Draw this moment (seconds) instead of running the animations.
    public var frozenAt: Double?
    /// The View's type name (a Swift identifier).
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
        "FillStyle", "ZStack", "TimelineView", "State", "Environment", "Date", "Double", "Int", "String", "CGFloat",
    ]

    /// The Swift file, its approximations in a comment at the top.
    /// - Throws: ``SceneError`` when a keyframed value is invalid at the time exported.
    public func export() throws -> ExportResult {
        let t = scene.effectiveTime(frozenAt ?? 0)
        var drawn = try scene.at(scene.reduceMotion ? 0 : t)
        if scene.reduceMotion { for i in drawn.layers.indices { drawn.layers[i].stripAnimations() } }
        var notes: [Approximation] = []
        let keyframed = SwiftUIKeyframes(scene.reduceMotion ? [] : scene.keyframes?.tracks ?? [], notes: &notes, heldAt: t)
        var background = "Color.clear"
        switch scene.canvas.background {
        case .color(let c): background = SwiftUIPaint.color(c)
        case .image: notes.append(Approximation("canvas.background.image", "an image background is left out: add it as an Image of your assets", omitted: true))
        }
        var layers: [String] = []
        var draws = false
        for (i, layer) in drawn.layers.enumerated() {
            if layer.shape.kind == .shader {
                notes.append(Approximation("layers[\(i)].shape", "a shader shape's GLSL signed distance has no SwiftUI mapping", omitted: true))
                continue
            }
            var builder = SwiftUILayer(layer: layer, index: i, keyframed: keyframed.reads)
            layers.append(builder.body())
            notes += builder.notes
            draws = draws || builder.drawsAnything
        }
        if case .color(let c) = scene.canvas.background, c.a > 0 { draws = true }
        notes = notes.uniqued
        let n = ExportText.num
        let clock = frozenAt.map { "\(n($0))" } ?? "context.date.timeIntervalSince(start)"
        var header = "// Exported by halo export from \((scene.file.map { ($0 as NSString).lastPathComponent }) ?? "a scene")"
        header += frozenAt.map { ", frozen at t = \(n($0)) s." } ?? "."
        header += "\n// SwiftUI's pixels are not measured: Halo has no Apple platform to draw them on."
        header += notes.isEmpty ? "\n// No approximations." : "\n// Approximations:\n" + notes.map { "// - \($0)" }.joined(separator: "\n")
        let layerProperties = layers.enumerated().map { i, body in
            "    private var layer\(i): some View {\n\(body)\n    }"
        }.joined(separator: "\n\n")
        let text = """
        \(header)
        import SwiftUI

        /// The scene, animated (frozen at t = 0 when Reduce Motion is on).
        struct \(typeName): View {
            @Environment(\\.accessibilityReduceMotion) private var reduceMotion
            @State private var start = Date()

            var body: some View {
                TimelineView(.animation) { context in
                    \(typeName)Frame(t: reduceMotion ? 0 : \(clock))
                }
            }
        }

        /// The scene at time t (seconds).
        struct \(typeName)Frame: View {
            let t: Double

            var body: some View {
                ZStack(alignment: .topLeading) {
                    \(background)
        \(layers.indices.map { "            layer\($0)" }.joined(separator: "\n"))
                }
                .frame(width: \(n(scene.canvas.width)), height: \(n(scene.canvas.height)), alignment: .topLeading)
                .clipped()
            }

        \(layerProperties)
        }

        \(SwiftUIMotion.source)

        \(SwiftUIKeyframes.source)
        """
        return ExportResult(text: text, approximations: notes, drawsAnything: draws)
    }
}
