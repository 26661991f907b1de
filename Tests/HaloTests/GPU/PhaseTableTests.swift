import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloReference
import HaloTesting

/// A steered glow's phase table (``PhaseTable``): its glow at M angles of the turn, read
/// by linear interpolation, within a bound derived from the modes.
final class PhaseTableTests: XCTestCase {
    private func seedModes() throws -> AngularModes {
        let url = repositoryRoot.appendingPathComponent("Examples/gradient-border-button.json")
        let scene = try SceneDecoder.load(path: url.standardizedFileURL.path)
        let layer = try XCTUnwrap(Frame(scene, time: 0.5).layers.first { $0.glow != nil })
        return AngularModes(ramp: try XCTUnwrap(layer.stroke?.paint.ramp))
    }

    func testThePhasesAboutAnAngleWrapAroundTheTurn() {
        func check(_ angle: Float, _ j0: Int, _ j1: Int, _ f: Float) {
            let b = PhaseTable.between(angle: angle, phases: 8)
            XCTAssertEqual(b.j0, j0, "angle \(angle)"); XCTAssertEqual(b.j1, j1, "angle \(angle)")
            XCTAssertEqual(b.f, f, accuracy: 1e-5, "angle \(angle)")
        }
        check(0, 0, 1, 0)
        check(22.5, 0, 1, 0.5)              // 45 degrees a phase
        check(359.9, 7, 0, 0.99778)         // the last phase interpolates to the first
        check(-45, 7, 0, 0)                 // a negative angle is taken modulo 360
        check(810, 2, 3, 0)                 // and so is one past a turn
    }

    /// A table holding half the turn reads phase j >= M / 2 from cell j - M / 2, last texel
    /// first: offset c in the cell maps to (width - 1, height - 1) - c.
    func testAHalfTurnTableReadsItsSecondHalfMirrored() {
        let shape = PhaseTable.Shape(modes: 4, phases: 8, truncation: 0, interpolation: 0)
        let t = PhaseTable(target: RenderTarget(format: 0), shape: shape, symmetric: true, columns: 3, cellWidth: 10, cellHeight: 5, frame: 0)
        XCTAssertEqual(t.cells, 4)
        XCTAssertTrue(t.read(1).origin == (10, 0) && t.read(1).sign == 1)
        XCTAssertTrue(t.read(3).origin == (0, 5) && t.read(3).sign == 1)
        XCTAssertTrue(t.read(5).origin == (19, 4) && t.read(5).sign == -1, "phase 5 is cell 1 mirrored")
        XCTAssertTrue(t.read(7).origin == (9, 9) && t.read(7).sign == -1, "phase 7 is cell 3 (0, 5) mirrored")
        let full = PhaseTable(target: RenderTarget(format: 0), shape: shape, symmetric: false, columns: 3, cellWidth: 10, cellHeight: 5, frame: 0)
        XCTAssertEqual(full.cells, 8)
        XCTAssertTrue(full.read(5).origin == (20, 5) && full.read(5).sign == 1)
    }

    /// At one point with planes E_n of the largest magnitude allowed (the peaks), g_N(phi)
    /// interpolated linearly between M phases stays within the bound, evaluated densely
    /// from the modes (AngularModes.combine, in double).
    func testLinearInterpolationBetweenPhasesStaysWithinItsBound() throws {
        let m = try seedModes(), n = 24
        let peaks = (0...n).map { exp(-Double($0 * $0) / 200) }
        // E_n = peak_n e^{i n 0.7}: every mode as large as allowed, aligned at some angle.
        let a = (0...n).map { peaks[$0] * cos(Double($0) * 0.7) }, b = (0...n).map { peaks[$0] * sin(Double($0) * 0.7) }
        for phases in [16, 48, 150] {
            let bound = PhaseTable.interpolation(m, modes: n, planePeaks: peaks, peak: 1, phases: phases)
            let delta = 2 * Double.pi / Double(phases)
            var worst = 0.0
            for j in 0..<phases {
                let g0 = m.combine(phi: Double(j) * delta, cos: a, sin: b, upTo: n)
                let g1 = m.combine(phi: Double(j + 1) * delta, cos: a, sin: b, upTo: n)
                for s in 1..<16 {
                    let f = Double(s) / 16, g = m.combine(phi: (Double(j) + f) * delta, cos: a, sin: b, upTo: n)
                    let e = g - (g0 * (1 - f) + g1 * f)
                    worst = max(worst, e.max(), (-e).max())
                }
            }
            XCTAssertLessThanOrEqual(worst, bound, "\(phases) phases")
            XCTAssertGreaterThan(worst, bound / 20, "\(phases) phases: the bound is of the error's order")
        }
    }

    /// The shape chosen keeps truncation, float term and interpolation within the budget,
    /// with the fewest phases: one phase fewer would not fit with the same N.
    func testTheTableHasTheFewestPhasesThatKeepTheBudget() throws {
        let m = try seedModes(), peaks = (0...135).map { 0.15 * exp(-Double($0) / 12) }, budget = 0.15 / 128
        let s = try XCTUnwrap(PhaseTable.shape(m, planePeaks: peaks, peak: 0.15, budget: budget, cap: 32))
        XCTAssertLessThanOrEqual(s.truncation + s.interpolation, budget)
        let dropped = m.truncation(modes: s.modes, planePeaks: peaks, peak: 0.15)
        XCTAssertEqual(s.truncation, dropped + SteeredGlows.floatError(m, modes: s.modes, peak: 0.15)
                       + PhaseTable.storage(alpha: 1, peak: 0.15, truncation: dropped), accuracy: 1e-15)
        let fewer = PhaseTable.interpolation(m, modes: s.modes, planePeaks: peaks, peak: 0.15, phases: s.phases - 1)
        XCTAssertGreaterThan(s.truncation + fewer, budget)
        let even = try XCTUnwrap(PhaseTable.shape(m, planePeaks: peaks, peak: 0.15, budget: budget, cap: 32, even: true))
        XCTAssertEqual(even.phases % 2, 0)
        XCTAssertNil(PhaseTable.shape(m, planePeaks: peaks, peak: 0.15, budget: budget / 100, cap: 32), "no N fits a tiny budget")
    }

    /// A geometry holds half the turn only when the half-turn about the region's centre maps
    /// the shape, the paint's centre and the blur rects onto themselves (however the source
    /// tiles are cut).
    func testOnlyACentredPointSymmetricGeometryHoldsHalfATurn() {
        // Region 100 x 40 texels at k = 2: centre (100, 40) px; a capsule 160 x 48.
        let tile: [Float] = [10, 5, 50, 20, 0, 0, 0, 0], turned: [Float] = [50, 20, 90, 35, 0, 0, 0, 0]
        func geometry(_ v: [Double], _ rects: [Float]) -> SteeredGlows.Geometry {
            SteeredGlows.Geometry(kind: "roundedBox", values: v, sources: [tile], variants: [], horizontal: rects, vertical: rects)
        }
        let centred = [100.0, 40, 80, 24, 24, 24, 24, 24, 21, 24, 100, 40, 2, 8, 100, 40]
        XCTAssertTrue(geometry(centred, tile + turned).isPointSymmetric)
        XCTAssertFalse(geometry(centred, tile).isPointSymmetric, "a blur rect whose image is missing")
        var v = centred
        v[0] = 100.5; v[10] = 100.5
        XCTAssertFalse(geometry(v, tile + turned).isPointSymmetric, "the shape off the region's centre")
        v = centred
        v[10] = 90
        XCTAssertFalse(geometry(v, tile + turned).isPointSymmetric, "the paint's centre off the shape's")
        v = centred
        v[4] = 10
        XCTAssertFalse(geometry(v, tile + turned).isPointSymmetric, "opposite corners of different radii")
    }
}

/// Phase tables as drawn: the third frame of a turn reads the table made for it, within the
/// certified bound of the exact image (the bound counting the interpolation), and within
/// the interpolation of the same frame summed from the modes.
final class PhaseTableRenderTests: XCTestCase {
    /// Frames 0.5, + 1/60 and + 2/60 s of `scene`: the last, its image and its steered glows.
    static func renderThird(_ scene: Scene, tables: Bool) throws -> (frame: Frame, image: RGBA8Image, steered: [Int: SteeredGlow]) {
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.steersGlows = false; gpu.options.phaseTables = true; gpu.steering.forget { $0.release() } }
        gpu.options.steersGlows = true
        gpu.options.phaseTables = tables
        gpu.options.keepsGlows = false
        gpu.options.keepsGlows = true
        gpu.steering.forget { $0.release() }
        _ = try gpu.render(Frame(scene, time: 0.5))
        _ = try gpu.render(Frame(scene, time: 0.5 + 1.0 / 60))
        let frame = Frame(scene, time: 0.5 + 2.0 / 60)
        return (frame, try gpu.render(frame), gpu.steeredGlowsLastFrame)
    }

    /// The two buttons of SteeredGlowRenderTests, the second moved by `dx` px.
    private func buttons(dx: Double) throws -> Scene {
        let json = SteeredGlowRenderTests.buttonsJSON.replacingOccurrences(of: "[232, 50,", with: "[\(232 + dx), 50,")
        return try SceneDecoder.decode(Data(json.utf8))
    }

    func testAGlowReadFromItsPhaseTableIsWithinTheCertifiedBoundOfTheExactImage() throws {
        // At a whole-pixel place the capsule is centred in its region (a half-turn table);
        // 0.3 px off it is not (a whole-turn table).
        for dx in [0.0, 0.3] {
            let scene = try buttons(dx: dx)
            let (frame, image, steered) = try Self.renderThird(scene, tables: true)
            XCTAssertEqual(Set(steered.keys), [0, 1])
            for s in steered.values {
                XCTAssertGreaterThan(s.phases, 0, "dx \(dx): read from a table")
                XCTAssertGreaterThan(s.interpolation, 0)
            }
            let exact = ReferenceRenderer().render(frame).toRGBA8()
            let bound = ErrorBound(frame: frame, image: image, steered: steered)
            let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: image, bound: bound))
            XCTAssertTrue(check.passed, "dx \(dx): \(check.failureReason ?? "")")
        }
    }

    func testACentredCapsuleHoldsHalfTheTurn() throws {
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.steersGlows = false; gpu.steering.forget { $0.release() } }
        for (dx, symmetric) in [(0.0, true), (0.3, false)] {
            gpu.options.steersGlows = true
            gpu.steering.forget { $0.release() }
            let scene = try buttons(dx: dx)
            for i in 0..<3 { _ = try gpu.render(Frame(scene, time: 0.5 + Double(i) / 60)) }
            let sets = gpu.steering.planes.values.compactMap { $0 }
            XCTAssertEqual(sets.count, symmetric ? 1 : 2, "dx \(dx)")
            XCTAssertEqual(sets.filter(\.isPointSymmetric).count, 1, "dx \(dx): the first button is centred, the second moved is not")
            for p in sets {
                let t = try XCTUnwrap(p.tables.values.compactMap { $0 }.first)
                XCTAssertEqual(t.cells, p.isPointSymmetric ? t.phases / 2 : t.phases)
            }
        }
    }

    /// The table's frame differs from the same frame summed from the modes by at most the
    /// interpolation (times the glow's opacity, in levels) plus the rounding of each.
    func testATableFrameMatchesTheModesWithinTheInterpolation() throws {
        let scene = try buttons(dx: 0)
        let table = try Self.renderThird(scene, tables: true), direct = try Self.renderThird(scene, tables: false)
        XCTAssertTrue(direct.steered.values.allSatisfy { $0.phases == 0 })
        let worstBound = try XCTUnwrap(table.steered.values.map { $0.error }.max())
        let directBound = try XCTUnwrap(direct.steered.values.map { $0.truncation }.max())
        let allowed = Int(((worstBound + directBound) * 0.8 * 255).rounded(.up)) + 2
        var worst = 0
        for (a, b) in zip(table.image.pixels, direct.image.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
        XCTAssertLessThanOrEqual(worst, allowed)
    }

    /// Glows read from one phase table are drawn by one draw, their values in uniform arrays:
    /// the same image, bit for bit, as a draw each, with one draw in place of two.
    func testGlowsOfOneTableDrawnTogetherGiveTheImageOfADrawEach() throws {
        let gpu = try SharedGPU.renderer()
        defer { gpu.options.phaseTableBatch = GLRenderer.phaseBatch }
        let scene = try buttons(dx: 0)      // both buttons read the centred capsule's one table
        gpu.options.phaseTableBatch = 1
        let single = try Self.renderThird(scene, tables: true)
        let singleDraws = try XCTUnwrap(gpu.lastFrameStats?.draws)
        gpu.options.phaseTableBatch = GLRenderer.phaseBatch
        let batched = try Self.renderThird(scene, tables: true)
        let batchedDraws = try XCTUnwrap(gpu.lastFrameStats?.draws)
        XCTAssertEqual(Set(batched.steered.keys), [0, 1])
        XCTAssertTrue(batched.steered.values.allSatisfy { $0.phases > 0 }, "both read from a table")
        XCTAssertEqual(batched.image.pixels, single.image.pixels)
        XCTAssertEqual(batchedDraws, singleDraws - 1)
    }
}
