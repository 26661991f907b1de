import Foundation

/// An error's description on one line: a shader compiler's multi-line log becomes its
/// first message, with a count of the rest (`halo render` reports GPU failures in one line).
func oneLine(_ error: Error) -> String {
    let lines = "\(error)".split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard lines.count > 1 else { return lines.first ?? "\(error)" }
    let head = lines[0].hasSuffix(":") ? lines[0] + " " + lines[1] : lines[0] + "; " + lines[1]
    let rest = lines.count - 2
    return rest > 0 ? head + " (and \(rest) more line\(rest == 1 ? "" : "s"))" : head
}
