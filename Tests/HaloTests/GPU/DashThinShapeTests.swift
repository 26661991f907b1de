import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
@testable import HaloCore

/// Dashes on a shape thinner than its inside stroke (docs/scene-format.md "Stroke": the band
/// then fills the shape, and where it reaches past a corner's centre it is split along the
/// corner's diagonal, each part taking the arc length of its own side).
final class DashThinShapeTests: XCTestCase {
    /// A 60 x 3 rect at (8, 8) stroked 6 inside with butt [3, 2]: at each end the corners'
    /// diagonals and the middle line meet 1.5 in from the end, and each of the three sides
    /// there gives its wedge its own arc length (top s = x - 8, right 60 + y - 8, bottom
    /// 63 + 68 - x, left 123 + 11 - y; L = 126, the pattern laid from s = 0). Each pixel at
    /// both ends holds the area of its points in a dash, by a 200 x 200 point sum of the
    /// nearest side's s (the smaller s where two are equally near).
    func testEachSideOfAThinRectsEndTakesItsOwnArcLength() throws {
        let json = """
            { "format": 1, "canvas": { "width": 76, "height": 20, "background": "black" },
              "layers": [ { "shape": { "type": "rect", "rect": [8, 8, 60, 3] },
                            "stroke": { "paint": { "type": "solid", "color": "white" }, "width": 6, "alignment": "inside",
                                        "dash": { "pattern": [3, 2] } } } ] }
            """
        func inDash(_ x: Double, _ y: Double) -> Bool {
            let sides = [(y - 8, x - 8), (68 - x, 60 + y - 8), (11 - y, 63 + 68 - x), (x - 8, 123 + 11 - y)]
            let d = sides.map(\.0).min()!
            let s = sides.filter { $0.0 == d }.map(\.1).min()!
            let q = s.truncatingRemainder(dividingBy: 5)
            return q > 0 && q < 3
        }
        func area(_ px: Int, _ py: Int) -> Double {
            var n = 0
            for i in 0..<200 { for j in 0..<200 {
                let x = Double(px) + (Double(i) + 0.5) / 200, y = Double(py) + (Double(j) + 0.5) / 200
                if x > 8 && x < 68 && y > 8 && y < 11 && inDash(x, y) { n += 1 }
            } }
            return Double(n) / 40_000
        }
        for backend in [Backend.cpu, .gpu] {
            let img = try renderJSON(json, backend)
            for y in 8..<11 { for x in [8, 9, 10, 11, 64, 65, 66, 67] {
                let got = Double(img.pixels[(y * img.width + x) * 4]) / 255
                XCTAssertEqual(got, area(x, y), accuracy: 2 / 255, "\(backend) (\(x), \(y))")
            } }
        }
    }
}
