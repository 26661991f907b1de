/// A scene at one moment, resolved into pixel space: every per-frame constant
/// (outlines, corner radii, stroke edge offsets, glow sigma, paints with their
/// animation applied) computed once, for both renderers.
public struct Frame: Sendable {
    /// Image size in pixels.
    public var width: Int
    public var height: Int
    /// The background, premultiplied, one value per pixel (nil: a flat colour, `backgroundColor`).
    public var backgroundColor: Premul
    public var backgroundImage: PremulImage?
    public var layers: [ResolvedLayer]
    /// The scene's loop period in seconds (``Scene/loopPeriod``), 0 when it has none or is still.
    public var loopPeriod: Double = 0
    /// The scene's parameters with the values drawn (shader paints read them as uniforms).
    public var parameters: [Parameter] = []

    /// Resolves `scene` at `time` (seconds; nil: the scene's own time; 0 under
    /// reduceMotion). `backgroundImage` is the decoded background PNG when the
    /// scene has one (see ``BackgroundPlacement``).
    ///
    /// Keyframed values (docs/scene-format.md "Keyframes") take their values at that time; where they
    /// make the scene invalid then, this draws the layers as they are at t = 0:
    /// ``init(resolving:time:backgroundImage:)`` throws instead (renderers' drivers use it).
    public init(_ scene: Scene, time: Double? = nil, backgroundImage: RGBA8Image? = nil) {
        let t = scene.effectiveTime(time)
        if case .period(let l, _) = scene.loopPeriod { loopPeriod = l }
        parameters = scene.parameters
        let scene = (try? scene.at(t)) ?? scene
        let scale = scene.canvas.scale
        width = scene.canvas.pixelWidth
        height = scene.canvas.pixelHeight
        switch scene.canvas.background {
        case .color(let c): backgroundColor = c.premultiplied; self.backgroundImage = nil
        case .image(_, let mode):
            backgroundColor = .zero
            if let img = backgroundImage {
                self.backgroundImage = BackgroundPlacement.placed(img, mode: mode, width: width, height: height,
                                                                  canvasSize: Vec2(scene.canvas.width * scale, scene.canvas.height * scale))
            } else {
                self.backgroundImage = nil
            }
        }
        layers = scene.layers.map { ResolvedLayer($0, time: t, scale: scale) }
    }

    /// ``init(_:time:backgroundImage:)``, refusing a time at which keyframed values make
    /// the scene invalid.
    /// - Throws: ``SceneError`` naming the JSON path and the time (``Scene/at(_:)``).
    public init(resolving scene: Scene, time: Double? = nil, backgroundImage: RGBA8Image? = nil) throws {
        let resolved = try scene.at(scene.effectiveTime(time))
        self.init(resolved, time: time, backgroundImage: backgroundImage)
    }
}

/// One layer at one moment, in pixels.
public struct ResolvedLayer: Sendable {
    public var outline: Outline
    public var fill: ResolvedPaint?
    public var stroke: ResolvedStroke?
    public var glow: ResolvedGlow?
    /// Group opacity, 0...1.
    public var opacity: Double
    /// A text shape's glyphs (docs/scene-format.md "Text"); nil for other shapes (and for a text whose
    /// font can no longer be read, which then draws nothing). ``outline`` is then the
    /// text's rect, the geometry its paints' unit points refer to.
    public var text: TextGeometry?

    public init(_ layer: Layer, time t: Double, scale: Double) {
        outline = Outline(layer.shape, scale: scale)
        outline.shader?.time = t
        if let ts = layer.shape.text { text = try? TextGeometry.resolve(ts, rect: layer.shape.rect, scale: scale) }
        let o = outline
        fill = layer.fill.map { ResolvedPaint($0, rect: layer.shape.rect, time: t, scale: scale, outline: o) }
        stroke = layer.stroke.map {
            let (inner, outer) = $0.edgeOffsets
            var s = ResolvedStroke(inner: inner * scale, outer: outer * scale,
                                   paint: ResolvedPaint($0.paint, rect: layer.shape.rect, time: t, scale: scale, outline: o))
            if let d = $0.dash {
                let arc: OutlineArc
                if case .path(_, let a) = s.paint.geometry { arc = a } else { arc = OutlineArc(o) }
                s.dash = ResolvedDash(d, arc: arc, scale: scale, width: $0.width * scale, middle: $0.middleOffset * scale)
            }
            return s
        }
        glow = layer.glow.map { ResolvedGlow(sigma: $0.radius * scale, opacity: $0.opacity, color: $0.color?.premultiplied) }
        if stroke == nil && fill == nil { glow = nil }
        opacity = layer.opacity
        if layer.shape.kind == .text && text == nil { fill = nil; stroke = nil; glow = nil }
    }

    /// True for a text shape's layer.
    public var isText: Bool { text != nil }

    /// The glow's source (docs/scene-format.md "Glow") as a band of the outline's offsets and its
    /// paint: the stroke's (inner, outer); for a layer without a stroke, its fill's
    /// (-infinity, 0), and the glow is then drawn under the fill. Nil without a glow.
    public var glowSource: (inner: Double, outer: Double, paint: ResolvedPaint)? {
        guard glow != nil else { return nil }
        if let s = stroke { return (s.inner, s.outer, s.paint) }
        return fill.map { (-Double.infinity, 0, $0) }
    }

    /// True when the glow's source is the fill (a glowing layer without a stroke).
    public var fillGlows: Bool { glow != nil && stroke == nil && fill != nil }

    /// Pixel-space bounds of the stroke's area (outline grown by its outer offset).
    public var strokeBounds: Box? { stroke.map { outline.bounds(grownBy: $0.outer + $0.capReach) } }
}

/// A stroke's two edges as signed offsets of the outline, in pixels (inner < outer),
/// and its paint.
public struct ResolvedStroke: Sendable {
    public var inner: Double
    public var outer: Double
    public var paint: ResolvedPaint
    /// The stroke's dashes (docs/scene-format.md "Stroke", `dash`); nil for a solid stroke.
    public var dash: ResolvedDash?

    public init(inner: Double, outer: Double, paint: ResolvedPaint, dash: ResolvedDash? = nil) {
        self.inner = inner; self.outer = outer; self.paint = paint; self.dash = dash
    }

    /// How far past the band's edges (pixels) the stroke may reach: round caps' discs (not
    /// clipped to the band, docs/scene-format.md "Dashes") stand out by up to their radius
    /// r = w / 2, and an inside stroke's by up to w: its caps are centred r inside the
    /// outline, which across a shape thinner than that is up to r past its far side (a
    /// disc's points have |sd| <= |d| + r, d the middle line's offset).
    public var capReach: Double {
        guard let d = dash, d.round else { return 0 }
        return d.width / 2 + max(0, -d.middle)
    }
}

/// A glow in pixels: Gaussian standard deviation, opacity, optional colour (premultiplied).
public struct ResolvedGlow: Sendable {
    public var sigma: Double
    public var opacity: Double
    public var color: Premul?
}
