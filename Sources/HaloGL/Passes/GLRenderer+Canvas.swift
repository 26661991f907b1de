import CEpoxy
import Foundation
import HaloCore

/// The frame's target and float canvas: clears, the background image, blits and the resolve.
extension GLRenderer {
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
    /// canvas is neither drawn nor resolved this frame. With `cells` too (the tiles of the
    /// box that are drawn and resolved: ``FramePlan/resolveRects``), a background colour is
    /// drawn over those cells alone where they are under half the box (canvas_clear.frag:
    /// llvmpipe writes every texel of a cleared box, 16 bytes each).
    func clearCanvas(_ frame: Frame, within box: (Int, Int, Int, Int)? = nil, cells: [Float] = []) throws {
        let w = frame.width, h = frame.height, bg = frame.backgroundColor
        try canvas.ensure(width: w, height: h)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
        halo_glViewport(0, 0, GLsizei(w), GLsizei(h))
        if let img = frame.backgroundImage, img.width == w, img.height == h {
            blit(backgroundFloat, to: canvas.fbo, width: w, height: h)
        } else if let b = box, GLRenderer.area(cells) * 2 < Double((b.2 - b.0) * (b.3 - b.1)) {
            replaceTexels()
            let c = try programs.canvasClear()
            halo_glUseProgram(c.id)
            halo_glUniform2f(c.loc("uTarget"), Float(w), Float(h))
            halo_glUniform4f(c.loc("uCanvasToTarget"), 1, 1, 0, 0)
            halo_glUniform4f(c.loc("uColour"), Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w))
            drawTiles(cells)
            try checkError("clearing the canvas's cells")
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

    /// The float canvas as `plan` draws it: the background (``clearCanvas(_:within:cells:)``
    /// over the plan's canvas cells), or, where the GPU placed the tiles, nothing (0, 0, 0, 0):
    /// the canvas holds the layers alone, and the resolve composites them over the background
    /// (``resolve(_:target:under:)``), so no background image is copied into the canvas.
    func clearCanvas(_ frame: Frame, for plan: FramePlan) throws {
        guard plan.placed else { return try clearCanvas(frame, within: plan.canvasBox, cells: plan.resolveRects) }
        try canvas.ensure(width: frame.width, height: frame.height)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.fbo)
        halo_glViewport(0, 0, GLsizei(frame.width), GLsizei(frame.height))
        halo_glClearColor(0, 0, 0, 0)
        halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// The area of instances (``FramePlan/floatsPerInstance`` floats each), pixels.
    static func area(_ rects: [Float]) -> Double {
        var sum = 0.0
        for i in stride(from: 0, to: rects.count, by: FramePlan.floatsPerInstance) {
            let w = Double(rects[i + 2] - rects[i]), h = Double(rects[i + 3] - rects[i + 1])
            sum += w * h
        }
        return sum
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
        backgroundUploads += 1
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

    /// The canvas's shared cells (`rects`) into the target as final 8-bit values (from the
    /// band the canvas holds, ``canvasBand``, where it is drawn in bands).
    /// - Parameter under: the frame whose background lies under a canvas that holds its
    ///   layers alone (``clearCanvas(_:for:)``); nil where the canvas holds the background.
    func resolve(_ rects: [Float], target: FrameTarget, under: Frame? = nil) throws {
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        halo_glDisable(GLenum(GL_BLEND))
        let r = try programs.resolve()
        useCanvasReader(r, sampler: "uCanvas", target: target)
        halo_glUniform1i(r.loc("uChecker"), target.isWindow ? 1 : 0)
        halo_glUniform2i(r.loc("uCanvasOrigin"), 0, GLint(canvasBand?.y0 ?? 0))
        let image = under.flatMap { f in f.backgroundImage.map { $0.width == f.width && $0.height == f.height } } == true
        halo_glUniform1i(r.loc("uUnder"), under == nil ? 0 : image ? 2 : 1)
        if let bg = under?.backgroundColor {
            halo_glUniform4f(r.loc("uUnderColour"), Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w))
        }
        if image { bindTexture(backgroundFloat.texture, unit: 5, to: "uUnderImage", of: r) }
        drawTiles(rects)
        try checkError("resolving the canvas")
    }

    /// Makes `program` current to draw into `target` reading the float canvas through
    /// `sampler` (texture unit 0), with its tile.vert uniforms set.
    func useCanvasReader(_ program: GLProgram, sampler: String, target: FrameTarget) {
        halo_glUseProgram(program.id)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), canvas.texture)
        halo_glUniform1i(program.loc(sampler), 0)
        halo_glUniform2f(program.loc("uTarget"), Float(target.width), Float(target.height))
        let m = target.canvasToTarget
        halo_glUniform4f(program.loc("uCanvasToTarget"), m.0, m.1, m.2, m.3)
    }
}
