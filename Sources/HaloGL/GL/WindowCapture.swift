import CEpoxy
import Foundation
import HaloCore

/// Reads what a window shows (its default framebuffer), for `halo preview --window-screenshot`.
/// Use it on the thread whose GL context (the window's) is current.
public enum WindowCapture {
    /// The default framebuffer's back buffer as presented (call before swapping), rows
    /// in PNG order (top first), opaque.
    public static func read(width: Int, height: Int) -> RGBA8Image {
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
