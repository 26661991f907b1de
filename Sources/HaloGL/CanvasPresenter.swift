import CEpoxy
import Foundation
import HaloCore

/// Shows a ``GLRenderer``'s canvas in a window's default framebuffer (the preview's
/// last pass, `Shaders/present.frag`), and reads back what was shown.
///
/// The canvas is drawn one texel per framebuffer pixel at `origin` (y down), rounded
/// to 8 bits as `halo render` rounds; the flip from the canvas's y-down rows to the
/// window's y-up framebuffer happens in the shader and nowhere else.
/// Use it on the thread whose GL context (the window's) is current.
public final class CanvasPresenter {
    private let program: GLProgram
    private var vao: GLuint = 0

    /// Compiles `quad.vert` + `present.frag` from `shaders` in the current context.
    /// - Throws: ``ShaderError`` with the driver's message mapped to `file:line`.
    public init(shaders: ShaderLibrary) throws {
        program = try GLProgram(shaders, vertex: "quad.vert", fragment: "present.frag",
                                uniforms: ["uQuad", "uTarget", "uCanvas", "uCanvasSize", "uOrigin", "uWindowHeight"])
        halo_glGenVertexArrays(1, &vao)
    }

    deinit {
        program.delete()
        halo_glDeleteVertexArrays(1, &vao)
    }

    /// Draws the whole window: `canvas` (a premultiplied float texture, image row 0 at
    /// GL y = 0) of `canvasSize` pixels with its top-left at `origin` (pixels, y down),
    /// and a letterbox around it. `window` is the framebuffer size in pixels (> 0).
    public func present(canvas: GLuint, canvasSize: (Int, Int), origin: (Int, Int), window: (Int, Int)) {
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        halo_glViewport(0, 0, GLsizei(window.0), GLsizei(window.1))
        halo_glDisable(GLenum(GL_BLEND))
        halo_glDisable(GLenum(GL_SCISSOR_TEST))
        // The letterbox is a clear; the shader runs over the canvas's pixels only (llvmpipe
        // pays per pixel shaded: a 1280 x 720 window around a 1280 x 542 canvas saves 25%).
        halo_glClearColor(0.11, 0.11, 0.11, 1)
        halo_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        halo_glUseProgram(program.id)
        halo_glBindVertexArray(vao)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), canvas)
        halo_glUniform1i(program.loc("uCanvas"), 0)
        // quad.vert's pixels are GL's (y up here): the canvas's rows y0...y1 from the top.
        let y0 = window.1 - origin.1 - canvasSize.1
        halo_glUniform4f(program.loc("uQuad"), Float(origin.0), Float(y0), Float(origin.0 + canvasSize.0), Float(y0 + canvasSize.1))
        halo_glUniform2f(program.loc("uTarget"), Float(window.0), Float(window.1))
        halo_glUniform2i(program.loc("uCanvasSize"), GLint(canvasSize.0), GLint(canvasSize.1))
        halo_glUniform2i(program.loc("uOrigin"), GLint(origin.0), GLint(origin.1))
        halo_glUniform1i(program.loc("uWindowHeight"), GLint(window.1))
        halo_glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// The default framebuffer's back buffer as presented (call before swapping), rows
    /// in PNG order (top first), opaque.
    public func readWindow(width: Int, height: Int) -> RGBA8Image {
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        halo_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var flipped = [UInt8](repeating: 0, count: width * height * 4)
        flipped.withUnsafeMutableBytes { buf in
            halo_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
        }
        // GL's rows are bottom-up; a PNG's top-down.
        var image = RGBA8Image(width: width, height: height)
        let row = width * 4
        for y in 0..<height {
            let src = (height - 1 - y) * row
            image.pixels.replaceSubrange((y * row)..<((y + 1) * row), with: flipped[src..<(src + row)])
        }
        for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
        return image
    }
}

/// GPU time of the preview's frames from GL_TIME_ELAPSED timer queries, read a few
/// frames late so that asking never stalls the pipeline (a ring of 4 queries).
public final class GPUFrameTimer {
    private var queries = [GLuint](repeating: 0, count: 4)
    private var pending = [Bool](repeating: false, count: 4)
    private var next = 0
    private var active = false
    /// False when the driver lacks timer queries (GL 3.3 core has them; a failed query turns this off).
    public private(set) var available = true
    /// The most recent measured frame, milliseconds.
    public private(set) var lastMs: Double?
    /// Every measured frame so far, milliseconds (for a run's median).
    public private(set) var samplesMs: [Double] = []

    public init() {
        halo_glGenQueries(GLsizei(queries.count), &queries)
        if halo_glGetError() != GLenum(GL_NO_ERROR) { available = false }
    }

    deinit { halo_glDeleteQueries(GLsizei(queries.count), &queries) }

    /// Starts timing this frame's GL commands (no nesting: end before anything else times).
    public func begin() {
        guard available else { return }
        collect()
        if pending[next] { return }       // the oldest result is not back yet: skip this frame
        halo_glBeginQuery(GLenum(GL_TIME_ELAPSED), queries[next])
        active = true
    }

    /// Ends the query begun by ``begin()``.
    public func end() {
        guard active else { return }
        halo_glEndQuery(GLenum(GL_TIME_ELAPSED))
        active = false
        pending[next] = true
        next = (next + 1) % queries.count
        if halo_glGetError() != GLenum(GL_NO_ERROR) { available = false }
    }

    /// Reads every finished query; the newest becomes ``lastMs``. `wait`: block until all are back.
    public func collect(wait: Bool = false) {
        for k in 0..<queries.count {             // oldest first
            let i = (next + k) % queries.count
            guard pending[i] else { continue }
            var ready: GLint = wait ? 1 : 0
            if !wait { halo_glGetQueryObjectiv(queries[i], GLenum(GL_QUERY_RESULT_AVAILABLE), &ready) }
            guard ready != 0 else { continue }
            var ns: GLuint64 = 0
            halo_glGetQueryObjectui64v(queries[i], GLenum(GL_QUERY_RESULT), &ns)
            pending[i] = false
            lastMs = Double(ns) / 1e6
            samplesMs.append(lastMs!)
        }
    }
}
