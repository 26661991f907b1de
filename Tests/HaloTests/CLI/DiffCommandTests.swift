import Foundation
import XCTest
import Halo

/// `halo diff` on image pairs whose differences are known by construction.
final class DiffCommandTests: XCTestCase {
    var dir: URL!
    /// A: 4 x 2 opaque grey (100, 100, 100).
    var a: URL { dir.appendingPathComponent("a.png") }
    /// B: A with pixel (1, 0) red + 5 and pixel (3, 1) green + 2.
    var b: URL { dir.appendingPathComponent("b.png") }

    override func setUpWithError() throws {
        dir = try makeTemporaryFolder("halo-diff-tests")
        let grey = solidImage(width: 4, height: 2, 100, 100, 100)
        var edited = grey
        setPixel(&edited, 1, 0, (105, 100, 100, 255))
        setPixel(&edited, 3, 1, (100, 102, 100, 255))
        try PNG.write(grey, to: a.path)
        try PNG.write(edited, to: b.path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func testIdenticalImagesExitZeroWithNoDifference() throws {
        let run = try runHalo(["diff", a.path, a.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("max difference: 0 (0-255)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("PSNR: inf"), run.stdout)
        XCTAssertTrue(run.stdout.contains("pixels > 0: 0 (0.000%)"), run.stdout)
    }

    /// Two edits (5 and 2 levels) of 8 pixels: max 5; mean (5 + 2) / 32 channels = 0.21875;
    /// MSE (25 + 4) / 32, PSNR 10 log10(255^2 * 32 / 29) = 48.56 dB; 2 pixels over 0 and 1,
    /// 1 over 2 and 4, none over 8.
    func testKnownEditsGiveHandComputedMeasures() throws {
        let run = try runHalo(["diff", a.path, b.path])
        XCTAssertEqual(run.status, 1, "different images fail the default exact tolerance")
        let out = run.stdout
        XCTAssertTrue(out.contains("size: 4x2, same"), out)
        XCTAssertTrue(out.contains("max difference: 5 (0-255)"), out)
        XCTAssertTrue(out.contains("mean difference: 0.218750"), out)
        XCTAssertTrue(out.contains("PSNR: 48.56 dB"), out)
        XCTAssertTrue(out.contains("pixels > 0: 2 (25.000%)"), out)
        XCTAssertTrue(out.contains("pixels > 1: 2 (25.000%)"), out)
        XCTAssertTrue(out.contains("pixels > 2: 1 (12.500%)"), out)
        XCTAssertTrue(out.contains("pixels > 4: 1 (12.500%)"), out)
        XCTAssertTrue(out.contains("pixels > 8: 0 (0.000%)"), out)
    }

    /// Straight-alpha red 200 vs 100 at alpha 128 differ by (200 - 100) * 128 / 255 = 50.196
    /// premultiplied levels, not 100.
    func testHalfTransparentPixelsAreComparedPremultiplied() throws {
        let p = dir.appendingPathComponent("p.png"), q = dir.appendingPathComponent("q.png")
        try PNG.write(solidImage(width: 1, height: 1, 200, 0, 0, 128), to: p.path)
        try PNG.write(solidImage(width: 1, height: 1, 100, 0, 0, 128), to: q.path)
        let run = try runHalo(["diff", p.path, q.path, "--json"])
        let obj = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(obj["maxDifference"] as? Double), 100.0 * 128 / 255, accuracy: 1e-5)
    }

    func testFuzzyRangeContainingTheDifferencesExitsZero() throws {
        let run = try runHalo(["diff", a.path, b.path, "--fuzzy", "maxDifference=0-5;totalPixels=0-2"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("PASS"), run.stdout)
    }

    func testFuzzyMaxDifferenceBelowTheLargestDifferenceExitsOne() throws {
        let run = try runHalo(["diff", a.path, b.path, "--fuzzy", "maxDifference=0-4;totalPixels=0-2"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("FAIL (max difference 5 is outside maxDifference 0-4)"), run.stdout)
    }

    func testFuzzyTotalPixelsBelowTheDifferingCountExitsOne() throws {
        let run = try runHalo(["diff", a.path, b.path, "--fuzzy", "maxDifference=0-5;totalPixels=0-1"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("2 differing pixels is outside totalPixels 0-1"), run.stdout)
    }

    /// "maxDifference=5;totalPixels=2" means exactly 5 and exactly 2, in wpt's syntax.
    func testBareNumbersMeanExactlyThatValue() throws {
        XCTAssertEqual(try runHalo(["diff", a.path, b.path, "--fuzzy", "maxDifference=5;totalPixels=2"]).status, 0)
        XCTAssertEqual(try runHalo(["diff", a.path, b.path, "--fuzzy", "maxDifference=6;totalPixels=2"]).status, 1)
        XCTAssertEqual(try runHalo(["diff", a.path, b.path, "--fuzzy", "5;2"]).status, 0, "positional form")
    }

    /// 2 of 8 pixels differ: 25%.
    func testTotalPixelsAsAPercentageOfTheImage() throws {
        XCTAssertEqual(try runHalo(["diff", a.path, b.path, "--fuzzy", "maxDifference=0-5;totalPixels=0-25%"]).status, 0)
        XCTAssertEqual(try runHalo(["diff", a.path, b.path, "--fuzzy", "maxDifference=0-5;totalPixels=0-20%"]).status, 1)
    }

    /// The heat map of a comparison that leaves pixels out is the images' size, with the
    /// ignored pixels in the grey copy (it used to stop the process: the map was sized by
    /// the pixels counted, not the image's).
    func testAHeatMapWithIgnoredPixelsKeepsTheImageSize() throws {
        let heat = dir.appendingPathComponent("heat.png")
        let run = try runHalo(["diff", a.path, b.path, "--ignore", "1,0,1,1", "--diff", heat.path,
                               "--fuzzy", "maxDifference=0-255;totalPixels=0-100"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let map = try PNG.read(heat.path)
        XCTAssertEqual([map.width, map.height], [4, 2])
        XCTAssertEqual(map[1, 0].x, map[1, 0].y, "the ignored pixel (edited) is grey")
        XCTAssertNotEqual(map[3, 1].x, map[3, 1].z, "the counted edited pixel is in a heat colour")
    }

    func testDifferentSizesExitTwo() throws {
        let small = dir.appendingPathComponent("small.png")
        try PNG.write(solidImage(width: 3, height: 2, 100, 100, 100), to: small.path)
        let run = try runHalo(["diff", a.path, small.path, "--fuzzy", "maxDifference=0-255;totalPixels=0-100"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("sizes differ (4x2 and 3x2)"), run.stderr)
    }

    func testUnreadableFileExitsTwo() throws {
        let bogus = dir.appendingPathComponent("bogus.png")
        try Data("not a png".utf8).write(to: bogus)
        let run = try runHalo(["diff", a.path, bogus.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("bogus.png"), run.stderr)
        XCTAssertEqual(try runHalo(["diff", a.path, dir.appendingPathComponent("none.png").path]).status, 2)
    }

    func testBadFuzzySyntaxExitsTwo() throws {
        for bad in ["maxDifference=0-2", "maxDifference=3-1;totalPixels=0", "maxDifference=0-300;totalPixels=0", "maxDiff=1;totalPixels=0"] {
            let run = try runHalo(["diff", a.path, b.path, "--fuzzy", bad])
            XCTAssertEqual(run.status, 2, bad)
            XCTAssertTrue(run.stderr.contains("fuzzy"), run.stderr)
        }
    }

    func testJSONCarriesEveryMeasure() throws {
        let run = try runHalo(["diff", a.path, b.path, "--json", "--fuzzy", "maxDifference=0-5;totalPixels=0-2"])
        XCTAssertEqual(run.status, 0)
        let obj = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(obj["maxDifference"] as? Double, 5)
        XCTAssertEqual(try XCTUnwrap(obj["meanDifference"] as? Double), 7.0 / 32, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(obj["psnr"] as? Double), 10 * log10(255.0 * 255 * 32 / 29), accuracy: 1e-9)
        XCTAssertEqual(obj["pixelsOver"] as? [String: Int], ["0": 2, "1": 2, "2": 1, "4": 1, "8": 0])
        XCTAssertEqual(obj["pass"] as? Bool, true)
        XCTAssertEqual(obj["sameSize"] as? Bool, true)
    }

    /// The heat map keeps A's size, is opaque, shows equal pixels as grey and the
    /// changed ones in a saturated colour.
    func testDiffImageHighlightsTheChangedPixelsOverGrey() throws {
        let out = dir.appendingPathComponent("diff.png")
        XCTAssertEqual(try runHalo(["diff", a.path, b.path, "--diff", out.path]).status, 1)
        let heat = try PNG.read(out.path)
        XCTAssertEqual(heat.width, 4)
        XCTAssertEqual(heat.height, 2)
        for y in 0..<2 {
            for x in 0..<4 {
                let p = heat[x, y]
                XCTAssertEqual(p.w, 255)
                let changed = (x, y) == (1, 0) || (x, y) == (3, 1)
                let grey = p.x == p.y && p.y == p.z
                XCTAssertEqual(grey, !changed, "pixel (\(x), \(y)) = \(p)")
                if changed { XCTAssertGreaterThan(Int(p.x) - Int(p.z), 100, "a warm colour at (\(x), \(y)): \(p)") }
            }
        }
    }

    func testHelpListsEveryOptionAndTheExitStatus() throws {
        let run = try runHalo(["diff", "--help"])
        XCTAssertEqual(run.status, 0)
        for word in ["--diff", "--fuzzy", "--json", "maxDifference", "totalPixels", "EXIT STATUS"] {
            XCTAssertTrue(run.stdout.contains(word), word)
        }
    }
}
