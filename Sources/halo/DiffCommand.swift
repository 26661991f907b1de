import Foundation
import Halo
import HaloTesting

/// `halo diff A.png B.png`: how two images differ, and whether within a fuzzy tolerance.
enum DiffCommand {
    /// Help's prose before the options (they come from ``CommandOption``).
    static let description = """
    Compares two PNGs pixel by pixel, A being the reference. Channels are compared
    premultiplied (R, G, B times alpha / 255, and alpha), in 8-bit levels, exactly
    as the independent conformance checker's compare.py measures.

    PRINTS: the size check; the maximum channel difference (0-255); the mean
    absolute difference over all channels; PSNR in dB over RGBA ("inf" when
    identical); how many pixels (count and percent) differ by more than 0, 1, 2, 4
    and 8 levels; and the fuzzy verdict.
    """

    /// Help's prose after the options.
    static let after = """
    EXIT STATUS: 0 within the tolerance; 1 outside it; 2 an unreadable file, sizes
    that differ, or a bad option.
    """

    /// Compares the two images of a parsed command line; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        let json = args.given(.diffJSON)
        let tolerance: FuzzyTolerance = args.value(.diffFuzzy)!
        let diffImage: String? = args.value(.diffImage)
        let (pathA, pathB) = (args.operands[0], args.operands[1])
        let (a, b) = try CommandFailure.exiting(2) { (try PNG.read(pathA), try PNG.read(pathB)) }
        var mask: ComparisonMask?
        if a.width == b.width && a.height == b.height && (args.given(.diffIgnore) || args.given(.diffMask)) {
            var m = ComparisonMask(width: a.width, height: a.height)
            for r in args.value(.diffIgnore, as: [PixelRectangle].self) ?? [] { m.ignore(x: r.x, y: r.y, w: r.width, h: r.height) }
            if let maskPath: String = args.value(.diffMask) {
                try CommandFailure.exiting(2) { try m.ignore(darkPixelsOf: try PNG.read(maskPath), named: maskPath) }
            }
            mask = m
        }
        guard let c = ImageComparison(a, b, mask: mask) else {
            if json {
                printJSON(["a": path(pathA, a), "b": path(pathB, b), "sameSize": false, "pass": false])
            } else {
                print("size: A \(a.width)x\(a.height), B \(b.width)x\(b.height): differ")
            }
            printError("halo diff: sizes differ (\(a.width)x\(a.height) and \(b.width)x\(b.height)); nothing compared")
            return 2
        }
        if let out = diffImage { try CommandFailure.exiting(2) { try PNG.write(c.heatMap(over: a), to: out) } }
        let reason = tolerance.failureReason(c)
        if json {
            var over: [String: Any] = [:]
            for k in ImageComparison.thresholds { over[String(k)] = c.pixelsOver[k] ?? 0 }
            var obj: [String: Any] = [
                "a": path(pathA, a), "b": path(pathB, b), "sameSize": true,
                "maxDifference": c.maxDifference, "meanDifference": c.meanDifference,
                "psnr": c.psnr.map { $0 as Any } ?? NSNull(), "pixels": c.pixelCount, "pixelsOver": over,
                "fuzzy": tolerance.description, "pass": reason == nil,
                "ignoredPixels": c.ignoredPixels, "ignoredDiffering": c.ignoredDiffering,
            ]
            if let reason { obj["failure"] = reason }
            if let out = diffImage { obj["diff"] = out }
            printJSON(obj)
        } else {
            print("size: \(a.width)x\(a.height), same")
            print("max difference: \(levels(c.maxDifference)) (0-255)")
            print(String(format: "mean difference: %.6f", c.meanDifference))
            print("PSNR: " + (c.psnr.map { String(format: "%.2f dB", $0) } ?? "inf (identical)"))
            for k in ImageComparison.thresholds {
                print(String(format: "pixels > %d: %d (%.3f%%)", k, c.pixelsOver[k] ?? 0, c.percentOver(k)))
            }
            if mask != nil { print("ignored: \(c.ignoredPixels) pixels (\(c.ignoredDiffering) of them differ), not counted above") }
            if let out = diffImage { print("diff image: \(out)") }
            print("fuzzy \(tolerance): " + (reason.map { "FAIL (\($0))" } ?? "PASS"))
        }
        return reason == nil ? 0 : 1
    }

    /// A difference in 8-bit levels: an integer when it is one, else two decimals.
    static func levels(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(format: "%.2f", d) }

    private static func path(_ p: String, _ img: RGBA8Image) -> [String: Any] {
        ["path": p, "width": img.width, "height": img.height]
    }

    private static func printJSON(_ obj: [String: Any]) {
        let data = try! JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
}
