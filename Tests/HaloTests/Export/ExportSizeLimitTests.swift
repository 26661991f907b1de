import Foundation
import XCTest
import Halo
import HaloExport

/// An HTML export has a size limit (``CSSExporter/defaultMaxBytes``, 64 MiB): past it the
/// export stops at the feature that passed it and is refused (exit 2, the JSON path named,
/// nothing written), instead of writing hundreds of megabytes no browser opens.
final class ExportSizeLimitTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-export-size") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// `count` layers with a path paint on a 1000 x 600 pt outline (about 120 KB of SVG each).
    private func beams(_ count: Int) throws -> Scene {
        let layer = #"{ "shape": { "type": "roundedRect", "rect": [10, 10, 1000, 600], "cornerRadius": 16 }, "#
            + #""stroke": { "width": 2, "paint": { "type": "path", "colors": ["red", "blue", "green"] } } }"#
        let json = #"{ "format": 1, "canvas": { "width": 1100, "height": 700 }, "layers": ["#
            + Array(repeating: layer, count: count).joined(separator: ", ") + "] }"
        let url = folder.appendingPathComponent("beams\(count).json")
        try Data(json.utf8).write(to: url)
        return try Halo.load(url.path).scene
    }

    private func bytes(_ f: CSSExporter.Fragment) -> Int { f.css.utf8.count + f.html.utf8.count }

    /// A limit of 1 MB on 12 layers: refused at the first layer whose markup passes it; the
    /// layers before it fit (their export, unlimited, is within the limit) and the whole
    /// scene does not.
    func testTheExportStopsAtTheLayerThatPassesTheLimit() throws {
        let limit = 1_000_000
        var exporter = CSSExporter(scene: try beams(12))
        XCTAssertGreaterThan(bytes(try exporter.fragment()), limit, "the whole scene is over the limit")
        exporter.maxBytes = limit
        XCTAssertThrowsError(try exporter.export()) { error in
            guard let e = error as? ExportSizeError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.limit, limit)
            guard let k = Int(e.path.dropFirst("layers[".count).dropLast()), e.path.hasPrefix("layers[") else { return XCTFail(e.path) }
            XCTAssertLessThanOrEqual(try! bytes(CSSExporter(scene: try! beams(k)).fragment()), limit, "layers before \(e.path) fit")
            XCTAssertGreaterThan(try! bytes(CSSExporter(scene: try! beams(k + 1)).fragment()), limit, "\(e.path) passes the limit")
        }
    }

    /// `halo export` at the default limit: a background image embedded whole (a 3600 x 3600
    /// PNG of noise, some 52 MB, 69 MB as base64) is refused, naming the background and the
    /// limit; neither output is written.
    func testTheCommandRefusesAnExportOver64MiBAndWritesNothing() throws {
        let side = 3600
        let noise = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/urandom")).readData(ofLength: side * side * 4)
        let image = folder.appendingPathComponent("noise.png")
        try PNG.write(RGBA8Image(width: side, height: side, pixels: [UInt8](noise)), to: image.path)
        let scene = folder.appendingPathComponent("noise.json")
        try Data(#"{ "format": 1, "canvas": { "width": 100, "height": 100, "background": { "image": "noise.png" } }, "layers": [] }"#.utf8)
            .write(to: scene)
        let html = folder.appendingPathComponent("noise.html").path, swift = folder.appendingPathComponent("Noise.swift").path
        let run = try runHalo(["export", scene.path, "--css", html, "--swiftui", swift])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("canvas.background: expected an HTML export of at most 67108864 bytes (64 MiB)"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: html), "no HTML")
        XCTAssertFalse(FileManager.default.fileExists(atPath: swift), "no Swift either: every file or none")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["noise.json", "noise.png"])
    }
}
