import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Dashes at the tip of a very thin ellipse, where the radius of curvature is a fraction of
/// a pixel and both flanks, with their own arc lengths, pass through one pixel
/// (docs/scene-format.md "Outline and arc length", "Dashes").
final class DashThinTipTests: XCTestCase {
    /// case-b50's first layer: a 1.5 x 50 ellipse at (20, 6) (its major axis the line
    /// x = 20.75, its tip radius 0.0225 px), stroked 1.5 outside in white on transparent,
    /// dashed [2.5, 1.5] with phase -0.75, or not.
    static func needle(dashed: Bool) -> String {
        """
        {"format":1,"canvas":{"width":42,"height":62},"layers":[{"shape":{"type":"ellipse","rect":[20,6,1.5,50]},
         "stroke":{"paint":{"type":"solid","color":"#FFFFFF"},"width":1.5,"alignment":"outside"\(dashed ? #","dash":{"pattern":[2.5,1.5],"phase":-0.75}"# : "")}}]}
        """
    }

    /// The top tip (20.75, 6) lies 2.398 into a dash of 2.5 (its arc length, 75.148, plus the
    /// phase, mod 4): the dash began 2.4 px down the left flank and ends 0.102 px past the tip,
    /// down the right flank. In pixel (20, 6), below the tip, the half x < 20.5 lies outside
    /// the needle (under 0.21 px wide above y = 7) within 0.75 px of its left flank, each point
    /// nearest a point of that flank less than 1.1 px before the tip: all band, all dash. So
    /// the pixel's coverage is at least 1/2, and at most the undashed band's (the CPU
    /// reference's). The right flank's cut, taken across the needle as a line, left 0.30.
    func testATipPixelKeepsTheDashOfTheFlankBeforeTheTip() throws {
        let dashed = try SharedGPU.renderer().render(Frame(try SceneDecoder.decode(Data(Self.needle(dashed: true).utf8))))
        let band = try Halo.render(try SceneDecoder.decode(Data(Self.needle(dashed: false).utf8)), background: nil, backend: .cpu)
        let got = Double(dashed[20, 6].w), most = Double(band[20, 6].w)
        XCTAssertGreaterThanOrEqual(got, 127.5 - 1, "coverage \(got) levels: the left half alone is 127.5")
        XCTAssertLessThanOrEqual(got, most + 2, "coverage \(got) levels, the undashed band's \(most)")
    }
}
