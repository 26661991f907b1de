import HaloCore

/// What a layer or glow-source program variant is compiled for: the #defines of
/// Shaders/lib/layer_data.glsl. Layers whose tiles share a variant are drawn by one
/// instanced draw (``FramePlan``).
struct LayerVariant: Hashable {
    var shape: ShapeKind
    /// The fill's and the stroke's paint kinds; nil where the layer has none or the tiles
    /// cover none of it.
    var fill: PaintKind?, stroke: PaintKind?
    var glow: GlowMode
    var edge: EdgeMode
    /// True: paints averaged for jumps and kinks per pixel; false: the tile needs none
    /// (LayerTiles). A program compiled with averaging (HALO_PAINT_AA 1) serves both, by the
    /// uniform uPaintAtMiddle (lib/layer_data.glsl); see ``ProgramCache``.
    var paintAA = true
    /// With ``paintAA``: the tiles' paints may kink but never jump (``PaintJumps/Crossing``),
    /// so the program leaves out the jumps' handling (HALO_PAINT_KINKS 1).
    var kinksOnly = false
    /// For a box's edge tiles, the rounded corners whose code the program holds
    /// (HALO_CORNERS, ``LayerTiles/Group``): 0 none, 2 the tile's one, 1 all (every other tile).
    var corners = 1
    var output = OutputMode.canvas
    /// The glow's source is the fill (a layer without a stroke): the glow lies under the fill.
    var glowFromFill = false
    /// A text layer: its pixels come from the text atlas (TextAtlas.swift; HALO_TEXT).
    var text = false
    /// The stroke's dashes (HALO_DASH, lib/dash.glsl): none, butt or round caps, or a period
    /// of at most a pixel.
    var dash = DashMode.none
    /// Shader paints' GLSL (ShaderPaintFile.swift), nil for other paints: new text for a
    /// file is a new variant.
    var fillPaint: ShaderPaintSource?, strokePaint: ShaderPaintSource?
    /// A shader shape's GLSL (ShaderShapeFile.swift), nil for other shapes.
    var shapeSource: ShaderPaintSource?
    /// The distance view (HALO_DISTANCE_VIEW, GLRenderer+DistanceView.swift): iso-lines of
    /// the layer's signed distance instead of its paints.
    var distanceView = false
    /// The instance is a whole layer, whose tiles the vertex stage places and classifies
    /// (HALO_PLACED 1, Shaders/lib/tile_placement.glsl; ``TilePlacement/gpu``): always drawn
    /// by its ``general`` program, the edge mode each tile's.
    var placed = false
    /// A general program (HALO_GENERAL 1, ``general``): the tile's edge mode, glow mode and
    /// output are the draw's uniforms, not constants.
    private(set) var isGeneral = false
    /// The layer's own paints and glow, whatever its tiles cover: the general program draws
    /// every tile of the layer with them (``general``); nil for a text layer, a glow source
    /// and the variants made by hand. Not part of a program's key (``program``): layers of
    /// other structures whose tiles take the same variant share its program.
    var structure: Structure?

    /// A layer's paints and glow (``structure``).
    struct Structure: Hashable {
        var fill: PaintKind?, stroke: PaintKind?
        var fillPaint: ShaderPaintSource?, strokePaint: ShaderPaintSource?
        var glows: Bool, fillGlows: Bool
        var dashed: Bool
    }

    init(shape: ShapeKind, fill: PaintKind?, stroke: PaintKind?, glow: GlowMode, edge: EdgeMode) {
        self.shape = shape; self.fill = fill; self.stroke = stroke; self.glow = glow; self.edge = edge
    }

    /// The variant of `layer`'s tiles of `group`.
    init(_ layer: ResolvedLayer, glow: GlowMode, group: LayerTiles.Group, output: OutputMode) {
        shape = LayerVariant.shape(layer.outline)
        shapeSource = layer.outline.shader?.source
        fill = layer.fill.map(LayerVariant.kind)
        stroke = layer.stroke.map { LayerVariant.kind($0.paint) }
        fillPaint = layer.fill?.shaderSource
        strokePaint = layer.stroke?.paint.shaderSource
        self.glow = glow
        glowFromFill = glow != .none && layer.fillGlows
        edge = group.edge ? (group.smooth ? .smooth : .perPixel) : .inside
        paintAA = group.paintAA
        kinksOnly = group.paintAA && group.kinks
        corners = group.edge ? group.corners : 1
        self.output = output
        structure = Structure(fill: fill, stroke: stroke, fillPaint: fillPaint, strokePaint: strokePaint, glows: layer.glow != nil,
                              fillGlows: layer.fillGlows, dashed: layer.stroke?.dash != nil)
        // Edge-free tiles: a draw that covers none of the tile is compiled out.
        if !group.edge && !group.fill { fill = nil; fillPaint = nil }
        if !group.edge && !group.stroke { stroke = nil; strokePaint = nil }
        if stroke != nil, let d = layer.stroke?.dash { dash = d.isFine ? .fine : d.isFine ? .fine : d.round ? .round : .butt }
        if layer.isText {
            // Fill and glow are in the text atlas already.
            text = true; shape = .roundedBox; fill = nil; fillPaint = nil; stroke = nil; strokePaint = nil; structure = nil
            self.glow = .none; glowFromFill = false; edge = .inside; paintAA = false; kinksOnly = false
        }
    }

    /// The glow-source variant of `layer`'s stroke (Shaders/glow_source.frag).
    static func glowSource(_ layer: ResolvedLayer, group: LayerTiles.Group) -> LayerVariant {
        var v = LayerVariant(layer, glow: .none, group: group, output: .canvas)
        v.structure = nil       // (the source is one paint: the general program keeps it alone)
        if layer.fillGlows {
            v.stroke = nil; v.strokePaint = nil
            v.fill = layer.fill.map(LayerVariant.kind)
            v.fillPaint = layer.fill?.shaderSource
        } else {
            v.fill = nil; v.fillPaint = nil
            v.stroke = layer.stroke.map { LayerVariant.kind($0.paint) }
            v.strokePaint = layer.stroke?.paint.shaderSource
            if let d = layer.stroke?.dash { v.dash = d.round ? .round : .butt }
        }
        return v
    }

    /// `layer`'s tiles placed on the GPU (``TilePlacement/gpu``): every class in one program,
    /// edges per pixel, paints averaged, with `glow` the layer's glow mode (drawn by ``general``).
    static func placed(_ layer: ResolvedLayer, glow: GlowMode) -> LayerVariant {
        var v = LayerVariant(layer, glow: glow, group: LayerTiles.Group(edge: true, fill: true, stroke: true, paintAA: true), output: .canvas)
        v.placed = true
        return v
    }

    /// `layer`'s glow source placed on the GPU: its paint averaged where `averages`
    /// (``GlowPlan/sourceAveragesPaint``), else taken at each block's centre.
    static func placedGlowSource(_ layer: ResolvedLayer, averages: Bool) -> LayerVariant {
        var v = LayerVariant.glowSource(layer, group: LayerTiles.Group(edge: true, fill: layer.fillGlows, stroke: !layer.fillGlows,
                                                                       paintAA: averages))
        v.placed = true
        return v
    }

    /// The shape kind of an outline's signed distance.
    static func shape(_ outline: Outline) -> ShapeKind {
        switch outline.kind {
        case .roundedBox: return .roundedBox
        case .continuousBox: return .continuousBox
        case .ellipse: return .ellipse
        case .shader: return .shader
        }
    }

    /// The kind of a resolved paint.
    static func kind(_ paint: ResolvedPaint) -> PaintKind {
        switch paint.geometry {
        case .solid: return .solid
        case .linear: return .linear
        case .angular: return .angular
        case .radial: return .radial
        case .shader: return .shader
        case .material: return .material
        case .path: return .path
        }
    }

    /// This variant with paints averaged for jumps and kinks: the program that serves its
    /// tiles of every kind.
    var averaged: LayerVariant {
        var v = self
        v.paintAA = true
        v.kinksOnly = false
        return v
    }

    /// Whether the variant's tiles read what each frame makes anew (a glow, the text atlas,
    /// a shader paint's or shape's code and parameters, a material's blurred region, the
    /// distance view): ``KeptTiles`` draws their cells every frame.
    var readsFrameMadeData: Bool {
        glow != .none || text || distanceView || readsParameters || fill == .material || stroke == .material
            || fill == .shader || stroke == .shader || shape == .shader
    }

    /// The general program's variant that serves this one's tiles (lib/layer_data.glsl
    /// HALO_GENERAL): the edge mode, the glow mode (none, sharp or blurred) and the output
    /// become the draw's uniforms (``drawUniforms``); the paint is averaged unless
    /// uPaintAtMiddle (as ``averaged``), and every corner's code is kept. The layer's own
    /// paints and glow (``structure``) are kept where an edge-free tile covers neither: its
    /// coverage 0 adds nothing (but a dashed stroke, whose dashes' code is left out as before).
    /// The same image as this variant's own program (ShortcutTests, `specialisedPrograms`).
    var general: LayerVariant {
        var v = self
        v.isGeneral = true
        v.edge = .perPixel
        v.glow = glow == .none ? .none : .blurred
        if let s = structure {
            v.fill = s.fill; v.fillPaint = s.fillPaint
            if !s.dashed { v.stroke = s.stroke; v.strokePaint = s.strokePaint }
            if s.glows { v.glow = .blurred; v.glowFromFill = s.fillGlows }
        }
        v.output = .canvas
        v.paintAA = true
        v.kinksOnly = false
        v.corners = 1
        v.structure = nil
        return v
    }

    /// The uniforms a general program takes for this variant's tiles: uEdge, uGlowMode, uOutput.
    var drawUniforms: (edge: Int32, glow: Int32, output: Int32) {
        (Int32(edge.rawValue), Int32(glow.rawValue), Int32(output.rawValue))
    }

    var defines: [(String, String)] {
        if isGeneral {
            return [("HALO_LAYER_DATA", "1"), ("HALO_GENERAL", "1"), ("HALO_SHAPE", "\(shape.rawValue)"), ("HALO_FILL", "\(fill?.rawValue ?? -1)"),
                    ("HALO_STROKE", "\(stroke?.rawValue ?? -1)"), ("HALO_GLOW", glow == .none ? "0" : "1"), ("HALO_GLOW_FILL", glowFromFill ? "1" : "0"),
                    ("HALO_TEXT", text ? "1" : "0"), ("HALO_DASH", "\(dash.rawValue)"), ("HALO_DISTANCE_VIEW", distanceView ? "1" : "0"),
                    ("HALO_PLACED", placed ? "1" : "0")]
        }
        return [("HALO_LAYER_DATA", "1"), ("HALO_SHAPE", "\(shape.rawValue)"), ("HALO_FILL", "\(fill?.rawValue ?? -1)"),
         ("HALO_STROKE", "\(stroke?.rawValue ?? -1)"), ("HALO_GLOW", "\(glow.rawValue)"), ("HALO_EDGE", "\(edge.rawValue)"),
         ("HALO_PAINT_AA", paintAA ? "1" : "0"), ("HALO_PAINT_KINKS", kinksOnly ? "1" : "0"), ("HALO_CORNERS", "\(corners)"), ("HALO_DIRECT", "\(output.rawValue)"),
         ("HALO_GLOW_FILL", glowFromFill ? "1" : "0"), ("HALO_TEXT", text ? "1" : "0"), ("HALO_DASH", "\(dash.rawValue)"),
         ("HALO_DISTANCE_VIEW", distanceView ? "1" : "0")]
    }
}
