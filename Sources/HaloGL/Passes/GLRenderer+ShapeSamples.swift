import Foundation
import CEpoxy
import HaloCore

/// The shape pass: a shader shape's samples at its edge tiles' pixels and glow-source texels
/// (Shaders/shape_pass.frag, ``FramePlan/ShapeSamplePlan``), before the glows and layers
/// that read them (Shaders/lib/shape_samples.glsl).
extension GLRenderer {
    /// Texture unit of the sample atlas (uShapeSamples), bound for the rest of the frame.
    static let shapeSampleUnit: Int32 = 9

    /// Draws `plan`'s shape pass into the sample atlas and binds the atlas for the frame's
    /// layer and glow-source programs; scans its shapes' and paints' loops (GLRenderer+LoopBound.swift).
    /// - Throws: ``ShaderError`` when a shape's or paint's file fails to compile (its file and
    ///   line) or a loop of it reached Halo's bound (``ShaderError/loopBound(_:)``, the probes);
    ///   ``GLError`` when the slots exceed the texture size.
    func drawShapeSamples(_ plan: FramePlan) throws {
        let samples = plan.shapeSamples
        guard !samples.draws.isEmpty || !samples.paintScans.isEmpty else { return }
        // Blending off: every texel a tile covers is written whole (and llvmpipe's blend would
        // read texels left from earlier frames). The blend function reset too: a material's
        // dual-source one (GLRenderer+Tiles.swift) with more than one draw buffer is an
        // INVALID_OPERATION at the draw, enabled or not.
        halo_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ZERO))
        halo_glDisable(GLenum(GL_BLEND))
        var hits = try drawShapePass(plan)
        hits += try scanPaints(samples.paintScans, width: plan.width, height: plan.height)
        if !hits.isEmpty { throw GLRenderer.loopBoundError(hits) }
        if !samples.draws.isEmpty {
            halo_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(GLRenderer.shapeSampleUnit))
            halo_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), shapeAtlas.texture)
            halo_glActiveTexture(GLenum(GL_TEXTURE0))
        }
        endPass("shape samples")
        try checkError("drawing the shape samples")
    }

    /// The shape pass's draws into the sample atlas (nothing where the frame has no shader
    /// shape), its probes read back and its loop scan: the loops that reached the bound.
    private func drawShapePass(_ plan: FramePlan) throws -> [LoopBoundHit] {
        let samples = plan.shapeSamples
        guard !samples.draws.isEmpty else { return [] }
        guard samples.width <= maxTextureSize && samples.height <= maxTextureSize else {
            throw GLError("shader shapes' samples need \(samples.width)x\(samples.height) texels, over the GPU's \(maxTextureSize)")
        }
        try shapeAtlas.ensure(width: samples.width, height: samples.height)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), shapeAtlas.fbo)
        halo_glViewport(0, 0, GLsizei(shapeAtlas.width), GLsizei(shapeAtlas.height))
        for draw in samples.draws {
            let v = LayerVariant.shapePass(draw.source)
            let p = try programs.shapePassProgram(v)
            halo_glUseProgram(p.id)
            halo_glUniform2f(p.loc("uTarget"), Float(shapeAtlas.width), Float(shapeAtlas.height))
            halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, 0)
            halo_glUniform1i(p.loc("uShapeMode"), draw.mode)
            let g = Float(FramePlan.ShapeSamplePlan.probeSide)
            halo_glUniform2f(p.loc("uProbeStep"), Float(plan.width) / g, Float(plan.height) / g)
            setFrameUniforms(p, for: v)
            drawTiles(draw.instances)
        }
        var hits = readShapeProbes(samples.probes, width: plan.width, height: plan.height)
        for hit in try scanForLoopBound(samples.draws) where !hits.contains(where: { $0.file == hit.file }) { hits.append(hit) }
        return hits
    }
}

extension LayerVariant {
    /// The shape pass's variant for a shader shape's text `source` (HALO_SHAPE 3, nothing else).
    static func shapePass(_ source: ShaderPaintSource) -> LayerVariant {
        var v = LayerVariant(shape: .shader, fill: nil, stroke: nil, glow: .none, edge: .perPixel)
        v.shapeSource = source
        return v
    }

    /// The variant whose program draws these tiles: without the layer's ``structure`` (which
    /// only the general variant reads), and a shader shape's text left out where the program
    /// reads the shape pass's samples instead of calling the function (all but the distance
    /// view), so that one program serves every text of it.
    var program: LayerVariant {
        var v = self
        v.structure = nil
        guard shape == .shader, !distanceView else { return v }
        v.shapeSource = nil
        return v
    }
}

extension GLRenderer {
    /// Reads back each shader shape's probe (``FramePlan/ShapeProbe``) from the atlas and
    /// notes, in ``shapeWarnings``, the first point of its grid (row by row from the canvas's
    /// top-left) where the distance is NaN or infinite. One read of 32 x 32 texels a shape.
    /// - Returns: the first loop of each shape's file that reached Halo's bound on the grid (Shaders/lib/loop_bound.glsl).
    func readShapeProbes(_ probes: [FramePlan.ShapeProbe], width: Int, height: Int) -> [LoopBoundHit] {
        let g = FramePlan.ShapeSamplePlan.probeSide
        var texels = [Float](repeating: 0, count: g * g * 4)
        var hits: [LoopBoundHit] = []
        // (The atlas's framebuffer reads its first attachment, samples0: a framebuffer object's initial read buffer.)
        for probe in probes {
            halo_glReadPixels(GLint(probe.x), GLint(probe.y), GLsizei(g), GLsizei(g), GLenum(GL_RGBA), GLenum(GL_FLOAT), &texels)
            if let code = GLRenderer.firstLoopLine(texels, channel: 3) {
                let hit = LoopBoundHit(probe.source, code: code, function: "haloShape")
                if !hits.contains(hit) { hits.append(hit) }
            }
            guard !shapeWarnings.contains(where: { $0.hasPrefix(probe.source.file + ":") }),
                  let i = (0 ..< g * g).first(where: { !texels[4 * $0].isFinite }) else { continue }
            let d = texels[4 * i]
            let x = (Double(i % g) + 0.5) * Double(width) / Double(g) / probe.scale
            let y = (Double(i / g) + 0.5) * Double(height) / Double(g) / probe.scale
            shapeWarnings.append("\(probe.source.file): warning: the shape's distance is \(d.isNaN ? "NaN" : d > 0 ? "+infinity" : "-infinity") "
                + "at (\(probeCoordinate(x)), \(probeCoordinate(y))) pt on the canvas, the first of a \(g) x \(g) grid of points "
                + "over it (cell centres, row by row from the top left) where it is not finite: it draws nothing there")
        }
        return hits
    }
}

/// A probe point's coordinate as a warning writes it: up to 3 decimals, no trailing zeros.
private func probeCoordinate(_ v: Double) -> String {
    var s = String(format: "%.3f", v)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
