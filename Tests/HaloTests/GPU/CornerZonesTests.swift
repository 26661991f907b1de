import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloTesting

/// A box's edge tiles that one rounded corner or none reaches (``CornerZones``) are drawn by
/// programs with that corner's code alone or none (HALO_CORNERS), with the same pixels.
final class CornerZonesTests: XCTestCase {
    /// A 40 x 32 rect at (100, 100) with corners of radius 8 (`style`), and a stroke of `width`
    /// inside its edge.
    private func layer(style: String = "circular", width: Double = 2, radius: Double = 8) throws -> ResolvedLayer {
        let scene = try SceneDecoder.decode(Data("""
            { "format": 1, "canvas": { "width": 300, "height": 300, "scale": 1 },
              "layers": [ { "shape": { "type": "roundedRect", "rect": [100, 100, 40, 32], "cornerRadius": \(radius), "cornerStyle": "\(style)" },
                "fill": { "type": "solid", "color": "white" },
                "stroke": { "paint": { "type": "solid", "color": "red" }, "width": \(width), "alignment": "inside" } } ] }
            """.utf8))
        return Frame(scene).layers[0]
    }

    private func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Box { Box(x0: x0, y0: y0, x1: x1, y1: y1) }

    func testTheMiddleOfASideIsReachedByNoCorner() throws {
        let zones = try XCTUnwrap(CornerZones(try layer()))
        XCTAssertEqual(zones.reach(box(116, 98, 124, 102)), .none, "the top side's middle")
        // A circular corner's arc starts R from the box's corner along each side: x = 108 on
        // the top side, reached within the 1 px margin from a tile ending at 107.5.
        XCTAssertEqual(zones.reach(box(104, 98, 107.5, 102)), .one(0))
        XCTAssertEqual(zones.reach(box(109.5, 98, 112, 102)), .none)
    }

    func testEachCornerIsNamedInTheOutlinesOrder() throws {
        let zones = try XCTUnwrap(CornerZones(try layer()))
        XCTAssertEqual(zones.reach(box(99, 99, 103, 103)), .one(0), "top left")
        XCTAssertEqual(zones.reach(box(137, 99, 141, 103)), .one(1), "top right")
        XCTAssertEqual(zones.reach(box(137, 129, 141, 133)), .one(2), "bottom right")
        XCTAssertEqual(zones.reach(box(99, 129, 103, 133)), .one(3), "bottom left")
        XCTAssertEqual(zones.reach(box(99, 99, 141, 103)), .several, "a tile across the top")
    }

    /// A continuous corner's curve starts 1.52866483 R from the box's corner, and an inner
    /// offset's that much from the offset box's corner.
    func testAContinuousCornerReachesFurtherAlongItsSides() throws {
        let zones = try XCTUnwrap(CornerZones(try layer(style: "continuous")))
        // The stroke's inner edge, 2 px in: 100 + 2 + 1.52866 x 8 = 114.2 along the top side.
        XCTAssertEqual(zones.reach(box(110, 98, 113, 102)), .one(0))
        XCTAssertEqual(zones.reach(box(116, 98, 120, 102)), .none)
    }

    func testSharpCornersReachNothing() throws {
        let zones = try XCTUnwrap(CornerZones(try layer(radius: 0)))
        XCTAssertEqual(zones.reach(box(99, 99, 103, 103)), .none)
    }

    /// The rounded-rect grid's frame drawn with its corner classes and with every corner's
    /// program: the same bytes (a corner out of reach changes neither the distance nor the
    /// coverage, lib/shape.glsl), and edge tiles of each class were drawn.
    func testCornerProgramsDrawTheSamePixelsAsEveryCornersProgram() throws {
        let scene = PaintKinksTests.rects
        let frame = Frame(scene, time: 0)
        let plan = FramePlan(frame, isWindow: false, lutWidth: 8192, maxTextureSize: 16384)
        let corners = Set(plan.targetBatches.filter { $0.variant.edge != .inside }.map(\.variant.corners))
        XCTAssertTrue(corners.isSuperset(of: [0, 2]), "straight and one-corner edge tiles drawn direct: \(corners)")
        let renders = renderConcurrently([false, true], threads: 2) { full, renderer -> RGBA8Image in
            renderer.options.sharesAveragedPrograms = false
            renderer.options.cornerPrograms = !full
            return try renderer.render(frame)
        }
        XCTAssertEqual(try renders[0].get().pixels, try renders[1].get().pixels)
    }
}
