import CEpoxy
import Foundation
import HaloCore

/// Halo's GPU renderer: OpenGL 3.3 core, signed-distance fragment shaders from
/// `Shaders/`, drawing into framebuffer objects.
///
/// Per frame, each layer is drawn over 16 px tiles of its bounds (shape bounds grown by
/// the stroke and the glow's reach; ``LayerTiles``) by a fragment shader that computes
/// fill, glow and stroke with their own coverage and composites them as a group at the
/// layer's opacity; a glowing layer first draws its stroke layer into a
/// reduced-resolution texture and blurs it in two passes (``GlowPlan``). Tiles no other
/// layer touches are composited over the background in that shader and written to the
/// target as final 8-bit straight-alpha values; tiles two layers touch are blended into
/// an RGBA32F canvas and rounded by a last pass (``draw(_:into:)``). Pixels no tile writes
/// keep the background colour from a clear. ``render(_:)`` draws
/// into an offscreen RGBA8 target and reads it back with one `glReadPixels`, in PNG row
/// order; a preview draws into its window (``FrameTarget/window(width:height:originX:originY:)``).
///
/// Not thread-safe: use it on the thread that created it (the GL context is current there).
public final class GLRenderer {
    public let context: HeadlessContext?
    public let shaders: ShaderLibrary
    /// Layer and glow-source programs by variant (compiled on first use, see layer_uniforms.glsl).
    private var layerPrograms: [LayerVariant: GLProgram] = [:]
    private var glowSourcePrograms: [LayerVariant: GLProgram] = [:]
    private var tileVAO: GLuint = 0
    private var tileBuffer: GLuint = 0
    /// blur.frag by pair count (HALO_PAIRS), compiled on first use; the init compiles the largest.
    private var blurPrograms: [Int: GLProgram] = [:]
    private let resolveProgram: GLProgram
    private var vao: GLuint = 0
    private var canvas = RenderTarget(format: GL_RGBA32F)
    private var output = RenderTarget(format: GL_RGBA8)
    private var glowA = RenderTarget(format: GL_RGBA32F)
    private var glowB = RenderTarget(format: GL_RGBA32F)
    private var rampTexture: GLuint = 0
    private var rampSize = (0, 0)
    /// Each distinct ramp of the frame sampled evenly (``lutWidth`` texels a row), for
    /// tiles whose paint needs no averaging.
    private var lutTexture: GLuint = 0
    private var lutHeight = 1
    /// The ramps `rampTexture` and `lutTexture` hold: both are rebuilt only when a frame's
    /// distinct ramps differ from them.
    private var uploadedRamps: [GradientRamp]?
    /// Texels a lookup-table row: 8192, or the GPU's texture size if smaller.
    let lutWidth: Int
    public let maxTextureSize: Int
    private var timerQuery: GLuint = 0
    /// GPU time of the last ``render(_:)`` (draw and resolve) from a GL_TIME_ELAPSED timer
    /// query, in milliseconds; nil when the query failed.
    public private(set) var lastGPUTimeMs: Double?

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
        // Compile the commonest variant now, so a broken shader fails here, not mid-frame.
        layerPrograms[LayerVariant(shape: 0, fill: 0, stroke: 1, glow: 1, edge: 1)] =
            try GLProgram(shaders, vertex: "tile.vert", fragment: "layer.frag", uniforms: Uniforms.layerProgram,
                          defines: LayerVariant(shape: 0, fill: 0, stroke: 1, glow: 1, edge: 1).defines)
        blurPrograms[GlowPlan.maxPairs] = try GLProgram(shaders, vertex: "quad.vert", fragment: "blur.frag", uniforms: Uniforms.blurProgram,
                                                        defines: [("HALO_PAIRS", "\(GlowPlan.maxPairs)")])
        resolveProgram = try GLProgram(shaders, vertex: "tile.vert", fragment: "resolve.frag", uniforms: Uniforms.resolveProgram)
        var maxSize: GLint = 0
        halo_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxSize)
        maxTextureSize = Int(maxSize)
        lutWidth = min(8192, maxTextureSize)
        halo_glGenVertexArrays(1, &vao)
        // Tiles: per-instance rect (location 0) and coverage (location 1), see tile.vert.
        halo_glGenVertexArrays(1, &tileVAO)
        halo_glGenBuffers(1, &tileBuffer)
        halo_glBindVertexArray(tileVAO)
        halo_glBindBuffer(GLenum(GL_ARRAY_BUFFER), tileBuffer)
        let stride = GLsizei(LayerTiles.floatsPerTile * MemoryLayout<Float>.size)
        halo_glEnableVertexAttribArray(0)
        halo_glVertexAttribPointer(0, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        halo_glVertexAttribDivisor(0, 1)
        halo_glEnableVertexAttribArray(1)
        halo_glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 4 * MemoryLayout<Float>.size))
        halo_glVertexAttribDivisor(1, 1)
        halo_glBindVertexArray(0)
        halo_glGenTextures(1, &rampTexture)
        halo_glGenTextures(1, &lutTexture)
        try checkError("creating the renderer")
    }

    deinit {
        // GL objects go while the context is still alive (it is released after this body).
        for p in Array(layerPrograms.values) + Array(glowSourcePrograms.values) + Array(blurPrograms.values) + [resolveProgram] { p.delete() }
        halo_glDeleteVertexArrays(1, &tileVAO)
        halo_glDeleteBuffers(1, &tileBuffer)
        halo_glDeleteVertexArrays(1, &vao)
        if timerQuery != 0 { halo_glDeleteQueries(1, &timerQuery) }
        halo_glDeleteTextures(1, &rampTexture)
        halo_glDeleteTextures(1, &lutTexture)
        canvas.release(); output.release(); glowA.release(); glowB.release()
    }

    /// When set, each pass of ``draw(_:)`` and ``render(_:)`` ends with `glFinish` and this
    /// is called with the pass's name (e.g. "layer 1 smooth-edge tiles") and its wall time
    /// in milliseconds: `halo bench --passes`. The finishes serialise the pipeline, so frames
    /// take longer while it is set.
    public var passTimer: ((String, Double) -> Void)?
    private var passClock = DispatchTime.now()

    private func endPass(_ name: @autoclosure () -> String) {
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

    private func checkSize(_ frame: Frame) throws {
        if frame.width > maxTextureSize || frame.height > maxTextureSize {
            throw GLError("the canvas is \(frame.width)x\(frame.height) pixels; this GPU's textures stop at \(maxTextureSize)")
        }
    }

    /// What one layer draws this frame (``draw(_:into:)``).
    private struct LayerPlan {
        var index: Int
        var layer: ResolvedLayer
        var glowPlan: GlowPlan?
        var glowRegion: (x0: Double, y0: Double, gw: Int, gh: Int)
        /// HALO_GLOW: 0 none, 1 blurred texture, 2 sigma 0.
        var glowMode: Int
        /// Glow-only tiles farther than this outside the stroke are not drawn (LayerTiles).
        var faint: Double?
        var tiles: LayerTiles
    }

    /// Draws `frame` into `target` as final 8-bit values (straight alpha; over a
    /// checkerboard where a window's canvas is not opaque).
    ///
    /// Tiles that one layer alone touches are drawn straight into the target: the layer's
    /// shader composites it over the background colour and rounds (`HALO_DIRECT`). Tiles
    /// that two or more layers touch (every tile when the background is an image, or when
    /// a window shows a background that is not opaque) go through the premultiplied float
    /// canvas, layer by layer, and are resolved into the target at the end. Both round
    /// once, from the same source-over in float, so the split does not show.
    /// - Throws: ``GLError`` (canvas beyond the texture size, incomplete framebuffer, a GL
    ///   error), ``ShaderError`` when a program variant fails to compile.
    public func draw(_ frame: Frame, into target: FrameTarget) throws {
        try context?.makeCurrent()
        passClock = DispatchTime.now()
        try checkSize(frame)
        let w = frame.width, h = frame.height
        let grid = TileGrid(width: w, height: h, offset: target.gridOffset)
        let plans = planLayers(frame, grid: grid)
        endPass("tile classification (CPU)")
        // Cells that two or more layers touch go through the float canvas.
        let bg = frame.backgroundColor
        let direct = frame.backgroundImage == nil && (!target.isWindow || bg.w >= 1)
        var touches = [UInt8](repeating: direct ? 0 : 2, count: grid.columns * grid.rows)
        if direct {
            var last = [Int](repeating: -1, count: touches.count)
            for (n, plan) in plans.enumerated() {
                for c in plan.tiles.cells where last[c.index] != n {
                    last[c.index] = n
                    if touches[c.index] < 2 { touches[c.index] += 1 }
                }
            }
        }
        let sharedCells = touches.contains(2)
        let rampRows = uploadRamps(frame)
        // The first glowing layer's glow passes come before the target's clear, so that
        // the target's clear and tiles are one scene for llvmpipe (each framebuffer switch
        // ends one).
        let early = plans.firstIndex { $0.glowPlan != nil }
        func drawGlow(of plan: LayerPlan) throws {
            guard let glowPlan = plan.glowPlan, let glow = plan.layer.glow else { return }
            // Tiles read the glow only this far from the outline: the faint-glow cut-off
            // plus a cell's diagonal (a glow-only cell is drawn when any of it is within the
            // cut-off; LayerTiles); everywhere when there is none.
            let cellDiagonal = Double(LayerTiles.size) * 2.0.squareRoot() + 1
            let read = plan.faint.flatMap { f in plan.layer.stroke.map { $0.outer + f + cellDiagonal } }
            try self.drawGlow(plan.layer, glow: glow, plan: glowPlan, region: plan.glowRegion, read: read, rampRows: rampRows, index: plan.index)
        }
        if let early { try drawGlow(of: plans[early]) }
        halo_glBindVertexArray(vao)
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
        halo_glDisable(GLenum(GL_DEPTH_TEST))
        halo_glDisable(GLenum(GL_BLEND))
        // The target: the background colour everywhere when tiles write directly (they
        // overwrite their pixels), then a window's letterbox. Clears, not drawn rects:
        // llvmpipe fills a cleared bin without running a fragment shader.
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        if direct {
            let c = FrameTarget.straightRGBA8(bg)
            halo_glClearColor(c.0, c.1, c.2, c.3)
            halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        if target.isWindow {
            // The bars around the canvas, in GL window coordinates (y up).
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
        if sharedCells {
            try canvas.ensure(width: w, height: h)
            halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
            halo_glViewport(0, 0, GLsizei(w), GLsizei(h))
            if let img = frame.backgroundImage, img.width == w, img.height == h {
                halo_glBindTexture(GLenum(GL_TEXTURE_2D), canvas.texture)
                img.pixels.withUnsafeBytes { buf in
                    halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_FLOAT), buf.baseAddress)
                }
            } else {
                halo_glClearColor(Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w))
                halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
        }
        endPass("background")
        for (n, plan) in plans.enumerated() {
            let layer = plan.layer, index = plan.index
            if n != early { try drawGlow(of: plan) }
            // Canvas groups first, then the target's: one framebuffer switch a layer.
            let groups = plan.tiles.groups(shared: { touches[$0] >= 2 }).sorted { !$0.key.direct && $1.key.direct }
            var bound: Bool?
            for (group, data) in groups {
                if bound != group.direct {
                    bound = group.direct
                    if group.direct {
                        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
                        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
                        halo_glDisable(GLenum(GL_BLEND))
                    } else {
                        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
                        halo_glViewport(0, 0, GLsizei(w), GLsizei(h))
                        halo_glEnable(GLenum(GL_BLEND))
                        halo_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
                    }
                }
                var variant = LayerVariant(layer, glow: plan.glowMode, edge: group.edge ? (group.smooth ? 2 : 1) : 0)
                variant.paintAA = group.paintAA ? 1 : 0
                variant.direct = group.direct ? (bg.w >= 1 ? (target.isWindow ? 3 : 2) : 1) : 0
                // Edge-free tiles: a draw that covers none of the tile is compiled out.
                if !group.edge && !group.fill { variant.fill = -1 }
                if !group.edge && !group.stroke { variant.stroke = -1 }
                let p = try layerProgram(variant)
                halo_glUseProgram(p.id)
                if group.direct {
                    halo_glUniform2f(p.loc("uTarget"), Float(target.width), Float(target.height))
                    let m = target.canvasToTarget
                    halo_glUniform4f(p.loc("uCanvasToTarget"), m.0, m.1, m.2, m.3)
                    halo_glUniform4f(p.loc("uBackground"), Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w))
                } else {
                    halo_glUniform2f(p.loc("uTarget"), Float(w), Float(h))
                    halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, 0)
                }
                setLayerUniforms(p, layer, rampRows: rampRows)
                halo_glUniform1f(p.loc("uOpacity"), Float(layer.opacity))
                if let glow = layer.glow {
                    halo_glUniform1f(p.loc("uGlowOpacity"), Float(glow.opacity))
                    let gc = glow.color ?? Premul(0, 0, 0, -1)
                    halo_glUniform4f(p.loc("uGlowColor"), Float(gc.x), Float(gc.y), Float(gc.z), Float(gc.w))
                    if let gp = plan.glowPlan {
                        let region = plan.glowRegion
                        halo_glActiveTexture(GLenum(GL_TEXTURE1))
                        halo_glBindTexture(GLenum(GL_TEXTURE_2D), glowA.texture)
                        halo_glUniform1i(p.loc("uGlow"), 1)
                        halo_glUniform4f(p.loc("uGlowMap"), Float(region.x0), Float(region.y0), Float(gp.k), 0)
                        halo_glUniform2f(p.loc("uGlowTexSize"), Float(glowA.width), Float(glowA.height))
                        halo_glActiveTexture(GLenum(GL_TEXTURE0))
                    }
                }
                drawTiles(data)
                if passTimer != nil {
                    let kind = group.edge ? (group.smooth ? "smooth-edge" : "edge") : "inner"
                    let covers = group.edge ? "" : " (" + ([group.fill ? "fill" : nil, group.stroke ? "stroke" : nil].compactMap { $0 }.joined(separator: ", ").nonEmpty ?? "glow only") + ")"
                    endPass("layer \(index + 1) \(kind) tiles\(covers)\(group.paintAA ? ", paint averaged" : "")\(group.direct ? "" : ", via canvas")")
                }
            }
            halo_glBindVertexArray(vao)
        }
        halo_glDisable(GLenum(GL_BLEND))
        try checkError("drawing the layers")
        if sharedCells { try resolve(target: target, width: w, height: h, grid: grid, touches: touches) }
        endPass("resolve")
    }

    /// The layers' bounds, glows and tiles for this frame, in drawing order.
    private func planLayers(_ frame: Frame, grid: TileGrid) -> [LayerPlan] {
        let w = frame.width, h = frame.height
        let canvasBox = Box(x0: 0, y0: 0, x1: Double(w), y1: Double(h))
        var plans: [LayerPlan] = []
        // An opaque background colour on the 8-bit grid (LayerTiles.faintGlowDistance).
        let bg = frame.backgroundColor
        let onGrid = frame.backgroundImage == nil && bg.w == 1
            && [bg.x, bg.y, bg.z].allSatisfy { abs($0 * 255 - ($0 * 255).rounded()) < 1e-6 }
        for (index, layer) in frame.layers.enumerated() where layer.opacity > 0 {
            var bounds: Box?
            if layer.fill != nil { bounds = layer.outline.bounds(grownBy: 1) }
            var glowPlan: GlowPlan?
            var glowRegion = (x0: 0.0, y0: 0.0, gw: 0, gh: 0)
            if let stroke = layer.stroke {
                let sb = layer.outline.bounds(grownBy: stroke.outer + 1)
                bounds = bounds.map { $0.union(sb) } ?? sb
                if let glow = layer.glow, glow.sigma > 0 {
                    let plan = GlowPlan(sigma: glow.sigma)
                    // One blank texel beyond the reach on each side (blur.frag reads up to it).
                    let g = sb.grown(by: plan.reach + Double(plan.k))
                    // Only the part that can reach the canvas.
                    let x0 = max(g.x0, -plan.reach).rounded(.down), y0 = max(g.y0, -plan.reach).rounded(.down)
                    let x1 = min(g.x1, Double(w) + plan.reach), y1 = min(g.y1, Double(h) + plan.reach)
                    if x1 > x0 && y1 > y0 {
                        let gw = Int(((x1 - x0) / Double(plan.k)).rounded(.up)), gh = Int(((y1 - y0) / Double(plan.k)).rounded(.up))
                        if gw <= maxTextureSize && gh <= maxTextureSize {
                            glowPlan = plan
                            glowRegion = (x0, y0, gw, gh)
                            bounds = bounds!.union(g)
                        }
                    }
                }
            }
            guard let b = bounds else { continue }
            let quad = Box(x0: max(b.x0.rounded(.down), 0), y0: max(b.y0.rounded(.down), 0),
                           x1: min(b.x1.rounded(.up), canvasBox.x1), y1: min(b.y1.rounded(.up), canvasBox.y1))
            if quad.x1 <= quad.x0 || quad.y1 <= quad.y0 { continue }
            let glowMode = layer.glow.map { glowPlan != nil ? 1 : ($0.sigma > 0 ? 0 : 2) } ?? 0
            // Glow too faint to change a pixel over this background is not drawn.
            var faint: Double?
            if onGrid, let glow = layer.glow, glowMode == 1 {
                faint = LayerTiles.faintGlowDistance(sigma: glow.sigma, opacity: glow.opacity * layer.opacity)
            }
            plans.append(LayerPlan(index: index, layer: layer, glowPlan: glowPlan, glowRegion: glowRegion, glowMode: glowMode,
                                   faint: faint, tiles: LayerTiles(layer, quad: quad, hasGlow: glowMode != 0, grid: grid, lutWidth: lutWidth,
                                                     faintGlowBeyond: faint)))
        }
        return plans
    }

    /// The stroke layer at 1/k resolution into glowA, then the blur: glowA -> glowB (x), glowB -> glowA (y).
    /// `read`: the layer's tiles read the result only within this distance of the outline
    /// (pixels; nil: anywhere in the region), so the blur computes only the texels there
    /// (and the horizontal pass only the rows the stroke reaches; glowB is blank elsewhere,
    /// as those rows' blur would be).
    private func drawGlow(_ layer: ResolvedLayer, glow: ResolvedGlow, plan: GlowPlan,
                          region: (x0: Double, y0: Double, gw: Int, gh: Int), read: Double?, rampRows: [Int], index: Int) throws {
        // Exactly the region's size: the blur's and layer.frag's bilinear reads clamp at its edges.
        try glowA.ensure(width: region.gw, height: region.gh)
        try glowB.ensure(width: region.gw, height: region.gh)
        halo_glDisable(GLenum(GL_BLEND))
        let used = Box(x0: 0, y0: 0, x1: Double(region.gw), y1: Double(region.gh))
        // Pixel box -> the texels covering it, one more on each side for bilinear reads.
        let k = Double(plan.k)
        func texels(_ b: Box) -> Box {
            Box(x0: max(((b.x0 - region.x0) / k).rounded(.down) - 1, 0), y0: max(((b.y0 - region.y0) / k).rounded(.down) - 1, 0),
                x1: min(((b.x1 - region.x0) / k).rounded(.up) + 1, used.x1), y1: min(((b.y1 - region.y0) / k).rounded(.up) + 1, used.y1))
        }
        let vertical = read.map { texels(layer.outline.bounds(grownBy: $0)) } ?? used
        let strokeRows = texels(layer.outline.bounds(grownBy: (layer.stroke?.outer ?? 0) + k))
        let horizontal = Box(x0: max(vertical.x0 - 1, 0), y0: strokeRows.y0, x1: min(vertical.x1 + 1, used.x1), y1: strokeRows.y1)
        // Source.
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), glowA.fbo)
        halo_glViewport(0, 0, GLsizei(glowA.width), GLsizei(glowA.height))
        // Clear, then only the tiles of texels near the stroke (LayerTiles.glowSource).
        halo_glClearColor(0, 0, 0, 0)
        halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let gc = glow.color ?? Premul(0, 0, 0, -1)
        for (group, data) in LayerTiles.glowSource(layer, origin: Vec2(region.x0, region.y0), k: plan.k,
                                                   texels: (region.gw, region.gh), lutWidth: lutWidth) {
            var variant = LayerVariant(layer, glow: 0, edge: group.edge ? (group.smooth ? 2 : 1) : 0)
            variant.paintAA = group.paintAA ? 1 : 0
            let s = try glowSourceProgram(variant)
            halo_glUseProgram(s.id)
            halo_glUniform2f(s.loc("uTarget"), Float(glowA.width), Float(glowA.height))
            halo_glUniform4f(s.loc("uCanvasToTarget"), 1, 1, 0, 0)
            setLayerUniforms(s, layer, rampRows: rampRows)
            halo_glUniform4f(s.loc("uGlowMap"), Float(region.x0), Float(region.y0), Float(plan.k), 0)
            halo_glUniform4f(s.loc("uGlowColor"), Float(gc.x), Float(gc.y), Float(gc.z), Float(gc.w))
            drawTiles(data)
        }
        halo_glBindVertexArray(vao)
        endPass("layer \(index + 1) glow source (\(region.gw)x\(region.gh) texels, k = \(plan.k))")
        // Blur, two passes.
        let pairs = plan.pairs
        let b = try blurProgram(pairs: pairs.weights.count)
        halo_glUseProgram(b.id)
        halo_glUniform1i(b.loc("uSource"), 2)
        halo_glUniform2f(b.loc("uTexSize"), Float(region.gw), Float(region.gh))
        halo_glUniform1f(b.loc("uCenterWeight"), plan.weights[0])
        pairs.weights.withUnsafeBufferPointer { halo_glUniform1fv(b.loc("uPairWeights"), GLsizei($0.count), $0.baseAddress) }
        pairs.offsets.withUnsafeBufferPointer { halo_glUniform1fv(b.loc("uPairOffsets"), GLsizei($0.count), $0.baseAddress) }
        for (src, dst, dir, quad) in [(glowA, glowB, (1, 0), horizontal), (glowB, glowA, (0, 1), vertical)] {
            halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), dst.fbo)
            halo_glViewport(0, 0, GLsizei(dst.width), GLsizei(dst.height))
            if dir.0 == 1 && horizontal != used {
                halo_glClearColor(0, 0, 0, 0)
                halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            halo_glActiveTexture(GLenum(GL_TEXTURE2))
            halo_glBindTexture(GLenum(GL_TEXTURE_2D), src.texture)
            halo_glActiveTexture(GLenum(GL_TEXTURE0))
            setQuad(b, quad, target: (dst.width, dst.height))
            halo_glUniform2f(b.loc("uStep"), Float(dir.0) / Float(region.gw), Float(dir.1) / Float(region.gh))
            halo_glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE2))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        endPass("layer \(index + 1) glow blur (\(plan.radius) taps a side)")
        try checkError("drawing a glow")
    }

    /// One instanced draw of tiles (``LayerTiles/floatsPerTile`` floats each; tile.vert)
    /// with the program and framebuffer in use.
    private func drawTiles(_ data: [Float]) {
        halo_glBindVertexArray(tileVAO)
        halo_glBindBuffer(GLenum(GL_ARRAY_BUFFER), tileBuffer)
        data.withUnsafeBytes { buf in
            halo_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(buf.count), buf.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        halo_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(data.count / LayerTiles.floatsPerTile))
        halo_glBindVertexArray(vao)
    }

    /// The canvas's cells (those with `touches` >= 2) into the target as final 8-bit values.
    private func resolve(target: FrameTarget, width w: Int, height h: Int, grid: TileGrid, touches: [UInt8]) throws {
        let rects = grid.rects { touches[$0] >= 2 }
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        halo_glDisable(GLenum(GL_BLEND))
        let r = resolveProgram
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

    private func setQuad(_ p: GLProgram, _ q: Box, target: (Int, Int)) {
        halo_glUniform4f(p.loc("uQuad"), Float(q.x0), Float(q.y0), Float(q.x1), Float(q.y1))
        halo_glUniform2f(p.loc("uTarget"), Float(target.0), Float(target.1))
    }

    /// The layer program for a variant, compiled on first use.
    private func layerProgram(_ v: LayerVariant) throws -> GLProgram {
        if let p = layerPrograms[v] { return p }
        let p = try GLProgram(shaders.withPaints(fill: v.fillPaint, stroke: v.strokePaint), vertex: "tile.vert",
                              fragment: "layer.frag", uniforms: Uniforms.layerProgram, defines: v.defines)
        layerPrograms[v] = p
        return p
    }

    /// blur.frag with its loop over `pairs` pairs of taps fixed at compile time, so that
    /// it is unrolled and indexes its uniform arrays by constants.
    private func blurProgram(pairs: Int) throws -> GLProgram {
        if let p = blurPrograms[pairs] { return p }
        let p = try GLProgram(shaders, vertex: "quad.vert", fragment: "blur.frag", uniforms: Uniforms.blurProgram,
                              defines: [("HALO_PAIRS", "\(pairs)")])
        blurPrograms[pairs] = p
        return p
    }

    /// The glow-source program for a variant (shape and stroke paint), compiled on first use.
    private func glowSourceProgram(_ v: LayerVariant) throws -> GLProgram {
        var key = LayerVariant(shape: v.shape, fill: -1, stroke: v.stroke, glow: 0, edge: v.edge)
        key.strokePaint = v.strokePaint
        key.paintAA = v.paintAA
        if let p = glowSourcePrograms[key] { return p }
        let p = try GLProgram(shaders.withPaints(fill: nil, stroke: key.strokePaint), vertex: "tile.vert", fragment: "glow_source.frag", uniforms: Uniforms.glowSourceProgram, defines: key.defines)
        glowSourcePrograms[key] = p
        return p
    }

    /// Shape, paint and stroke uniforms shared by the layer and glow-source programs.
    private func setLayerUniforms(_ p: GLProgram, _ layer: ResolvedLayer, rampRows: [Int]) {
        let o = layer.outline
        halo_glUniform2f(p.loc("uShapeCenter"), Float(o.center.x), Float(o.center.y))
        halo_glUniform2f(p.loc("uShapeHalfSize"), Float(o.halfSize.x), Float(o.halfSize.y))
        halo_glUniform4f(p.loc("uShapeRadii"), Float(o.radii[0]), Float(o.radii[1]), Float(o.radii[2]), Float(o.radii[3]))
        var kinds: [GLint] = [0, 0], colors = [Float](repeating: 0, count: 8), geometry = [Float](repeating: 0, count: 8)
        var ramps: [GLint] = [0, 0, 0, 0]
        var lutRows: [Float] = [0, 0]      // lookup-table rows (texel-centre v)
        for (slot, paint) in [layer.fill, layer.stroke?.paint].enumerated() {
            guard let paint else { continue }
            switch paint.geometry {
            case .solid(let c):
                kinds[slot] = 0
                for i in 0..<4 { colors[slot * 4 + i] = Float(c[i]) }
            case .linear(let s, _):
                // lib/paint.glsl linearGradientT: the start and dt/dp, well conditioned in float.
                kinds[slot] = 1
                let g = paint.linearGradient
                geometry.replaceSubrange((slot * 4)..<(slot * 4 + 4), with: [Float(s.x), Float(s.y), Float(g.x), Float(g.y)])
            case .angular(let c, let angle, let span):
                kinds[slot] = 2
                let a = angle.truncatingRemainder(dividingBy: 360)
                geometry.replaceSubrange((slot * 4)..<(slot * 4 + 4), with: [Float(c.x), Float(c.y), Float(a), Float(span)])
            case .radial(let c, let r0, _):
                // lib/paint.glsl radialGradientT: 1 / (r1 - r0) from double.
                kinds[slot] = 3
                geometry.replaceSubrange((slot * 4)..<(slot * 4 + 4), with: [Float(c.x), Float(c.y), Float(r0), Float(paint.radialInverseWidth)])
            case .shader(_, let origin, let size, let scale, let time):
                // Shaders/lib/shader_paint.glsl shaderPaintColor: rect in pixels; (scale, time).
                kinds[slot] = 4
                geometry.replaceSubrange((slot * 4)..<(slot * 4 + 4), with: [Float(origin.x), Float(origin.y), Float(size.x), Float(size.y)])
                colors.replaceSubrange((slot * 4)..<(slot * 4 + 4), with: [Float(scale), Float(time), 0, 0])
            }
            if kinds[slot] != 0, let ramp = paint.ramp, let i = rampIndex[ramp] {
                ramps[slot * 2] = GLint(rampRows[i])
                ramps[slot * 2 + 1] = GLint(min(ramp.locations.count, maxTextureSize))
                lutRows[slot] = (Float(min(i, lutHeight - 1)) + 0.5) / Float(lutHeight)
            }
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE3))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), lutTexture)
        halo_glUniform1i(p.loc("uRampLUT"), 3)
        halo_glUniform2f(p.loc("uPaintLUT"), lutRows[0], lutRows[1])
        halo_glUniform1f(p.loc("uLUTWidth"), Float(lutWidth))
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glUniform4fv(p.loc("uPaintColor"), 2, colors)
        halo_glUniform4fv(p.loc("uPaintGeometry"), 2, geometry)
        halo_glUniform2iv(p.loc("uPaintRamp"), 2, ramps)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), rampTexture)
        halo_glUniform1i(p.loc("uRamps"), 0)
        let edges = layer.stroke.map { ($0.inner, $0.outer) } ?? (0, 0)
        halo_glUniform2f(p.loc("uStrokeEdges"), Float(edges.0), Float(edges.1))
    }

    /// Index of each distinct ramp of the frame (its rows: `rampRows[i]` and LUT row i).
    private var rampIndex: [GradientRamp: Int] = [:]

    /// Uploads every distinct gradient ramp of the frame: four texture rows each
    /// (colours; locations in .r and the count of stop nodes so far in .g; the prefix
    /// integrals C0 and C1 of ``GradientRamp/integrals``). Returns the first row of each distinct ramp.
    private func uploadRamps(_ frame: Frame) -> [Int] {
        rampIndex.removeAll(keepingCapacity: true)
        var ramps: [GradientRamp] = []
        for layer in frame.layers {
            for paint in [layer.fill, layer.stroke?.paint] {
                guard let paint, let ramp = paint.ramp else { continue }
                if case .solid = paint.geometry { continue }
                if rampIndex[ramp] == nil { rampIndex[ramp] = ramps.count; ramps.append(ramp) }
            }
        }
        let height = max(4, min(maxTextureSize / 4 * 4, ramps.count * 4))
        let rows = ramps.indices.map { min($0 * 4, height - 4) }
        // The same ramps as last frame (a rotating gradient's are): both textures hold them.
        if uploadedRamps == ramps { return rows }
        let width = max(1, min(maxTextureSize, ramps.map(\.locations.count).max() ?? 1))
        var data = [Float](repeating: 0, count: width * height * 4)
        for (i, ramp) in ramps.enumerated() {
            let row = rows[i]
            for n in 0..<min(ramp.locations.count, width) {
                let c = ramp.colors[n]
                for ch in 0..<4 { data[(row * width + n) * 4 + ch] = Float(c[ch]) }
                data[((row + 1) * width + n) * 4] = Float(ramp.locations[n])
                data[((row + 1) * width + n) * 4 + 1] = Float(ramp.stopsUpTo[n])
            }
            let (c0, c1) = ramp.integrals
            for n in 0..<min(ramp.locations.count, width) {
                for ch in 0..<4 {
                    data[((row + 2) * width + n) * 4 + ch] = Float(c0[n][ch])
                    data[((row + 3) * width + n) * 4 + ch] = Float(c1[n][ch])
                }
            }
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), rampTexture)
        if rampSize != (width, height) {
            halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            rampSize = (width, height)
        }
        data.withUnsafeBytes { buf in
            halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_FLOAT), buf.baseAddress)
        }
        uploadLUT(ramps)
        uploadedRamps = ramps
        return rows
    }

    /// One row per ramp: texel 0 its colour below t = 0, texel 1 + i its colour at
    /// t = i / (lutWidth - 2), filtered linearly (rampLUT in Shaders/lib/paint.glsl).
    private func uploadLUT(_ ramps: [GradientRamp]) {
        let w = lutWidth, h = max(1, min(maxTextureSize, ramps.count))
        var data = [Float](repeating: 0, count: w * h * 4)
        for (row, ramp) in ramps.prefix(h).enumerated() {
            for i in 0..<w {
                let c = ramp.color(at: i == 0 ? -1 : Double(i - 1) / Double(w - 2))
                for ch in 0..<4 { data[(row * w + i) * 4 + ch] = Float(c[ch]) }
            }
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE3))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), lutTexture)
        halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA), GLenum(GL_FLOAT), data)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        lutHeight = h
    }

    private func checkError(_ what: String) throws {
        let e = halo_glGetError()
        if e != GLenum(GL_NO_ERROR) {
            while halo_glGetError() != GLenum(GL_NO_ERROR) {}
            throw GLError("GL error 0x\(String(e, radix: 16)) while \(what)")
        }
    }
}

/// A texture and the framebuffer object that draws into it.
struct RenderTarget {
    let format: Int32
    var texture: GLuint = 0
    var fbo: GLuint = 0
    var width = 0
    var height = 0

    init(format: Int32) { self.format = format }

    /// (Re)allocates to at least `width` x `height` (exactly, unless `growOnly`).
    mutating func ensure(width w: Int, height h: Int, growOnly: Bool = false) throws {
        let nw = growOnly ? max(w, width) : w, nh = growOnly ? max(h, height) : h
        if texture != 0 && nw == width && nh == height { return }
        if texture == 0 { halo_glGenTextures(1, &texture); halo_glGenFramebuffers(1, &fbo) }
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        let isFloat = format == GL_RGBA32F || format == GL_RGBA16F
        halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, format, GLsizei(nw), GLsizei(nh), 0, GLenum(GL_RGBA),
                          GLenum(isFloat ? GL_FLOAT : GL_UNSIGNED_BYTE), nil)
        let filter = isFloat ? GL_LINEAR : GL_NEAREST
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        halo_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = halo_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) {
            throw GLError("framebuffer incomplete (status 0x\(String(status, radix: 16))) for a \(nw)x\(nh) texture")
        }
        width = nw; height = nh
    }

    mutating func release() {
        if texture != 0 { halo_glDeleteTextures(1, &texture); halo_glDeleteFramebuffers(1, &fbo) }
        texture = 0; fbo = 0
    }
}

/// What a layer program variant is compiled for (the #defines of Shaders/lib/layer_uniforms.glsl).
struct LayerVariant: Hashable {
    var shape: Int, fill: Int, stroke: Int, glow: Int, edge: Int
    /// 1: paints averaged for jumps and kinks per pixel; 0: the tile needs none (LayerTiles).
    var paintAA = 1
    /// 1: composite over the background and write final values (LayerTiles.Group.direct);
    /// 2: the same over an opaque background.
    var direct = 0
    /// Shader paints' GLSL (ShaderPaintFile.swift), nil for other paints: new text for
    /// a file is a new variant.
    var fillPaint: ShaderPaintSource?, strokePaint: ShaderPaintSource?

    init(shape: Int, fill: Int, stroke: Int, glow: Int, edge: Int) {
        self.shape = shape; self.fill = fill; self.stroke = stroke; self.glow = glow; self.edge = edge
    }

    init(_ layer: ResolvedLayer, glow: Int, edge: Int) {
        switch layer.outline.kind {
        case .roundedBox: shape = 0
        case .continuousBox: shape = 1
        case .ellipse: shape = 2
        }
        fill = layer.fill.map(LayerVariant.kind) ?? -1
        stroke = layer.stroke.map { LayerVariant.kind($0.paint) } ?? -1
        fillPaint = layer.fill?.shaderSource
        strokePaint = layer.stroke?.paint.shaderSource
        self.glow = glow
        self.edge = edge
    }

    /// PAINT_SOLID 0, PAINT_LINEAR 1, PAINT_ANGULAR 2, PAINT_RADIAL 3 (Shaders/lib/paint.glsl).
    static func kind(_ p: ResolvedPaint) -> Int {
        switch p.geometry {
        case .solid: return 0
        case .linear: return 1
        case .angular: return 2
        case .radial: return 3
        case .shader: return 4
        }
    }

    var defines: [(String, String)] {
        [("HALO_SHAPE", "\(shape)"), ("HALO_FILL", "\(fill)"), ("HALO_STROKE", "\(stroke)"),
         ("HALO_GLOW", "\(glow)"), ("HALO_EDGE", "\(edge)"), ("HALO_PAINT_AA", "\(paintAA)"), ("HALO_DIRECT", "\(direct)")]
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
