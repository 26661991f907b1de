import Foundation

/// Writes a line to standard error, at once (the halo command and the preview report
/// errors this way; stdout carries their results).
public func printError(_ s: String) {
    FileHandle.standardError.write((s + "\n").data(using: .utf8)!)
}
