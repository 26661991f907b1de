/// One line of a GLSL compiler's log, parsed: Mesa writes `N:L(C): error: ...`, NVIDIA
/// `N(L) : error C0000: ...`, where N is the source number and L the line of a `#line`
/// directive (``ShaderLibrary/assemble(_:defines:)`` numbers file k's line l as
/// k * 100000 + l, its line map, since Mesa reports source 0 for some errors whatever
/// `#line` said).
struct DriverLogLine: Equatable {
    /// The source number as written.
    var source: Int
    /// The line as written (k * 100000 + l for Halo's assembled programs).
    var line: Int
    /// The column (Mesa's, 1-based); nil where the driver gives none (NVIDIA).
    var column: Int?
    /// The message after the location, e.g. "error: syntax error, unexpected ...".
    var message: Substring

    /// Parses `text`; nil for a line without a location (a heading, a note).
    init?(_ text: Substring) {
        let digits = text.prefix { $0.isNumber }
        guard !digits.isEmpty, let n = Int(digits) else { return nil }
        var rest = text.dropFirst(digits.count)
        guard let first = rest.first, first == ":" || first == "(" else { return nil }
        let lineDigits = rest.dropFirst().prefix { $0.isNumber }
        guard let l = Int(lineDigits) else { return nil }
        rest = rest.dropFirst(1 + lineDigits.count)
        source = n; line = l; column = nil
        if first == ":", rest.first == "(" {
            // Mesa: the column in parentheses.
            let c = rest.dropFirst().prefix { $0.isNumber }
            if let col = Int(c), rest.dropFirst(1 + c.count).first == ")" {
                column = col
                rest = rest.dropFirst(2 + c.count)
            }
        } else if first == "(", rest.first == ")" {
            rest = rest.dropFirst()
        } else if first == "(" {
            return nil
        }
        while let c = rest.first, c == " " || c == ":" { rest = rest.dropFirst() }
        message = rest
    }

    /// The file index and its own line: from k * 100000 + l where the line says so, else
    /// the source number.
    func fileAndLine(fileCount: Int) -> (file: Int, line: Int)? {
        if line >= 100_000, line / 100_000 < fileCount { return (line / 100_000, line % 100_000) }
        return source < fileCount ? (source, line) : nil
    }

    /// The line as `path:line:column: message` (`path:line: message` without a column), the
    /// file and line mapped back through `files` (by source number); nil when the location
    /// names no file of the program.
    func mapped(to files: [String]) -> String? {
        guard let (f, l) = fileAndLine(fileCount: files.count) else { return nil }
        return "\(files[f]):\(l)\(column.map { ":\($0)" } ?? ""): \(message)"
    }
}
