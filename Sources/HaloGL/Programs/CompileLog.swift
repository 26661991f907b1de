import HaloCore

/// A driver's compile log made to teach: each located line mapped back to its file,
/// line and column (Mesa's column turned into the file's own, ``GLSLSourceText``); a
/// syntax error that expected a `;` moved back to the end of the token that lacks one; an
/// undeclared `p_NAME` or an unknown function given the closest parameter or GLSL 3.30
/// built-in (HaloCore's `closestKey`, by edit distance); and the first error in a user's file (a shader paint or
/// shape) followed by that file's lines up to it with a caret under the column.
struct CompileLog {
    /// The program's files by source number, as messages name them.
    var paths: [String]
    /// Their texts (nil where unknown: no context, columns as the driver gave them).
    var texts: [GLSLSourceText?]
    /// The names a shader file may read as parameters (`p_NAME`, `p_NAME_OPTION`).
    var parameterNames: [String] = []
    /// The source numbers of the user's files (shader paints and shapes), whose errors show their context.
    var userFiles: Set<Int> = []

    /// The log, rewritten line by line; lines without a location are kept as they are. Errors
    /// that only follow from an earlier one (``isFollowOn(_:)``) are left out, counted.
    func explained(_ log: String) -> String {
        var contextShown = false, followOns = 0, inFollowOn = false
        let lines = log.split(separator: "\n", omittingEmptySubsequences: true).compactMap { text -> String? in
            if contextShown, let driver = DriverLogLine(text) {
                let candidate = driver.message.hasPrefix("error:    ")
                if CompileLog.isFollowOn(String(driver.message)) || (candidate && inFollowOn) { inFollowOn = true; followOns += 1; return nil }
                inFollowOn = false
            }
            guard let driver = DriverLogLine(text), let (f, mesaLine) = driver.fileAndLine(fileCount: paths.count) else { return String(text) }
            let source = f < texts.count ? texts[f] : nil
            var line = mesaLine
            var column = driver.column.map { c in source?.fileColumn(line: line, mesaColumn: c) ?? c }
            var message = String(driver.message)
            if let source, let c = column, message.contains("expecting") && message.contains("';'"),
               let end = source.endOfPreviousToken(line: line, column: c) {
                let driverMessage = message.hasPrefix("error: ") ? String(message.dropFirst(7)) : message
                message = "error: missing ';' at the end of this line (the driver: \(driverMessage), at \(line):\(c))"
                (line, column) = end
            }
            if let source, let c = column { column = source.writtenColumn(line: line, column: c) }
            if let hint = hint(for: message) { message += "; did you mean \(hint)?" }
            var out = "\(paths[f]):\(line)\(column.map { ":\($0)" } ?? ""): \(message)"
            if !contextShown, userFiles.contains(f), let source {
                contextShown = true
                out += "\n" + source.context(line: line, column: column)
            }
            return out
        }
        let left = followOns == 0 ? "" : "\n(\(followOns) more error line\(followOns == 1 ? "" : "s") that follow from the first, left out)"
        return lines.joined(separator: "\n") + left
    }

    /// Whether a driver's error only follows from an earlier one: Mesa gives an expression
    /// that failed the type `error`, and then reports every use of it ("no matching function
    /// for call to `mix(vec4, vec4, error)'", "`return' with wrong type error").
    static func isFollowOn(_ message: String) -> Bool {
        message.contains(/[(, ]error[),]/) || message.contains("wrong type error")
    }

    /// The closest known name to the one an error says is undeclared or not a function; nil when none is close.
    func hint(for message: String) -> String? {
        if let m = message.firstMatch(of: /`(p_[A-Za-z0-9_]*)' undeclared/) {
            return closestKey(String(m.1), parameterNames)
        }
        if let m = message.firstMatch(of: /no function with name '([A-Za-z0-9_]+)'/) {
            return closestKey(String(m.1), GLSLBuiltins.functions)
        }
        return nil
    }
}

extension ShaderLibrary {
    /// The compile log of a program assembled from `files` (names in this library), explained (``CompileLog``).
    func explained(_ log: String, files: [String]) -> String {
        let texts = files.map { sourceText(of: $0) }
        let params = (try? text(of: "paint/params.glsl")) ?? ""
        let names = params.matches(of: /\bp_[A-Za-z0-9_]+/).map { String($0.output) }
        let user = Set(userFiles(among: files).compactMap { files.firstIndex(of: $0) })
        return CompileLog(paths: files.map { location(of: $0) }, texts: texts, parameterNames: names, userFiles: user).explained(log)
    }

    /// A file's text for messages: a user's file as written (``ShaderPaintFile/sourceText``); nil when it cannot be read.
    func sourceText(of name: String) -> GLSLSourceText? {
        overrides[name].map(\.sourceText) ?? (try? text(of: name)).map(GLSLSourceText.init)
    }
}
