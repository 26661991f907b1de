import CEpoxy
import HaloCore

/// What a program is: its one key in ``ProgramCache``.
enum ProgramKey: Hashable {
    /// tile.vert + layer.frag for a variant.
    case layer(LayerVariant)
    /// tile.vert + glow_source.frag for a variant (``LayerVariant/glowSource(_:group:)``).
    case glowSource(LayerVariant)
    /// glow_source.frag with HALO_MODES: a steered glow's planes (SteeredGlows).
    case glowModes(LayerVariant)
    /// glow_combine.frag by its layer count (0: the general program) and whether it sums the
    /// colour channels alone.
    case glowCombine(layers: Int, opaque: Bool)
    /// blur.frag by its pair count (0: the general program).
    case blur(pairs: Int)
    /// text_fill.frag for a text's fill paint.
    case textFill(LayerVariant)
    /// shape_pass.frag for a shader shape's text (``LayerVariant/shapePass(_:)``).
    case shapePass(LayerVariant)
    /// paint_scan.frag for shader paints' texts (``LayerVariant/paintScan(fill:stroke:)``).
    case paintScan(LayerVariant)
    /// A fragment shader without variants (resolve.frag, glow_phase.frag, ...).
    case single(String)

    /// The variant the program is compiled for, if it has one.
    var variant: LayerVariant? {
        switch self {
        case .layer(let v), .glowSource(let v), .glowModes(let v), .textFill(let v), .shapePass(let v), .paintScan(let v): return v
        case .glowCombine, .blur, .single: return nil
        }
    }
}

/// The renderer's GL programs, each compiled on first use, in one cache by ``ProgramKey``:
/// layer and glow-source programs by ``LayerVariant``, the blur by its pair count (a
/// bucket's, ``GlowPlan/pairBuckets``), and the programs without variants.
final class ProgramCache {
    let shaders: ShaderLibrary
    private(set) var programs: [ProgramKey: GLProgram] = [:]
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
    var layerProgramCount: Int { layerVariants.count }
    /// The variants of the layer and glow-source programs compiled so far.
    var layerVariants: [LayerVariant] { programs.keys.compactMap { if case .layer(let v) = $0 { v } else { nil } } }
    var glowSourceVariants: [LayerVariant] { programs.keys.compactMap { if case .glowSource(let v) = $0 { v } else { nil } } }
    /// The pair counts of the blur programs compiled so far.
    var blurPairCounts: [Int] { programs.keys.compactMap { if case .blur(let n) = $0 { n } else { nil } }.sorted() }
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
        for p in programs.values { p.delete() }
        programs = [:]
    }

    /// Compiles shader paints for `parameters` from now on: programs with a shader paint
    /// compiled for other declarations are deleted (call while the context is current).
    /// The same declarations with other values keep every program.
    func use(_ parameters: ShaderParameters) {
        guard parameters != self.parameters else { return }
        self.parameters = parameters
        for (key, p) in programs where key.variant?.readsParameters == true {
            p.delete()
            programs[key] = nil
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
        return programs[.layer(v)] != nil || (sharesAveragedPrograms && programs[.layer(v.averaged)] != nil)
    }
    /// Whether the program that draws `v`'s glow-source tiles is compiled.
    func hasGlowSourceProgram(_ v: LayerVariant) -> Bool {
        let v = v.program
        return programs[.glowSource(v)] != nil || (sharesAveragedPrograms && programs[.glowSource(v.averaged)] != nil)
    }

    /// tile.vert + layer.frag for `v`: its own program, or the general one that serves it
    /// (``specialisation``; set the draw's uniforms with ``GLRenderer/setFrameUniforms(_:for:)``).
    /// - Throws: ``ShaderError`` when the variant fails to compile or link.
    func layerProgram(_ v: LayerVariant) throws -> GLProgram {
        var v = v
        v.distanceView = distanceStep != nil
        if v.placed { v = v.general }
        if let g = standIn(for: v, key: ProgramKey.layer, item: .layer(v)) { v = g }
        return try variant(v, fragment: "layer.frag", uniforms: Uniforms.layerProgram, key: ProgramKey.layer, averaged: averagedLayers)
    }

    /// tile.vert + glow_source.frag for `v` (``LayerVariant/glowSource(_:group:)``), or the
    /// general one that serves it (``specialisation``).
    func glowSourceProgram(_ v: LayerVariant) throws -> GLProgram {
        let g = v.placed ? v.general : standIn(for: v, key: ProgramKey.glowSource, item: .glowSource(v)) ?? v
        return try variant(g, fragment: "glow_source.frag", uniforms: Uniforms.glowSourceProgram, key: ProgramKey.glowSource, averaged: averagedGlowSources)
    }

    /// glow_source.frag for `v`'s tiles drawing a steered glow's planes (HALO_MODES 1):
    /// coverage times cos and sin of n theta in place of the paint (lib/angular_modes.glsl).
    func glowModesProgram(_ v: LayerVariant) throws -> GLProgram {
        var v = v.program
        if let g = standIn(for: v, key: ProgramKey.glowModes, item: .glowModes(v)) { v = g }
        return try compiled(.glowModes(v)) {
            try GLProgram(shaders.withShaders(of: v, parameters: parameters), vertex: "tile.vert", fragment: "glow_source.frag",
                          uniforms: Uniforms.glowSourceProgram, defines: v.defines + [("HALO_MODES", "1")])
        }
    }

    /// tile.vert + glow_combine.frag: steered glows from their planes, `layers` of them (a
    /// bucket of ``SteeredGlows/layerBuckets``: a loop of constant length), the colour
    /// channels alone summed where `opaque` (the paint's alpha constant around the turn).
    /// Each a small program (``PendingPrograms`` lists every bucket of a steerable glow).
    func glowCombineProgram(layers: Int, opaque: Bool) throws -> GLProgram {
        var (layers, opaque) = (layers, opaque)
        if layers != 0, standsIn(compiled: programs[.glowCombine(layers: layers, opaque: opaque)] != nil,
                                 item: .glowCombine(layers: layers, opaque: opaque)) {
            // The general program (HALO_MODE_LAYERS 0): the count the draw's uniform uModeLayers,
            // every channel summed (an opaque paint's alpha terms are exact zeros).
            (layers, opaque) = (0, false)
        }
        return try compiled(.glowCombine(layers: layers, opaque: opaque)) {
            try GLProgram(shaders, vertex: "tile.vert", fragment: "glow_combine.frag", uniforms: Uniforms.glowCombineProgram,
                          defines: [("HALO_MODE_LAYERS", "\(layers)"), ("HALO_OPAQUE", opaque ? "1" : "0")])
        }
    }

    /// tile.vert + glow_phase.frag: steered glows read from their phase tables (``PhaseTable``).
    func glowPhaseProgram() throws -> GLProgram {
        try single(fragment: "glow_phase.frag", uniforms: Uniforms.glowPhaseProgram)
    }

    /// The program of `key`, from the cache or made by `make` (counted, and kept).
    private func compiled(_ key: ProgramKey, _ make: () throws -> GLProgram) throws -> GLProgram {
        if let p = programs[key] { return p }
        compiledCount += 1
        let p = try make()
        programs[key] = p
        return p
    }

    /// `fragment` with tile.vert for `v`, its shader paints in place, cached under `key(v)`.
    /// With ``sharesAveragedPrograms``, `v` takes a program that averages more where
    /// `averaged` (the frame's averaged variants) holds it or it is compiled already: the
    /// fully averaged one (``LayerVariant/averaged``) for tiles without averaging or
    /// averaged for kinks only, else the one for kinks only for tiles without averaging.
    private func variant(_ v: LayerVariant, fragment: String, uniforms: [String], key: (LayerVariant) -> ProgramKey,
                         averaged: Set<LayerVariant>) throws -> GLProgram {
        var v = v.program
        if cornersTakeFullPrograms { v.corners = 1 }
        var kinks = v.averaged
        kinks.kinksOnly = true
        let wider = v.paintAA && !v.kinksOnly ? [] : v.paintAA ? [v.averaged] : [v.averaged, kinks]
        let chosen = kinksTakeFullPrograms && v.kinksOnly ? v.averaged
                : sharesAveragedPrograms ? wider.first { averaged.contains($0) || programs[key($0)] != nil } ?? v : v
        // (A glow source's placed tiles are classified by its source band, in the atlas: tile.vert.)
        let source: [(String, String)] = fragment == "glow_source.frag" && chosen.placed ? [("HALO_GLOW_SOURCE", "1")] : []
        return try compiled(key(chosen)) {
            try GLProgram(shaders.withShaders(of: v, parameters: parameters), vertex: "tile.vert",
                          fragment: fragment, uniforms: uniforms + (v.readsParameters ? parameters.uniformNames : []), defines: chosen.defines + source)
        }
    }

    /// tile.vert + shape_pass.frag for a shader shape's text (``LayerVariant/shapePass(_:)``):
    /// the one program that holds the shape's file, so an edit of it compiles this alone.
    /// - Throws: ``ShaderError`` mapped to the shape's file and line.
    func shapePassProgram(_ v: LayerVariant) throws -> GLProgram {
        try placedInAtlas(v, fragment: "shape_pass.frag", uniforms: Uniforms.shapePassProgram, key: .shapePass(v))
    }

    /// tile.vert + paint_scan.frag for shader paints' texts (``LayerVariant/paintScan(fill:stroke:)``),
    /// the tiles placed as the shape pass's are (HALO_SHAPE_PASS; a scan's aCover is 0).
    /// - Throws: ``ShaderError`` mapped to a paint's file and line.
    func paintScanProgram(_ v: LayerVariant) throws -> GLProgram {
        try placedInAtlas(v, fragment: "paint_scan.frag", uniforms: Uniforms.paintScanProgram, key: .paintScan(v))
    }

    /// tile.vert (HALO_SHAPE_PASS: tiles placed in their slot of the sample atlas) + `fragment`
    /// for `v`'s shader files and the parameters, cached under `key`.
    private func placedInAtlas(_ v: LayerVariant, fragment: String, uniforms: [String], key: ProgramKey) throws -> GLProgram {
        try compiled(key) {
            try GLProgram(shaders.withShaders(of: v, parameters: parameters), vertex: "tile.vert", fragment: fragment,
                          uniforms: uniforms + parameters.uniformNames, defines: v.defines + [("HALO_SHAPE_PASS", "1")])
        }
    }

    /// tile.vert + `fragment`, a program without variants.
    private func single(fragment: String, uniforms: [String]) throws -> GLProgram {
        try compiled(.single(fragment)) { try GLProgram(shaders, vertex: "tile.vert", fragment: fragment, uniforms: uniforms) }
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
        if pairs != 0, standsIn(compiled: programs[.blur(pairs: pairs)] != nil, item: .blur(pairs: pairs, region: false)) { pairs = 0 }
        return try compiled(.blur(pairs: pairs)) {
            try GLProgram(shaders, vertex: "tile.vert", fragment: "blur.frag", uniforms: Uniforms.blurProgram,
                          defines: [("HALO_PAIRS", "\(pairs)")])
        }
    }

    /// tile.vert + resolve.frag.
    func resolve() throws -> GLProgram {
        try single(fragment: "resolve.frag", uniforms: Uniforms.resolveProgram)
    }

    /// tile.vert + distance_view.frag: the distance view's field coloured (GLRenderer+DistanceView).
    func distanceView() throws -> GLProgram {
        try single(fragment: "distance_view.frag", uniforms: Uniforms.distanceViewProgram)
    }

    /// tile.vert + canvas_clear.frag.
    func canvasClear() throws -> GLProgram {
        try single(fragment: "canvas_clear.frag", uniforms: Uniforms.canvasClearProgram)
    }

    /// tile.vert + target_restore.frag.
    func targetRestore() throws -> GLProgram {
        try single(fragment: "target_restore.frag", uniforms: Uniforms.targetRestoreProgram)
    }

    /// tile.vert + downsample.frag.
    func downsampleProgram() throws -> GLProgram {
        try single(fragment: "downsample.frag", uniforms: Uniforms.downsampleProgram)
    }

    /// tile.vert + loop_scan.frag.
    func loopScanProgram() throws -> GLProgram {
        try single(fragment: "loop_scan.frag", uniforms: Uniforms.loopScanProgram)
    }

    /// tile.vert + text.frag.
    func textProgram() throws -> GLProgram {
        try single(fragment: "text.frag", uniforms: Uniforms.textProgram)
    }

    /// tile.vert + text_fill.frag for the fill paint of `v`.
    func textFillProgram(_ v: LayerVariant) throws -> GLProgram {
        try variant(v, fragment: "text_fill.frag", uniforms: Uniforms.textFillProgram, key: ProgramKey.textFill, averaged: [])
    }
}
