import CEpoxy
import HaloCore

// The distance view: the layers' signed distances as one field over the canvas, drawn as
// iso-lines instead of the scene (Shaders/lib/distance_view.glsl, Shaders/distance_view.frag),
// for shape authors to see where a shader shape's function is not a true distance
// (docs/preview-and-shaders.md, the preview's D key).
extension GLRenderer {
    /// Pixels between the distance view's iso-lines (> 0), or nil (the default) to draw the
    /// scene. While set, a frame shows the union of its layers' signed distances (text
    /// layers aside) over the whole canvas: blue inside, orange outside, an anti-aliased line
    /// every `distanceView` pixels, a bold white zero line, magenta where a shader shape's
    /// distance is NaN or infinite, dark grey where no layer is. One program per shape kind
    /// (and shader shape) is compiled for it on first use, and one for the colouring.
    public var distanceView: Double? {
        get { programs.distanceStep }
        set { programs.distanceStep = newValue.map { max($0, 1) } }
    }

    /// The last distance-view frame's field at canvas pixel (x, y): the union's signed
    /// distance there, pixels (negative inside); nil outside the canvas, where no layer is,
    /// when the last frame was not a distance view, or where a distance was NaN or infinite
    /// (`.nan`). Reads one texel back from the GPU (call while the context is current).
    public func distanceUnder(x: Int, y: Int) -> Double? {
        guard let size = distanceFieldSize, x >= 0, y >= 0, x < size.width, y < size.height else { return nil }
        var texel = [Float](repeating: 0, count: 4)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
        halo_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        texel.withUnsafeMutableBytes { halo_glReadPixels(GLint(x), GLint(y), 1, 1, GLenum(GL_RGBA), GLenum(GL_FLOAT), $0.baseAddress) }
        guard halo_glGetError() == GLenum(GL_NO_ERROR) else { return nil }
        if texel[3] > 0 { return .nan }
        return texel[0] > 1e29 ? nil : Double(texel[0])
    }

    /// Draws the distance view of `frame` into `target`: each layer's distance over the whole
    /// canvas into the float canvas (one instance a layer, MIN-blended), then the field coloured.
    func drawDistanceView(_ frame: Frame, into target: FrameTarget) throws {
        let w = frame.width, h = frame.height
        let plan = FramePlan(frame, isWindow: target.isWindow,
                             lutWidth: ramps.lutWidth, maxTextureSize: maxTextureSize)
        ramps.upload(frame)
        arcs.upload(frame)
        uploadLayerData(LayerData.rows(plan, ramps: ramps, arcs: arcs), layers: plan.layers.count)
        endPass("frame plan (CPU)")
        try canvas.ensure(width: w, height: h)
        canvasBand = nil
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
        halo_glViewport(0, 0, GLsizei(w), GLsizei(h))
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
        halo_glClearColor(1e30, 1e30, 1e30, 0)
        halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        halo_glEnable(GLenum(GL_BLEND))
        halo_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        halo_glBlendEquationSeparate(GLenum(GL_MIN), GLenum(GL_MAX))
        defer { halo_glBlendEquation(GLenum(GL_FUNC_ADD)) }
        let whole: [Float] = [0, 0, Float(w), Float(h), 1, 1]
        for (row, layer) in plan.layers.enumerated() where layer.layer.text == nil {
            let v = LayerVariant(distanceOf: layer.layer)
            let p = try programs.layerProgram(v)
            halo_glUseProgram(p.id)
            halo_glUniform2f(p.loc("uTarget"), Float(w), Float(h))
            halo_glUniform4f(p.loc("uCanvasToTarget"), 1, 1, 0, 0)
            setFrameUniforms(p, for: v)
            drawTiles(whole + [Float(row), 0])
        }
        halo_glBlendEquation(GLenum(GL_FUNC_ADD))
        try checkError("drawing the distance field")
        endPass("distance field")
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        if target.isWindow { clearLetterbox(target, width: w, height: h) }
        replaceTexels()
        let c = try programs.distanceView()
        useCanvasReader(c, sampler: "uField", target: target)
        halo_glUniform1f(c.loc("uDistanceStep"), Float(programs.distanceStep ?? 4))
        drawTiles(whole + [0, 0])
        halo_glDisable(GLenum(GL_BLEND))
        try checkError("colouring the distance view")
        distanceFieldSize = (w, h)
        endPass("distance view")
    }
}

extension LayerVariant {
    /// The program of the distance view's field for `layer`: its shape alone (no paints,
    /// glow or coverage), HALO_DISTANCE_VIEW 1.
    init(distanceOf layer: ResolvedLayer) {
        self.init(shape: LayerVariant.shape(layer.outline), fill: nil, stroke: nil, glow: .none, edge: .inside)
        shapeSource = layer.outline.shader?.source
        distanceView = true
    }
}
