@_exported import HaloText

/// A scene of docs/scene-format.md (format 1): a canvas and the layers drawn on it, in order.
///
/// Geometry is in points; `canvas.scale` turns points into pixels. Build one in
/// code, or decode a file with ``SceneDecoder``.
public struct Scene: Equatable, Sendable {
    /// The canvas: size in points, scale, background.
    public var canvas: Canvas
    /// The moment drawn, in seconds (default 0). A renderer's own time overrides it.
    public var time: Double
    /// When true every animation is frozen at its time-0 state.
    public var reduceMotion: Bool
    /// Layers, drawn in order, each composited source-over on what is below.
    public var layers: [Layer]
    /// The file the scene came from, if any (for messages and relative image paths).
    public var file: String?
    /// Keyframed values (docs/scene-format.md "Keyframes"), nil when the scene has none; ``layers``
    /// then hold their values at t = 0, and ``at(_:)`` gives the scene at any time.
    public var keyframes: Keyframes?
    /// The scene's parameters (docs/scene-format.md "Parameters") with the values it is drawn with, in
    /// file order; every reference has already been replaced by its value.
    public var parameters: [Parameter] = []
    /// Where references stood, for messages about values drawn at other times.
    var parameterOrigins = ParameterOrigins()

    /// The JSON path of each parameter reference the scene's file wrote ("layers[1].glow.radius",
    /// "layers[0].opacity.keyframes[1][1]", "canvas.background") and the name of the parameter
    /// it named: where each parameter's value flows. Empty for a scene built in code.
    public var parameterReferences: [String: String] { parameterOrigins.paths }

    public init(canvas: Canvas, time: Double = 0, reduceMotion: Bool = false, layers: [Layer],
                file: String? = nil) {
        self.canvas = canvas; self.time = time; self.reduceMotion = reduceMotion
        self.layers = layers; self.file = file
    }

    /// The time animations are evaluated at: 0 under reduceMotion, else `override` or ``time``.
    public func effectiveTime(_ override: Double? = nil) -> Double {
        reduceMotion ? 0 : (override ?? time)
    }
}

/// The drawing surface: `width` x `height` points at `scale` pixels per point.
public struct Canvas: Equatable, Sendable {
    /// Size in points (> 0).
    public var width, height: Double
    /// Pixels per point (> 0, default 1).
    public var scale: Double
    public var background: Background

    public init(width: Double, height: Double, scale: Double = 1, background: Background = .color(RGBA(0, 0, 0, 0))) {
        self.width = width; self.height = height; self.scale = scale; self.background = background
    }

    /// The image size in pixels: round(width * scale) x round(height * scale), round(x) = floor(x + 0.5).
    public var pixelWidth: Int { roundHalfUp(width * scale) }
    public var pixelHeight: Int { roundHalfUp(height * scale) }
}

/// the scene format's rounding: floor(x + 0.5), clamped into Int's range.
@inline(__always)
public func roundHalfUp(_ x: Double) -> Int {
    let r = (x + 0.5).rounded(.down)
    if !(r > -9e18) { return r.isNaN ? 0 : Int.min }
    return r < 9e18 ? Int(r) : Int.max
}

/// What is under the layers.
public enum Background: Equatable, Sendable {
    /// A flat colour.
    case color(RGBA)
    /// A PNG at `path` (absolute, or relative to the scene file), placed by `mode`.
    case image(path: String, mode: ContentMode)
}

/// How a background image is fitted to the canvas.
public enum ContentMode: String, Equatable, Sendable, CaseIterable {
    /// Scaled to cover the canvas, cropped evenly.
    case fill
    /// Scaled to fit inside, centred, clear around it.
    case fit
    /// Scaled to the canvas exactly.
    case stretch
}

/// One layer: a shape with an optional fill, stroke and glow, drawn as a group.
public struct Layer: Equatable, Sendable {
    public var shape: Shape
    public var fill: Paint?
    public var stroke: Stroke?
    /// A glow needs a stroke: it is the blurred stroke.
    public var glow: Glow?
    /// Group opacity, 0...1: the layer is drawn, then composited once at this opacity.
    public var opacity: Double

    public init(shape: Shape, fill: Paint? = nil, stroke: Stroke? = nil, glow: Glow? = nil, opacity: Double = 1) {
        self.shape = shape; self.fill = fill; self.stroke = stroke; self.glow = glow; self.opacity = opacity
    }
}

/// An axis-aligned rectangle in points: origin (x, y) top-left, size (w, h) >= 0.
public struct Rect: Equatable, Sendable {
    public var x, y, w, h: Double
    public init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        self.x = x; self.y = y; self.w = w; self.h = h
    }
}

/// A shape's outline (docs/scene-format.md "Shapes").
public struct Shape: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case rect, roundedRect, capsule, ellipse
        /// Glyphs of a text laid out in the rect (``text`` holds the rest; docs/scene-format.md "Text").
        case text
        /// The signed distance of a GLSL function of the user's (``shader`` holds its file;
        /// docs/scene-format.md "Shader shapes"). GPU only.
        case shader
    }
    public enum CornerStyle: String, Equatable, Sendable, CaseIterable {
        /// Quarter circles.
        case circular
        /// Apple's continuous ("squircle") corners, docs/scene-format.md "Continuous corners".
        case continuous
    }
    public var kind: Kind
    /// Bounding rectangle in points.
    public var rect: Rect
    /// Corner radii in points as written, [topLeft, topRight, bottomRight, bottomLeft]
    /// (roundedRect only; before the CSS scale-down).
    public var cornerRadii: [Double]
    public var cornerStyle: CornerStyle
    /// The text of a `text` shape, nil for the others.
    public var text: TextShape?
    /// The GLSL of a `shader` shape (its file defines `haloShape`), nil for the others.
    public var shader: ShaderPaintSource?

    public init(kind: Kind, rect: Rect, cornerRadii: [Double] = [0, 0, 0, 0], cornerStyle: CornerStyle = .circular,
                text: TextShape? = nil) {
        self.kind = kind; self.rect = rect; self.cornerRadii = cornerRadii; self.cornerStyle = cornerStyle; self.text = text
    }
}

/// A text shape's text and font (docs/scene-format.md "Text"): laid out in the shape's rect.
public struct TextShape: Hashable, Sendable {
    /// Non-empty; "\n" separates paragraphs.
    public var text: String
    /// The family or font file as written (default "Inter").
    public var font: String
    /// The face drawn: the font file, or fontconfig's match for the family.
    public var fontFile: FontFile
    /// Points per em (> 0).
    public var size: Double
    /// CSS font-weight, 1...1000 (families only).
    public var weight: Int
    public var italic: Bool
    public var align: TextLayout.Alignment
    /// A multiple of `size` (> 0).
    public var lineHeight: Double

    public init(text: String, font: String = "Inter", fontFile: FontFile, size: Double = 17, weight: Int = 400,
                italic: Bool = false, align: TextLayout.Alignment = .center, lineHeight: Double = 1.2) {
        self.text = text; self.font = font; self.fontFile = fontFile; self.size = size; self.weight = weight
        self.italic = italic; self.align = align; self.lineHeight = lineHeight
    }
}

/// A stroke along the shape's outline.
/// A stroke's dash pattern (docs/scene-format.md "Stroke", `dash`): SVG's `stroke-dasharray`,
/// `stroke-dashoffset` and butt or round `stroke-linecap`, laid along the outline's arc length.
public struct Dash: Equatable, Sendable {
    public enum Cap: String, Equatable, Sendable, CaseIterable {
        /// Each dash ends in a cut across the band along the outline's normal.
        case butt
        /// Each dash end also gets a disc of diameter w on the stroke's middle line.
        case round
    }
    /// Lengths in points along the outline, alternately dashes and gaps, starting with a
    /// dash; an odd count is repeated once (``expandedPattern``). Gaps > 0; dashes > 0, or
    /// >= 0 with round caps (a dash of 0 is a dot).
    public var pattern: [Double]
    /// Points (any finite number): shifts the pattern back along the outline, as SVG's
    /// `stroke-dashoffset`.
    public var phase: Double
    public var cap: Cap

    public init(pattern: [Double], phase: Double = 0, cap: Cap = .butt) {
        self.pattern = pattern; self.phase = phase; self.cap = cap
    }

    /// The pattern with an odd count repeated once, so that entries alternate on, off.
    public var expandedPattern: [Double] { pattern.count % 2 == 1 ? pattern + pattern : pattern }
}

public struct Stroke: Equatable, Sendable {
    public enum Alignment: String, Equatable, Sendable, CaseIterable {
        /// The outline is the middle of the stroke (SwiftUI `stroke`).
        case center
        /// The stroke lies inside the shape (SwiftUI `strokeBorder`, UIKit `borderWidth`).
        case inside
        /// The stroke lies outside the shape.
        case outside
    }
    public var paint: Paint
    /// Width in points (> 0).
    public var width: Double
    public var alignment: Alignment
    /// Dashes along the outline (docs/scene-format.md "Stroke", `dash`); nil: a solid stroke.
    public var dash: Dash?

    public init(paint: Paint, width: Double, alignment: Alignment = .center, dash: Dash? = nil) {
        self.paint = paint; self.width = width; self.alignment = alignment; self.dash = dash
    }

    /// The offset d (points) that takes the outline to the stroke's middle line: -w/2
    /// inside, 0 centred, +w/2 outside (docs/scene-format.md "Dashes", round caps).
    public var middleOffset: Double {
        switch alignment {
        case .inside: return -width / 2
        case .center: return 0
        case .outside: return width / 2
        }
    }

    /// The stroke's two edges as signed offsets of the outline in points
    /// (negative = inwards): inside (-w, 0), center (-w/2, w/2), outside (0, w).
    public var edgeOffsets: (inner: Double, outer: Double) {
        switch alignment {
        case .inside: return (-width, 0)
        case .center: return (-width / 2, width / 2)
        case .outside: return (0, width)
        }
    }
}

/// A Gaussian glow of the layer's stroke, drawn under it (docs/scene-format.md "Glow").
public struct Glow: Equatable, Sendable {
    /// Standard deviation (sigma) of the Gaussian, in points (>= 0), as CSS `blur()`.
    public var radius: Double
    /// Multiplies the glow, 0...1.
    public var opacity: Double
    /// When set, the glow is this colour times the stroke's alpha.
    public var color: RGBA?

    public init(radius: Double, opacity: Double = 1, color: RGBA? = nil) {
        self.radius = radius; self.opacity = opacity; self.color = color
    }
}
