import CGLFW
import Foundation
import Halo

// The last error, drawn across the top of the canvas's area.
extension Preview {
    /// The banner's text size (points) and line height (a multiple of it), and its padding.
    static let bannerTextSize = 13.0, bannerLineHeight = 1.5, bannerPadding = 6.0
    /// The most lines of the message the banner shows (wrapped lines counted); the error
    /// section in the side column shows it whole.
    static let bannerMaxLines = 4

    /// The banner of `message` for an area `width` pixels wide: white text on red, drawn by
    /// the renderer as a text shape (docs/scene-format.md "Text") that wraps at the area's
    /// width, so that a broken file is never mistaken for a good one. Its height holds the
    /// wrapped lines (at most ``bannerMaxLines``). When the text cannot be drawn (no font),
    /// a red bar. Made once a message and width.
    func errorBanner(_ message: String, width w: Int) -> RGBA8Image? {
        guard w > 0 else { return nil }
        if let b = banner, b.text == message, b.width == w { return b.image }
        let scale = Double(deviceScale())
        let widthPoints = Double(w) / scale, textWidth = max(widthPoints - 2 * Preview.bannerPadding, 1)
        // (A compiler's message says "error:" itself, after the file and line.) The source
        // lines it quotes under the error are left to the column's error section.
        let quoted = #/^\s*(\d+ )?\| /#
        let kept = message.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(quoted) }
        let text = message.contains("error:") ? kept.joined(separator: "\n") : "error: " + kept.joined(separator: "\n")
        let font = try? FontMatch.match(family: "Inter", weight: 500, italic: false)
        var lines = Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        if let font, let face = try? FontFace.load(font) {
            let k = Preview.bannerTextSize / Double(face.unitsPerEm)
            lines = lines.flatMap { TextLayout.breakLines($0, face: face, k: k, width: textWidth) }
        }
        // The whole message is in the side column's error section and on the terminal.
        if lines.count > Preview.bannerMaxLines { lines = Array(lines.prefix(Preview.bannerMaxLines - 1)) + ["…"] }
        let heightPoints = Preview.bannerTextSize * Preview.bannerLineHeight * Double(lines.count) + 2 * Preview.bannerPadding
        var canvas = Canvas(width: widthPoints, height: heightPoints, background: .color(RGBA(0.75, 0.1, 0.12)))
        canvas.scale = scale
        let fallback = Scene(canvas: canvas, layers: [])
        var image = (try? renderer.render(Frame(fallback))) ?? RGBA8Image(width: w, height: Int(heightPoints * scale))
        if let font {
            var withText = fallback
            // The lines are broken already: each is drawn as its own paragraph, never wider than the area.
            withText.layers = [Layer(shape: Shape(kind: .text, rect: Rect(Preview.bannerPadding, 0, textWidth, heightPoints),
                                                  text: TextShape(text: lines.joined(separator: "\n"), fontFile: font,
                                                                  size: Preview.bannerTextSize, align: .left,
                                                                  lineHeight: Preview.bannerLineHeight)),
                                     fill: .solid(RGBA(1, 1, 1)))]
            if let drawn = try? renderer.render(Frame(withText)) { image = drawn }
        }
        banner = (message, w, image)
        return image
    }

    /// Device pixels per point for the preview's own drawing (the banner, the column): the
    /// window's content scale (1 under Xvfb; 2 on a 2x display), at least ``PanelScale/minimum``.
    func deviceScale() -> Float {
        var sx: Float = 1, sy: Float = 1
        glfwGetWindowContentScale(window, &sx, &sy)
        return sx.isFinite && sx > 0 ? max(sx, PanelScale.minimum) : 1
    }
}
