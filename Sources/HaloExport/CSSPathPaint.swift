import Foundation
import HaloCore

/// The `path` paint (colour along the outline, docs/scene-format.md "Paints") as inline SVG: the
/// outline stroked once per short piece of the paint, each piece a dash of one colour (the
/// ramp's colour at the piece's middle), placed by `stroke-dashoffset` at the arc length
/// where the paint puts it. Rotation moves every piece together along the outline: one
/// registered length animated on their group. CSS has no paint along a path: this is an
/// approximation whose error is the ramp's change within one piece (pieces of at most
/// ``pieceLength`` points).
struct CSSPathPaint {
    /// The longest piece in points.
    static let pieceLength = 1.0
    /// Most pieces a path paint is cut into.
    static let maxPieces = 720

    let sheet: CSSSheet
    let paint: Paint
    let offset: Double
    let outline: OutlinePath

    /// Inline SVG markup for an element at `box` (points): the outline's bands `width` points
    /// wide centred on it, clipped by `clip` (an SVG clip-path or mask attribute, or ""),
    /// in each piece's colour, or in `glowColor` when given.
    func svg(box: Rect, width: Double, clipDefinition: String, clip: String, glowColor: RGBA? = nil) -> String {
        let n = ExportText.num
        let L = outline.length
        guard L > 0, L.isFinite else { return "" }
        let count = Int(min(Double(Self.maxPieces), max(8, (L / Self.pieceLength).rounded(.up))))
        let ramp = GradientRamp(stops: paint.stops, interpolation: paint.interpolation)
        let piece = L / Double(count)
        let pathID = sheet.name("outline")
        var uses: [String] = []
        for k in 0..<count {
            // Piece k covers t in [k, k + 1) / count; t = frac(s / L + offset) puts it at
            // s = (t - offset) L. SVG: a dash at pattern position 0 appears at s = -dashoffset.
            let t = (Double(k) + 0.5) / Double(count)
            let c = ramp.color(at: t)
            guard c.w > 1e-4 else { continue }
            let color = glowColor.map { RGBA($0.r, $0.g, $0.b, $0.a * c.w) } ?? RGBA(c.x / c.w, c.y / c.w, c.z / c.w, c.w)
            let start = (Double(k) / Double(count) - offset) * L
            // Opaque pieces overlap the next by a quarter point so that their shared edges leave no seam.
            let len = piece + (color.a >= 1 ? 0.25 : 0)
            uses.append("<use href='#\(pathID)' stroke='\(ExportText.css(color))' stroke-dasharray='\(n(len)) \(n(L - len))' "
                        + "style='stroke-dashoffset: calc(\(n(-start))px - var(--\(sheet.prefix)beam))'/>")
        }
        var group = "<g>"
        var declarations: [String] = []
        if case .rotation(let period, let clockwise, let motion)? = paint.animation {
            let prop = sheet.prefix + "beam"
            // Clockwise rotation makes the offset fall by the turns made: colours move towards larger s.
            let frames = sheet.name("beam")
            sheet.keyframes(frames, [(0, "--\(prop): 0px"), (100, "--\(prop): \(n(clockwise ? L : -L))px")])
            let cls = sheet.name("beam")
            declarations = sheet.animation(frames, duration: period, timing: motion.timing, delay: motion.delay, alternate: motion.reverses)
            sheet.rule(cls, declarations)
            group = "<g class='\(cls)'>"
        }
        return "<svg xmlns='http://www.w3.org/2000/svg' width='\(n(box.w))' height='\(n(box.h))' "
            + "viewBox='\(n(box.x)) \(n(box.y)) \(n(box.w)) \(n(box.h))' style='position: absolute; left: \(n(box.x))px; top: \(n(box.y))px; overflow: visible'>"
            + "<defs><path id='\(pathID)' d='\(outline.svg)' fill='none' stroke-width='\(n(width))'/>\(clipDefinition)</defs>"
            + "<g \(clip)>\(group)\(uses.joined())</g></g></svg>"
    }

    /// Registers the shared beam length (once per sheet; inherited by each piece).
    static func register(_ sheet: CSSSheet) {
        sheet.property(sheet.prefix + "beam", syntax: "<length>", initial: "0px", inherits: true)
    }
}
