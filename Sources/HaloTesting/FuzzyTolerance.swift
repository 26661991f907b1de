import Foundation
import Halo

/// How far a rendered image may stray from its reference, in the web-platform-tests
/// reftest "fuzzy" syntax (https://web-platform-tests.org/writing-tests/reftests.html#fuzzy-matching).
///
/// Two inclusive ranges: the largest channel difference of any pixel (8-bit levels,
/// 0-255, measured premultiplied as ``ImageComparison`` does) and the number of
/// pixels that differ at all. Written `"maxDifference=0-2;totalPixels=0-100"`, or
/// positionally `"0-2;0-100"`; a bare number means exactly that value
/// (`"maxDifference=2"` is `2-2`). One extension to that syntax: totalPixels may be a
/// share of the image, `"totalPixels=0-2.5%"`, so one tolerance fits images of any size.
public struct FuzzyTolerance: Equatable, Sendable, CustomStringConvertible {
    /// Allowed largest channel difference, in 8-bit levels (0...255).
    public var maxDifference: ClosedRange<Int>
    /// Allowed number of pixels whose largest channel difference is over 0
    /// (ignored when ``totalPercent`` is set).
    public var totalPixels: ClosedRange<Int>
    /// Allowed share of such pixels, in percent of the image (0...100), when given as `N-M%`.
    public var totalPercent: ClosedRange<Double>?

    /// Exact equality: no pixel may differ.
    public static let exact = FuzzyTolerance(maxDifference: 0...0, totalPixels: 0...0)

    /// The tolerance `halo test` and ``ReferenceTest`` use when a scene states none:
    /// no channel off by more than 3 levels, on any number of pixels. 3 levels is the
    /// GPU renderer's stated accuracy against the exact CPU reference (README), and
    /// 1-level differences cover 1-10% of the pixels of a typical border (more on a
    /// small image), so only the size of the largest difference is bounded.
    /// Text form: ``defaultText``.
    public static let `default` = FuzzyTolerance(maxDifference: 0...3, totalPercent: 0...100)

    /// The default in the fuzzy syntax, for help texts.
    public static let defaultText = "maxDifference=0-3;totalPixels=0-100%"

    /// - Parameters:
    ///   - maxDifference: allowed largest channel difference, within 0...255.
    ///   - totalPixels: allowed number of differing pixels, lower bound >= 0.
    public init(maxDifference: ClosedRange<Int>, totalPixels: ClosedRange<Int>) {
        self.maxDifference = maxDifference
        self.totalPixels = totalPixels
    }

    /// - Parameters:
    ///   - maxDifference: allowed largest channel difference, within 0...255.
    ///   - totalPercent: allowed share of differing pixels, in percent (within 0...100).
    public init(maxDifference: ClosedRange<Int>, totalPercent: ClosedRange<Double>) {
        self.maxDifference = maxDifference
        self.totalPixels = 0...Int.max
        self.totalPercent = totalPercent
    }

    /// Parses the fuzzy syntax: `[maxDifference=]RANGE;[totalPixels=]RANGE`, RANGE being
    /// `N` or `N-M` (inclusive, non-negative integers, N <= M). Named parts may come in
    /// either order; unnamed parts are maxDifference then totalPixels.
    /// - Throws: ``FuzzyToleranceError`` saying what is wrong.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else {
            throw FuzzyToleranceError(text: text, reason: "expected two ranges separated by \";\" (e.g. maxDifference=0-2;totalPixels=0-100), found \(parts.count == 1 ? "one" : String(parts.count))")
        }
        var found: [String: ClosedRange<Int>] = [:]
        var percent: ClosedRange<Double>?
        for (index, part) in parts.enumerated() {
            var name = index == 0 ? "maxDifference" : "totalPixels"
            var value = Substring(part)
            if let eq = part.firstIndex(of: "=") {
                name = part[..<eq].trimmingCharacters(in: .whitespaces)
                value = part[part.index(after: eq)...]
                guard name == "maxDifference" || name == "totalPixels" else {
                    throw FuzzyToleranceError(text: text, reason: "unknown name \"\(name)\" (expected maxDifference or totalPixels)")
                }
            } else if part.contains(":") {
                throw FuzzyToleranceError(text: text, reason: "a URL prefix (\"url:\") is not supported here")
            }
            guard found[name] == nil && !(name == "totalPixels" && percent != nil) else {
                throw FuzzyToleranceError(text: text, reason: "\(name) given twice")
            }
            let v = value.trimmingCharacters(in: .whitespaces)
            if name == "totalPixels" && v.hasSuffix("%") {
                percent = try Self.percentRange(String(v.dropLast()), in: text)
            } else {
                found[name] = try Self.range(v, name: name, in: text)
            }
        }
        guard let m = found["maxDifference"] else {
            throw FuzzyToleranceError(text: text, reason: "maxDifference given twice, totalPixels missing")
        }
        guard m.upperBound <= 255 else {
            throw FuzzyToleranceError(text: text, reason: "maxDifference: expected a range within 0-255, found \(m.lowerBound)-\(m.upperBound)")
        }
        if let percent {
            self.init(maxDifference: m, totalPercent: percent)
        } else if let t = found["totalPixels"] {
            self.init(maxDifference: m, totalPixels: t)
        } else {
            throw FuzzyToleranceError(text: text, reason: "totalPixels missing")
        }
    }

    private static func percentRange(_ s: String, in text: String) throws -> ClosedRange<Double> {
        let numbers = s.split(separator: "-", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(numbers.count), numbers.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 && $0! <= 100 }) else {
            throw FuzzyToleranceError(text: text, reason: "totalPixels: expected N% or N-M% with numbers in 0-100, found \"\(s)%\"")
        }
        let lo = numbers[0]!, hi = numbers.last!!
        guard lo <= hi else { throw FuzzyToleranceError(text: text, reason: "totalPixels: expected N-M% with N <= M, found \"\(s)%\"") }
        return lo...hi
    }

    private static func range(_ s: String, name: String, in text: String) throws -> ClosedRange<Int> {
        let bounds = s.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = bounds.map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(bounds.count), numbers.allSatisfy({ $0 != nil && $0! >= 0 }) else {
            throw FuzzyToleranceError(text: text, reason: "\(name): expected N or N-M with non-negative integers, found \"\(s)\"")
        }
        let lo = numbers[0]!, hi = numbers.last!!
        guard lo <= hi else { throw FuzzyToleranceError(text: text, reason: "\(name): expected N-M with N <= M, found \"\(s)\"") }
        return lo...hi
    }

    /// The tolerance in the fuzzy syntax, e.g. `maxDifference=0-2;totalPixels=0-100`.
    public var description: String {
        func r(_ x: ClosedRange<Int>) -> String { x.lowerBound == x.upperBound ? "\(x.lowerBound)" : "\(x.lowerBound)-\(x.upperBound)" }
        if let p = totalPercent {
            func f(_ x: Double) -> String { String(format: "%g", x) }
            return "maxDifference=\(r(maxDifference));totalPixels=\(p.lowerBound == p.upperBound ? f(p.lowerBound) : "\(f(p.lowerBound))-\(f(p.upperBound))")%"
        }
        return "maxDifference=\(r(maxDifference));totalPixels=\(r(totalPixels))"
    }

    /// The allowed number of differing pixels in an image of `pixelCount` pixels: a
    /// percentage becomes the whole numbers of pixels inside it (the upper bound rounded
    /// down, the lower bound up but never above the upper).
    public func allowedDifferingPixels(of pixelCount: Int) -> ClosedRange<Int> {
        guard let p = totalPercent else { return totalPixels }
        let n = Double(pixelCount)
        let hi = Int((p.upperBound * n / 100).rounded(.down))
        return min(Int((p.lowerBound * n / 100).rounded(.up)), hi)...hi
    }

    /// Whether a comparison is within the tolerance, by wptrunner's rule: identical
    /// images pass when either range starts at 0; otherwise the largest difference
    /// and the differing-pixel count must both lie in their ranges.
    public func accepts(_ c: ImageComparison) -> Bool { failureReason(c) == nil }

    /// Nil when `c` is within the tolerance, else why not, in words.
    public func failureReason(_ c: ImageComparison) -> String? {
        // Premultiplied differences can be fractional (50.2 levels at alpha 128): rounded up,
        // so a pixel that differs at all differs by at least 1.
        let maxD = Int(c.maxDifference.rounded(.up))
        let differing = c.pixelsOver[0] ?? 0
        let totalPixels = allowedDifferingPixels(of: c.pixelCount)
        if differing == 0 && (totalPixels.lowerBound == 0 || maxDifference.lowerBound == 0) { return nil }
        var reasons: [String] = []
        if !maxDifference.contains(maxD) {
            reasons.append("max difference \(maxD) is outside maxDifference \(maxDifference.lowerBound)-\(maxDifference.upperBound)")
        }
        if !totalPixels.contains(differing) {
            let what = totalPercent.map { _ in " (\(description.split(separator: "=").last!) of \(c.pixelCount))" } ?? ""
            reasons.append("\(differing) differing pixels is outside totalPixels \(totalPixels.lowerBound)-\(totalPixels.upperBound)\(what)")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }
}

/// A fuzzy tolerance that could not be parsed.
public struct FuzzyToleranceError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The text given.
    public var text: String
    /// What is wrong with it.
    public var reason: String
    public var description: String { "fuzzy \"\(text)\": \(reason)" }
}
