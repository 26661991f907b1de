import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// The GPU's certified error bound (``ErrorBound``; `halo render --error-bound`, `halo test
/// --tolerance certified`). That the bound holds is proven on every conformance scene
/// (`ConformanceTests.testGPUImageIsWithinItsCertifiedBoundOfEveryExactImage`) and on the
/// random scenes (`RandomDifferentialTests.testGPUImageIsWithinItsCertifiedBoundOnRandomScenes`);
/// these tests check what it is for and how it is written.
final class ErrorBoundTests: XCTestCase {
    var folder: URL!
    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-error-bound") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A white rectangle on black with edges off the pixel grid (x from 3.5, y from 2.25, in
    /// pixels): its edge pixels are half and quarter covered. Every edge is straight and the
    /// paint solid, so the GPU's coverage is exact there (box coverage as a product of slab
    /// overlaps, README "Coverage") and nothing is translucent: the bound is 0 everywhere.
    static let rectangleJSON = """
        { "format": 1, "canvas": { "width": 16, "height": 12, "scale": 1, "background": "#000000" },
          "layers": [ { "shape": { "type": "rect", "rect": [3.5, 2.25, 9, 7] },
                        "fill": { "type": "solid", "color": "#FFFFFF" } } ] }
        """
    /// Column 3 of row 5: half covered (3.5...4 of 3...4), its exact value 127.5.
    static let edgePixel = (x: 3, y: 5)

    func rectangle() throws -> (frame: Frame, gpu: RGBA8Image, cpu: RGBA8Image) {
        let scene = try SceneDecoder.decode(Data(Self.rectangleJSON.utf8))
        let frame = Frame(scene)
        return (frame, try SharedGPU.renderer().render(frame), try Halo.render(scene, background: nil, backend: .cpu))
    }

    func testStraightEdgesOfAnOpaqueSolidFillHaveABoundOfZero() throws {
        let (frame, gpu, cpu) = try rectangle()
        let bound = ErrorBound(frame: frame, image: gpu)
        XCTAssertEqual(bound.levels.max(), 0)
        XCTAssertTrue(bound.budgets.allSatisfy { $0 == .none })
        // The premise: the GPU image is that close (the exact 127.5 rounds either way).
        XCTAssertLessThanOrEqual(ImageComparison(cpu, gpu)!.maxDifference, 1)
        let i = (Self.edgePixel.y * 16 + Self.edgePixel.x) * 4
        XCTAssertTrue((127...128).contains(gpu.pixels[i]), "edge pixel \(gpu.pixels[i])")
    }

    /// The point of the certified tolerance: a 3-level change on an
    /// edge pixel, which a fixed maxDifference=0-8 lets through, fails the certified check,
    /// which names the pixel and its budget.
    func testAThreeLevelChangeOnAnEdgePixelFailsCertifiedButPassesAFixedTolerance() throws {
        let (frame, gpu, cpu) = try rectangle()
        let bound = ErrorBound(frame: frame, image: gpu)
        XCTAssertTrue(try XCTUnwrap(CertifiedComparison(reference: cpu, actual: gpu, bound: bound)).passed)
        var changed = gpu
        let i = (Self.edgePixel.y * 16 + Self.edgePixel.x) * 4
        for c in 0..<3 { changed.pixels[i + c] = cpu.pixels[i + c] + 3 }
        let certified = try XCTUnwrap(CertifiedComparison(reference: cpu, actual: changed, bound: bound))
        XCTAssertFalse(certified.passed)
        XCTAssertEqual(certified.violationCount, 1)
        XCTAssertEqual(certified.violations.first, .init(x: 3, y: 5, difference: 3, bound: 0, budget: .none))
        XCTAssertEqual(certified.failureReason, "1 pixel over the certified bound: (3, 5) off by 3 against a bound of 0 + 1 (none)")
        let fixed = try FuzzyTolerance(parsing: "maxDifference=0-8;totalPixels=0-100")
        XCTAssertNil(fixed.failureReason(ImageComparison(cpu, changed)!))
    }

    /// A curved edge's pixels carry the curved-edge budget: the area between the curve and
    /// its tangent over each part of the pixel (a circle of radius 6 px: 2 x 2 parts,
    /// Shaders/lib/shape.glsl), more than 0 and less than the whole pixel.
    func testACurvedEdgesPixelsCarryTheCurvedEdgeBudget() throws {
        let scene = try SceneDecoder.decode(Data("""
            { "format": 1, "canvas": { "width": 16, "height": 16, "scale": 1, "background": "#000000" },
              "layers": [ { "shape": { "type": "ellipse", "rect": [2, 2, 12, 12] },
                            "fill": { "type": "solid", "color": "#FFFFFF" } } ] }
            """.utf8))
        let bound = ErrorBound(frame: Frame(scene))
        // The circle (centre (8, 8), radius 6) crosses pixel (2, 7) = [2, 3] x [7, 8] from
        // x = 2.08 at y = 7 to x = 2 at y = 8; pixel (7, 7) is deep inside.
        let edge = 7 * 16 + 2, inside = 7 * 16 + 7
        XCTAssertEqual(bound.budgets[edge], .curvedEdge)
        XCTAssertGreaterThan(bound.levels[edge], 0)
        XCTAssertLessThan(bound.levels[edge], 255)
        XCTAssertEqual(bound.levels[inside], 0)
    }

    /// Where a rounded corner's arc meets a straight side, a pixel just outside whose centre
    /// is nearest to the arc's end gets a sliver of coverage from the arc's half-plane (the
    /// rect 20...380 x 20...220 px, radius 40: pixel (59, 19), centre 0.5031 px from the arc,
    /// its normal 0.71 degrees off vertical, so the pixel's corner reaches 0.50613 px along
    /// it: a triangle of (0.50613 - 0.5031)^2 / (2 |nx ny|) = 3.7e-4 of the pixel, worked by
    /// hand). The bound covers it; 300 stacked fills of alpha 0.15 add it up to 4 levels,
    /// and the GPU image stays within its bound of the CPU reference.
    func testAPixelBesideACornersEndCarriesTheCurvedEdgeBudget() throws {
        func scene(_ n: Int, alpha: Double) throws -> Scene {
            let layer = #"{ "shape": { "type": "roundedRect", "rect": [10, 10, 180, 100], "cornerRadius": 20 }, "fill": { "type": "solid", "color": [1, 1, 1, \#(alpha)] } }"#
            return try SceneDecoder.decode(Data("""
                { "format": 1, "canvas": { "width": 200, "height": 120, "scale": 2, "background": "#000000" },
                  "layers": [\(Array(repeating: layer, count: n).joined(separator: ", "))] }
                """.utf8))
        }
        let one = ErrorBound(frame: Frame(try scene(1, alpha: 1)))
        XCTAssertEqual(one.budgets[19 * 400 + 59], .curvedEdge)
        XCTAssertGreaterThanOrEqual(Double(one.levels[19 * 400 + 59]), 3.7e-4 * 255)
        let stack = try scene(300, alpha: 0.15)
        let frame = Frame(stack)
        let gpu = try SharedGPU.renderer().render(frame)
        let cpu = try Halo.render(stack, background: nil, backend: .cpu)
        let c = try XCTUnwrap(CertifiedComparison(reference: cpu, actual: gpu, bound: ErrorBound(frame: frame, image: gpu)))
        XCTAssertTrue(c.passed, c.failureReason ?? "")
    }

    func testTheBoundMayNotBeWrittenOverTheImage() throws {
        let scene = try writeRectangleScene()
        let out = folder.appendingPathComponent("same.png")
        let run = try runHalo(["render", scene.path, "-o", out.path, "--backend", "gpu", "--error-bound", out.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("expected a file other than the image's (-o), found the same path"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    func testAShaderPaintIsUnbounded() throws {
        try "vec4 haloPaint(vec2 unitPoint, vec2 point, float time) { return vec4(unitPoint, 0.0, 1.0); }"
            .write(to: folder.appendingPathComponent("p.glsl"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("s.json")
        try """
            { "format": 1, "canvas": { "width": 8, "height": 8, "scale": 1, "background": "#000000" },
              "layers": [ { "shape": { "type": "rect", "rect": [2, 2, 4, 4] }, "fill": { "type": "shader", "file": "p.glsl" } } ] }
            """.write(to: file, atomically: true, encoding: .utf8)
        let (scene, _) = try Halo.load(file.path)
        let bound = ErrorBound(frame: Frame(scene))
        XCTAssertEqual(bound.levels[3 * 8 + 3], 255)
        XCTAssertEqual(bound.budgets[3 * 8 + 3], .unbounded)
        XCTAssertEqual(bound.levels[0], 0, "outside the shape nothing is painted")
    }

    /// The encoding of `--error-bound`: red the bound rounded up, green the budget's code.
    func testTheEncodedBoundDecodesToItsLevelsRoundedUpAndItsBudgets() throws {
        let scene = try SceneDecoder.decode(Data(RandomScene.json(seed: 7).utf8))
        let bound = ErrorBound(frame: Frame(scene))
        let decoded = try ErrorBound(decoding: bound.encoded)
        XCTAssertEqual(decoded.levels, bound.levels.map { min(255, $0.rounded(.up)) })
        XCTAssertEqual(decoded.budgets, bound.budgets)
        XCTAssertTrue(bound.encoded.pixels.enumerated().allSatisfy { $0.offset % 4 != 2 || $0.element == 0 })
    }

    func testABoundImageWithAnUnknownBudgetCodeIsRefused() {
        var image = RGBA8Image(width: 2, height: 1)
        image.pixels = [3, 1, 0, 255, 9, 42, 0, 255]
        XCTAssertThrowsError(try ErrorBound(decoding: image)) { error in
            XCTAssertEqual("\(error)", "pixel (1, 0): green 42 is no error budget (expected 0-7; red is the bound, green its budget)")
        }
    }

    // MARK: The command line

    /// The rectangle as `scenes/rect.json` (`halo test` takes a folder).
    func writeRectangleScene() throws -> URL {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        let scene = folder.appendingPathComponent("scenes/rect.json")
        try Self.rectangleJSON.write(to: scene, atomically: true, encoding: .utf8)
        return scene
    }

    func testRenderWritesTheBoundBesideTheImage() throws {
        let scene = try writeRectangleScene()
        let out = folder.appendingPathComponent("rect.png"), boundFile = folder.appendingPathComponent("bound.png")
        let run = try runHalo(["render", scene.path, "-o", out.path, "--backend", "gpu", "--error-bound", boundFile.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let bound = try ErrorBound(decoding: PNG.read(boundFile.path))
        XCTAssertEqual(bound.width, 16)
        XCTAssertEqual(bound.levels.max(), 0)
        XCTAssertTrue(run.stdout.contains("\(boundFile.path): bound median 0.00, 99th percentile 0.00 levels"), run.stdout)
    }

    func testTheBoundIsRefusedForTheCPUAndWritesNothing() throws {
        let scene = try writeRectangleScene()
        let out = folder.appendingPathComponent("rect.png"), boundFile = folder.appendingPathComponent("bound.png")
        let run = try runHalo(["render", scene.path, "-o", out.path, "--backend", "cpu", "--error-bound", boundFile.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--error-bound bounds the GPU's image: it needs --backend gpu, found cpu"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: boundFile.path))
        let test = try runHalo(["test", scene.deletingLastPathComponent().path, "--backend", "cpu", "--tolerance", "certified"])
        XCTAssertEqual(test.status, 2)
        XCTAssertTrue(test.stderr.contains("needs --backend gpu, found cpu"), test.stderr)
    }

    /// `halo test --tolerance certified` records the exact CPU image (never the GPU's), passes
    /// the GPU against it, fails a reference moved by 3 levels on an edge pixel that
    /// `--fuzzy maxDifference=0-8` passes, and `halo approve` puts the exact image back.
    func testCertifiedTestRecordsTheExactImageAndFailsAThreeLevelChange() throws {
        let scene = try writeRectangleScene()
        let reference = folder.appendingPathComponent("scenes/rect.png")
        let certified = ["test", scene.deletingLastPathComponent().path, "--backend", "gpu", "--tolerance", "certified",
                         "--artifacts", folder.appendingPathComponent("artifacts").path]
        let first = try runHalo(certified + ["--record", "missing"])
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let recorded = try PNG.read(reference.path)
        XCTAssertEqual(recorded.pixels, try rectangle().cpu.pixels, "the recorded reference is the CPU's exact image")
        let second = try runHalo(certified + ["--record", "never"])
        XCTAssertEqual(second.status, 0, second.stdout + second.stderr)

        var moved = recorded
        let i = (Self.edgePixel.y * 16 + Self.edgePixel.x) * 4
        for c in 0..<3 { moved.pixels[i + c] -= 3 }
        try PNG.write(moved, to: reference.path)
        let failing = try runHalo(certified + ["--record", "never"])
        XCTAssertEqual(failing.status, 1, failing.stdout + failing.stderr)
        XCTAssertTrue(failing.stdout.contains("over the certified bound: (3, 5) off by"), failing.stdout)
        // Approving the failure restores the exact image, not the GPU's.
        let approve = try runHalo(["approve", folder.appendingPathComponent("artifacts").path])
        XCTAssertEqual(approve.status, 0, approve.stderr)
        XCTAssertEqual(try PNG.read(reference.path).pixels, recorded.pixels)
        try PNG.write(moved, to: reference.path)
        // A GPU baseline beside it is not a certified reference: rect.png stays the one used.
        try PNG.write(try rectangle().gpu, to: folder.appendingPathComponent("scenes/rect.gpu.png").path)
        let withGPUBaseline = try runHalo(certified + ["--record", "never"])
        XCTAssertEqual(withGPUBaseline.status, 1, withGPUBaseline.stdout)
        XCTAssertTrue(withGPUBaseline.stdout.contains("rect.png"), withGPUBaseline.stdout)
        XCTAssertTrue(withGPUBaseline.stdout.contains("tolerance certified"), withGPUBaseline.stdout)
        // A missing reference: the failure leaves the exact image, which approve records.
        try FileManager.default.removeItem(at: reference)
        let missing = try runHalo(certified + ["--record", "never"])
        XCTAssertEqual(missing.status, 1, missing.stdout)
        XCTAssertEqual(try runHalo(["approve", folder.appendingPathComponent("artifacts").path]).status, 0)
        XCTAssertEqual(try PNG.read(reference.path).pixels, recorded.pixels)
        XCTAssertEqual(try runHalo(certified + ["--fuzzy", "maxDifference=0-8;totalPixels=0-100"]).status, 2, "--fuzzy is refused with it")
        try PNG.write(moved, to: reference.path)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("scenes/rect.gpu.png"))
        let fixed = try runHalo(["test", scene.deletingLastPathComponent().path, "--backend", "gpu", "--fuzzy", "maxDifference=0-8;totalPixels=0-100",
                                 "--record", "never", "--artifacts", folder.appendingPathComponent("artifacts").path])
        XCTAssertEqual(fixed.status, 0, fixed.stdout + fixed.stderr)
    }
}
