import Foundation
import HaloCore

/// Exports a scene as one self-contained HTML file: inline CSS, no script, no network
/// (a background image and fonts by family name only), drawing the scene at its size in
/// points (one CSS pixel a point) with its animations as CSS animations.
///
/// Each layer is a group of elements (fill, glow, stroke, in the format's order): shapes
/// by SVG masks of the outline (``SVGMask``) in boxes snapped to whole pixels; gradients as
/// CSS Images 4 gradients with their interpolation space; glows as `filter: blur(sigma)`
/// (CSS Filter Effects' blur takes the standard deviation, as the format's glow radius
/// is); materials as `backdrop-filter`; group opacity as `opacity` on the layer's element;
/// keyframed colours and opacities as animated custom properties (``CSSKeyframes``).
/// What CSS cannot draw exactly is drawn as closely as it can and listed in
/// ``ExportResult/approximations``.
public struct CSSExporter {
    /// The scene to export (parameters already applied).
    public var scene: Scene
    /// Freeze every animation at this time (seconds): negative `animation-delay`, paused.
    /// nil: the animations run from the page's load, the scene's own `time` ignored.
    public var frozenAt: Double?
    /// The prefix of every class, custom property and keyframes name in the output.
    public var prefix: String

    public init(scene: Scene, frozenAt: Double? = nil, prefix: String = "h-") {
        self.scene = scene; self.frozenAt = frozenAt; self.prefix = prefix
    }

    /// The style sheet and the scene's markup, for a page of one's own or of several scenes.
    public struct Fragment: Sendable {
        /// The CSS (rules, `@property` and `@keyframes`).
        public var css: String
        /// The scene's element: a `div` of the canvas's size in CSS pixels.
        public var html: String
        public var approximations: [Approximation]
        public var drawsAnything: Bool
    }

    /// The whole HTML document, its approximations in a comment at the top.
    /// - Throws: ``SceneError`` when a keyframed value is invalid at the time exported;
    ///   ``ExportSizeError`` when the file would pass ``maxBytes``.
    public func export() throws -> ExportResult {
        let f = try fragment()
        let n = ExportText.num
        var notes = "Exported by halo export from \(scene.file.map { ($0 as NSString).lastPathComponent } ?? "a scene")"
        notes += frozenAt.map { ", frozen at t = \(n($0)) s." } ?? "."
        let parameters = CSSParameters(scene).header
        if !parameters.isEmpty { notes += "\n" + parameters.joined(separator: "\n") }
        notes += f.approximations.isEmpty ? "\nNo approximations: every feature has an exact CSS mapping."
            : "\nApproximations (what this file draws differently from the scene's exact image):\n"
                + f.approximations.map { "- \($0)" }.joined(separator: "\n")
        let text = """
        <!DOCTYPE html>
        <!--
        \(ExportText.htmlComment(notes))
        -->
        <html><head><meta charset="utf-8"><title>\(ExportText.html(scene.file.map { ($0 as NSString).lastPathComponent } ?? "scene"))</title>
        <style>
        html, body { margin: 0; padding: 0; background: transparent; }
        \(f.css)
        </style></head>
        <body>\(f.html)</body></html>

        """
        return ExportResult(text: text, approximations: f.approximations, drawsAnything: f.drawsAnything)
    }

    /// The default size limit of an HTML export, in UTF-8 bytes (64 MiB): a path paint is one SVG piece a
    /// point of its outline (some 120 KB for a 1000 x 600 pt rect), so thousands of layers
    /// would make a file of gigabytes that no browser opens. The examples' exports are 1 to
    /// 42 KB.
    public static let defaultMaxBytes = 64 << 20

    /// This export's size limit, UTF-8 bytes (``defaultMaxBytes``, which `halo export` uses).
    public var maxBytes = CSSExporter.defaultMaxBytes

    /// The scene's CSS and markup.
    /// - Throws: ``SceneError`` when a keyframed value is invalid at the time exported;
    ///   ``ExportSizeError`` as soon as the CSS and markup pass ``maxBytes`` (the layer named).
    public func fragment() throws -> Fragment {
        let sheet = CSSSheet(prefix: prefix, frozenAt: scene.reduceMotion ? nil : frozenAt)
        var notes: [Approximation] = []
        let t = scene.effectiveTime(frozenAt ?? 0)
        var drawn = scene.reduceMotion ? try scene.at(0) : try scene.at(t)
        if scene.reduceMotion {
            for i in drawn.layers.indices { drawn.layers[i].stripAnimations() }
        }
        let params = CSSParameters(scene)
        let keyframed = CSSKeyframes(scene.reduceMotion ? [] : scene.keyframes?.tracks ?? [], sheet: sheet, notes: &notes, heldAt: t,
                                     parameters: params.reads)
        // A value read by a keyframe track's var() is the track's; any other referenced number
        // or colour reads its parameter's custom property.
        let reads = keyframed.reads.merging(params.reads) { track, _ in track }
        let root = prefix + "scene"
        var rootDecl = ["position: relative", "width: \(ExportText.px(scene.canvas.width))", "height: \(ExportText.px(scene.canvas.height))",
                        "overflow: hidden", "isolation: isolate"]
        var draws = false
        switch scene.canvas.background {
        case .color(let c):
            rootDecl.append("background: \(params.reads["canvas.background"] ?? ExportText.css(c))")
            draws = c.a > 0
        case .image(let path, let mode):
            if let data = FileManager.default.contents(atPath: path) {
                let size = mode == .fill ? "cover" : mode == .fit ? "contain" : "100% 100%"
                rootDecl += ["background-image: url(\"data:image/png;base64,\(data.base64EncodedString())\")",
                             "background-size: \(size)", "background-position: center", "background-repeat: no-repeat"]
                notes.append(Approximation("canvas.background.image", "scaled by the browser's own filter, not bilinear on premultiplied values"))
                draws = true
            } else {
                notes.append(Approximation("canvas.background.image", "the file could not be read", omitted: true))
            }
        }
        sheet.rule(root, params.declarations + rootDecl + keyframed.declarations)
        var body = ""
        func checkSize(_ path: String) throws {
            let bytes = sheet.byteCount + body.utf8.count
            if bytes > maxBytes { throw ExportSizeError(file: scene.file, path: path, limit: maxBytes) }
        }
        if drawn.layers.contains(where: { $0.usesPathPaint }) { CSSPathPaint.register(sheet) }
        try checkSize("canvas.background")
        for (i, layer) in drawn.layers.enumerated() {
            if layer.shape.kind == .shader {
                notes.append(Approximation("layers[\(i)].shape", "a shader shape's GLSL signed distance has no CSS mapping", omitted: true))
                continue
            }
            for variant in try params.variants(of: i, scene: scene, time: t, root: root, sheet: sheet, notes: &notes) {
                var parts = CSSLayerParts(sheet: sheet, layer: variant.layer ?? layer, index: i, canvas: scene.canvas, keyframed: reads)
                let html = parts.html()
                notes += parts.notes
                draws = draws || parts.drawsAnything
                body += variant.wrap(html)
            }
            try checkSize("layers[\(i)]")
        }
        let name = scene.file.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "scene"
        return Fragment(css: sheet.text, html: "<div class=\"\(root)\"\(params.attributes(scene: name))>\(body)</div>",
                        approximations: notes.uniqued, drawsAnything: draws)
    }
}

extension Layer {
    var usesPathPaint: Bool {
        for p in [fill, stroke?.paint] { if case .path? = p?.kind { return true } }
        return false
    }

    /// Drops every rotation and corner cycle (reduceMotion: each paint at its time-0 state, which is its rest state).
    mutating func stripAnimations() {
        fill?.animation = nil
        stroke?.paint.animation = nil
    }
}
