import Foundation
import Halo

/// How `halo test` decides that a rendering matches its reference: `--tolerance`.
public enum ToleranceMode: String, CaseIterable, Sendable {
    /// A ``FuzzyTolerance`` (the scene's, or `--fuzzy`): the same allowance for every pixel.
    case fuzzy
    /// The GPU's certified bound (``ErrorBound``): each pixel may differ from a CPU-recorded
    /// reference by its own bound plus 1 level (the reference's 8-bit rounding), and no more.
    case certified
}

/// A GPU rendering checked against a reference under its certified per-pixel bound
/// (``ErrorBound``): every pixel's difference (8-bit levels, premultiplied, as
/// ``ImageComparison``) must be at most its bound plus ``roundingAllowance``.
public struct CertifiedComparison: Sendable {
    /// One pixel over its bound.
    public struct Violation: Sendable, Equatable {
        /// The pixel: column and row, from the top left.
        public var x: Int, y: Int
        /// The pixel's difference and its bound, levels.
        public var difference: Double, bound: Double
        /// The budget that makes up most of the bound there (``ErrorBudget/none`` where it is 0).
        public var budget: ErrorBudget
    }

    /// The reference's own rounding to 8 bits, levels: added to every pixel's bound.
    public static let roundingAllowance = 1.0
    /// The pixels over their bound, largest excess first; at most ``listed`` of them.
    public private(set) var violations: [Violation] = []
    /// How many pixels are over their bound in all.
    public private(set) var violationCount = 0
    /// The plain comparison (maximum, counts, heat map) of the same images and mask.
    public let comparison: ImageComparison
    /// How many violations ``violations`` lists.
    public static let listed = 10

    /// Compares `actual` (a GPU rendering) with `reference` (the exact CPU image) under
    /// `bound` (``ErrorBound`` of the same frame), leaving out what `mask` ignores.
    /// Nil when the sizes of the images, the bound or the mask differ.
    public init?(reference: RGBA8Image, actual: RGBA8Image, bound: ErrorBound, mask: ComparisonMask? = nil) {
        guard let c = ImageComparison(reference, actual, mask: mask), bound.width == actual.width, bound.height == actual.height else { return nil }
        comparison = c
        // Only the worst ``listed`` are kept (a badly failing image has millions over).
        var worst: [Violation] = []
        func excess(_ v: Violation) -> Double { v.difference - v.bound }
        for i in 0..<c.perPixel.count {
            let d = Double(c.perPixel[i]), b = Double(bound.levels[i])
            // (perPixel is 0 where the mask ignores a pixel.)
            guard d > b + Self.roundingAllowance + 1e-6 else { continue }
            violationCount += 1
            let v = Violation(x: i % actual.width, y: i / actual.width, difference: d, bound: b, budget: bound.budgets[i])
            if worst.count == Self.listed, let last = worst.last, excess(v) <= excess(last) { continue }
            let at = worst.firstIndex { excess(v) > excess($0) } ?? worst.count
            worst.insert(v, at: at)
            if worst.count > Self.listed { worst.removeLast() }
        }
        violations = worst
    }

    /// Whether every pixel is within its bound plus ``roundingAllowance``.
    public var passed: Bool { violationCount == 0 }

    static func level(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(format: "%.2f", d) }

    /// Nil when passed, else which pixels exceed their bound and the budget that bounded each.
    public var failureReason: String? {
        guard violationCount > 0 else { return nil }
        let list = violations.prefix(3).map {
            "(\($0.x), \($0.y)) off by \(Self.level($0.difference)) against a bound of \(Self.level($0.bound)) + 1 (\($0.budget))"
        }
        return "\(violationCount) pixel\(violationCount == 1 ? "" : "s") over the certified bound: " + list.joined(separator: "; ")
            + (violationCount > 3 ? "; ..." : "")
    }
}
