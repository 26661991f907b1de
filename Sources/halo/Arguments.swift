import Foundation
import Halo

/// A command-line mistake: printed with the command's usage line, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// Minimal argument parsing: positional arguments and `--name value` / `--flag` options.
struct Arguments {
    var positional: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// - Parameters:
    ///   - valued: option names that take a value (e.g. "-o", "--time").
    ///   - flags: option names that take none (e.g. "--json").
    init(_ args: [String], valued: Set<String>, flags known: Set<String>) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { positional += args[(i + 1)...]; break }
            if a.hasPrefix("-") && a.count > 1 && Double(a) == nil {
                var name = a, inline: String?
                if let eq = a.firstIndex(of: "="), a.hasPrefix("--") { name = String(a[..<eq]); inline = String(a[a.index(after: eq)...]) }
                if valued.contains(name) {
                    if let inline { options[name] = inline }
                    else {
                        guard i + 1 < args.count else { throw UsageError("\(name) needs a value") }
                        options[name] = args[i + 1]; i += 1
                    }
                } else if known.contains(name) {
                    flags.insert(name)
                } else {
                    let all = Array(valued) + Array(known)
                    let hint = all.min { editDistance($0, name) < editDistance($1, name) }.flatMap { editDistance($0, name) <= 2 ? " (did you mean \($0)?)" : nil } ?? ""
                    throw UsageError("unknown option \(name)\(hint)")
                }
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    func double(_ name: String) throws -> Double? {
        guard let v = options[name] else { return nil }
        guard let d = Double(v), d.isFinite else { throw UsageError("\(name): expected a finite number, found \(v)") }
        return d
    }

    func int(_ name: String, min: Int = Int.min) throws -> Int? {
        guard let v = options[name] else { return nil }
        guard let d = Int(v), d >= min else { throw UsageError("\(name): expected an integer >= \(min), found \(v)") }
        return d
    }
}


