import CEpoxy
import Foundation
import HaloCore

/// Programs to make ready before a frame needs them (``GLRenderer/programsToPrepare(for:window:)``).
public struct PendingPrograms {
    enum Item: Hashable {
        case layer(LayerVariant)
        case glowSource(LayerVariant)
        /// glow_source.frag drawing a steered glow's planes, and glow_combine.frag (``SteeredGlows``).
        case glowModes(LayerVariant)
        case glowCombine(layers: Int, opaque: Bool)
        case glowPhase
        /// blur.frag of a bucket's pair count into the glow atlas (half floats) or a blurred
        /// region (a material's backdrop, a text's glow: full floats).
        case blur(pairs: Int, region: Bool)
        case textFill(LayerVariant)
        case text
        case downsample
    }
    var items: [Item]
    /// A frame of the size drawn, without layers: the plan the warm-up draws pass to drawBatches.
    var blank: Frame?
    /// Programs listed in all (compiled or not).
    public let total: Int
    /// Programs not yet made ready.
    public var remaining: Int { items.count }
    /// True once every listed program is ready.
    public var isEmpty: Bool { items.isEmpty }

    init(items: [Item], blank: Frame?, total: Int) { self.items = items; self.blank = blank; self.total = total }

    /// The programs of ``GLRenderer/programsToPrepare(for:window:)``; `general`: the general
    /// programs that serve them (``Specialisation``), not each class's own; `placed`: frames
    /// whose tiles the GPU can place (``TilePlacement/gpu``) take their layers' placed programs.
    init(listing frames: [Frame], window: Bool, general: Bool, placed: Bool = false) {
        var seen = Set<Item>(), items: [Item] = []
        func add(_ i: Item) {
            var i = i
            if general {
                switch i {
                case .layer(let v): i = .layer(v.general)
                case .glowSource(let v): i = .glowSource(v.general)
                case .glowModes(let v): i = .glowModes(v.general)
                case .glowCombine: i = .glowCombine(layers: 0, opaque: false)
                case .blur(_, let region): i = .blur(pairs: 0, region: region)
                default: break
                }
            }
            if seen.insert(i).inserted { items.append(i) }
        }
        for frame in frames {
            // A window's direct tiles are written over an opaque background (else every tile
            // goes through the canvas); offscreen the background's alpha or image picks the mode.
            let outputs: [OutputMode] = window ? [.canvas, .overOpaque] : [.canvas, .overOpaque, .overBackground, .overImage]
            let placesTiles = placed && FramePlan.placeable(frame)
            for layer in frame.layers {
                if placesTiles {
                    // (A frame with a material draws its texts by the text program alone: GLRenderer+Segments.swift.)
                    if !(layer.isText && frame.layers.contains { $0.fill?.isMaterial == true }) {
                        for v in ProgramClasses.placedVariants(layer) { add(.layer(v)) }
                    }
                } else {
                    for v in ProgramClasses.layerVariants(layer, outputs: outputs).sorted(by: LayerVariant.preparationOrder) { add(.layer(v)) }
                }
                if placesTiles {
                    if let v = ProgramClasses.placedGlowSourceVariant(layer) { add(.glowSource(v)) }
                } else {
                    for v in ProgramClasses.glowSourceVariants(layer).sorted(by: LayerVariant.preparationOrder) { add(.glowSource(v)) }
                }
                // (Frames placed on the GPU draw turning glows by source and blur: no steering.)
                if SteeredGlows.maySteer(layer) && !placesTiles {
                    for v in ProgramClasses.glowSourceVariants(layer).sorted(by: LayerVariant.preparationOrder) { add(.glowModes(v.program)) }
                    // Whether the paint's alpha is constant follows its colours, which are numbers.
                    for opaque in [true, false] {
                        for n in SteeredGlows.layerBuckets { add(.glowCombine(layers: n, opaque: opaque)) }
                    }
                    add(.glowPhase)
                }
                let b = ProgramClasses.blurs(layer)
                for n in GlowPlan.pairBuckets {
                    if b.atlas { add(.blur(pairs: n, region: false)) }
                    if b.region { add(.blur(pairs: n, region: true)) }
                }
                if b.region { add(.downsample) }
                if layer.isText, let fill = layer.fill {
                    add(.textFill(LayerVariant.textFill(fill)))
                    add(.text)
                }
            }
        }
        var blank = frames.first
        blank?.layers = []
        self.init(items: items, blank: blank, total: items.count)
    }
}

extension GLRenderer {
    /// Every program that frames of the same structure as `frames` can need, whatever
    /// their numbers (sizes, widths, radii, periods, colours, opacities) and the time: the
    /// class flags of each layer's tiles enumerated (``ProgramClasses``), every blur
    /// bucket where something blurs. `frames`: one a combination of the values that change
    /// a layer's structure (a choice, a boolean: a paint type, a corner style, a dash cap).
    /// - Parameter window: the frames go to a window (``FrameTarget/window(width:height:originX:originY:)``).
    public func programsToPrepare(for frames: [Frame], window: Bool) -> PendingPrograms {
        PendingPrograms(listing: frames, window: window, general: programs.specialisation != .always, placed: placesTilesOnGPU)
    }

    /// The specialised programs that general ones have drawn in place of and that are not
    /// compiled yet (``Specialisation/whenReady``), in the order first needed, to prepare
    /// between frames; empty otherwise. One that fails to compile is not listed again.
    public func wantedPrograms() -> PendingPrograms {
        let items = programs.wantedNow()
        return PendingPrograms(items: items, blank: items.isEmpty ? nil : lastBlank, total: items.count)
    }

    /// Compiles the next programs of `pending` and draws each once, with nothing covered,
    /// in the state its frames draw it (framebuffer format, blending, textures), so that
    /// the driver's own compile at first draw (llvmpipe's) is done too; stops once `seconds`
    /// have passed (at least one program). Programs compiled already are skipped. Call
    /// after a frame is drawn into `target`: its pixels are unchanged.
    /// - Returns: programs compiled.
    /// - Throws: ``ShaderError`` when one fails (it is dropped from `pending`), ``GLError``.
    @discardableResult
    public func prepare(_ pending: inout PendingPrograms, into target: FrameTarget, for seconds: Double) throws -> Int {
        try context?.makeCurrent()
        let start = DispatchTime.now(), before = programs.compiledCount
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        guard let blank = pending.blank else { pending.items = []; return 0 }
        let plan = FramePlan(blank, isWindow: target.isWindow, lutWidth: ramps.lutWidth,
                             maxTextureSize: maxTextureSize)
        programs.compilesAsNamed = true
        defer { programs.compilesAsNamed = false; programsCompiledPreparing += programs.compiledCount - before }
        while let item = pending.items.first {
            if programs.compiledCount > before && elapsed() >= seconds { break }
            pending.items.removeFirst()
            do { try warm(item, plan: plan, target: target) } catch { programs.dropWanted(item); throw error }
        }
        // Left as a frame leaves it: the target bound, blending off.
        halo_glDisable(GLenum(GL_BLEND))
        halo_glUseProgram(0)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        try checkError("preparing programs")
        return programs.compiledCount - before
    }

    /// `program` (compiled unless it is) drawn over a rect of no area into the glow atlas, as
    /// the glow passes draw: the frame's uniforms set for `variant` where it reads layer data.
    private func warmInGlowAtlas(variant: LayerVariant?, _ program: () throws -> GLProgram) throws {
        try glowA.ensure(width: 1, height: 1, growOnly: true)
        replaceTexels()
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), glowA.fbo)
        let p = try program()
        halo_glUseProgram(p.id)
        if let variant { setFrameUniforms(p, for: variant) }
        drawTiles([0, 0, 0, 0, 0, 0, 0, 0])
    }

    /// One program of `item` compiled (unless it is) and drawn over a rect of no area.
    private func warm(_ item: PendingPrograms.Item, plan: FramePlan, target: FrameTarget) throws {
        let none: [Float] = [0, 0, 0, 0, 0, 0, 0, 0]
        switch item {
        case .layer(let v):
            if programs.hasLayerProgram(v) { return }
            if v.output == .canvas { try canvas.ensure(width: max(canvas.width, 1), height: max(canvas.height, 1), growOnly: true) }
            if v.glow == .blurred { try glowA.ensure(width: 1, height: 1, growOnly: true) }
            if v.text { try textAtlas.ensure(width: 1, height: 1, growOnly: true) }
            if v.fill == .material { try regionA.ensure(width: 1, height: 1, growOnly: true) }
            if v.output == .overImage { try backgroundFloat.ensure(width: max(backgroundFloat.width, 1), height: max(backgroundFloat.height, 1)) }
            try drawBatches([FramePlan.Batch(variant: v, instances: none)], plan: plan, target: target, background: .zero)
        case .glowSource(let v):
            if programs.hasGlowSourceProgram(v) { return }
            try warmInGlowAtlas(variant: v) { try programs.glowSourceProgram(v) }
        case .glowModes(let v):
            try warmInGlowAtlas(variant: v) { try programs.glowModesProgram(v) }
        case .glowCombine(let layers, let opaque):
            try warmInGlowAtlas(variant: nil) { try programs.glowCombineProgram(layers: layers, opaque: opaque) }
        case .glowPhase:
            try warmInGlowAtlas(variant: nil) { try programs.glowPhaseProgram() }
        case .blur(let pairs, let region):
            let (a, b) = region ? (regionA, regionB) : (glowA, glowB)
            var src = a, dst = b
            try src.ensure(width: 1, height: 1, growOnly: true)
            try dst.ensure(width: 1, height: 1, growOnly: true)
            if region { regionA = src; regionB = dst } else { glowA = src; glowB = dst }
            replaceTexels()
            halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), dst.fbo)
            halo_glActiveTexture(GLenum(GL_TEXTURE2))
            halo_glBindTexture(GLenum(GL_TEXTURE_2D), src.texture)
            halo_glActiveTexture(GLenum(GL_TEXTURE0))
            let p = try programs.blurProgram(pairs: pairs)
            halo_glUseProgram(p.id)
            halo_glUniform1i(p.loc("uSource"), 2)
            drawTiles(none)
        case .textFill(let v):
            try textFill.ensure(width: 1, height: 1, growOnly: true)
            try textCoverage.ensure(width: 1, height: 1, growOnly: true)
            halo_glDisable(GLenum(GL_BLEND))
            halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), textFill.fbo)
            let f = try programs.textFillProgram(v)
            halo_glUseProgram(f.id)
            setFrameUniforms(f, for: v)
            bindTexture(textCoverage.texture, unit: 5, to: "uCoverage", of: f)
            drawTiles(none)
        case .text:
            _ = try programs.textProgram()
        case .downsample:
            _ = try programs.downsampleProgram()
        }
    }
}

extension LayerVariant {
    /// text_fill.frag's variant for a text's fill paint (GLRenderer+Segments.swift): averaged
    /// (HALO_PAINT_AA 1), text_fill.frag averages the paint over each pixel's covered part
    /// where it may jump or kink.
    static func textFill(_ fill: ResolvedPaint) -> LayerVariant {
        var v = LayerVariant(shape: .roundedBox, fill: LayerVariant.kind(fill), stroke: nil, glow: .none, edge: .perPixel)
        v.paintAA = true
        v.fillPaint = fill.shaderSource
        return v
    }

    /// The order programs are prepared in: the cheap classes a small change reaches first
    /// (inside tiles, no averaging, the frame's own glow mode, blurred), the rest after.
    static func preparationOrder(_ a: LayerVariant, _ b: LayerVariant) -> Bool {
        func rank(_ v: LayerVariant) -> (Int, Int, Int, Int, Int) {
            (v.glow == .blurred || v.glow == .none ? 0 : 1, v.paintAA ? 1 : 0, v.edge.rawValue, v.output.rawValue, v.dash.rawValue)
        }
        return rank(a) < rank(b)
    }
}
