import CGLFW
import Foundation
import Halo

// What the window shows before its first frame is drawn.
extension Preview {
    /// The letterbox grey around the canvas (GLRenderer's window clear), sRGB 0...1.
    static let letterboxGrey: Float = 0.11

    /// Shown at once, before the first frame (whose programs take 0.1 to 10 s to compile on
    /// llvmpipe, longer without Mesa's shader cache), so the window is never black: the
    /// letterbox grey, the canvas's rect in the canvas's background colour (a flat colour;
    /// its alpha over the grey), and the side column saying "preparing the first frame"
    /// (``preparationProgress``).
    func showBeforeFirstFrame() {
        let fb = framebufferSize()
        let (parts, _) = windowLayout(framebuffer: fb, error: nil)
        guard let c = parts.canvas else { return }
        let grey = Preview.letterboxGrey
        WindowOverlay.fill([WindowOverlay.Rect(x: 0, y: 0, width: fb.0, height: fb.1, color: (grey, grey, grey))], framebufferHeight: fb.1)
        fillCanvasBackground(c, framebufferHeight: fb.1)
        drawUI(error: nil, column: parts.column)
        glfwSwapBuffers(window)
        say("halo preview: before the first frame: the canvas's background and the column (\(preparationProgress ?? "ready"))")
    }

    /// The canvas's rect in its background colour (a flat colour; its alpha over the
    /// letterbox grey), where no frame of the scene has been drawn (before the first, or a
    /// scene whose first frame failed: its error is in the banner).
    func fillCanvasBackground(_ c: PreviewLayout, framebufferHeight: Int) {
        guard case .color(let bg) = scene.canvas.background else { return }
        let grey = Preview.letterboxGrey
        func over(_ v: Double) -> Float { Float(v * bg.a) + grey * Float(1 - bg.a) }
        WindowOverlay.fill([.init(x: c.originX, y: c.originY, width: c.width, height: c.height, color: (over(bg.r), over(bg.g), over(bg.b)))],
                           framebufferHeight: framebufferHeight)
    }
}
