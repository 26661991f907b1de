import Foundation
import HaloCore

/// The coverage of a stroke, a dashed stroke or a continuous-cornered fill as an SVG image
/// for CSS `mask-image` (CSS Masking 1), drawn in the canvas's points within a box.
/// SVG strokes are centred on their path, so an inside (outside) stroke of width w is the
/// outline stroked 2w wide and clipped to the shape's inside (outside): its edges are
/// then the outline and its exact offset by w, and dashes are cut along the outline's
/// normals at the outline's own arc length (SVG 2 "stroke-dasharray").
enum SVGMask {
    /// SVG markup (without the outer `<svg>`) drawing the stroke in black.
    static func stroke(_ outline: OutlinePath, _ stroke: Stroke, id: String, box: Rect,
                       note: (String) -> Void) -> String {
        let n = ExportText.num
        var attrs = "fill='none' stroke='#000' stroke-linejoin='miter' stroke-miterlimit='10'"
        let d = outline.svg
        let r = outline.rect
        if r.w == 0 || r.h == 0 {
            // A shape of zero size is the segment (or point) it collapses to: a centred stroke
            // grows it by w / 2, an outside one by w, with square ends (round for an ellipse);
            // an inside stroke draws nothing (docs/scene-format.md "Zero size").
            guard stroke.alignment != .inside else { return "" }
            if stroke.dash != nil { note("dashes on a shape of zero size are drawn as a solid stroke") }
            let width = stroke.alignment == .center ? stroke.width : 2 * stroke.width
            return "<path d='M\(n(r.x)) \(n(r.y))L\(n(r.x + r.w)) \(n(r.y + r.h))' fill='none' stroke='#000' "
                + "stroke-width='\(n(width))' stroke-linecap='\(outline.kind == .ellipse ? "round" : "square")'/>"
        }
        if let dash = stroke.dash, dash.cap == .round, stroke.alignment != .center {
            // Round caps are discs of diameter w on the stroke's middle line: the dashes go on
            // that line, their lengths scaled so that the middle line's length stands for L.
            let middle = outline.offset(stroke.middleOffset)
            note("round-capped dashes laid along the stroke's middle line with its length scaled to the outline's "
                 + "(pathLength); the outline's and the middle line's arc lengths differ at the corners")
            attrs += " stroke-width='\(n(stroke.width))' stroke-linecap='round'" + dashAttributes(dash)
            return "<path d='\(middle.svg)' pathLength='\(n(outline.length))' \(attrs)/>"
        }
        if let dash = stroke.dash {
            attrs += " stroke-linecap='\(dash.cap == .round ? "round" : "butt")'" + dashAttributes(dash)
        }
        switch stroke.alignment {
        case .center:
            return "<path d='\(d)' stroke-width='\(n(stroke.width))' \(attrs)/>"
        case .inside:
            return "<clipPath id='\(id)'><path d='\(d)'/></clipPath>"
                + "<path d='\(d)' stroke-width='\(n(2 * stroke.width))' clip-path='url(#\(id))' \(attrs)/>"
        case .outside:
            return "<mask id='\(id)' maskUnits='userSpaceOnUse' x='\(n(box.x))' y='\(n(box.y))' width='\(n(box.w))' height='\(n(box.h))'>"
                + "<rect x='\(n(box.x))' y='\(n(box.y))' width='\(n(box.w))' height='\(n(box.h))' fill='#fff'/>"
                + "<path d='\(d)' fill='#000'/></mask>"
                + "<path d='\(d)' stroke-width='\(n(2 * stroke.width))' mask='url(#\(id))' \(attrs)/>"
        }
    }

    /// `stroke-dasharray` and `stroke-dashoffset`: the scene's pattern and phase mean what SVG's do
    /// (docs/scene-format.md "Dashes"); an odd pattern SVG repeats itself, as the scene does.
    static func dashAttributes(_ dash: Dash) -> String {
        " stroke-dasharray='\(dash.pattern.map(ExportText.num).joined(separator: " "))' stroke-dashoffset='\(ExportText.num(dash.phase))'"
    }

    /// SVG markup filling the outline in black.
    static func fill(_ outline: OutlinePath) -> String { "<path d='\(outline.svg)' fill='#000'/>" }

    /// A standalone SVG document of `content` showing the box `box` (points) at its size.
    static func document(_ content: String, box: Rect) -> String {
        let n = ExportText.num
        return "<svg xmlns='http://www.w3.org/2000/svg' width='\(n(box.w))' height='\(n(box.h))' "
            + "viewBox='\(n(box.x)) \(n(box.y)) \(n(box.w)) \(n(box.h))'>\(content)</svg>"
    }

    /// The CSS declarations masking an element whose border box is `box` by `content`.
    static func maskDeclarations(_ content: String, box: Rect) -> [String] {
        let uri = "data:image/svg+xml," + percentEncoded(document(content, box: box))
        return ["mask-image: url(\"\(uri)\")", "mask-size: 100% 100%", "mask-repeat: no-repeat"]
    }

    /// `text` with the characters a data URL inside a CSS string may not hold percent-encoded (RFC 3986).
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "%", "#", "\"", "<", ">", "\n", "\\", "{", "}": out += String(format: "%%%02X", ch.value)
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
