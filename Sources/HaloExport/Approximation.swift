/// One place where an export draws something other than the scene's exact image, or
/// leaves a feature out: listed at the top of the exported file and on standard error.
public struct Approximation: Equatable, Sendable, CustomStringConvertible {
    /// The JSON path of the feature ("layers[2].stroke.dash").
    public var path: String
    /// What the export does instead, in a sentence without a final full stop.
    public var note: String
    /// True when the feature is left out entirely (it has no mapping at all).
    public var omitted: Bool

    public init(_ path: String, _ note: String, omitted: Bool = false) {
        self.path = path; self.note = note; self.omitted = omitted
    }

    public var description: String { "\(path): \(omitted ? "not drawn: " : "")\(note)" }
}

extension Array where Element == Approximation {
    /// Each approximation once, in first-seen order (a glow's copy of a part notes what the
    /// part does).
    var uniqued: [Approximation] {
        var out: [Approximation] = []
        for a in self where !out.contains(a) { out.append(a) }
        return out
    }
}

/// What an exporter produced: the file's text and its approximations.
public struct ExportResult: Sendable {
    /// The whole file (HTML or Swift).
    public var text: String
    /// Every approximation, in layer order; also in a comment at the top of `text`.
    public var approximations: [Approximation]
    /// False when no layer part and no background could be drawn: the export is empty.
    public var drawsAnything: Bool
}

/// An HTML export refused for its size: its CSS and markup passed ``CSSExporter/maxBytes``
/// (64 MiB in `halo export`)
/// at the feature `path` (the canvas's background image, or a layer). Nothing is written.
public struct ExportSizeError: Error, CustomStringConvertible, Sendable {
    /// The scene file, if any.
    public var file: String?
    /// The JSON path of the feature at which the export passed the limit ("layers[812]").
    public var path: String
    /// The limit, bytes.
    public var limit: Int

    public var description: String {
        "\(file ?? "<scene>"): \(path): expected an HTML export of at most \(limit) bytes (\(String(format: "%g", Double(limit) / 1048576)) MiB), "
            + "found more by this point "
            + "(path paints draw one SVG piece a point of outline, a background image is embedded whole): export fewer or smaller layers"
    }
}
