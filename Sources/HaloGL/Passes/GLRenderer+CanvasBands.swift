import CEpoxy
import HaloCore

/// The float canvas in bands of rows, where a whole-frame canvas would be large: the cells
/// that two or more layers share are drawn and resolved one band at a time into a canvas
/// texture of the band's size, so that a 3840 x 2160 frame holds 4 MB of canvas rather
/// than 133 MB. Each band is cleared, drawn and resolved as the whole canvas is there (a
/// pixel's canvas value depends on its own tiles' draws alone: source-over per pixel, in
/// layer order). The one difference: a band's tiles are placed rows higher, and the one
/// interpolated input of the layer shader (the glow atlas coordinate, tile.vert) is
/// interpolated from those positions, so it may differ in its last float bits; a glow's
/// value read there differs by far less than a level, and the image may round differently
/// in rare pixels (CanvasBandTests: 1 pixel in 63 000, by 1 level). Canvases up to
/// ``RendererOptions/wholeCanvasBytes`` (1920 x 1080 and smaller) are drawn whole, so their
/// images do not depend on the bands.
///
/// Bands of 4 MB rather than 16: the smaller canvas stays in the CPU's cache on llvmpipe
/// (docs/performance.md, "Memory").
extension GLRenderer {
    /// The bands (first row, rows) of `plan`'s canvas, or nil when it is drawn whole: no
    /// canvas, glows on more than one atlas page (drawPaged), or a canvas (the shared cells'
    /// rows) of at most `whole` bytes (``RendererOptions/wholeCanvasBytes``); else bands of at
    /// most `limit` bytes (``RendererOptions/canvasBandBytes``), whole 16-row tile cells, within
    /// the shared cells' box.
    static func canvasBands(_ plan: FramePlan, limit: Int, whole: Int) -> [(y0: Int, rows: Int)]? {
        guard plan.usesCanvas, plan.glowPages.count <= 1, let box = plan.canvasBox else { return nil }
        let width = plan.width, height = box.3 - box.1
        guard width * height * 16 > whole else { return nil }
        let rows = max(16, limit / (width * 16) / 16 * 16)
        return stride(from: box.1, to: box.3, by: rows).map { ($0, min(rows, box.3 - $0)) }
    }

    /// Draws `plan`'s canvas cells band by band (``canvasBands(_:limit:)``) and resolves each
    /// into `target`.
    func drawCanvasInBands(_ bands: [(y0: Int, rows: Int)], plan: FramePlan, frame: Frame, target: FrameTarget) throws {
        let height = bands.map(\.rows).max() ?? 0
        try canvas.ensure(width: plan.width, height: height)
        defer { canvasBand = nil }
        for band in bands {
            canvasBand = (band.y0, height)
            clearCanvasBand(frame, y0: band.y0, rows: band.rows)
            let y0 = Float(band.y0), y1 = Float(band.y0 + band.rows)
            var batches = plan.canvasBatches
            for b in batches.indices { batches[b].instances = GLRenderer.rows(of: batches[b].instances, from: y0, to: y1, clip: false) }
            try drawBatches(batches.filter { !$0.instances.isEmpty }, plan: plan, target: target, background: frame.backgroundColor)
            let rects = GLRenderer.rows(of: plan.resolveRects, from: y0, to: y1, clip: true)
            if !rects.isEmpty { try resolve(rects, target: target) }
        }
    }

    /// The band's canvas: the background image's rows (a blit), or the background colour.
    private func clearCanvasBand(_ frame: Frame, y0: Int, rows: Int) {
        let w = frame.width
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
        halo_glViewport(0, 0, GLsizei(canvas.width), GLsizei(canvas.height))
        if let img = frame.backgroundImage, img.width == w, img.height == frame.height {
            halo_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), backgroundFloat.fbo)
            halo_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), canvas.fbo)
            halo_glBlitFramebuffer(0, GLint(y0), GLint(w), GLint(y0 + rows), 0, 0, GLint(w), GLint(rows),
                                   GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
            halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
        } else {
            let bg = frame.backgroundColor
            halo_glClearColor(Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w))
            halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
    }

    /// The instances (rects x0, y0, x1, y1 in canvas pixels first) of `data` that reach
    /// rows y0 ..< y1, cut to those rows where `clip` (a resolve must not write past its band).
    static func rows(of data: [Float], from y0: Float, to y1: Float, clip: Bool) -> [Float] {
        var out: [Float] = []
        let m = FramePlan.floatsPerInstance
        for s in stride(from: 0, to: data.count, by: m) where data[s + 1] < y1 && data[s + 3] > y0 {
            out += data[s ..< s + m]
            if clip {
                out[out.count - m + 1] = max(data[s + 1], y0)
                out[out.count - m + 3] = min(data[s + 3], y1)
            }
        }
        return out
    }
}
