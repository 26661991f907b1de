import CEpoxy
import Foundation
import HaloCore

/// Halo's GPU renderer: OpenGL 3.3 core, signed-distance fragment shaders from
/// `Shaders/`, drawing into framebuffer objects.
///
/// Per frame, the CPU plans the passes (``FramePlan``): each layer is drawn over 16 px
/// tiles of its bounds (shape bounds grown by the stroke and the glow's reach;
/// ``LayerTiles``) by a fragment shader that computes fill, glow and stroke with their own
/// coverage and composites them as a group at the layer's opacity, reading the layer's
/// constants from the layer data (``LayerData``), so that one instanced draw serves the
/// tiles of every layer of a variant. The glows come first: every glowing layer's stroke
/// at its reduction factor into the glow atlas (``GlowAtlas``, ``GlowPlan``), blurred in
/// two passes. Tiles no other layer touches are composited over the background in the
/// shader and written to the target as final 8-bit straight-alpha values; tiles two layers
/// touch are blended into an RGBA32F canvas and rounded by a last pass. Pixels no tile
/// writes keep the background colour from a clear. ``render(_:)`` draws
/// into an offscreen RGBA8 target and reads it back with one `glReadPixels`, in PNG row
/// order; a preview draws into its window (``FrameTarget/window(width:height:originX:originY:)``).
///
/// Not thread-safe: use it on the thread that created it (the GL context is current there).
public final class GLRenderer {
    public let context: HeadlessContext?
    public let shaders: ShaderLibrary
    let programs: ProgramCache
    let ramps: RampTextures
    /// Dash cuts, caps and path-paint jumps (``ArcTables``, texture unit 8).
    let arcs: ArcTables
    var tileVAO: GLuint = 0
    var tileBuffer: GLuint = 0
    var layerTexture: GLuint = 0
    /// Rows the layer-data texture holds.
    var layerRows = 0
    var canvas = RenderTarget(format: GL_RGBA32F)
    var output = RenderTarget(format: GL_RGBA8)
    /// The glow atlas (result) and the blur's intermediate, half floats: half the memory
    /// of RGBA32F, and every checker scene keeps its maximum difference and count of
    /// pixels over 2 against its exact image (a float canvas in half floats does not).
    var glowA = RenderTarget(format: GL_RGBA16F)
    var glowB = RenderTarget(format: GL_RGBA16F)
    /// Which glows glowA still holds from the last frame (GLRenderer+GlowCache.swift).
    let glowCache = GlowCache()
    /// Glows drawn from their angular modes (GLRenderer+SteeredGlows.swift).
    let steering = SteeredGlows()
    /// The canvas rows the canvas texture holds while a frame draws it in bands (first row,
    /// the texture's rows; GLRenderer+CanvasBands.swift); nil: the whole canvas.
    var canvasBand: (y0: Int, rows: Int)?
    /// The canvas's size while it holds the last frame's distance-view field
    /// (GLRenderer+DistanceView.swift); nil after any other frame.
    var distanceFieldSize: (width: Int, height: Int)?
    /// The output's cells as the last ``render(_:)`` left them (GLRenderer+KeptTiles.swift),
    /// and the uploads of the background image so far (part of their frame key).
    var keptTiles = KeptTiles()
    var backgroundUploads = 0
    /// The renderer's shortcuts (``RendererOptions``): each on by default but steered glows
    /// and shared averaged programs.
    public var options = RendererOptions() { didSet { apply(options, was: oldValue) } }
    /// True on a software rasteriser (llvmpipe, softpipe, SwiftShader: GL_RENDERER), which
    /// runs both sides of every branch: the default ``RendererOptions/specialisation`` follows it.
    public private(set) var isSoftware = false
    /// The last frame drawn without its layers: the plan ``wantedPrograms()`` prepares with.
    var lastBlank: Frame?
    /// Programs compiled by ``prepare(_:into:for:)`` so far.
    var programsCompiledPreparing = 0
    /// A blurred region at 1/k (result) and the blur's intermediate: a material's backdrop
    /// (``FramePlan/MaterialRegion``) or a text's glow. Full floats: a material of blur 0
    /// shows the canvas below unchanged, to the bit.
    var regionA = RenderTarget(format: GL_RGBA32F)
    var regionB = RenderTarget(format: GL_RGBA32F)
    /// A text's coverage (from the CPU) and its fill image (GLRenderer+Segments.swift).
    var textCoverage = RenderTarget(format: GL_RGBA32F)
    var textFill = RenderTarget(format: GL_RGBA32F)
    /// Each text layer's group at its place (TextAtlas.swift).
    var textAtlas = RenderTarget(format: GL_RGBA32F)
    /// What `textAtlas` holds now (drawTextAtlas): a frame whose texts are all as before
    /// (the same cached glyphs, region, place, paint and glow) does not draw them again.
    var textAtlasContent: (entries: [TextAtlasEntry], texture: GLuint, width: Int, height: Int)?
    /// The placed background image of the last frame that had one: premultiplied floats
    /// (the canvas's start, and what direct tiles composite over) and its final 8-bit values
    /// (the target's start), uploaded only when the image changes (``uploadedBackground``).
    var backgroundFloat = RenderTarget(format: GL_RGBA32F)
    /// Shader shapes' samples, the shape pass's output (GLRenderer+ShapeSamples.swift).
    var shapeAtlas = ShapeSampleAtlas()
    /// The loop scans' target, one byte a texel, and their occlusion query (GLRenderer+LoopBound.swift).
    var loopScan = RenderTarget(format: GL_R8)
    var loopScanQuery: GLuint = 0
    /// The last frame's warnings about shader shapes, one a file: where its distance is
    /// first NaN or infinite on a coarse grid over the canvas (``readShapeProbes(_:width:height:)``).
    public internal(set) var shapeWarnings: [String] = []
    var background8 = RenderTarget(format: GL_RGBA8)
    var uploadedBackground: PremulImage?
    public let maxTextureSize: Int
    var timerQuery: GLuint = 0
    var frameStats = FrameStatsCounter()
    /// GPU time of the last ``render(_:)`` (draw and resolve) from a GL_TIME_ELAPSED timer
    /// query, in milliseconds; nil when the query failed or gave more than the wall clock's time.
    public internal(set) var lastGPUTimeMs: Double?
    /// The drawn frame's loop period, seconds (shader paints' haloLoopPeriod).
    var loopPeriod = 0.0
    /// The drawn frame's parameters (shader paints' p_NAME uniforms).
    var parameters: [Parameter] = []

    /// Creates a headless context and compiles the shaders.
    /// - Parameter shaders: where to read the GLSL from (default: `Shaders/` if found, else embedded).
    /// - Throws: ``GLError`` when no GL 3.3 context can be made; ``ShaderError`` when a shader fails.
    public convenience init(shaders: ShaderLibrary = ShaderLibrary()) throws {
        let ctx = try HeadlessContext()
        try self.init(shaders: shaders, context: ctx)
    }

    /// Uses the GL context current on this thread (e.g. a preview window's); `context`
    /// is kept alive with the renderer when given.
    public init(shaders: ShaderLibrary, context: HeadlessContext?) throws {
        self.context = context
        self.shaders = shaders
        programs = ProgramCache(shaders: shaders)
        // Only the resolve and the canvas's clear are compiled now (a few ms): each layer
        // variant is compiled when a frame first needs it (ProgramCache), since a cold compile
        // of one costs llvmpipe 0.2-0.4 s (docs/performance.md, "Cold starts"). A broken
        // shader still throws ShaderError before any image is written.
        _ = try programs.resolve()
        _ = try programs.canvasClear()
        _ = try programs.targetRestore()
        var maxSize: GLint = 0
        halo_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxSize)
        maxTextureSize = Int(maxSize)
        isSoftware = ["llvmpipe", "softpipe", "swrast", "SwiftShader"].contains { glString(GL_RENDERER).contains($0) }
        programs.specialisation = GLRenderer.defaultSpecialisation(software: isSoftware)
        ramps = RampTextures(maxTextureSize: maxTextureSize)
        arcs = ArcTables()
        // Tiles: per-instance rect (location 0), coverage (1), layer row (2) and backdrop row (3), see tile.vert.
        halo_glGenVertexArrays(1, &tileVAO)
        halo_glGenBuffers(1, &tileBuffer)
        halo_glBindVertexArray(tileVAO)
        halo_glBindBuffer(GLenum(GL_ARRAY_BUFFER), tileBuffer)
        let float = MemoryLayout<Float>.size
        let stride = GLsizei(FramePlan.floatsPerInstance * float)
        for (location, size, offset) in [(0, 4, 0), (1, 2, 4), (2, 1, 6), (3, 1, 7)] {
            halo_glEnableVertexAttribArray(GLuint(location))
            halo_glVertexAttribPointer(GLuint(location), GLint(size), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                       UnsafeRawPointer(bitPattern: offset * float))
            halo_glVertexAttribDivisor(GLuint(location), 1)
        }
        halo_glGenTextures(1, &layerTexture)
        try checkError("creating the renderer")
    }

    deinit {
        // GL objects go while the context is still alive (it is released after this body).
        programs.delete()
        ramps.delete()
        arcs.delete()
        halo_glDeleteVertexArrays(1, &tileVAO)
        halo_glDeleteBuffers(1, &tileBuffer)
        halo_glDeleteTextures(1, &layerTexture)
        if timerQuery != 0 { halo_glDeleteQueries(1, &timerQuery) }
        if loopScanQuery != 0 { halo_glDeleteQueries(1, &loopScanQuery) }
        canvas.release(); output.release(); glowA.release(); glowB.release(); backgroundFloat.release(); background8.release()
        regionA.release(); regionB.release(); textCoverage.release(); textFill.release(); textAtlas.release(); textAtlasContent = nil
        shapeAtlas.release(); loopScan.release()
        steering.forget { $0.release() }
    }

    /// When set, each pass of ``draw(_:)`` and ``render(_:)`` ends with `glFinish` and this
    /// is called with the pass's name (e.g. "smooth-edge tiles, paint averaged"; the same in
    /// every frame of a scene, draws of one kind sharing it) and its wall time
    /// in milliseconds: `halo bench --passes`. The finishes serialise the pipeline, so frames
    /// take longer while it is set.
    public var passTimer: ((String, Double) -> Void)?
    var passClock = DispatchTime.now()

    /// The CPU time before the first draw and the draw calls of the last ``draw(_:into:)``
    /// (``render(_:)`` included); nil before the first frame.
    public internal(set) var lastFrameStats: FrameStats?

    func checkSize(_ frame: Frame) throws {
        if frame.width > maxTextureSize || frame.height > maxTextureSize {
            throw GLError("the canvas is \(frame.width)x\(frame.height) pixels; this GPU's textures stop at \(maxTextureSize)")
        }
    }

    /// Draws `frame` into `target` as final 8-bit values (straight alpha; over a
    /// checkerboard where a window's canvas is not opaque), as ``FramePlan`` lists.
    ///
    /// Tiles that one layer alone touches are drawn straight into the target: the layer's
    /// shader composites it over the background colour and rounds (`HALO_DIRECT`). Tiles
    /// that two or more layers touch (every tile when the background is an image, or when
    /// a window shows a background that is not opaque) go through the premultiplied float
    /// canvas and are resolved into the target at the end. Both round once, from the same
    /// source-over in float, so the split does not show.
    /// - Throws: ``GLError`` (canvas beyond the texture size, incomplete framebuffer, a GL
    ///   error), ``ShaderError`` when a program variant fails to compile.
    public func draw(_ givenFrame: Frame, into target: FrameTarget) throws {
        try context?.makeCurrent()
        frameStats.begin()
        defer { lastFrameStats = frameStats.finished() }
        passClock = DispatchTime.now()
        shapeWarnings = []
        try checkSize(givenFrame)
        let frame = FlatBackdrop.resolved(givenFrame)
        lastBlank = frame
        lastBlank?.layers = []
        loopPeriod = frame.loopPeriod
        parameters = frame.parameters
        programs.use(ShaderParameters(frame.parameters))
        steering.beginFrame { $0.release() }      // (every frame: its list of steered glows starts empty)
        glowCache.twinsLastFrame = []
        distanceFieldSize = nil
        if programs.distanceStep != nil {
            keptTiles.reset()
            try drawDistanceView(frame, into: target)
            return
        }
        if frame.layers.contains(where: { $0.opacity > 0 && $0.fill?.isMaterial == true }) {
            keptTiles.reset()
            try drawInSegments(frame, into: target)
            return
        }
        let plan = FramePlan(frame, isWindow: target.isWindow,
                             lutWidth: ramps.lutWidth, maxTextureSize: maxTextureSize, tilesOnGPU: placesTilesOnGPU)
        frameStats.tilesPlaced = plan.placed
        if !plan.textAtlasFits {
            keptTiles.reset()
            try drawInSegments(frame, into: target)
            return
        }
        endPass("frame plan (CPU)")
        programs.prepare(for: plan)
        ramps.upload(frame)
        arcs.upload(frame)
        let layerData = LayerData.rows(plan, ramps: ramps, arcs: arcs)
        uploadLayerData(layerData, layers: plan.layers.count)
        try drawTextAtlas(plan)
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
        halo_glDisable(GLenum(GL_DEPTH_TEST))
        halo_glDisable(GLenum(GL_BLEND))
        try drawShapeSamples(plan)
        // The glows first: the target's clear and tiles are then one scene for llvmpipe (each
        // framebuffer switch ends one). (A frame with more than one atlas page draws the
        // later pages' glows between layers: drawPaged.)
        try drawGlowsCached(plan, layerData: layerData)
        let bg = frame.backgroundColor
        if let img = frame.backgroundImage { try uploadBackground(img) }
        let bands = GLRenderer.canvasBands(plan, limit: options.canvasBandBytes, whole: options.wholeCanvasBytes)
        let cells = cellsToDraw(plan, frame: frame, target: target, layerData: layerData, bands: bands != nil)
        // The float canvas's cells before the target, so that the target's clear, its tiles
        // and the resolve are one scene for llvmpipe: each framebuffer switch ends a scene,
        // and starting a scene can wait for an earlier one to finish rasterising (Mesa's
        // lp_setup_get_empty_scene). Frames of several glow pages or canvas bands draw
        // into the target between their canvas draws (drawPaged, drawCanvasInBands).
        let canvasFirst = plan.glowPages.count <= 1 && bands == nil
        if canvasFirst && plan.usesCanvas {
            try clearCanvas(frame, for: plan)
            endPass("background")
            try drawBatches(plan.canvasBatches, plan: plan, target: target, background: bg)
        }
        // The target: the background colour everywhere when tiles write directly (they
        // overwrite their pixels), then a window's letterbox. Clears, not drawn rects:
        // llvmpipe fills a cleared bin without running a fragment shader.
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        if let cells {
            try restore(cells, plan: plan, frame: frame, target: target)
        } else if plan.direct && frame.backgroundImage != nil {
            blit(background8, to: target.framebuffer, width: frame.width, height: frame.height)
        } else if plan.direct {
            let c = FrameTarget.straightRGBA8(bg)
            halo_glClearColor(c.0, c.1, c.2, c.3)
            halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        if target.isWindow { clearLetterbox(target, width: frame.width, height: frame.height) }
        if !canvasFirst && plan.usesCanvas && bands == nil { try clearCanvas(frame, for: plan) }
        endPass("background")
        if plan.glowPages.count > 1 {
            try drawPaged(plan, target: target, background: bg)
        } else if let bands {
            try drawBatches(plan.targetBatches, plan: plan, target: target, background: bg)
            try drawCanvasInBands(bands, plan: plan, frame: frame, target: target)
        } else {
            try drawBatches(cells.map { GLRenderer.clip(plan.targetBatches, to: $0, grid: plan.grid) } ?? plan.targetBatches,
                            plan: plan, target: target, background: bg)
        }
        halo_glDisable(GLenum(GL_BLEND))
        try checkError("drawing the layers")
        if bands == nil && !plan.resolveRects.isEmpty { try resolve(plan.resolveRects, target: target, under: plan.placed ? frame : nil) }
        endPass("resolve")
    }

}
