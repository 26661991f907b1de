import CEpoxy
import HaloCore

/// The renderer's GL programs, each compiled on first use: layer and glow-source programs
/// by ``LayerVariant``, the blur by its pair count (a bucket's, ``GlowPlan/pairBuckets``), and the resolve.
final class ProgramCache {
    let shaders: ShaderLibrary
    private var layer: [LayerVariant: GLProgram] = [:]
    private var glowSource: [LayerVariant: GLProgram] = [:]
    /// glow_source.frag with HALO_MODES: a steered glow's planes (SteeredGlows).
    private(set) var glowModes: [LayerVariant: GLProgram] = [:]
    /// glow_combine.frag by its layer bucket and whether it sums the colour channels alone.
    private(set) var glowCombine: [GlowCombineKey: GLProgram] = [:]
    struct GlowCombineKey: Hashable { var layers: Int; var opaque: Bool }
    private var glowPhase: GLProgram?
    private(set) var blur: [Int: GLProgram] = [:]
    private var resolveProgram: GLProgram?
    private var distanceViewProgram: GLProgram?
    private var canvasClearProgram: GLProgram?
    private var targetRestoreProgram: GLProgram?
    private var downsample: GLProgram?
    private var loopScan: GLProgram?
    private var text: GLProgram?
    private var textFill: [LayerVariant: GLProgram] = [:]
    /// Shape passes by their shader shape's text (``LayerVariant/shapePass(_:)``).
    private var shapePass: [LayerVariant: GLProgram] = [:]
    /// Paint scans by their shader paints' texts (``LayerVariant/paintScan(fill:stroke:)``).
    private var paintScan: [LayerVariant: GLProgram] = [:]
    /// The averaged variants (``LayerVariant/averaged``) of the frame being drawn
    /// (``prepare(for:)``): with ``sharesAveragedPrograms``, a tile draw without averaging
    /// uses the averaged program when the frame needs it anyway or it is compiled already.
    private var averagedLayers: Set<LayerVariant> = [], averagedGlowSources: Set<LayerVariant> = []
    /// True: one program for a variant's tiles with and without paint averaging where the
    /// frame has both (one compile where there were two: a cold compile costs llvmpipe 0.1
    /// to 2 s, docs/performance.md), for a single frame. False (the default): each its own
    /// program, for animations: llvmpipe runs both sides of the uniform branch, so tiles
    /// without averaging drawn by the averaged program cost as much as averaged ones (the
    /// 100-button grid's smooth-edge tiles 12 -> 72 ms a frame). The same image either way.
    var sharesAveragedPrograms = false
    /// True: tiles averaged for kinks only are drawn by the fully averaged program (tests
    /// compare the two).
    var kinksTakeFullPrograms = false
    /// True: a box's edge tiles that one corner or none reaches are drawn by the program of
    /// every corner (tests compare the two; their instances' corner index goes unread).
    var cornersTakeFullPrograms = false
    /// Which layer, glow-source, blur and glow-combine programs draw (``Specialisation``).
    var specialisation = Specialisation.always
    /// With ``Specialisation/whenReady``: the specialised programs that general ones stood in
    /// for, to be compiled between frames (``wantedNow()``).
    var wanted: [PendingPrograms.Item] = [], wantedSet = Set<PendingPrograms.Item>()
    /// True while programs are prepared (``GLRenderer/prepare(_:into:for:)``): each item's
    /// own program is compiled, general or specialised as it names, whatever ``specialisation``.
    var compilesAsNamed = false
    /// Layer programs compiled so far.
    var layerProgramCount: Int { layer.count }
    /// The variants of the layer and glow-source programs compiled so far.
    var layerVariants: [LayerVariant] { Array(layer.keys) }
    var glowSourceVariants: [LayerVariant] { Array(glowSource.keys) }
    /// The pair counts of the blur programs compiled so far.
    var blurPairCounts: [Int] { blur.keys.sorted() }
    /// The parameters the shader-paint programs in the cache were compiled for (``use(_:)``).
    private(set) var parameters = ShaderParameters([])
    /// The distance view's spacing of iso-lines in pixels (GLRenderer+DistanceView.swift);
    /// nil: the scene's paints. Layer programs are compiled for it (HALO_DISTANCE_VIEW).
    var distanceStep: Double?
    /// Programs of every kind compiled and linked so far (a shader reload's new cache starts at 0).
    private(set) var compiledCount = 0

    init(shaders: ShaderLibrary) {
        self.shaders = shaders
    }

    /// Deletes every program; call while the context is current.
    func delete() {
        for p in Array(layer.values) + Array(glowSource.values) + Array(glowModes.values) + Array(blur.values) + Array(textFill.values)
                    + Array(shapePass.values) + Array(paintScan.values) + Array(glowCombine.values) + [glowPhase, resolveProgram, distanceViewProgram, canvasClearProgram, targetRestoreProgram, downsample, loopScan, text].compactMap({ $0 }) {
            p.delete()
        }
        glowModes = [:]; glowCombine = [:]; glowPhase = nil
        layer = [:]; glowSource = [:]; blur = [:]; textFill = [:]; shapePass = [:]; paintScan = [:]; resolveProgram = nil; distanceViewProgram = nil; canvasClearProgram = nil; targetRestoreProgram = nil; downsample = nil; loopScan = nil; text = nil
    }

    /// Compiles shader paints for `parameters` from now on: programs with a shader paint
    /// compiled for other declarations are deleted (call while the context is current).
    /// The same declarations with other values keep every program.
    func use(_ parameters: ShaderParameters) {
        guard parameters != self.parameters else { return }
        self.parameters = parameters
        for cache in [\ProgramCache.layer, \.glowSource, \.textFill, \.shapePass, \.paintScan] {
            for (v, p) in self[keyPath: cache] where v.readsParameters {
                p.delete()
                self[keyPath: cache][v] = nil
            }
        }
    }

    /// Notes which averaged variants `plan` draws (layer tiles and glow sources), before its
    /// first draw.
    func prepare(for plan: FramePlan) {
        guard sharesAveragedPrograms else { averagedLayers = []; averagedGlowSources = []; return }
        averagedLayers = Set((plan.canvasBatches + plan.targetBatches).map { $0.variant.program }.filter(\.paintAA))
        averagedGlowSources = Set(plan.glowPages.flatMap(\.source).map { $0.variant.program }.filter(\.paintAA))
    }

    /// Whether the program that draws `v`'s tiles is compiled.
    func hasLayerProgram(_ v: LayerVariant) -> Bool {
        var v = v
        v.distanceView = distanceStep != nil
        v = v.program
        return layer[v] != nil || (sharesAveragedPrograms && layer[v.averaged] != nil)
    }
    /// Whether the program that draws `v`'s glow-source tiles is compiled.
    func hasGlowSourceProgram(_ v: LayerVariant) -> Bool {
        let v = v.program
        return glowSource[v] != nil || (sharesAveragedPrograms && glowSource[v.averaged] != nil)
    }

    /// tile.vert + layer.frag for `v`: its own program, or the general one that serves it
    /// (``specialisation``; set the draw's uniforms with ``GLRenderer/setFrameUniforms(_:for:)``).
    /// - Throws: ``ShaderError`` when the variant fails to compile or link.
    func layerProgram(_ v: LayerVariant) throws -> GLProgram {
        var v = v
        v.distanceView = distanceStep != nil
        if let g = standIn(for: v, in: layer, item: .layer(v)) { v = g }
        return try variant(v, fragment: "layer.frag", uniforms: Uniforms.layerProgram, in: &layer, averaged: averagedLayers)
    }

    /// tile.vert + glow_source.frag for `v` (``LayerVariant/glowSource(_:group:)``), or the
    /// general one that serves it (``specialisation``).
    func glowSourceProgram(_ v: LayerVariant) throws -> GLProgram {
        let g = standIn(for: v, in: glowSource, item: .glowSource(v)) ?? v
        return try variant(g, fragment: "glow_source.frag", uniforms: Uniforms.glowSourceProgram, in: &glowSource, averaged: averagedGlowSources)
    }

    /// glow_source.frag for `v`'s tiles drawing a steered glow's planes (HALO_MODES 1):
    /// coverage times cos and sin of n theta in place of the paint (lib/angular_modes.glsl).
    func glowModesProgram(_ v: LayerVariant) throws -> GLProgram {
        var v = v.program
        if let g = standIn(for: v, in: glowModes, item: .glowModes(v)) { v = g }
        if let p = glowModes[v] { return p }
        compiledCount += 1
        let p = try GLProgram(shaders.withShaders(of: v, parameters: parameters), vertex: "tile.vert", fragment: "glow_source.frag",
                              uniforms: Uniforms.glowSourceProgram, defines: v.defines + [("HALO_MODES", "1")])
        glowModes[v] = p
        return p
    }

    /// tile.vert + glow_combine.frag: steered glows from their planes, `layers` of them (a
    /// bucket of ``SteeredGlows/layerBuckets``: a loop of constant length), the colour
    /// channels alone summed where `opaque` (the paint's alpha constant around the turn).
    /// Each a small program (``PendingPrograms`` lists every bucket of a steerable glow).
    func glowCombineProgram(layers: Int, opaque: Bool) throws -> GLProgram {
        var key = GlowCombineKey(layers: layers, opaque: opaque)
        if layers != 0, standsIn(compiled: glowCombine[key] != nil, item: .glowCombine(layers: layers, opaque: opaque)) {
            // The general program (HALO_MODE_LAYERS 0): the count the draw's uniform uModeLayers,
            // every channel summed (an opaque paint's alpha terms are exact zeros).
            key = GlowCombineKey(layers: 0, opaque: false)
        }
        if let p = glowCombine[key] { return p }
        compiledCount += 1
        let p = try GLProgram(shaders, vertex: "tile.vert", fragment: "glow_combine.frag", uniforms: Uniforms.glowCombineProgram,
                              defines: [("HALO_MODE_LAYERS", "\(key.layers)"), ("HALO_OPAQUE", key.opaque ? "1" : "0")])
        glowCombine[key] = p
        return p
    }

    /// tile.vert + glow_phase.frag: steered glows read from their phase tables (``PhaseTable``).
    func glowPhaseProgram() throws -> GLProgram {
        if let p = glowPhase { return p }
        compiledCount += 1
        let p = try GLProgram(shaders, vertex: "tile.vert", fragment: "glow_phase.frag", uniforms: Uniforms.glowPhaseProgram)
        glowPhase = p
        return p
    }

    /// `fragment` with tile.vert for `v`, its shader paints in place, from `cache` or compiled.
    /// With ``sharesAveragedPrograms``, `v` takes a program that averages more where
    /// `averaged` (the frame's averaged variants) holds it or it is compiled already: the
    /// fully averaged one (``LayerVariant/averaged``) for tiles without averaging or
    /// averaged for kinks only, else the one for kinks only for tiles without averaging.
    private func variant(_ v: LayerVariant, fragment: String, uniforms: [String], in cache: inout [LayerVariant: GLProgram],
                         averaged: Set<LayerVariant>) throws -> GLProgram {
        var v = v.program
        if cornersTakeFullPrograms { v.corners = 1 }
        var kinks = v.averaged
        kinks.kinksOnly = true
        let wider = v.paintAA && !v.kinksOnly ? [] : v.paintAA ? [v.averaged] : [v.averaged, kinks]
        let key = kinksTakeFullPrograms && v.kinksOnly ? v.averaged
                : sharesAveragedPrograms ? wider.first { averaged.contains($0) || cache[$0] != nil } ?? v : v
        if let p = cache[key] { return p }
        compiledCount += 1
        let p = try GLProgram(shaders.withShaders(of: v, parameters: parameters), vertex: "tile.vert",
                              fragment: fragment, uniforms: uniforms + (v.readsParameters ? parameters.uniformNames : []), defines: key.defines)
        cache[key] = p
        return p
    }

    /// tile.vert + shape_pass.frag for a shader shape's text (``LayerVariant/shapePass(_:)``):
    /// the one program that holds the shape's file, so an edit of it compiles this alone.
    /// - Throws: ``ShaderError`` mapped to the shape's file and line.
    func shapePassProgram(_ v: LayerVariant) throws -> GLProgram {
        try placedInAtlas(v, fragment: "shape_pass.frag", uniforms: Uniforms.shapePassProgram, in: &shapePass)
    }

    /// tile.vert + paint_scan.frag for shader paints' texts (``LayerVariant/paintScan(fill:stroke:)``),
    /// the tiles placed as the shape pass's are (HALO_SHAPE_PASS; a scan's aCover is 0).
    /// - Throws: ``ShaderError`` mapped to a paint's file and line.
    func paintScanProgram(_ v: LayerVariant) throws -> GLProgram {
        try placedInAtlas(v, fragment: "paint_scan.frag", uniforms: Uniforms.paintScanProgram, in: &paintScan)
    }

    /// tile.vert (HALO_SHAPE_PASS: tiles placed in their slot of the sample atlas) + `fragment`
    /// for `v`'s shader files and the parameters, from `cache` or compiled.
    private func placedInAtlas(_ v: LayerVariant, fragment: String, uniforms: [String], in cache: inout [LayerVariant: GLProgram]) throws -> GLProgram {
        if let p = cache[v] { return p }
        compiledCount += 1
        let p = try GLProgram(shaders.withShaders(of: v, parameters: parameters), vertex: "tile.vert", fragment: fragment,
                              uniforms: uniforms + parameters.uniformNames, defines: v.defines + [("HALO_SHAPE_PASS", "1")])
        cache[v] = p
        return p
    }

    /// tile.vert + `fragment`, kept in `slot` once compiled (programs without variants).
    private func single(_ slot: inout GLProgram?, fragment: String, uniforms: [String]) throws -> GLProgram {
        if let p = slot { return p }
        compiledCount += 1
        let p = try GLProgram(shaders, vertex: "tile.vert", fragment: fragment, uniforms: uniforms)
        slot = p
        return p
    }

    /// True (the default): blur kernels are drawn by the program of their pair count's
    /// bucket (``GlowPlan/pairBuckets``), zero-padded; false: each count its own program
    /// (tests compare the two, texel for texel).
    var padsBlurKernels = true

    /// tile.vert + blur.frag with its loop over `pairs` pairs of taps fixed at compile time,
    /// so that it is unrolled and indexes its uniform arrays by constants; `pairs` is a
    /// bucket's count (``GlowPlan/pairs(padded:)``) unless ``padsBlurKernels`` is false.
    func blurProgram(pairs: Int) throws -> GLProgram {
        var pairs = pairs
        // The general program (HALO_PAIRS 0): the count the draw's uniform uPairs.
        if pairs != 0, standsIn(compiled: blur[pairs] != nil, item: .blur(pairs: pairs, region: false)) { pairs = 0 }
        if let p = blur[pairs] { return p }
        compiledCount += 1
        let p = try GLProgram(shaders, vertex: "tile.vert", fragment: "blur.frag", uniforms: Uniforms.blurProgram,
                              defines: [("HALO_PAIRS", "\(pairs)")])
        blur[pairs] = p
        return p
    }

    /// tile.vert + resolve.frag.
    func resolve() throws -> GLProgram {
        try single(&resolveProgram, fragment: "resolve.frag", uniforms: Uniforms.resolveProgram)
    }

    /// tile.vert + distance_view.frag: the distance view's field coloured (GLRenderer+DistanceView).
    func distanceView() throws -> GLProgram {
        try single(&distanceViewProgram, fragment: "distance_view.frag", uniforms: Uniforms.distanceViewProgram)
    }

    /// tile.vert + canvas_clear.frag.
    func canvasClear() throws -> GLProgram {
        try single(&canvasClearProgram, fragment: "canvas_clear.frag", uniforms: Uniforms.canvasClearProgram)
    }

    /// tile.vert + target_restore.frag.
    func targetRestore() throws -> GLProgram {
        try single(&targetRestoreProgram, fragment: "target_restore.frag", uniforms: Uniforms.targetRestoreProgram)
    }

    /// tile.vert + downsample.frag.
    func downsampleProgram() throws -> GLProgram {
        try single(&downsample, fragment: "downsample.frag", uniforms: Uniforms.downsampleProgram)
    }

    /// tile.vert + loop_scan.frag.
    func loopScanProgram() throws -> GLProgram {
        try single(&loopScan, fragment: "loop_scan.frag", uniforms: Uniforms.loopScanProgram)
    }

    /// tile.vert + text.frag.
    func textProgram() throws -> GLProgram {
        try single(&text, fragment: "text.frag", uniforms: Uniforms.textProgram)
    }

    /// tile.vert + text_fill.frag for the fill paint of `v`.
    func textFillProgram(_ v: LayerVariant) throws -> GLProgram {
        try variant(v, fragment: "text_fill.frag", uniforms: Uniforms.textFillProgram, in: &textFill, averaged: [])
    }
}
