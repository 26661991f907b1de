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
