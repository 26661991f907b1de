import Foundation
import HaloCore

/// One frame's passes and their inputs, computed on the CPU from the resolved frame (no GL):
/// what ``GLRenderer/draw(_:into:)`` draws, in order.
///
/// - The glows: every glowing layer's stroke at its reduction factor into its region of the
///   glow atlas (``GlowAtlas``; one draw per glow-source variant), then one horizontal and
///   one vertical blur pass over the atlas (one draw per distinct kernel).
/// - The layers: each layer's tiles (``LayerTiles``) with its row in the layer data, grouped
///   into instanced draws by program variant. Tiles whose cell one layer alone touches are
///   composited over the background in the shader and written to the target as final values
///   (``targetBatches``: they overlap nothing, so any order serves); tiles of cells two or
///   more layers touch are blended into the float canvas (``canvasBatches``), each in the
///   earliest draw of its variant that comes after every draw of an earlier layer in the
///   same cells, so that layer order holds wherever tiles overlap; then ``resolveRects``
///   round the canvas into the target.
///
/// The number of draws depends on the variants and on how layers overlap, not on how many
/// layers there are.
struct FramePlan {
    /// Per instance: x0, y0, x1, y1 (target or atlas pixels), fill and stroke coverage of
    /// edge-free tiles, the layer's row in the layer data, the row of the backdrop a direct
    /// tile is composited over (``CellBackdrops``; 0 the background) (tile.vert).
    static let floatsPerInstance = 8

    /// What one layer draws this frame.
    struct LayerPlan {
        var index: Int
        var layer: ResolvedLayer
        var glowPlan: GlowPlan?
        var glowRegion: (x0: Double, y0: Double, gw: Int, gh: Int)
        var glowMode: GlowMode
        /// Glow-only tiles farther than this outside the stroke are not drawn (LayerTiles).
        var faint: Double?
        /// The canvas pixels the layer's tiles cover at most (its bounds, whole pixels).
        var quad: Box
        var tiles = LayerTiles()
        /// The region's place in the glow atlas (glowPlan != nil): its own, or that of the
        /// glow it shares.
        var atlas = GlowAtlas.Place(page: 0, x: 0, y: 0)
        /// The layer whose glow this one's is a twin of (``GlowTwins``): it reads that glow's
        /// texels and has no passes of its own. Nil for a glow with its own region.
        var twinOf: Int?
        /// A material fill's blurred region (``MaterialRegion``), nil for other layers.
        var material: MaterialRegion?
        /// A text layer's place in the text atlas (``TextPlacement``), nil for other layers.
        var text: TextPlacement?
    }

    /// One instanced draw: tiles of one variant (``floatsPerInstance`` floats each).
    struct Batch {
        var variant: LayerVariant
        /// The glow atlas page the tiles read (variants with a blurred glow).
        var glowPage = 0
        var instances: [Float] = []
        var layers = 0
        /// Tiles a placed instance reaches at most (``TilePlacement/gpu``: each instance a
        /// layer's quad, the vertex stage's tiles); 0 where each instance is a tile.
        var placedTiles = 0
        var tileCount: Int { instances.count / FramePlan.floatsPerInstance }
    }

    /// One kernel's regions, for the horizontal and the vertical blur pass.
    struct BlurBatch {
        var plan: GlowPlan
        var horizontal: [Float] = []
        var vertical: [Float] = []
    }

    /// One page of the glow atlas and what is drawn into it.
    struct GlowPage {
        var width: Int, height: Int
        var source: [Batch] = []
        var blurs: [BlurBatch] = []
    }

    let width: Int, height: Int
    let grid: TileGrid
    /// Whether tiles one layer alone touches write final values into the target (a
    /// background colour, opaque in a window, or a background image offscreen); else every
    /// tile goes through the canvas.
    let direct: Bool
    /// Whether the layers' tiles are placed and classified on the GPU (``planPlacedTiles()``).
    let placed: Bool
    var layers: [LayerPlan] = []
    var glowPages: [GlowPage] = []
    /// The text atlas's size (texels; 0 x 0 without text) and whether its regions fit in one
    /// texture (when not, GLRenderer draws the frame in segments instead).
    var textAtlasSize = (width: 0, height: 0)
    var textAtlasFits = true
    /// 1 for cells one layer touches (direct), 2 for cells two or more touch (canvas); a
    /// promoted cell of ``backdrops`` counts as 1.
    private(set) var touches: [UInt8]
    /// Shared cells drawn direct over a constant backdrop, and the backdrop colours.
    private(set) var backdrops: CellBackdrops
    /// How direct tiles write the target (``OutputMode``; not `.canvas`).
    private(set) var output = OutputMode.overBackground
    var canvasBatches: [Batch] = []
    var targetBatches: [Batch] = []
    /// A shader shape's samples for its edge tiles, drawn before the glows and layers
    /// (FramePlan+ShapeSamples.swift).
    var shapeSamples = ShapeSamplePlan()
    private(set) var resolveRects: [Float] = []

    /// The bounding box (canvas pixels x0, y0, x1, y1) of the cells that go through the
    /// float canvas: tiles drawn into it and the resolve stay inside (nil: the whole canvas).
    var canvasBox: (Int, Int, Int, Int)? {
        guard direct else { return nil }
        var b: (Int, Int, Int, Int)?
        let n = FramePlan.floatsPerInstance
        for i in stride(from: 0, to: resolveRects.count, by: n) {
            let r = (Int(resolveRects[i]), Int(resolveRects[i + 1]), Int(resolveRects[i + 2]), Int(resolveRects[i + 3]))
            b = b.map { (min($0.0, r.0), min($0.1, r.1), max($0.2, r.2), max($0.3, r.3)) } ?? r
        }
        return b
    }

    /// Whether any tile goes through the float canvas.
    var usesCanvas: Bool { !canvasBatches.isEmpty || !resolveRects.isEmpty }

    /// Instanced draws in the frame (glow sources, blur passes, layer tiles, the resolve).
    var draws: Int {
        glowPages.reduce(0) { $0 + $1.source.count + 2 * $1.blurs.count } + canvasBatches.count + targetBatches.count
            + (resolveRects.isEmpty ? 0 : 1)
    }

    /// Framebuffer passes in the frame: each glow page's source and two blur passes, the
    /// float canvas, the target.
    var passes: Int { 3 * glowPages.count + (usesCanvas ? 1 : 0) + 1 }

    /// - Parameters:
    ///   - isWindow: the target's (``FrameTarget``).
    ///   - lutWidth: samples a row of the ramps' lookup table (``RampTextures``).
    ///   - maxTextureSize: the GPU's; a glow region or atlas page larger is not drawn.
    ///   - throughCanvas: every tile goes through the float canvas (a frame with a material
    ///     fill, drawn in segments: GLRenderer).
    ///   - tilesOnGPU: the layers' tiles are placed on the GPU where the frame allows it
    ///     (``TilePlacement/gpu``, ``placeable(_:)``).
    init(_ frame: Frame, isWindow: Bool, lutWidth: Int, maxTextureSize: Int,
         throughCanvas: Bool = false, tilesOnGPU: Bool = false) {
        width = frame.width; height = frame.height
        grid = TileGrid(width: width, height: height)
        let bg = frame.backgroundColor
        // A window shows a background that is not opaque over a checkerboard: the resolve does.
        placed = tilesOnGPU && FramePlan.placeable(frame)
        direct = throughCanvas || placed ? false : frame.backgroundImage == nil ? (!isWindow || bg.w >= 1) : !isWindow
        touches = [UInt8](repeating: direct ? 0 : 2, count: grid.columns * grid.rows)
        layers = FramePlan.planLayers(frame, grid: grid, lutWidth: lutWidth, maxTextureSize: maxTextureSize, classify: !placed)
        if direct { touches = FramePlan.sharing(layers, cells: touches.count) }
        backdrops = CellBackdrops(cells: touches.count, background: bg)
        if direct && frame.backgroundImage == nil {
            backdrops = CellBackdrops(layers: layers, grid: grid, touches: touches, background: bg)
            for c in touches.indices where backdrops.isPromoted(c) { touches[c] = 1 }
        }
        planGlows(maxTextureSize: maxTextureSize, lutWidth: lutWidth)
        planTextAtlas(maxTextureSize: maxTextureSize)
        output = frame.backgroundImage != nil ? .overImage : bg.w >= 1 ? .overOpaque : .overBackground
        if placed { planPlacedTiles() } else { planTiles(output: output) }
        planShapeSamples(maxTextureSize: maxTextureSize)
        let shared = touches
        resolveRects = placed ? [0, 0, Float(width), Float(height), 0, 0, 0, 0]
            : FramePlan.instances(grid.rects { shared[$0] >= 2 }, row: 0)
    }

    // MARK: - Layers

    /// The layers' bounds, glows and tiles, in drawing order.
    /// - Parameter classify: each layer's tiles are classified here (``LayerTiles``); false
    ///   where the GPU places them.
    private static func planLayers(_ frame: Frame, grid: TileGrid, lutWidth: Int, maxTextureSize: Int, classify: Bool) -> [LayerPlan] {
        let w = frame.width, h = frame.height
        var plans: [LayerPlan] = []
        // An opaque background colour on the 8-bit grid (LayerTiles.faintGlowDistance).
        let bg = frame.backgroundColor
        let onGrid = frame.backgroundImage == nil && bg.w == 1
            && [bg.x, bg.y, bg.z].allSatisfy { abs($0 * 255 - ($0 * 255).rounded()) < 1e-6 }
        // Each sigma's kernel and each faint-glow distance once a frame (layers mostly share them).
        var glowPlans: [Double: GlowPlan] = [:], faintDistances: [SIMD2<Double>: Double] = [:]
        plans.reserveCapacity(frame.layers.count)
        for (index, layer) in frame.layers.enumerated() where layer.opacity > 0 {
            if layer.isText {
                if let plan = TextPlacement.layerPlan(layer, index: index, width: w, height: h) { plans.append(plan) }
                continue
            }
            var bounds: Box?
            if layer.fill != nil { bounds = layer.outline.bounds(grownBy: 1) }
            var glowPlan: GlowPlan?
            var glowRegion = (x0: 0.0, y0: 0.0, gw: 0, gh: 0)
            // A path-painted stroke alone shows only near its arcs that are not clear (VisibleArc).
            let visible = VisibleArc.extent(layer)
            if visible == .nothing { continue }
            func strokeBounds(_ stroke: ResolvedStroke, grownBy d: Double) -> Box {
                let b = layer.outline.bounds(grownBy: d)
                guard case .within(let v) = visible else { return b }
                let near = v.grown(by: max(abs(stroke.inner), abs(stroke.outer)) + stroke.capReach + 1)
                return Box(x0: max(b.x0, near.x0), y0: max(b.y0, near.y0), x1: min(b.x1, near.x1), y1: min(b.y1, near.y1))
            }
            if let stroke = layer.stroke {
                let sb = strokeBounds(stroke, grownBy: stroke.outer + stroke.capReach + 1)
                bounds = bounds.map { $0.union(sb) } ?? sb
            }
            // The glow's source: the stroke, or the fill of a layer without one.
            if let source = layer.glowSource {
                let sb = layer.fillGlows || layer.stroke == nil
                    ? layer.outline.bounds(grownBy: source.outer + 1)
                    : strokeBounds(layer.stroke!, grownBy: source.outer + (layer.stroke?.capReach ?? 0) + 1)
                if let glow = layer.glow, glow.sigma > 0 {
                    let plan = glowPlans[glow.sigma] ?? {
                        let p = GlowPlan(sigma: glow.sigma)
                        glowPlans[glow.sigma] = p
                        return p
                    }()
                    // One blank texel beyond the reach on each side (blur.frag reads up to it).
                    let g = sb.grown(by: plan.reach + Double(plan.k))
                    // Only the part that can reach the canvas.
                    var x0 = max(g.x0, -plan.reach).rounded(.down), y0 = max(g.y0, -plan.reach).rounded(.down)
                    let x1 = min(g.x1, Double(w) + plan.reach), y1 = min(g.y1, Double(h) + plan.reach)
                    if x1 > x0 && y1 > y0 {
                        var gw = Int(((x1 - x0) / Double(plan.k)).rounded(.up)), gh = Int(((y1 - y0) / Double(plan.k)).rounded(.up))
                        // A glow that may turn on a point-symmetric shape: the region centred on
                        // it where it can be, for a phase table of half the turn (PhaseTable).
                        if SteeredGlows.mayHoldHalfTurn(layer, plan: plan) {
                            let c = layer.outline.center
                            if x1 == g.x1, let r = GlowPlan.centred(x0, x1, on: c.x, k: plan.k) { (x0, gw) = r }
                            if y1 == g.y1, let r = GlowPlan.centred(y0, y1, on: c.y, k: plan.k) { (y0, gh) = r }
                        }
                        let padded = 2 * (plan.radius + 1)
                        if gw + padded <= maxTextureSize && gh + padded <= maxTextureSize {
                            glowPlan = plan
                            glowRegion = (x0, y0, gw, gh)
                            bounds = bounds!.union(g)
                        }
                    }
                }
            }
            guard let b = bounds else { continue }
            let quad = Box(x0: max(b.x0.rounded(.down), 0), y0: max(b.y0.rounded(.down), 0),
                           x1: min(b.x1.rounded(.up), Double(w)), y1: min(b.y1.rounded(.up), Double(h)))
            if quad.x1 <= quad.x0 || quad.y1 <= quad.y0 { continue }
            let glowMode: GlowMode = layer.glow.map { glowPlan != nil ? .blurred : ($0.sigma > 0 ? .none : .sharp) } ?? .none
            // Glow too faint to change a pixel over this background is not drawn.
            var faint: Double?
            if onGrid, let glow = layer.glow, glowMode == .blurred {
                let key = SIMD2(glow.sigma, glow.opacity * layer.opacity)
                faint = faintDistances[key] ?? {
                    let f = LayerTiles.faintGlowDistance(sigma: glow.sigma, opacity: key.y)
                    faintDistances[key] = f
                    return f
                }()
            }
            var plan = LayerPlan(index: index, layer: layer, glowPlan: glowPlan, glowRegion: glowRegion, glowMode: glowMode,
                                 faint: faint, quad: quad)
            if let fill = layer.fill, case .material(let sigma, _, _) = fill.geometry {
                let f = layer.outline.bounds(grownBy: 1)
                let pixels = Box(x0: max(f.x0.rounded(.down), 0), y0: max(f.y0.rounded(.down), 0),
                                 x1: min(f.x1.rounded(.up), Double(w)), y1: min(f.y1.rounded(.up), Double(h)))
                if pixels.x1 > pixels.x0 && pixels.y1 > pixels.y0 { plan.material = MaterialRegion(sigma: sigma, pixels: pixels) }
            }
            plans.append(plan)
        }
        guard classify else { return plans }
        // The tiles, layer by layer on every core (each layer's classification is its own).
        let results = ParallelSlots<LayerTiles>(count: plans.count)
        let specs = plans.map { p in
            (layer: p.layer, quad: p.quad, glow: p.glowMode != .none, faint: p.faint, text: p.text != nil,
             toBlocks: p.glowMode != .blurred && p.material == nil && p.layer.outline.kind != .shader)
        }
        let chunks = min(specs.count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for n in stride(from: c, to: specs.count, by: chunks) {
                let s = specs[n]
                if s.text { results.set(n, LayerTiles(covering: s.quad, grid: grid)); continue }
                results.set(n, LayerTiles(s.layer, quad: s.quad, hasGlow: s.glow, grid: grid, lutWidth: lutWidth, faintGlowBeyond: s.faint,
                                          toBlocks: s.toBlocks))
            }
        }
        for n in plans.indices { plans[n].tiles = results.get(n) }
        return plans
    }
}
