import Foundation
import XCTest
import Halo

/// The canvas's place in the preview's window as a scripted run last said it
/// ("halo preview: layout: canvas WxH at (X, Y) scale S, column C px, banner B px").
struct SaidLayout {
    var x: Int, y: Int, width: Int, height: Int, scale: Double, column: Int, banner: Int

    init(lastIn stdout: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let said = try XCTUnwrap(stdout.split(separator: "\n").last { $0.hasPrefix("halo preview: layout: ") },
                                 "no layout line in:\n\(stdout)", file: file, line: line)
        let n = said.split(whereSeparator: { " x(),".contains($0) }).compactMap { Double($0) }
        guard n.count == 7 else { throw NSError(domain: "SaidLayout", code: 1, userInfo: [NSLocalizedDescriptionKey: String(said)]) }
        (width, height, x, y, scale, column, banner) = (Int(n[0]), Int(n[1]), Int(n[2]), Int(n[3]), n[4], Int(n[5]), Int(n[6]))
    }

    /// The canvas's pixels cut out of a window screenshot.
    func canvas(of window: RGBA8Image) -> RGBA8Image {
        var out = RGBA8Image(width: width, height: height)
        for row in 0..<height {
            let from = ((y + row) * window.width + x) * 4
            out.pixels.replaceSubrange(row * width * 4..<(row + 1) * width * 4, with: window.pixels[from..<(from + width * 4)])
        }
        return out
    }
}

/// `halo render --backend gpu` of `scene` at `time` with its canvas scale set to `scale`
/// (a copy of the file written in `folder`, beside which relative paths still resolve only
/// when the scene has none).
func renderScaled(_ scene: URL, scale: Double, time: Double, in folder: URL,
                  file: StaticString = #filePath, line: UInt = #line) throws -> RGBA8Image {
    var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: scene)) as? [String: Any], file: file, line: line)
    var canvas = try XCTUnwrap(json["canvas"] as? [String: Any], file: file, line: line)
    canvas["scale"] = scale
    json["canvas"] = canvas
    let copy = folder.appendingPathComponent("scaled-\(UUID().uuidString).json"), out = folder.appendingPathComponent("scaled-\(UUID().uuidString).png")
    try JSONSerialization.data(withJSONObject: json).write(to: copy)
    let r = try runHalo(["render", copy.path, "--backend", "gpu", "--time", String(time), "-o", out.path], file: file, line: line)
    XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
    return try PNG.read(out.path)
}

/// How many pixels of `window` from column `x0` rightwards are the panel's widgets: Dear
/// ImGui's dark style draws its headers, sliders and frames blue (its blue channel above
/// 60), which neither the letterbox grey nor the column's near-black background is.
func panelPixels(in window: RGBA8Image, from x0: Int) -> Int {
    var n = 0
    for y in 0..<window.height { for x in max(x0, 0)..<window.width where window.pixels[(y * window.width + x) * 4 + 2] > 60 { n += 1 } }
    return n
}
