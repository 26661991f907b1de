import Foundation
import Halo
import HaloTesting

/// `halo diff A.png B.png`: how two images differ, and whether within a fuzzy tolerance.
enum DiffCommand {
    static let usage = "usage: halo diff A.png B.png [--diff OUT.png] [--fuzzy \"maxDifference=0-2;totalPixels=0-100\"] [--json]"

    static let help = """
    USAGE: halo diff A.png B.png [--diff OUT.png] [--fuzzy SPEC] [--json]

    Compares two PNGs pixel by pixel, A being the reference. Channels are compared
    premultiplied (R, G, B times alpha / 255, and alpha), in 8-bit levels, exactly
    as ../shared/conformance/compare.py measures.

    PRINTS: the size check; the maximum channel difference (0-255); the mean
    absolute difference over all channels; PSNR in dB over RGBA ("inf" when
    identical); how many pixels (count and percent) differ by more than 0, 1, 2, 4
    and 8 levels; and the fuzzy verdict.

    OPTIONS:
      --diff OUT.png   write a heat map of the differences over a greyed copy of A:
                       yellow for 1 level, orange 4, red 16, magenta 64 or more
                       (written atomically; not written when the sizes differ)
      --fuzzy SPEC     the tolerance, in the web-platform-tests reftest syntax:
                       "maxDifference=N-M;totalPixels=N-M" (or "N-M;N-M"),
                       inclusive ranges, a bare number meaning exactly that
                       value. maxDifference bounds the largest channel
                       difference, totalPixels the number of pixels that differ
                       at all; identical images pass when either range starts
                       at 0. Default: "maxDifference=0;totalPixels=0" (equal).
      --json           print one JSON object instead of text
      -h, --help       this text

    EXIT STATUS: 0 within the tolerance; 1 outside it; 2 an unreadable file, sizes
    that differ, or a bad option.
    """

    static func run(_ argv: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ["--diff", "--fuzzy"], flags: ["--json", "-h", "--help"])
        } catch {
            printError("halo diff: \(error)\n\(usage)")
            return 2
        }
        if args.flags.contains("-h") || args.flags.contains("--help") { print(help); return 0 }
        guard args.positional.count == 2 else {
            printError("halo diff: expected two PNG files, found \(args.positional.count)\n\(usage)")
            return 2
        }
        let json = args.flags.contains("--json")
        let tolerance: FuzzyTolerance
        do {
            tolerance = try args.options["--fuzzy"].map { try FuzzyTolerance(parsing: $0) } ?? .exact
            if let out = args.options["--diff"] { _ = try PNG.checkOutputPath(out) }
        } catch {
            printError("halo diff: \(error)")
            return 2
        }
        let (pathA, pathB) = (args.positional[0], args.positional[1])
        let a: RGBA8Image, b: RGBA8Image
        do {
            a = try PNG.read(pathA)
            b = try PNG.read(pathB)
        } catch {
            printError("halo diff: \(error)")
            return 2
        }
        guard let c = ImageComparison(a, b) else {
            if json {
                printJSON(["a": path(pathA, a), "b": path(pathB, b), "sameSize": false, "pass": false])
            } else {
                print("size: A \(a.width)x\(a.height), B \(b.width)x\(b.height): differ")
            }
            printError("halo diff: sizes differ (\(a.width)x\(a.height) and \(b.width)x\(b.height)); nothing compared")
            return 2
        }
        if let out = args.options["--diff"] {
            do { try PNG.write(c.heatMap(over: a), to: out) } catch {
                printError("halo diff: \(error)")
                return 2
            }
        }
        let reason = tolerance.failureReason(c)
        if json {
            var over: [String: Any] = [:]
            for k in ImageComparison.thresholds { over[String(k)] = c.pixelsOver[k] ?? 0 }
            var obj: [String: Any] = [
                "a": path(pathA, a), "b": path(pathB, b), "sameSize": true,
                "maxDifference": c.maxDifference, "meanDifference": c.meanDifference,
                "psnr": c.psnr.map { $0 as Any } ?? NSNull(), "pixels": c.pixelCount, "pixelsOver": over,
                "fuzzy": tolerance.description, "pass": reason == nil,
            ]
            if let reason { obj["failure"] = reason }
            if let out = args.options["--diff"] { obj["diff"] = out }
            printJSON(obj)
        } else {
            print("size: \(a.width)x\(a.height), same")
            print("max difference: \(levels(c.maxDifference)) (0-255)")
            print(String(format: "mean difference: %.6f", c.meanDifference))
            print("PSNR: " + (c.psnr.map { String(format: "%.2f dB", $0) } ?? "inf (identical)"))
            for k in ImageComparison.thresholds {
                print(String(format: "pixels > %d: %d (%.3f%%)", k, c.pixelsOver[k] ?? 0, c.percentOver(k)))
            }
            if let out = args.options["--diff"] { print("diff image: \(out)") }
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
