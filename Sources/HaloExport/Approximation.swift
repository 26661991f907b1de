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

/// What an exporter produced: the file's text and its approximations.
public struct ExportResult: Sendable {
    /// The whole file (HTML or Swift).
    public var text: String
    /// Every approximation, in layer order; also in a comment at the top of `text`.
    public var approximations: [Approximation]
    /// False when no layer part and no background could be drawn: the export is empty.
    public var drawsAnything: Bool
}
