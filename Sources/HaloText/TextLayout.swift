import Foundation

/// A text laid out in its rect exactly as docs/scene-format.md "Text" says: paragraphs split at "\n",
/// greedy lines broken after runs of spaces, the block centred vertically with half-leading
/// baselines from the `hhea` ascender and descender, each line aligned; positions in points
/// (y down), nothing rounded or hinted (k = size / unitsPerEm applied after summing font units).
public struct TextLayout: Sendable {
    public enum Alignment: String, Sendable, CaseIterable { case left, center, right }

    /// One glyph: its id and its origin in points (y down).
    public struct PlacedGlyph: Equatable, Sendable {
        public var id: UInt32
        public var x: Double, y: Double
    }

    /// One line: its text (without trailing spaces), start x, baseline y and advance, points.
    public struct Line: Equatable, Sendable {
        public var text: String
        public var x: Double, baseline: Double, advance: Double
    }

    public let glyphs: [PlacedGlyph]
    public let lines: [Line]
    /// Font units to points: size / unitsPerEm.
    public let k: Double

    /// Lays out `text` in the rect (x, y, w, h) in points.
    /// - Parameters:
    ///   - size: points per em (> 0).
    ///   - lineHeight: a multiple of `size` (> 0).
    public init(_ text: String, face: FontFace, rect: (x: Double, y: Double, w: Double, h: Double), size: Double,
                align: Alignment, lineHeight: Double) {
        let k = size / Double(face.unitsPerEm)
        self.k = k
        var lineTexts: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineTexts += TextLayout.breakLines(String(paragraph), face: face, k: k, width: rect.w)
        }
        let lh = lineHeight * size
        let top = rect.y + (rect.h - Double(lineTexts.count) * lh) / 2
        let asc = Double(face.ascender) * k, desc = Double(face.descender) * k
        var glyphs: [PlacedGlyph] = [], lines: [Line] = []
        for (i, line) in lineTexts.enumerated() {
            let baseline = top + Double(i) * lh + (lh - (asc - desc)) / 2 + asc
            let shaped = face.shape(line)
            let advance = Double(shaped.reduce(0) { $0 + Int($1.xAdvance) }) * k
            let x0: Double
            switch align {
            case .left: x0 = rect.x
            case .center: x0 = rect.x + (rect.w - advance) / 2
            case .right: x0 = rect.x + rect.w - advance
            }
            var pen = 0
            for g in shaped {
                glyphs.append(PlacedGlyph(id: g.id, x: x0 + k * Double(pen + Int(g.xOffset)), y: baseline - k * Double(g.yOffset)))
                pen += Int(g.xAdvance)
            }
            lines.append(Line(text: line, x: x0, baseline: baseline, advance: advance))
        }
        self.glyphs = glyphs
        self.lines = lines
    }

    /// Greedy lines of one paragraph (docs/scene-format.md "Text", Lines): a break may follow any run of
    /// spaces (U+0020) that a non-space follows; a line takes the next piece while its advance
    /// (shaped as one run without its trailing spaces, times k) stays at most `width`; the
    /// first piece of a line always stays. Returns each line without its trailing spaces.
    public static func breakLines(_ paragraph: String, face: FontFace, k: Double, width: Double) -> [String] {
        let scalars = Array(paragraph.unicodeScalars)
        var pieces: [String] = []
        var start = 0
        func text(_ a: Int, _ b: Int) -> String {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[a..<b])
            return String(s)
        }
        if scalars.count > 1 {
            for i in 1..<scalars.count where scalars[i - 1] == " " && scalars[i] != " " {
                pieces.append(text(start, i))
                start = i
            }
        }
        pieces.append(text(start, scalars.count))
        func trimmed(_ s: String) -> String {
            var v = s.unicodeScalars
            while v.last == " " { v.removeLast() }
            return String(v)
        }
        var lines: [String] = []
        var current = pieces[0]
        for piece in pieces.dropFirst() {
            let candidate = current + piece
            if Double(face.advance(trimmed(candidate))) * k <= width {
                current = candidate
            } else {
                lines.append(current)
                current = piece
            }
        }
        lines.append(current)
        return lines.map(trimmed)
    }
}
