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
        /// The region's place in the glow atlas (glowPlan != nil).
        var atlas = GlowAtlas.Place(page: 0, x: 0, y: 0)
        /// A material fill's blurred region (``MaterialRegion``), nil for other layers.
        var material: MaterialRegion?
        /// A text layer's place in the text atlas (``TextPlacement``), nil for other layers.
        var text: TextPlacement?
    }

    /// Where the GPU blurs the canvas below a material fill (SCENE.md "Material"): at 1/k
    /// resolution (``GlowPlan``, the same kernel and error budget as a glow), over the
    /// fill's pixels grown by the kernel's reach and two blocks more, so that the texels the
    /// layer reads never see the region's border (blur.frag reads past it unguarded).
    struct MaterialRegion {
        var plan: GlowPlan
        /// Canvas pixel of texel (0, 0)'s block.
        var origin: (x: Int, y: Int)
        /// Size in texels.
        var width: Int, height: Int

        /// The region of a material of `sigma` pixels over the fill's `pixels` (canvas pixels).
        init(sigma: Double, pixels f: Box) {
            plan = GlowPlan(sigma: sigma)
            let k = plan.k, margin = (plan.radius + 2) * k
            origin = (Int(f.x0) - margin, Int(f.y0) - margin)
            width = (Int(f.x1 - f.x0) + 2 * margin + k - 1) / k
            height = (Int(f.y1 - f.y0) + 2 * margin + k - 1) / k
        }
    }

    /// One instanced draw: tiles of one variant (``floatsPerInstance`` floats each).
    struct Batch {
        var variant: LayerVariant
        /// The glow atlas page the tiles read (variants with a blurred glow).
        var glowPage = 0
        var instances: [Float] = []
        var layers = 0
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
    var layers: [LayerPlan] = []
    private(set) var glowPages: [GlowPage] = []
    /// The text atlas's size (texels; 0 x 0 without text) and whether its regions fit in one
    /// texture (when not, GLRenderer draws the frame in segments instead).
    var textAtlasSize = (width: 0, height: 0)
    var textAtlasFits = true
    /// 1 for cells one layer touches (direct), 2 for cells two or more touch (canvas); a
    /// promoted cell of ``backdrops`` counts as 1.
    private(set) var touches: [UInt8]
    /// Shared cells drawn direct over a constant backdrop, and the backdrop colours.
    private(set) var backdrops: CellBackdrops
    private(set) var canvasBatches: [Batch] = []
    private(set) var targetBatches: [Batch] = []
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
    ///   - gridOffset, isWindow: the target's (``FrameTarget``).
    ///   - lutWidth: samples a row of the ramps' lookup table (``RampTextures``).
    ///   - maxTextureSize: the GPU's; a glow region or atlas page larger is not drawn.
    ///   - throughCanvas: every tile goes through the float canvas (a frame with a material
    ///     fill, drawn in segments: GLRenderer).
    init(_ frame: Frame, gridOffset: (x: Int, y: Int), isWindow: Bool, lutWidth: Int, maxTextureSize: Int,
         throughCanvas: Bool = false) {
        width = frame.width; height = frame.height
        grid = TileGrid(width: width, height: height, offset: gridOffset)
        let bg = frame.backgroundColor
        // A window shows a background that is not opaque over a checkerboard: the resolve does.
        direct = throughCanvas ? false : frame.backgroundImage == nil ? (!isWindow || bg.w >= 1) : !isWindow
        touches = [UInt8](repeating: direct ? 0 : 2, count: grid.columns * grid.rows)
        layers = FramePlan.planLayers(frame, grid: grid, lutWidth: lutWidth, maxTextureSize: maxTextureSize)
        if direct {
            var last = [Int](repeating: -1, count: touches.count)
            for (n, plan) in layers.enumerated() {
                for c in plan.tiles.cells where last[c.index] != n {
                    last[c.index] = n
                    if touches[c.index] < 2 { touches[c.index] += 1 }
                }
            }
        }
        backdrops = CellBackdrops(cells: touches.count, background: bg)
        if direct && frame.backgroundImage == nil {
            backdrops = CellBackdrops(layers: layers, grid: grid, touches: touches, background: bg)
            for c in touches.indices where backdrops.isPromoted(c) { touches[c] = 1 }
        }
        planGlows(maxTextureSize: maxTextureSize, lutWidth: lutWidth)
        planTextAtlas(maxTextureSize: maxTextureSize)
        let output: OutputMode = frame.backgroundImage != nil ? .overImage : bg.w >= 1 ? (isWindow ? .window : .overOpaque) : .overBackground
        planTiles(output: output)
        let shared = touches
        resolveRects = FramePlan.instances(grid.rects { shared[$0] >= 2 }, row: 0)
    }

    // MARK: - Layers

    /// The layers' bounds, glows and tiles, in drawing order.
    private static func planLayers(_ frame: Frame, grid: TileGrid, lutWidth: Int, maxTextureSize: Int) -> [LayerPlan] {
        let w = frame.width, h = frame.height
        var plans: [LayerPlan] = []
        // An opaque background colour on the 8-bit grid (LayerTiles.faintGlowDistance).
        let bg = frame.backgroundColor
        let onGrid = frame.backgroundImage == nil && bg.w == 1
            && [bg.x, bg.y, bg.z].allSatisfy { abs($0 * 255 - ($0 * 255).rounded()) < 1e-6 }
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
                    let plan = GlowPlan(sigma: glow.sigma)
                    // One blank texel beyond the reach on each side (blur.frag reads up to it).
                    let g = sb.grown(by: plan.reach + Double(plan.k))
                    // Only the part that can reach the canvas.
                    let x0 = max(g.x0, -plan.reach).rounded(.down), y0 = max(g.y0, -plan.reach).rounded(.down)
                    let x1 = min(g.x1, Double(w) + plan.reach), y1 = min(g.y1, Double(h) + plan.reach)
                    if x1 > x0 && y1 > y0 {
                        let gw = Int(((x1 - x0) / Double(plan.k)).rounded(.up)), gh = Int(((y1 - y0) / Double(plan.k)).rounded(.up))
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
                faint = LayerTiles.faintGlowDistance(sigma: glow.sigma, opacity: glow.opacity * layer.opacity)
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
        // The tiles, layer by layer on every core (each layer's classification is its own).
        let results = ParallelSlots<LayerTiles>(count: plans.count)
        let specs = plans.map { (layer: $0.layer, quad: $0.quad, glow: $0.glowMode != .none, faint: $0.faint, text: $0.text != nil) }
        let chunks = min(specs.count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for n in stride(from: c, to: specs.count, by: chunks) {
                let s = specs[n]
                if s.text { results.set(n, LayerTiles(covering: s.quad, grid: grid)); continue }
                results.set(n, LayerTiles(s.layer, quad: s.quad, hasGlow: s.glow, grid: grid, lutWidth: lutWidth, faintGlowBeyond: s.faint))
            }
        }
        for n in plans.indices { plans[n].tiles = results.get(n) }
        return plans
    }

    // MARK: - Glows

    /// Packs the glow regions into the atlas and lists each page's source tiles and blur rects.
    private mutating func planGlows(maxTextureSize: Int, lutWidth: Int) {
        let glowing = layers.indices.filter { layers[$0].glowPlan != nil }
        guard !glowing.isEmpty else { return }
        let atlas = GlowAtlas(regions: glowing.map { (layers[$0].glowRegion.gw, layers[$0].glowRegion.gh, layers[$0].glowPlan!.radius + 1) },
                              maxSide: maxTextureSize)
        glowPages = atlas.pages.map { GlowPage(width: $0.width, height: $0.height) }
        var sourceIndex: [[LayerVariant: Int]] = Array(repeating: [:], count: glowPages.count)
        var blurIndex: [[[Float]: Int]] = Array(repeating: [:], count: glowPages.count)
        for (n, i) in glowing.enumerated() {
            let place = atlas.places[n]
            layers[i].atlas = place
            let plan = layers[i], layer = plan.layer, gp = plan.glowPlan!, region = plan.glowRegion
            let ox = Float(place.x), oy = Float(place.y)
            for (group, data) in LayerTiles.glowSource(layer, origin: Vec2(region.x0, region.y0), k: gp.k,
                                                       texels: (region.gw, region.gh), lutWidth: lutWidth) {
                let variant = LayerVariant.glowSource(layer, group: group)
                let b = sourceIndex[place.page][variant] ?? {
                    glowPages[place.page].source.append(Batch(variant: variant))
                    sourceIndex[place.page][variant] = glowPages[place.page].source.count - 1
                    return glowPages[place.page].source.count - 1
                }()
                FramePlan.appendInstances(data, row: i, dx: ox, dy: oy, to: &glowPages[place.page].source[b].instances)
                glowPages[place.page].source[b].layers += 1
            }
            // The texels the blur computes: those the layer's tiles read (the faint-glow
            // cut-off plus a cell's diagonal from the outline, or the whole region), and for
            // the horizontal pass only the rows the stroke reaches (the rest stay blank, as
            // their blur would be).
            let cellDiagonal = Double(LayerTiles.size) * 2.0.squareRoot() + 1
            let capReach = layer.stroke?.capReach ?? 0
            let read = plan.faint.flatMap { f in layer.glowSource.map { $0.outer + capReach + f + cellDiagonal } }
            let k = Double(gp.k)
            let used = Box(x0: 0, y0: 0, x1: Double(region.gw), y1: Double(region.gh))
            func texels(_ b: Box) -> Box {
                Box(x0: max(((b.x0 - region.x0) / k).rounded(.down) - 1, 0), y0: max(((b.y0 - region.y0) / k).rounded(.down) - 1, 0),
                    x1: min(((b.x1 - region.x0) / k).rounded(.up) + 1, used.x1), y1: min(((b.y1 - region.y0) / k).rounded(.up) + 1, used.y1))
            }
            let vertical = read.map { texels(layer.outline.bounds(grownBy: $0)) } ?? used
            let strokeRows = texels(layer.outline.bounds(grownBy: (layer.glowSource?.outer ?? 0) + capReach + k))
            let horizontal = Box(x0: max(vertical.x0 - 1, 0), y0: strokeRows.y0, x1: min(vertical.x1 + 1, used.x1), y1: strokeRows.y1)
            let b = blurIndex[place.page][gp.weights] ?? {
                glowPages[place.page].blurs.append(BlurBatch(plan: gp))
                blurIndex[place.page][gp.weights] = glowPages[place.page].blurs.count - 1
                return glowPages[place.page].blurs.count - 1
            }()
            for (box, isHorizontal) in [(horizontal, true), (vertical, false)] where box.x1 > box.x0 && box.y1 > box.y0 {
                let rect: [Float] = [Float(box.x0) + ox, Float(box.y0) + oy, Float(box.x1) + ox, Float(box.y1) + oy, 0, 0, Float(i), 0]
                if isHorizontal { glowPages[place.page].blurs[b].horizontal += rect } else { glowPages[place.page].blurs[b].vertical += rect }
            }
        }
    }

    // MARK: - Tiles

    /// Groups every layer's tiles into draws (see the type's summary).
    private mutating func planTiles(output: OutputMode) {
        var targetIndex: [LayerVariant: Int] = [:], underlayIndex: [LayerVariant: Int] = [:]
        var underlays: [Batch] = []
        // Canvas draws by id, in drawing order `order` (`position` of each id); for each
        // canvas cell the id of the last draw that wrote it; each key's draws.
        var draws: [Batch] = []
        var order: [Int] = [], position: [Int] = []
        var lastDraw = [Int](repeating: -1, count: touches.count)
        var drawsOf: [BatchKey: [Int]] = [:]
        let shared = touches
        let n = LayerTiles.floatsPerTile
        // Each layer's draws by group, on every core; then the batching, in layer order.
        let grouped = ParallelSlots<[(key: LayerTiles.Group, underlay: Bool, backdrop: Int, data: [Float])]>(count: layers.count)
        let tiles = layers.map(\.tiles)
        let backdrops = self.backdrops
        let chunks = min(tiles.count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for k in stride(from: c, to: tiles.count, by: chunks) {
                grouped.set(k, tiles[k].groups(placement: { backdrops.placement(layer: k, cell: $0, shared: shared[$0] >= 2) }))
            }
        }
        for (row, plan) in layers.enumerated() {
            for (group, underlay, backdrop, data) in grouped.get(row) {
                let page = plan.glowMode == .blurred ? plan.atlas.page : 0
                if underlay {
                    // Constant fills under a promoted cell's top layer: drawn before every direct tile.
                    let variant = LayerVariant(plan.layer, glow: plan.glowMode, group: group, output: output)
                    let u = underlayIndex[variant] ?? {
                        underlays.append(Batch(variant: variant, glowPage: page))
                        underlayIndex[variant] = underlays.count - 1
                        return underlays.count - 1
                    }()
                    FramePlan.appendInstances(data, row: row, backdrop: backdrop, to: &underlays[u].instances)
                    underlays[u].layers += 1
                    continue
                }
                if group.direct {
                    let variant = LayerVariant(plan.layer, glow: plan.glowMode, group: group, output: output)
                    var t = targetIndex[variant] ?? -1
                    // A page other than the draw's (huge frames only): a draw of its own.
                    if t < 0 || targetBatches[t].glowPage != page {
                        targetBatches.append(Batch(variant: variant, glowPage: page))
                        t = targetBatches.count - 1
                        targetIndex[variant] = t
                    }
                    FramePlan.appendInstances(data, row: row, backdrop: backdrop, to: &targetBatches[t].instances)
                    targetBatches[t].layers += 1
                    continue
                }
                let key = BatchKey(variant: LayerVariant(plan.layer, glow: plan.glowMode, group: group, output: .canvas), page: page)
                var mine = drawsOf[key] ?? []
                var joined = Set<Int>()
                // Tile by tile: each joins the first draw of its key at or after the last draw
                // of its cells, or a new draw placed right after that one.
                for t in stride(from: 0, to: data.count, by: n) {
                    let cells = cellRange(data[t], data[t + 1], data[t + 2], data[t + 3])
                    var earliest = -1
                    for j in cells.j { for i in cells.i {
                        let d = lastDraw[grid.index(i, j)]
                        if d >= 0 && (earliest < 0 || position[d] > position[earliest]) { earliest = d }
                    } }
                    let floor = earliest < 0 ? -1 : position[earliest]
                    var id = -1
                    for candidate in mine where position[candidate] >= floor {
                        if id < 0 || position[candidate] < position[id] { id = candidate }
                    }
                    if id < 0 {
                        id = draws.count
                        draws.append(Batch(variant: key.variant, glowPage: page))
                        order.insert(id, at: floor + 1)
                        position.append(0)
                        for (p, d) in order.enumerated() { position[d] = p }
                        mine.append(id)
                    }
                    FramePlan.appendInstances(data, from: t, count: 1, row: row, to: &draws[id].instances)
                    if joined.insert(id).inserted { draws[id].layers += 1 }
                    for j in cells.j { for i in cells.i { lastDraw[grid.index(i, j)] = id } }
                }
                drawsOf[key] = mine
            }
        }
        canvasBatches = order.map { draws[$0] }
        targetBatches = underlays + targetBatches
    }

    private struct BatchKey: Hashable { var variant: LayerVariant; var page: Int }

    /// The grid columns and rows a tile rect (canvas pixels) lies in.
    private func cellRange(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) -> (i: ClosedRange<Int>, j: ClosedRange<Int>) {
        let s = LayerTiles.size
        let i0 = (Int(x0) + grid.offset.x) / s, i1 = (Int(x1) - 1 + grid.offset.x) / s
        let j0 = (Int(y0) + grid.offset.y) / s, j1 = (Int(y1) - 1 + grid.offset.y) / s
        return (i0...max(i0, i1), j0...max(j0, j1))
    }

    /// Appends `count` tiles (all when nil) of ``LayerTiles/floatsPerTile`` floats from
    /// `start` as instances of layer data row `row` over backdrop row `backdrop`, moved by (dx, dy).
    static func appendInstances(_ tiles: [Float], from start: Int = 0, count: Int? = nil, row: Int, backdrop: Int = 0,
                                dx: Float = 0, dy: Float = 0, to out: inout [Float]) {
        let n = LayerTiles.floatsPerTile
        let end = count.map { start + $0 * n } ?? tiles.count
        out.reserveCapacity(out.count + (end - start) / n * floatsPerInstance)
        let r = Float(row), b = Float(backdrop)
        for t in stride(from: start, to: end, by: n) {
            out.append(tiles[t] + dx); out.append(tiles[t + 1] + dy); out.append(tiles[t + 2] + dx); out.append(tiles[t + 3] + dy)
            out.append(tiles[t + 4]); out.append(tiles[t + 5]); out.append(r); out.append(b)
        }
    }

    /// ``appendInstances(_:from:count:row:dx:dy:to:)`` into a new array.
    static func instances(_ tiles: [Float], row: Int, dx: Float = 0, dy: Float = 0) -> [Float] {
        var out: [Float] = []
        appendInstances(tiles, row: row, dx: dx, dy: dy, to: &out)
        return out
    }
}

/// Slots that worker threads fill, each slot by one thread, read after they all finish.
private final class ParallelSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { slots.withUnsafeMutableBufferPointer { $0[i] = value } }
    func get(_ i: Int) -> T { slots[i]! }
}
