import Foundation
import HaloCore

/// A text layer (docs/scene-format.md "Text") as SwiftUI: one `Text` per paragraph, which
/// SwiftUI breaks into lines itself, with the family, size and weight as
/// `.font(.custom(...).weight(...))`, the alignment as `.multilineTextAlignment`, and the
/// distance between baselines as `.lineSpacing` (the line pitch less the font's own line
/// height, ascender - descender of `hhea`); a glow as a blurred copy.
struct SwiftUIText {
    let text: TextShape
    let path: String
    /// The laid-out block's size in points (Halo's layout): its widest line and its lines times the pitch.
    let blockSize: (w: Double, h: Double)
    /// The `.font(...)` argument.
    let font: String
    /// The `.lineSpacing` in points (0: none).
    let lineSpacing: Double
    /// The family `.custom` names.
    let family: String

    /// The text of `layer` (at `path`), or nil when its font cannot be read (noted).
    init?(_ layer: Layer, path: String, reads: SwiftUIReads, notes: inout [Approximation]) {
        guard let text = layer.shape.text else { return nil }
        guard let face = try? FontFace.load(text.fontFile) else {
            notes.append(Approximation("\(path).shape.font", "the font could not be read", omitted: true))
            return nil
        }
        self.text = text; self.path = path
        let r = layer.shape.rect
        let layout = TextLayout(text.text, face: face, rect: (r.x, r.y, r.w, r.h), size: text.size, align: text.align, lineHeight: text.lineHeight)
        let pitch = text.lineHeight * text.size
        blockSize = (layout.lines.map(\.advance).max() ?? 0, Double(layout.lines.count) * pitch)
        let natural = Double(face.ascender - face.descender) * layout.k
        lineSpacing = max(pitch - natural, 0)
        let weights = [(150, "ultraLight"), (250, "thin"), (350, "light"), (450, "regular"), (550, "medium"), (650, "semibold"), (750, "bold"), (850, "heavy")]
        let weight = weights.first { text.weight < $0.0 }?.1 ?? "black"
        family = text.font.contains(".") ? ((text.fontFile.path as NSString).lastPathComponent as NSString).deletingPathExtension : text.font
        font = ".custom(\"\(ExportText.swiftString(family))\", size: \(reads.number("\(path).shape.size", text.size, cgFloat: true))).weight(.\(weight))"
            + (text.italic ? ".italic()" : "")
        notes.append(Approximation("\(path).shape", "each paragraph a Text that SwiftUI breaks into lines with its own metrics (Halo breaks greedily by the font's advances and centres the block by the hhea ascender and descender)"))
        if pitch < natural - 1e-9 && layout.lines.count > 1 {
            notes.append(Approximation("\(path).shape.lineHeight", "lines \(ExportText.num(pitch)) pt apart are drawn at the font's own line height, \(ExportText.num(natural)) pt: SwiftUI's line spacing is not negative"))
        }
        if text.weight % 100 != 0 { notes.append(Approximation("\(path).shape.weight", "weight \(text.weight) drawn as .\(weight)")) }
        if ExportText.hasRightToLeft(text.text) {
            notes.append(Approximation("\(path).shape.text", "right-to-left text is reordered by SwiftUI's bidirectional layout; Halo draws each line in logical order, left to right"))
        }
    }

    /// The alignment's name in SwiftUI's `TextAlignment` (`.leading`, `.center`, `.trailing`).
    var alignment: String {
        switch text.align { case .left: return ".leading"; case .center: return ".center"; case .right: return ".trailing" }
    }

    /// The modifiers every copy of the text takes: font, alignment, line spacing.
    var modifierList: [String] {
        [".font(\(font))", ".multilineTextAlignment(\(alignment))"] + (lineSpacing > 0 ? [".lineSpacing(\(ExportText.num(lineSpacing)))"] : [])
    }

    /// ``modifierList``, a line each.
    var modifiers: String { modifierList.map { "\n" + $0 }.joined() }

    /// The paragraphs as one view: a `Text`, or a `VStack` of them `lineSpacing` apart.
    var paragraphs: String {
        let texts = text.text.split(separator: "\n", omittingEmptySubsequences: false).map { "Text(\"\(ExportText.swiftString(String($0)))\")" }
        if texts.count == 1 { return texts[0] }
        return "VStack(alignment: \(alignment), spacing: \(ExportText.num(lineSpacing))) { " + texts.joined(separator: "; ") + " }"
    }

    /// A canvas layer's parts: the text (a `let`, with a glow's copy under it) in `style`,
    /// framed to the layer's width and aligned in it. Nil when the paint has no mapping.
    func parts(style: String, glow: (color: String, modifiers: String)?) -> (declarations: [String], parts: [String]) {
        let frame = text.align == .center ? "" : "\n.frame(maxWidth: .infinity, alignment: \(alignment))"
        guard let glow else { return ([], [paragraphs + modifiers + "\n.foregroundStyle(\(style))" + frame]) }
        return (["let text = \(paragraphs)\(modifiers)\(frame)"], ["text.foregroundStyle(\(glow.color))\(glow.modifiers)", "text.foregroundStyle(\(style))"])
    }

    /// The families iOS has (Apple's "Fonts included with iOS"): any other is bundled with the app.
    static let iOSFamilies: Set<String> = [
        "american typewriter", "arial", "arial rounded mt bold", "avenir", "avenir next", "avenir next condensed", "baskerville",
        "bodoni 72", "bradley hand", "chalkboard se", "chalkduster", "charter", "cochin", "copperplate", "courier", "courier new",
        "didot", "din alternate", "din condensed", "futura", "georgia", "gill sans", "helvetica", "helvetica neue", "hoefler text",
        "marker felt", "menlo", "noteworthy", "optima", "palatino", "papyrus", "rockwell", "snell roundhand", "times new roman",
        "trebuchet ms", "verdana", "zapfino", "sf pro", "sf pro text", "sf pro display", "sf pro rounded", "sf mono", "new york",
    ]

    /// The family and the font file drawn, when the family is not on iOS (the app bundles the file), else nil.
    var bundled: (family: String, file: String)? {
        guard text.font.contains(".") || !Self.iOSFamilies.contains(family.lowercased()) else { return nil }
        return (family, (text.fontFile.path as NSString).lastPathComponent)
    }

    /// The header's lines naming each family iOS lacks and the files of it the scene draws.
    static func bundleNotes(_ layers: [Layer]) -> [String] {
        var files: [String: Set<String>] = [:]
        for layer in layers {
            var ignored: [Approximation] = []
            if let b = SwiftUIText(layer, path: "", reads: SwiftUIReads(), notes: &ignored)?.bundled { files[b.family, default: []].insert(b.file) }
        }
        return files.keys.sorted().map { family in
            let list = files[family]!.sorted()
            return "// Font: \"\(family)\" is not on iOS: bundle its file\(list.count > 1 ? "s" : "") (\(list.joined(separator: ", ")) here) "
                + "with the app and list \(list.count > 1 ? "them" : "it") under UIAppFonts in Info.plist."
        }
    }
}
