import Foundation
import Halo
import HaloTesting

/// `halo diff`: the tolerance, ignored pixels, the heat map, JSON output.
extension CommandOption {
    /// `diff`: rectangles to leave out (`[PixelRectangle]`, pixels).
    static let diffIgnore = CommandOption(
        "--ignore", value: .rectangles, commands: [.diff],
        help: "leave out the pixels these rectangles (pixels) touch; they are counted and reported apart")

    /// `diff`: a mask PNG (a `String`): white counts, black is ignored.
    static let diffMask = CommandOption(
        "--mask", value: .path("MASK.png"), commands: [.diff],
        help: "leave out the pixels that are black in MASK.png (white ones count); counted and reported apart")

    /// `diff`: the heat map PNG to write (a `String`).
    static let diffImage = CommandOption(
        "--diff", value: .outputFile("OUT.png"), commands: [.diff],
        help: "write a heat map of the differences over a greyed copy of A: yellow for 1 level, orange 4, red 16, "
            + "magenta 64 or more; written atomically, not written when the sizes differ")

    /// `diff`: the tolerance (a `FuzzyTolerance`, default: equal images).
    static let diffFuzzy = CommandOption(
        "--fuzzy", value: .tolerance, commands: [.diff],
        help: "the tolerance, in the web-platform-tests reftest syntax: \"maxDifference=N-M;totalPixels=N-M\" "
            + "(or \"N-M;N-M\"), inclusive ranges, a bare number meaning exactly that value. maxDifference bounds "
            + "the largest channel difference, totalPixels the number of pixels that differ at all; identical images "
            + "pass when either range starts at 0",
        default: .value("maxDifference=0;totalPixels=0"))

    /// `diff`: JSON output (a flag).
    static let diffJSON = CommandOption(
        "--json", commands: [.diff], help: "print one JSON object instead of text")
}
