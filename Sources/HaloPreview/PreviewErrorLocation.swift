import Foundation

/// Where an error's text says it is: a scene's syntax error ("FILE: line L, column C: ..."),
/// a shader's ("FILE:L: ..." or "FILE:L:C: ..."), or a scene's bad value ("FILE.json:
/// JSON.PATH: ...", the file alone), with the source line read from the file; for the
/// error panel's `file:line:column` and caret.
struct PreviewErrorLocation: Equatable {
    var file: String
    /// 1-based; 0 when the text names none.
    var line: Int
    var column: Int
    /// The message after the location (the whole text when there is no location).
    var message: String
    /// The file's line `line` (nil when unreadable or no line).
    var sourceLine: String?

    /// Parses the first line of `text` that names a location; the whole text as the
    /// message, with no file, when none does.
    init(parsing text: String, readSource: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }) {
        file = ""; line = 0; column = 0; message = text
        let scene = /^(.+?): line (\d+), column (\d+): (.*)$/
        let shader = /^([^\s:][^:]*):(\d+)(?::(\d+))?: (.*)$/
        let sceneValue = /^([^\s:][^:]*\.json): (.*)$/
        // A compile error's context on the terminal ("  7 | source", "    | ^"): the panel draws its own.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).filter { $0.wholeMatch(of: /\s+\d* \| .*/) == nil }
        for (i, l) in lines.enumerated() {
            if let m = l.wholeMatch(of: scene) {
                (file, line, column, message) = (String(m.1), Int(m.2) ?? 0, Int(m.3) ?? 0, String(m.4))
            } else if let m = l.wholeMatch(of: shader) {
                (file, line, column, message) = (String(m.1), Int(m.2) ?? 0, m.3.flatMap { Int($0) } ?? 0, String(m.4))
            } else if let m = l.wholeMatch(of: sceneValue) {
                (file, message) = (String(m.1), String(m.2))
            } else {
                continue
            }
            // The other lines (a heading before, a shader's further messages after) stay in the message.
            message = (lines[..<i].map(String.init) + [message] + lines[(i + 1)...].map(String.init)).joined(separator: "\n")
            break
        }
        if line > 0, let source = readSource(file) {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            if line <= lines.count { sourceLine = String(lines[line - 1]).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) }
        }
    }
}
