import CEpoxy
import HaloCore

/// The bound on shader paints' and shapes' loops (Shaders/lib/loop_bound.glsl): the scans
/// beside the shape pass (``FramePlan/PaintScan``, loop_scan.frag) and its probes, and a
/// frame in which they found a loop that reached the bound refused (``ShaderError/loopBound(_:)``).
extension GLRenderer {
    /// Iterations one call of a shader paint's or shape's function may run, all its loops
    /// together. Keep in sync with HALO_MAX_ITERATIONS in Shaders/lib/loop_bound.glsl.
    public static let maxLoopIterations = 16384

    /// A loop that reached the bound: its file and line (in the file as written).
    struct LoopBoundHit: Equatable {
        var file: String
        var line: Int
        /// "haloPaint" or "haloShape".
        var function: String

        /// The hit of a probe's or scan's value `code` (file number and line, ``ShaderLoopBound``) in
        /// `source` or the file it includes from beside it with that number (``LocalIncludes``).
        init(_ source: ShaderPaintSource, code: Int, function: String) {
            let number = code / ShaderLoopBound.fileStride
            let included = number == 0 ? nil : LocalIncludes(ShaderPaintFile(userFile: source.file, text: source.text)).found.values
                .first { $0.loops?.bound.file == number }
            file = included?.path ?? source.file
            line = code % ShaderLoopBound.fileStride
            self.function = function
        }
    }

    /// The paint scans (Shaders/paint_scan.frag, ``FramePlan/PaintScan``) of a `width` x
    /// `height` canvas: every pixel of the tiles drawn with a shader paint, its paints called
    /// under an occlusion query; where a call reached the bound, each scan is drawn again
    /// alone and read back to name the file and line. Leaves the scan target bound.
    func scanPaints(_ scans: [FramePlan.PaintScan], width: Int, height: Int) throws -> [LoopBoundHit] {
        guard !scans.isEmpty else { return [] }
        try loopScan.ensure(width: width, height: height, growOnly: true)
        func draw(_ scan: FramePlan.PaintScan, into target: RenderTarget) throws {
            let v = LayerVariant.paintScan(fill: scan.fill, stroke: scan.stroke)
            let p = try programs.paintScanProgram(v)
            halo_glUseProgram(p.id)
            halo_glUniform2f(p.loc("uTarget"), Float(target.width), Float(target.height))
            halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, 0)
            setFrameUniforms(p, for: v)
            drawTiles(scan.instances)
        }
        guard try anySurvive({ for scan in scans { try draw(scan, into: loopScan) } }) else { return [] }
        // Rare: each scan again alone into a target of the codes, made for this and read back.
        var codes = RenderTarget(format: GL_RG32F)
        defer { codes.release() }
        try codes.ensure(width: width, height: height)
        var hits: [LoopBoundHit] = []
        for scan in scans {
            let texels = try readBackScan(codes, width: width, height: height) { try draw(scan, into: codes) }
            for (slot, source) in [scan.fill, scan.stroke].enumerated() {
                guard let source, let code = GLRenderer.firstLoopLine(texels, channel: slot, stride: 2) else { continue }
                let hit = LoopBoundHit(source, code: code, function: "haloPaint")
                if !hits.contains(hit) { hits.append(hit) }
            }
        }
        return hits
    }

    /// Whether any fragment of `draws` survives, drawn into the whole scan target (bound
    /// here) under an occlusion query.
    private func anySurvive(_ draws: () throws -> Void) throws -> Bool {
        if loopScanQuery == 0 { halo_glGenQueries(1, &loopScanQuery) }
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), loopScan.fbo)
        halo_glViewport(0, 0, GLsizei(loopScan.width), GLsizei(loopScan.height))
        halo_glBeginQuery(GLenum(GL_ANY_SAMPLES_PASSED), loopScanQuery)
        do { try draws() } catch { halo_glEndQuery(GLenum(GL_ANY_SAMPLES_PASSED)); throw error }
        halo_glEndQuery(GLenum(GL_ANY_SAMPLES_PASSED))
        var any: GLuint64 = 0
        halo_glGetQueryObjectui64v(loopScanQuery, GLenum(GL_QUERY_RESULT), &any)
        return any != 0
    }

    /// `target`'s first `width` x `height` texels (RG floats) after `draws` over it cleared.
    private func readBackScan(_ target: RenderTarget, width: Int, height: Int, _ draws: () throws -> Void) throws -> [Float] {
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.fbo)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        halo_glClearColor(0, 0, 0, 0)
        halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        try draws()
        var texels = [Float](repeating: 0, count: width * height * 2)
        halo_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RG), GLenum(GL_FLOAT), &texels)
        return texels
    }

    /// The loop scan (Shaders/loop_scan.frag): every texel the shape pass wrote for `draws`
    /// (modes 0 to 2: layer tiles and glow sources), checked under an occlusion query; where
    /// one holds a loop that reached the bound, the atlas is read back to name its file and line.
    /// Leaves the atlas's framebuffer bound.
    func scanForLoopBound(_ draws: [FramePlan.ShapeSampleDraw]) throws -> [LoopBoundHit] {
        let m = FramePlan.floatsPerInstance
        // Each tile at its slot: the rect moved by its aCover (tile.vert's HALO_SHAPE_PASS placement).
        func slots(_ d: FramePlan.ShapeSampleDraw) -> [(x0: Int, y0: Int, x1: Int, y1: Int)] {
            stride(from: 0, to: d.instances.count, by: m).map { s in
                let i = d.instances
                return (Int(i[s] + i[s + 4]), Int(i[s + 1] + i[s + 5]), Int(i[s + 2] + i[s + 4]), Int(i[s + 3] + i[s + 5]))
            }
        }
        let scanned = draws.filter { $0.mode != 3 }
        guard !scanned.isEmpty else { return [] }
        let quads: [Float] = scanned.flatMap(slots).flatMap { r -> [Float] in [Float(r.x0), Float(r.y0), Float(r.x1), Float(r.y1), 0, 0, 0, 0] }
        let p = try programs.loopScanProgram()
        try loopScan.ensure(width: shapeAtlas.width, height: shapeAtlas.height, growOnly: true)
        let any = try anySurvive {
            halo_glUseProgram(p.id)
            halo_glUniform2f(p.loc("uTarget"), Float(loopScan.width), Float(loopScan.height))
            halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, 0)
            halo_glUniform1i(p.loc("uShapeSamples"), GLRenderer.shapeSampleUnit)
            halo_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(GLRenderer.shapeSampleUnit))
            halo_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), shapeAtlas.texture)
            halo_glActiveTexture(GLenum(GL_TEXTURE0))
            drawTiles(quads)
        }
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), shapeAtlas.fbo)
        halo_glViewport(0, 0, GLsizei(shapeAtlas.width), GLsizei(shapeAtlas.height))
        guard any else { return [] }
        // Rare: the whole atlas's first layer, for the first such texel of each shape's file.
        let w = shapeAtlas.width, h = shapeAtlas.height
        var texels = [Float](repeating: 0, count: w * h * 4)
        halo_glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_FLOAT), &texels)
        var hits: [LoopBoundHit] = []
        for d in scanned {
            let codes = slots(d).lazy.flatMap { r in (r.y0 ..< r.y1).lazy.flatMap { y in (r.x0 ..< r.x1).lazy.map { texels[4 * (y * w + $0) + 3] } } }
            guard let v = codes.first(where: { $0 >= 1.5 }) else { continue }
            let hit = LoopBoundHit(d.source, code: Int(v) - 2, function: "haloShape")
            if !hits.contains(hit) { hits.append(hit) }
        }
        return hits
    }

    /// The first non-zero loop code (file number and line) in `channel` of `texels` of
    /// `stride` channels, row by row.
    static func firstLoopLine(_ texels: [Float], channel: Int, stride n: Int = 4) -> Int? {
        stride(from: channel, to: texels.count, by: n).lazy.map { texels[$0] }.first { $0 > 0 }.map { Int($0) }
    }

    /// The error for loops that reached the bound: each file and line, and what Halo did.
    static func loopBoundError(_ hits: [LoopBoundHit]) -> ShaderError {
        .loopBound(hits.map {
            "\($0.file):\($0.line): error: this loop reached Halo's bound of \(maxLoopIterations) iterations in one call of "
                + "\($0.function) (all its loops together; HALO_MAX_ITERATIONS, Shaders/README.md \"Loops\"): Halo ended it "
                + "there, so the frame would be wrong and is not drawn"
        }.joined(separator: "\n"))
    }

    /// GPU time of a frame past which it is reported, milliseconds: a frame this long on a GPU
    /// that also drives a display freezes the display for as long (and past the driver's
    /// watchdog, often 2 s, resets the GPU).
    public static let longFrameMs = 1000.0

    /// The warning for a frame that took `gpuMs` milliseconds of GPU time; nil up to ``longFrameMs``.
    public static func longFrameWarning(gpuMs: Double) -> String? {
        guard gpuMs > longFrameMs else { return nil }
        return String(format: "warning: the frame took %.0f ms of GPU time, over %.0f s: on a GPU that also drives a display, ", gpuMs, longFrameMs / 1000)
            + "the display freezes that long (a shader paint's or shape's loops? Shaders/README.md \"Loops\")"
    }
}
