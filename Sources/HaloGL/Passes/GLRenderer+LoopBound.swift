import CEpoxy
import HaloCore

/// The bound on shader paints' and shapes' loops (Shaders/lib/loop_bound.glsl): the paint
/// probes drawn beside the shape pass's probes (``FramePlan/PaintProbe``), and a frame
/// whose probes found a loop that reached the bound refused (``ShaderError/loopBound(_:)``).
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

        /// The hit of a probe's value `code` (file number and line, ``ShaderLoopBound``) in
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

    /// Draws `probes` (Shaders/paint_probe.frag) into the sample atlas, bound as the shape pass's target.
    func drawPaintProbes(_ probes: [FramePlan.PaintProbe]) throws {
        let g = Float(FramePlan.ShapeSamplePlan.probeSide)
        for probe in probes {
            let v = LayerVariant.paintProbe(fill: probe.fill, stroke: probe.stroke)
            let p = try programs.paintProbeProgram(v)
            halo_glUseProgram(p.id)
            halo_glUniform2f(p.loc("uTarget"), Float(shapeAtlas.width), Float(shapeAtlas.height))
            halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, 0)
            halo_glUniform2f(p.loc("uProbeStep"), 1 / g, 1 / g)
            setFrameUniforms(p, for: v)
            drawTiles(probe.instance)
        }
    }

    /// Reads back `probes` from the atlas (its first attachment): the first loop of each
    /// paint file that reached the bound somewhere on its grid.
    func readPaintProbes(_ probes: [FramePlan.PaintProbe]) -> [LoopBoundHit] {
        let g = FramePlan.ShapeSamplePlan.probeSide
        var texels = [Float](repeating: 0, count: g * g * 4)
        var hits: [LoopBoundHit] = []
        for probe in probes {
            halo_glReadPixels(GLint(probe.x), GLint(probe.y), GLsizei(g), GLsizei(g), GLenum(GL_RGBA), GLenum(GL_FLOAT), &texels)
            for (slot, source) in [probe.fill, probe.stroke].enumerated() {
                guard let source, let code = GLRenderer.firstLoopLine(texels, channel: slot) else { continue }
                let hit = LoopBoundHit(source, code: code, function: "haloPaint")
                if !hits.contains(hit) { hits.append(hit) }
            }
        }
        return hits
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
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), shapeAtlas.scanFBO)
        halo_glUseProgram(p.id)
        halo_glUniform2f(p.loc("uTarget"), Float(shapeAtlas.width), Float(shapeAtlas.height))
        halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, 0)
        halo_glUniform1i(p.loc("uShapeSamples"), GLRenderer.shapeSampleUnit)
        halo_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(GLRenderer.shapeSampleUnit))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), shapeAtlas.texture)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBeginQuery(GLenum(GL_ANY_SAMPLES_PASSED), shapeAtlas.scanQuery)
        drawTiles(quads)
        halo_glEndQuery(GLenum(GL_ANY_SAMPLES_PASSED))
        var any: GLuint64 = 0
        halo_glGetQueryObjectui64v(shapeAtlas.scanQuery, GLenum(GL_QUERY_RESULT), &any)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), shapeAtlas.fbo)
        guard any != 0 else { return [] }
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

    /// The first non-zero loop code (file number and line) in `channel` of RGBA `texels`, row by row.
    static func firstLoopLine(_ texels: [Float], channel: Int) -> Int? {
        stride(from: channel, to: texels.count, by: 4).lazy.map { texels[$0] }.first { $0 > 0 }.map { Int($0) }
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
