import Foundation

/// Writes a line to standard error, at once (the halo command and the preview report
/// errors this way; stdout carries their results).
public func printError(_ s: String) {
    FileHandle.standardError.write((s + "\n").data(using: .utf8)!)
}

/// The median of `xs` (the mean of the two middle values for an even count); nil when
/// `xs` is empty. Frame times in `halo bench` and the preview.
public func median(_ xs: [Double]) -> Double? {
    guard !xs.isEmpty else { return nil }
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
