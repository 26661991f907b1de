import CGLFW
import Foundation
import Halo

// The last error, drawn across the top of the window.
extension Preview {
    /// The error across the top of the window, over the last good frame: white text on red,
    /// drawn by the renderer as a text shape (docs/scene-format.md "Text"), so that a broken file is
    /// never mistaken for a good one. When the text cannot be drawn (no font), a red bar.
    func drawErrorBanner(_ message: String, framebuffer fb: (Int, Int)) {
        let (w, h) = fb
        guard w > 0, h > 0 else { return }
        if banner?.text != message || banner?.width != w {
            let lines = message.split(separator: "\n").prefix(3).joined(separator: "\n")
            let height = min(Double(h), 20.0 * Double(lines.split(separator: "\n").count) + 12)
            let fallback = Scene(canvas: Canvas(width: Double(w), height: height, background: .color(RGBA(0.75, 0.1, 0.12))), layers: [])
            var image = (try? renderer.render(Frame(fallback))) ?? RGBA8Image(width: w, height: Int(height))
            if let font = try? FontMatch.match(family: "Inter", weight: 500, italic: false) {
                var withText = fallback
                withText.layers = [Layer(shape: Shape(kind: .text, rect: Rect(8, 0, Double(w) - 16, height),
                                                      text: TextShape(text: "error: " + lines, fontFile: font, size: 13, align: .left, lineHeight: 1.5)),
                                         fill: .solid(RGBA(1, 1, 1)))]
                if let drawn = try? renderer.render(Frame(withText)) { image = drawn }
            }
            banner = (message, w, image)
        }
        if let b = banner { WindowOverlay.draw(b.image, x: 0, y: 0, framebufferHeight: h) }
    }
}
