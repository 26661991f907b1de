import Foundation
import Halo

/// What one reference comparison found.
public struct ReferenceTestResult: Sendable, CustomStringConvertible {
    /// How the comparison ended.
    public enum Outcome: String, Sendable {
        /// Within the tolerance.
        case passed
        /// The reference was written (it was missing, or record mode is `all`, or it failed
        /// under `failed`). Not a pass: the next run compares against it.
        case recorded
        /// Outside the tolerance, a different size, or no reference under record mode `never`.
        case failed
    }

    /// Where a failure's images were written (nil for those not written).
    public struct Artifacts: Sendable, Equatable {
        public var actual: String?
        public var expected: String?
        public var diff: String?
        /// A certified test's exact CPU image of the scene: what `halo approve` makes the
        /// reference (a certified reference is the exact image, never the GPU's).
        public var exact: String? = nil
    }

    /// The test's name (the artifacts' base name).
    public var name: String
    /// The reference PNG's path.
    public var referencePath: String
    public var outcome: Outcome
    /// The rendered image.
    public var actual: RGBA8Image
    /// The reference image as it was before this run (nil when there was none).
    public var expected: RGBA8Image?
    /// The measurements (nil when there was no reference of the same size).
    public var comparison: ImageComparison?
    /// Why the test failed, in words (nil unless ``outcome`` is `.failed`).
    public var failureReason: String?
    /// The images written for a failure.
    public var artifacts: Artifacts?
    /// Time spent rendering, in seconds (0 when an image was given).
    public var renderSeconds: Double = 0
    /// The certified comparison, when the test used ``ToleranceMode/certified``.
    public var certified: CertifiedComparison?

    init(name: String, referencePath: String, outcome: Outcome, actual: RGBA8Image) {
        self.name = name; self.referencePath = referencePath; self.outcome = outcome; self.actual = actual
    }

    /// True only when the image matched an existing reference: a reference written by
    /// this run (new or rewritten) has not been looked at, so it does not pass.
    public var passed: Bool { outcome == .passed }

    /// True when this run wrote a reference that did not exist.
    public var isNew: Bool { outcome == .recorded && expected == nil }

    /// One readable paragraph: the verdict, the measurements and the artifact files.
    public var message: String {
        switch outcome {
        case .passed:
            return "\(name): matches \(referencePath) (max difference \(Self.level(comparison?.maxDifference ?? 0)), \(comparison?.pixelsOver[0] ?? 0) pixels differ\(ignoredNote))"
        case .recorded:
            return isNew ? "\(name): new reference recorded at \(referencePath) (not a pass: check it; the next run compares against it)"
                         : "\(name): reference rewritten at \(referencePath) (not a pass: the next run compares against it)"
        case .failed:
            var s = "\(name): does not match \(referencePath): \(failureReason ?? "failed")\(ignoredNote)"
            if let a = artifacts {
                let files = [("actual", a.actual), ("expected", a.expected), ("diff", a.diff)].compactMap { k, p in p.map { "\(k) \($0)" } }
                if !files.isEmpty { s += "\n  " + files.joined(separator: "\n  ") }
            }
            return s
        }
    }

    public var description: String { message }

    /// "; 120 pixels ignored (3 of them differ)" when a mask left pixels out.
    var ignoredNote: String {
        guard let c = comparison, c.ignoredPixels > 0 else { return "" }
        return "; \(c.ignoredPixels) pixels ignored (\(c.ignoredDiffering) of them differ)"
    }

    /// A difference in levels, as an integer when it is one.
    static func level(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(format: "%.2f", d)
    }
}
