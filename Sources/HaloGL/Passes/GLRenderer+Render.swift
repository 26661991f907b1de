import Foundation
import CEpoxy
import HaloCore

/// A frame rendered offscreen and read back (the renderer's own output, where cells are
/// kept across frames: GLRenderer+KeptTiles.swift).
extension GLRenderer {
    /// Renders a resolved frame and reads it back as 8-bit straight-alpha RGBA.
    /// - Throws: ``GLError`` for an incomplete framebuffer, a canvas beyond the GPU's
    ///   texture size, or a GL error after drawing.
    public func render(_ frame: Frame) throws -> RGBA8Image {
        try context?.makeCurrent()
        try checkSize(frame)
        if timerQuery == 0 { halo_glGenQueries(1, &timerQuery) }
        try output.ensure(width: frame.width, height: frame.height)
        halo_glBeginQuery(GLenum(GL_TIME_ELAPSED), timerQuery)
        let began = DispatchTime.now()
        do {
            try draw(frame, into: FrameTarget(framebuffer: output.fbo, width: frame.width, height: frame.height))
        } catch {
            keptTiles.reset()
            // A query left active would make every later BeginQuery fail (GL_INVALID_OPERATION).
            halo_glEndQuery(GLenum(GL_TIME_ELAPSED))
            throw error
        }
        halo_glEndQuery(GLenum(GL_TIME_ELAPSED))
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), output.fbo)
        halo_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        // Every byte is read back (an error below throws the image away).
        let image = RGBA8Image(width: frame.width, height: frame.height) { buf in
            halo_glReadPixels(0, 0, GLsizei(frame.width), GLsizei(frame.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
        }
        try checkError("reading back the image")
        endPass("read-back")
        var elapsed: GLuint64 = 0
        halo_glGetQueryObjectui64v(timerQuery, GLenum(GL_QUERY_RESULT), &elapsed)
        // A time longer than the wall clock's from the query's start to its result is no
        // measurement: llvmpipe gives its clock's reading since boot for a frame whose first
        // draw compiled programs (seen on every `halo render`).
        let wallMs = Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e6
        lastGPUTimeMs = halo_glGetError() == GLenum(GL_NO_ERROR) && Double(elapsed) / 1e6 <= wallMs ? Double(elapsed) / 1e6 : nil
        return image
    }
}
