// The error panel's text as one string (what halo_imgui_error_section draws), for scripted
// runs and tests.
extension PreviewErrorLocation {
    /// `file:line:column: message` (the parts the error names), then the source line (tabs
    /// as one space, as the panel draws it) and a caret under the column where there is one.
    var panelText: String {
        var head = file
        if line > 0 { head += ":\(line)" }
        if line > 0 && column > 0 { head += ":\(column)" }
        var lines = [head.isEmpty ? message : "\(head): \(message)"]
        if let sourceLine, !sourceLine.isEmpty {
            lines.append(sourceLine.replacingOccurrences(of: "\t", with: " "))
            if column > 0 { lines.append(String(repeating: " ", count: column - 1) + "^") }
        }
        return lines.joined(separator: "\n")
    }
}
