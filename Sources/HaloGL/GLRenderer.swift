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
    var background8 = RenderTarget(format: GL_RGBA8)
    var uploadedBackground: PremulImage?
    public let maxTextureSize: Int
    var timerQuery: GLuint = 0
    /// GPU time of the last ``render(_:)`` (draw and resolve) from a GL_TIME_ELAPSED timer
    /// query, in milliseconds; nil when the query failed.
    public private(set) var lastGPUTimeMs: Double?
    /// The drawn frame's loop period, seconds (shader paints' haloLoopPeriod).
    var loopPeriod = 0.0

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
        // Compile the commonest variant and the resolve now, so a broken shader fails here,
        // not mid-frame.
        _ = try programs.layerProgram(LayerVariant(shape: .roundedBox, fill: .solid, stroke: .linear, glow: .blurred, edge: .perPixel))
        _ = try programs.resolve()
        var maxSize: GLint = 0
        halo_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxSize)
        maxTextureSize = Int(maxSize)
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
        canvas.release(); output.release(); glowA.release(); glowB.release(); backgroundFloat.release(); background8.release()
        regionA.release(); regionB.release(); textCoverage.release(); textFill.release(); textAtlas.release(); textAtlasContent = nil
    }

    /// When set, each pass of ``draw(_:)`` and ``render(_:)`` ends with `glFinish` and this
    /// is called with the pass's name (e.g. "smooth-edge tiles, paint averaged"; the same in
    /// every frame of a scene, draws of one kind sharing it) and its wall time
    /// in milliseconds: `halo bench --passes`. The finishes serialise the pipeline, so frames
    /// take longer while it is set.
    public var passTimer: ((String, Double) -> Void)?
    var passClock = DispatchTime.now()

    func endPass(_ name: @autoclosure () -> String) {
        guard let passTimer else { return }
        halo_glFinish()
        let now = DispatchTime.now()
        passTimer(name(), Double(now.uptimeNanoseconds - passClock.uptimeNanoseconds) / 1e6)
        passClock = now
    }

    /// GL_RENDERER of the context, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var rendererName: String { glString(GL_RENDERER) }

    /// Renders a resolved frame and reads it back as 8-bit straight-alpha RGBA.
    /// - Throws: ``GLError`` for an incomplete framebuffer, a canvas beyond the GPU's
    ///   texture size, or a GL error after drawing.
    public func render(_ frame: Frame) throws -> RGBA8Image {
        try context?.makeCurrent()
        try checkSize(frame)
        if timerQuery == 0 { halo_glGenQueries(1, &timerQuery) }
        try output.ensure(width: frame.width, height: frame.height)
        halo_glBeginQuery(GLenum(GL_TIME_ELAPSED), timerQuery)
        do {
            try draw(frame, into: FrameTarget(framebuffer: output.fbo, width: frame.width, height: frame.height))
        } catch {
            // A query left active would make every later BeginQuery fail (GL_INVALID_OPERATION).
            halo_glEndQuery(GLenum(GL_TIME_ELAPSED))
            throw error
        }
        halo_glEndQuery(GLenum(GL_TIME_ELAPSED))
        var image = RGBA8Image(width: frame.width, height: frame.height)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), output.fbo)
        halo_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        image.pixels.withUnsafeMutableBytes { buf in
            halo_glReadPixels(0, 0, GLsizei(frame.width), GLsizei(frame.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
        }
        try checkError("reading back the image")
        endPass("read-back")
        var elapsed: GLuint64 = 0
        halo_glGetQueryObjectui64v(timerQuery, GLenum(GL_QUERY_RESULT), &elapsed)
        lastGPUTimeMs = halo_glGetError() == GLenum(GL_NO_ERROR) ? Double(elapsed) / 1e6 : nil
        return image
    }

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
        passClock = DispatchTime.now()
        try checkSize(givenFrame)
        let frame = FlatBackdrop.resolved(givenFrame)
        loopPeriod = frame.loopPeriod
        if frame.layers.contains(where: { $0.opacity > 0 && $0.fill?.isMaterial == true }) {
            try drawInSegments(frame, into: target)
            return
        }
        let plan = FramePlan(frame, gridOffset: target.gridOffset, isWindow: target.isWindow,
                             lutWidth: ramps.lutWidth, maxTextureSize: maxTextureSize)
        if !plan.textAtlasFits {
            try drawInSegments(frame, into: target)
            return
        }
        endPass("frame plan (CPU)")
        ramps.upload(frame)
        arcs.upload(frame)
        uploadLayerData(LayerData.rows(plan, ramps: ramps, arcs: arcs), layers: plan.layers.count)
        try drawTextAtlas(plan)
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
        halo_glDisable(GLenum(GL_DEPTH_TEST))
        halo_glDisable(GLenum(GL_BLEND))
        // The glows before the target's clear, so that the target's clear and tiles are one
        // scene for llvmpipe (each framebuffer switch ends one).
        // (A frame with more than one atlas page draws the later pages' glows between
        // layers: drawPaged.)
        if let first = plan.glowPages.first { try drawGlows(first, index: 0) }
        let bg = frame.backgroundColor
        // The target: the background colour everywhere when tiles write directly (they
        // overwrite their pixels), then a window's letterbox. Clears, not drawn rects:
        // llvmpipe fills a cleared bin without running a fragment shader.
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        if let img = frame.backgroundImage { try uploadBackground(img) }
        if plan.direct && frame.backgroundImage != nil {
            blit(background8, to: target.framebuffer, width: frame.width, height: frame.height)
        } else if plan.direct {
            let c = FrameTarget.straightRGBA8(bg)
            halo_glClearColor(c.0, c.1, c.2, c.3)
            halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        if target.isWindow { clearLetterbox(target, width: frame.width, height: frame.height) }
        if plan.usesCanvas { try clearCanvas(frame, within: plan.canvasBox) }
        endPass("background")
        if plan.glowPages.count > 1 {
            try drawPaged(plan, target: target, background: bg)
        } else {
            try drawBatches(plan.canvasBatches, plan: plan, target: target, background: bg)
            try drawBatches(plan.targetBatches, plan: plan, target: target, background: bg)
        }
        halo_glDisable(GLenum(GL_BLEND))
        try checkError("drawing the layers")
        if !plan.resolveRects.isEmpty { try resolve(plan.resolveRects, target: target) }
        endPass("resolve")
    }

    /// One pass of the separable blur (blur.frag) of `src` into `dst` over `rects` (texels);
    /// leaves `src` bound to texture unit 2.
    func blurPass(_ plan: GlowPlan, from src: RenderTarget, to dst: RenderTarget, horizontal: Bool, rects: [Float]) throws {
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), dst.fbo)
        halo_glViewport(0, 0, GLsizei(dst.width), GLsizei(dst.height))
        halo_glActiveTexture(GLenum(GL_TEXTURE2))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), src.texture)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        let pairs = plan.pairs
        let b = try programs.blurProgram(pairs: pairs.weights.count)
        halo_glUseProgram(b.id)
        halo_glUniform1i(b.loc("uSource"), 2)
        halo_glUniform2f(b.loc("uTarget"), Float(dst.width), Float(dst.height))
        halo_glUniform4f(b.loc("uCanvasToTarget"), 1, 1, 0, 0)
        halo_glUniform2f(b.loc("uTexSize"), Float(src.width), Float(src.height))
        halo_glUniform1f(b.loc("uCenterWeight"), plan.weights[0])
        pairs.weights.withUnsafeBufferPointer { halo_glUniform1fv(b.loc("uPairWeights"), GLsizei($0.count), $0.baseAddress) }
        pairs.offsets.withUnsafeBufferPointer { halo_glUniform1fv(b.loc("uPairOffsets"), GLsizei($0.count), $0.baseAddress) }
        halo_glUniform2f(b.loc("uStep"), horizontal ? 1 / Float(src.width) : 0, horizontal ? 0 : 1 / Float(src.height))
        drawTiles(rects)
    }

    /// A frame whose glows fill more than one atlas page: each page's glows, then the
    /// batches that read that page, in page order (batches reading no glow with page 0).
    func drawPaged(_ plan: FramePlan, target: FrameTarget, background bg: Premul) throws {
        for (n, page) in plan.glowPages.enumerated() {
            if n > 0 { try drawGlows(page, index: n) }
            try drawBatches(plan.canvasBatches.filter { $0.glowPage == n }, plan: plan, target: target, background: bg)
            try drawBatches(plan.targetBatches.filter { $0.glowPage == n }, plan: plan, target: target, background: bg)
        }
    }

    /// The bars around a window's canvas, in GL window coordinates (y up).
    func clearLetterbox(_ target: FrameTarget, width w: Int, height h: Int) {
        let x0 = target.originX, x1 = target.originX + w
        let y0 = target.height - target.originY - h, y1 = target.height - target.originY
        let W = target.width, H = target.height
        halo_glEnable(GLenum(GL_SCISSOR_TEST))
        halo_glClearColor(0.11, 0.11, 0.11, 1)
        for r in [(0, 0, W, y0), (0, y1, W, H), (0, y0, x0, y1), (x1, y0, W, y1)] where r.2 > r.0 && r.3 > r.1 {
            halo_glScissor(GLint(r.0), GLint(r.1), GLsizei(r.2 - r.0), GLsizei(r.3 - r.1))
            halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// The float canvas: the background image, or the background colour.
    /// Only `within` (canvas pixels x0, y0, x1, y1) is cleared when given: the rest of the
    /// canvas is neither drawn nor resolved this frame.
    func clearCanvas(_ frame: Frame, within box: (Int, Int, Int, Int)? = nil) throws {
        let w = frame.width, h = frame.height, bg = frame.backgroundColor
        try canvas.ensure(width: w, height: h)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
        halo_glViewport(0, 0, GLsizei(w), GLsizei(h))
        if let img = frame.backgroundImage, img.width == w, img.height == h {
            blit(backgroundFloat, to: canvas.fbo, width: w, height: h)
        } else {
            if let b = box {
                halo_glEnable(GLenum(GL_SCISSOR_TEST))
                halo_glScissor(GLint(b.0), GLint(b.1), GLsizei(b.2 - b.0), GLsizei(b.3 - b.1))
            }
            halo_glClearColor(Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w))
            halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            halo_glDisable(GLenum(GL_SCISSOR_TEST))
        }
    }

    /// Uploads the placed background image, unless it is the one already uploaded (the
    /// same pixel storage: ``BackgroundPlacement/placed(_:mode:width:height:canvasSize:)``
    /// hands an animation's frames the same image).
    func uploadBackground(_ img: PremulImage) throws {
        if let last = uploadedBackground, last.width == img.width, last.height == img.height,
           last.pixels.withUnsafeBufferPointer({ a in img.pixels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }) {
            return
        }
        try backgroundFloat.ensure(width: img.width, height: img.height)
        try background8.ensure(width: img.width, height: img.height)
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), backgroundFloat.texture)
        img.pixels.withUnsafeBytes { buf in
            halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(img.width), GLsizei(img.height), GLenum(GL_RGBA), GLenum(GL_FLOAT), buf.baseAddress)
        }
        // The final values a resolve of the bare background would write (straightRGBA8).
        let bytes = img.toRGBA8()
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), background8.texture)
        halo_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        bytes.pixels.withUnsafeBytes { buf in
            halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(img.width), GLsizei(img.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
        }
        uploadedBackground = img
        try checkError("uploading the background image")
    }

    /// Copies `source`'s texture into the framebuffer `destination` (same size, no filtering)
    /// and leaves `destination` bound.
    func blit(_ source: RenderTarget, to destination: GLuint, width w: Int, height h: Int) {
        halo_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.fbo)
        halo_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination)
        halo_glBlitFramebuffer(0, 0, GLint(w), GLint(h), 0, 0, GLint(w), GLint(h), GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), destination)
    }

    /// The layer data of the frame: ``LayerData/texels`` texels a layer, one row each (texture unit 4).
    func uploadLayerData(_ data: [Float], layers: Int) {
        halo_glActiveTexture(GLenum(GL_TEXTURE4))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), layerTexture)
        let rows = max(layers, 1)
        if rows != layerRows {
            // (Re)allocated only when the number of layers changes; filled every frame.
            halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(LayerData.texels), GLsizei(rows), 0,
                              GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            layerRows = rows
        }
        if layers > 0 {
            data.withUnsafeBytes { buf in
                halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(LayerData.texels), GLsizei(layers),
                                     GLenum(GL_RGBA), GLenum(GL_FLOAT), buf.baseAddress)
            }
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// The frame-global uniforms of a layer or glow-source program: layer data (unit 4),
    /// ramps (unit 0) and their lookup table (unit 3).
    func setFrameUniforms(_ p: GLProgram) {
        halo_glUniform1i(p.loc("uLayers"), 4)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), ramps.texture)
        halo_glUniform1i(p.loc("uRamps"), 0)
        halo_glActiveTexture(GLenum(GL_TEXTURE3))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), ramps.lutTexture)
        halo_glUniform1i(p.loc("uRampLUT"), 3)
        halo_glUniform1f(p.loc("uLUTWidth"), Float(ramps.lutWidth))
        halo_glActiveTexture(GLenum(GL_TEXTURE8))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), arcs.texture)
        halo_glUniform1i(p.loc("uArcTable"), 8)
        halo_glUniform1f(p.loc("haloLoopPeriod"), Float(loopPeriod))
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// One page of the glow atlas: every glow's stroke layer into glowA, then the blur:
    /// glowA -> glowB (x), glowB -> glowA (y), one draw per kernel.
    func drawGlows(_ page: FramePlan.GlowPage, index: Int) throws {
        try glowA.ensure(width: page.width, height: page.height, growOnly: true)
        try glowB.ensure(width: page.width, height: page.height, growOnly: true)
        halo_glDisable(GLenum(GL_BLEND))
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), glowA.fbo)
        halo_glViewport(0, 0, GLsizei(glowA.width), GLsizei(glowA.height))
        halo_glClearColor(0, 0, 0, 0)
        halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        for batch in page.source {
            let s = try programs.glowSourceProgram(batch.variant)
            halo_glUseProgram(s.id)
            halo_glUniform2f(s.loc("uTarget"), Float(glowA.width), Float(glowA.height))
            halo_glUniform4f(s.loc("uCanvasToTarget"), 1, 1, 0, 0)
            setFrameUniforms(s)
            drawTiles(batch.instances)
        }
        endPass("glow atlas \(index + 1): sources")
        for (src, dst, horizontal) in [(glowA, glowB, true), (glowB, glowA, false)] {
            if horizontal {
                halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), dst.fbo)
                halo_glClearColor(0, 0, 0, 0)
                halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            for blur in page.blurs {
                try blurPass(blur.plan, from: src, to: dst, horizontal: horizontal, rects: horizontal ? blur.horizontal : blur.vertical)
            }
            endPass("glow atlas \(index + 1): \(horizontal ? "horizontal" : "vertical") blur")
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE2))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        try checkError("drawing the glows")
    }

    /// Layer tile draws, each an instanced draw of one variant, into the canvas (blended)
    /// or the target (final values), as the variant says.
    func drawBatches(_ batches: [FramePlan.Batch], plan: FramePlan, target: FrameTarget, background bg: Premul) throws {
        var bound: OutputMode?
        for batch in batches {
            let toCanvas = batch.variant.output == .canvas
            if bound.map({ ($0 == .canvas) != toCanvas }) ?? true {
                bound = batch.variant.output
                if toCanvas {
                    halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
                    halo_glViewport(0, 0, GLsizei(plan.width), GLsizei(plan.height))
                    halo_glEnable(GLenum(GL_BLEND))
                    halo_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
                } else {
                    halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
                    halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
                    halo_glDisable(GLenum(GL_BLEND))
                }
            }
            let p = try programs.layerProgram(batch.variant)
            halo_glUseProgram(p.id)
            if toCanvas {
                // A material replaces the canvas within its coverage (layer.frag): dual-source blending.
                let material = batch.variant.fill == .material
                halo_glBlendFunc(GLenum(GL_ONE), GLenum(material ? GL_ONE_MINUS_SRC1_ALPHA : GL_ONE_MINUS_SRC_ALPHA))
                if material {
                    halo_glActiveTexture(GLenum(GL_TEXTURE6))
                    halo_glBindTexture(GLenum(GL_TEXTURE_2D), regionA.texture)
                    halo_glUniform1i(p.loc("uMaterial"), 6)
                    halo_glUniform2f(p.loc("uMaterialSize"), Float(regionA.width), Float(regionA.height))
                    halo_glActiveTexture(GLenum(GL_TEXTURE0))
                }
            }
            if toCanvas {
                halo_glUniform2f(p.loc("uTarget"), Float(plan.width), Float(plan.height))
                halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, 0)
            } else {
                halo_glUniform2f(p.loc("uTarget"), Float(target.width), Float(target.height))
                let m = target.canvasToTarget
                halo_glUniform4f(p.loc("uCanvasToTarget"), m.0, m.1, m.2, m.3)
                plan.backdrops.colours.withUnsafeBufferPointer { b in
                    b.baseAddress!.withMemoryRebound(to: Float.self, capacity: 4 * b.count) {
                        halo_glUniform4fv(p.loc("uBackdrops"), GLsizei(b.count), $0)
                    }
                }
            }
            setFrameUniforms(p)
            if batch.variant.output == .overImage {
                halo_glActiveTexture(GLenum(GL_TEXTURE5))
                halo_glBindTexture(GLenum(GL_TEXTURE_2D), backgroundFloat.texture)
                halo_glUniform1i(p.loc("uBackgroundImage"), 5)
                halo_glActiveTexture(GLenum(GL_TEXTURE0))
            }
            if batch.variant.text { bindTexture(textAtlas.texture, unit: 7, to: "uTextAtlas", of: p) }
            if batch.variant.glow == .blurred {
                halo_glActiveTexture(GLenum(GL_TEXTURE1))
                halo_glBindTexture(GLenum(GL_TEXTURE_2D), glowA.texture)
                halo_glUniform1i(p.loc("uGlow"), 1)
                halo_glUniform2f(p.loc("uGlowAtlasSize"), Float(glowA.width), Float(glowA.height))
                halo_glActiveTexture(GLenum(GL_TEXTURE0))
            }
            drawTiles(batch.instances)
            if passTimer != nil {
                let v = batch.variant
                let kind = v.edge == .inside ? "inner" : v.edge == .smooth ? "smooth-edge" : "edge"
                endPass("\(kind) tiles\(v.paintAA ? ", paint averaged" : "")\(toCanvas ? ", via canvas" : "")")
            }
        }
    }

    /// One instanced draw of tiles (``FramePlan/floatsPerInstance`` floats each; tile.vert)
    /// with the program and framebuffer in use.
    func drawTiles(_ data: [Float]) {
        guard !data.isEmpty else { return }
        halo_glBindVertexArray(tileVAO)
        halo_glBindBuffer(GLenum(GL_ARRAY_BUFFER), tileBuffer)
        data.withUnsafeBytes { buf in
            halo_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(buf.count), buf.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        halo_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(data.count / FramePlan.floatsPerInstance))
    }

    /// The canvas's shared cells (`rects`) into the target as final 8-bit values.
    func resolve(_ rects: [Float], target: FrameTarget) throws {
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        halo_glDisable(GLenum(GL_BLEND))
        let r = try programs.resolve()
        halo_glUseProgram(r.id)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), canvas.texture)
        halo_glUniform1i(r.loc("uCanvas"), 0)
        halo_glUniform2f(r.loc("uTarget"), Float(target.width), Float(target.height))
        let m = target.canvasToTarget
        halo_glUniform4f(r.loc("uCanvasToTarget"), m.0, m.1, m.2, m.3)
        halo_glUniform1i(r.loc("uChecker"), target.isWindow ? 1 : 0)
        drawTiles(rects)
        try checkError("resolving the canvas")
    }

    func checkError(_ what: String) throws {
        let e = halo_glGetError()
        if e != GLenum(GL_NO_ERROR) {
            while halo_glGetError() != GLenum(GL_NO_ERROR) {}
            throw GLError("GL error 0x\(String(e, radix: 16)) while \(what)")
        }
    }
}
