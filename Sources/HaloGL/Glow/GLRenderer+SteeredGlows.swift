import CEpoxy
import HaloCore

/// Steered glows' passes (``SteeredGlows``): a geometry's planes, made and measured once,
/// and each frame's combine pass.
extension GLRenderer {
    /// The glows steered in the last frame drawn, by the frame's layer index, with each one's
    /// modes and the error the steering may add (``ErrorBound/init(frame:image:steered:)``).
    public var steeredGlowsLastFrame: [Int: SteeredGlow] { steering.lastFrame }

    /// Which of the glows `changed` (indices into `glowing`) are steered this frame, with
    /// their steers: a candidate (``SteeredGlows/isCandidate(_:)``) whose row turned, and
    /// only turned, since last frame, whose paint is continuous, whose geometry's planes are made (now, for at most
    /// ``SteeredGlows/newPerFrame`` new geometries) and whose paint has a certified N.
    func steers(_ plan: FramePlan, glowing: [Int], changed: [Int], rows: [(place: GlowAtlas.Place, row: [Float])?],
                held: [Int: [Float]], rests: GlowRests) throws -> [Int: SteeredGlows.Steer] {
        var out: [Int: SteeredGlows.Steer] = [:]
        // (Tiles placed on the GPU: a GPU draws turning glows by source and blur, cheaply;
        // steering is llvmpipe's shortcut, whose planes and tables cost CPU and programs.)
        guard steering.isEnabled, !plan.placed else { return out }
        var made = 0, tablesMade = 0
        let angleIndex = GlowCache.paintTexel(strokeGlows: true) * 4 + 2
        for n in changed {
            let i = glowing[n], p = plan.layers[i]
            // A glow that did not turn (a paused animation) is drawn the ordinary way, and
            // kept from then on: a still frame settles to the image `halo render` draws.
            guard let r = rows[n], let before = held[GlowCache.slot(r.place)], before != r.row,
                  GlowCache.turnedOnly(before, r.row, strokeGlows: true), SteeredGlows.isCandidate(p),
                  let source = p.layer.glowSource, let ramp = source.paint.ramp else { continue }
            // The planes it used last frame (the same geometry at the same place), else its
            // geometry's, made now if new.
            var planes = steering.held(at: r.place)
            if planes == nil {
                let g = SteeredGlows.geometry(p, rest: rests.rest(of: i))
                var found = steering.planes(for: g)
                if found == nil {
                    // Planes are made only for a paint that can certify (no hard stop or seam).
                    guard steering.modes(ramp: ramp, glowColor: p.layer.glow?.color).isContinuous,
                          made < SteeredGlows.newPerFrame, steering.makeRoom(release: { $0.release() }) else { continue }
                    made += 1
                    // The planes' textures while measuring take about what the blur's second
                    // atlas does; it is made again if an ordinary glow needs it this frame.
                    glowB.release()
                    let made = try makePlanes(p, row: i, geometry: g)
                    // Planes on which the paint that made them certifies no N are not kept:
                    // the geometry takes the ordinary path from then on.
                    if let m = made, steering.steer(row: i, planes: m, ramp: ramp, glowColor: p.layer.glow?.color,
                                                    angle: r.row[angleIndex], k: p.glowPlan!.k) == nil {
                        var t = m.target
                        t.release()
                        found = .some(nil)
                    } else {
                        found = .some(made)
                    }
                    steering.store(found!, for: g)
                }
                planes = found ?? nil
            }
            guard let ready = planes else { continue }
            if let s = steering.steer(row: i, planes: ready, ramp: ramp, glowColor: p.layer.glow?.color,
                                      angle: r.row[angleIndex], k: p.glowPlan!.k) {
                out[n] = try withTable(s, glowColor: p.layer.glow?.color, k: p.glowPlan!.k, made: &tablesMade)
                steering.hold(ready, at: r.place)
            }
        }
        return out
    }

    /// Draws `steers` into the glow atlas (glowA), each over its blur's texels: those with a
    /// phase table from it (``drawFromTables(_:_:)``), the rest summed from their planes: a
    /// program per layer count, a draw per glow.
    func combineSteered(_ plan: FramePlan, _ steers: [(n: Int, steer: SteeredGlows.Steer, rects: [Float])]) throws {
        guard !steers.isEmpty else { return }
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), glowA.fbo)
        halo_glViewport(0, 0, GLsizei(glowA.width), GLsizei(glowA.height))
        // No clear: a steered glow turned only since last frame, at the same place in the
        // same atlas texture (GlowCache), so its padded region outside its rects is blank
        // already, as the ordinary path and this pass both leave it.
        replaceTexels()
        halo_glActiveTexture(GLenum(GL_TEXTURE2))
        var inUse: GLProgram?
        for s in steers where s.steer.table == nil {
            let c = try programs.glowCombineProgram(layers: s.steer.layers, opaque: s.steer.opaque)
            if inUse?.id != c.id {
                inUse = c
                halo_glUseProgram(c.id)
                halo_glUniform2f(c.loc("uTarget"), Float(glowA.width), Float(glowA.height))
                halo_glUniform4f(c.loc("uCanvasToTarget"), 1, 1, 0, 0)
                halo_glUniform1i(c.loc("uModes"), 2)
            }
            let p = plan.layers[s.steer.row], planes = s.steer.planes
            halo_glBindTexture(GLenum(GL_TEXTURE_2D), planes.target.texture)
            halo_glUniform2i(c.loc("uShift"), GLint(planes.pad - p.atlas.x), GLint(planes.pad - p.atlas.y))
            halo_glUniform1i(c.loc("uLayerHeight"), GLint(planes.layerHeight))
            halo_glUniform1i(c.loc("uModeLayers"), GLint(s.steer.layers))      // the general program's count
            s.steer.weights.withUnsafeBufferPointer { halo_glUniform4fv(c.loc("uWeights"), GLsizei($0.count / 4), $0.baseAddress) }
            drawTiles(s.rects)
        }
        try drawFromTables(plan, steers)
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        try checkError("combining steered glows")
        endPass("glow atlas 1: steered glows")
    }

    /// Makes and measures the planes of layer `p`'s (layer data row `row`) glow geometry `g`: ``SteeredGlows/chunks``
    /// passes of ``SteeredGlows/maxLayers`` layers of planes each (source, then the glow's
    /// own blur), each read back for its peaks; the first is kept. Nil when a chunk does not
    /// fit in a texture.
    func makePlanes(_ p: FramePlan.LayerPlan, row: Int, geometry g: SteeredGlows.Geometry) throws -> SteeredGlows.Planes? {
        let gp = p.glowPlan!, pad = gp.radius + 1
        let w = p.glowRegion.gw + 2 * pad, h = p.glowRegion.gh + 2 * pad, layers = SteeredGlows.maxLayers
        guard w <= maxTextureSize, h * layers <= maxTextureSize else { return nil }
        var keep = RenderTarget(format: GL_RGBA32F), work = RenderTarget(format: GL_RGBA32F), scratch = RenderTarget(format: GL_RGBA32F)
        defer { work.release(); scratch.release() }
        try keep.ensure(width: w, height: h * layers)
        try scratch.ensure(width: w, height: h * layers)
        var peaks: [Double] = [], pendingCos: [Float]? = nil
        var texels = [Float](repeating: 0, count: w * h * layers * 4)
        for chunk in 0..<SteeredGlows.chunks {
            if chunk == 1 { try work.ensure(width: w, height: h * layers) }
            let dst = chunk == 0 ? keep : work
            try drawPlanes(p, row: row, geometry: g, into: dst, scratch: scratch, firstLayer: chunk * layers, layers: layers, pad: pad, layerHeight: h)
            halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), dst.fbo)
            texels.withUnsafeMutableBytes { halo_glReadPixels(0, 0, GLsizei(w), GLsizei(h * layers), GLenum(GL_RGBA), GLenum(GL_FLOAT), $0.baseAddress) }
            // Scalars 4l ... 4l + 3 of layer l: 0 = E_0; 2n - 1, 2n = cos, sin of mode n (a
            // pair may span two layers: the cosine waits in pendingCos).
            for l in 0..<layers {
                let base = l * w * h * 4
                func plane(_ j: Int) -> [Float] { (0..<(w * h)).map { texels[base + $0 * 4 + j] } }
                for j in 0..<4 {
                    let s = 4 * (chunk * layers + l) + j
                    if s == 0 { peaks.append(Double(plane(0).map(abs).max() ?? 0)); continue }
                    if s % 2 == 1 { pendingCos = plane(j); continue }
                    let a = pendingCos ?? [], b = plane(j)
                    var m: Float = 0
                    for t in b.indices { m = max(m, (a[t] * a[t] + b[t] * b[t]).squareRoot()) }
                    peaks.append(Double(m))
                    pendingCos = nil
                }
            }
        }
        try checkError("measuring a steered glow's planes")
        return SteeredGlows.Planes(target: keep, pad: pad, layerHeight: h, symmetric: g.isPointSymmetric, written: g.written,
                                   peaks: peaks, frame: steering.frame)
    }

    /// Layers `firstLayer` ..< + `layers` of `g`'s planes into `dst` (cleared first), blurred
    /// through `scratch` by the glow's kernel over its own rects, shifted to each layer.
    private func drawPlanes(_ p: FramePlan.LayerPlan, row: Int, geometry g: SteeredGlows.Geometry, into dst: RenderTarget, scratch: RenderTarget,
                            firstLayer: Int, layers: Int, pad: Int, layerHeight h: Int) throws {
        func shift(_ l: Int) -> (Float, Float) { (Float(pad), Float(pad + l * h)) }
        func rows(_ data: [Float]) -> [Float] {
            var out = data
            for s in stride(from: 6, to: out.count, by: FramePlan.floatsPerInstance) { out[s] = Float(row) }
            return out
        }
        replaceTexels()
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), dst.fbo)
        halo_glViewport(0, 0, GLsizei(dst.width), GLsizei(dst.height))
        clearGlowAtlas(nil)
        for (variant, instances) in zip(g.variants, g.sources) {
            let s = try programs.glowModesProgram(variant)
            halo_glUseProgram(s.id)
            halo_glUniform2f(s.loc("uTarget"), Float(dst.width), Float(dst.height))
            setFrameUniforms(s, for: variant)
            let data = rows(instances)
            for l in 0..<layers {
                let (dx, dy) = shift(l)
                halo_glUniform4f(s.loc("uCanvasToTarget"), 1, 1, dx - Float(p.atlas.x), dy - Float(p.atlas.y))
                halo_glUniform1i(s.loc("uFirstScalar"), GLint(4 * (firstLayer + l)))
                drawTiles(GLRenderer.shifted(data, by: (Float(p.atlas.x), Float(p.atlas.y))))
            }
        }
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), scratch.fbo)
        clearGlowAtlas(nil)
        for (src, out, horizontal) in [(dst, scratch, true), (scratch, dst, false)] {
            for l in 0..<layers {
                try blurPass(p.glowPlan!, from: src, to: out, horizontal: horizontal,
                             rects: horizontal ? g.horizontal : g.vertical, offset: shift(l))
            }
        }
    }

    /// Instances (rects relative to a place) moved by `d` texels.
    static func shifted(_ data: [Float], by d: (Float, Float)) -> [Float] {
        var out = data
        for s in stride(from: 0, to: out.count, by: FramePlan.floatsPerInstance) {
            out[s] += d.0; out[s + 1] += d.1; out[s + 2] += d.0; out[s + 3] += d.1
        }
        return out
    }
}
