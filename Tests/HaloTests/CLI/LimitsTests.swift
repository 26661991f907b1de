import Foundation
import XCTest
import Halo

/// Every limit halo enforces is refused just past it and listed, with its value, in
/// `halo render --help` under LIMITS.
final class LimitsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-limits") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func scene(canvas: String = #""width": 20, "height": 20"#, layers: [String]) -> String {
        #"{ "format": 1, "canvas": { \#(canvas) }, "layers": [\#(layers.joined(separator: ", "))] }"#
    }
    private let rectShape = #"{ "type": "rect", "rect": [0, 0, 10, 10] }"#
    private let solid = #"{ "type": "solid", "color": "red" }"#
    private func layer(shape: String? = nil, fill: String? = nil, extra: String = "") -> String {
        #"{ "shape": \#(shape ?? rectShape), "fill": \#(fill ?? solid)\#(extra) }"#
    }

    /// The LIMITS section of `halo render --help`: from "LIMITS:" to the blank line after it.
    private func helpLimits() throws -> String {
        let run = try runHalo(["render", "--help"])
        XCTAssertEqual(run.status, 0, run.stderr)
        guard let start = run.stdout.range(of: "LIMITS:") else { XCTFail("no LIMITS in help:\n\(run.stdout)"); return "" }
        let rest = run.stdout[start.lowerBound...]
        return String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
    }

    /// The help's entry for `label`: its line and the indented lines after it, joined.
    private func entry(_ label: String, in limits: String) -> String? {
        let lines = limits.split(separator: "\n", omittingEmptySubsequences: false)
        guard let i = lines.firstIndex(where: { $0.hasPrefix("  \(label) ") }) else { return nil }
        var text = String(lines[i])
        for l in lines[(i + 1)...] {
            guard l.hasPrefix("      ") else { break }
            text += " " + l.trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    /// Each scene limit (one per member of `Limits`, and the shader paint's size): a scene
    /// one past it is refused at its JSON path, naming the limit, and the help lists it.
    func testEveryDecoderLimitIsRefusedAndListedInHelp() throws {
        let limits = try helpLimits()
        let glsl = folder.appendingPathComponent("big.glsl")
        try Data(("vec4 haloPaint(vec2 u, vec2 p, float t) { return vec4(1.0); }\n" + String(repeating: "//", count: ShaderPaintSource.maxBytes / 2)).utf8).write(to: glsl)
        let wide = folder.appendingPathComponent("wide.png")
        try PNG.write(RGBA8Image(width: Limits.maxImageSide + 1, height: 1, pixels: [UInt8](repeating: 255, count: 4 * (Limits.maxImageSide + 1))), to: wide.path)
        let text = #"{ "type": "text", "rect": [0, 0, 20, 20], "text": "Hi", "size": \#(Limits.maxTextSize + 0.5) }"#
        let long = #"{ "type": "text", "rect": [0, 0, 20, 20], "text": "\#(String(repeating: "a", count: Limits.maxTextLength + 1))" }"#
        let dash = "[" + Array(repeating: "1", count: Limits.maxDashEntries + 1).joined(separator: ", ") + "]"
        let colors = "[" + Array(repeating: "\"red\"", count: Limits.maxStops + 1).joined(separator: ", ") + "]"
        let nested = String(repeating: "[", count: Limits.maxNesting + 1) + String(repeating: "]", count: Limits.maxNesting + 1)
        // (Limits member or file, help label, value as the help writes it, scene past it, its refusal's JSON path)
        let cases: [(member: String, label: String, value: String, scene: String, path: String)] = [
            ("maxCanvasSide", "canvas", "\(Limits.maxCanvasSide) px a side",
             scene(canvas: #""width": \#(Limits.maxCanvasSide + 1), "height": 1"#, layers: []), "canvas.width"),
            ("maxLayers", "layers", "at most \(Limits.maxLayers)", scene(layers: Array(repeating: layer(), count: Limits.maxLayers + 1)), "layers"),
            ("maxStops", "stops", "at most \(Limits.maxStops)",
             scene(layers: [layer(fill: #"{ "type": "angular", "colors": \#(colors) }"#)]), "layers[0].fill.colors"),
            ("maxDashEntries", "dash pattern", "at most \(Limits.maxDashEntries) lengths",
             scene(layers: [#"{ "shape": \#(rectShape), "stroke": { "paint": \#(solid), "width": 1, "dash": { "pattern": \#(dash) } } }"#]),
             "layers[0].stroke.dash.pattern"),
            ("maxGlowRadius", "glow radius", "at most \(Int(Limits.maxGlowRadius)) pt",
             scene(layers: [layer(extra: #", "glow": { "radius": \#(Limits.maxGlowRadius + 0.5) }"#)]), "layers[0].glow.radius"),
            ("maxGlowRadius", "material blur", "at most \(Int(Limits.maxGlowRadius)) pt",
             scene(layers: [layer(fill: #"{ "type": "material", "blur": \#(Limits.maxGlowRadius + 0.5) }"#)]), "layers[0].fill.blur"),
            ("maxTextLength", "text", "at most \(Limits.maxTextLength) characters", scene(layers: [layer(shape: long)]), "layers[0].shape.text"),
            ("maxTextSize", "text", "at most \(Int(Limits.maxTextSize)) pt", scene(layers: [layer(shape: text)]), "layers[0].shape.size"),
            ("maxImageSide", "images", "at most \(Limits.maxImageSide) px a side",
             scene(canvas: #""width": 20, "height": 20, "background": { "image": "wide.png" }"#, layers: []), "canvas.background.image"),
            ("maxFileBytes", "scene files", "at most \(Limits.maxFileBytes / (1024 * 1024)) MiB",
             scene(layers: []) + String(repeating: " ", count: Limits.maxFileBytes), ""),
            ("maxNesting", "scene files", "nested at most \(Limits.maxNesting) deep",
             scene(layers: [layer(fill: #"{ "type": "solid", "color": "red", "x": \#(nested) }"#)]), "line 1, column "),
            ("ShaderPaintSource.maxBytes", "shader paints", "at most \(ShaderPaintSource.maxBytes / (1024 * 1024)) MiB",
             scene(layers: [layer(fill: #"{ "type": "shader", "file": "big.glsl" }"#)]), "layers[0].fill.file"),
        ]
        for c in cases {
            let file = folder.appendingPathComponent("t.json")
            try Data(c.scene.utf8).write(to: file)
            do {
                _ = try Halo.load(file.path)
                XCTFail("\(c.member): a scene past the limit was accepted")
            } catch let e as SceneError {
                // Nesting is refused while parsing, at a line and column.
                XCTAssertTrue(e.path == c.path || (c.path.hasSuffix("column ") && e.path.hasPrefix(c.path)), "\(c.member): \(e)")
            }
            guard let listed = entry(c.label, in: limits) else { XCTFail("\(c.member): no \"\(c.label)\" entry in LIMITS:\n\(limits)"); continue }
            XCTAssertTrue(listed.contains(c.value), "\(c.member): \"\(c.value)\" not in the help's entry: \(listed)")
            XCTAssertTrue(listed.contains("("), "\(c.member): the entry gives no reason: \(listed)")
        }
        // The area limit is the side limit squared: a canvas of the largest sides is at it, accepted.
        XCTAssertEqual(Limits.maxCanvasPixels, Limits.maxCanvasSide * Limits.maxCanvasSide)
        XCTAssertNoThrow(try SceneDecoder.decode(Data(scene(canvas: #""width": \#(Limits.maxCanvasSide), "height": \#(Limits.maxCanvasSide)"#, layers: []).utf8), file: "t.json"))
        XCTAssertTrue(entry("canvas", in: limits)?.contains("\(Limits.maxCanvasPixels) px in all") == true, limits)
        // Every member of Limits is covered above (read from its source, so a new limit fails here until listed).
        let source = try String(contentsOf: repositoryRoot.appendingPathComponent("Sources/HaloCore/Scene/SceneError.swift"), encoding: .utf8)
        let body = source[source.range(of: "public enum Limits {")!.upperBound...]
        let members = body.matches(of: #/public static let (\w+)/#).map { String($0.output.1) }
        XCTAssertFalse(members.isEmpty)
        for m in members { XCTAssertTrue(cases.contains { $0.member == m } || m == "maxCanvasPixels", "Limits.\(m) has no case here") }
    }

    /// The command line's limits: frames an export, frames a second, a loop's length.
    func testExportLimitsAreRefusedAndListedInHelp() throws {
        let limits = try helpLimits()
        guard let motion = entry("motion", in: limits) else { return XCTFail("no motion entry in LIMITS:\n\(limits)") }
        let file = folder.appendingPathComponent("m.json")
        let spin = { (p: Int) in #"{ "type": "angular", "colors": ["red", "blue"], "rotation": { "period": \#(p) } }"# }
        try Data(scene(layers: [layer(fill: spin(7)), layer(fill: spin(11))]).utf8).write(to: file)
        let out = folder.appendingPathComponent("m.gif").path
        let frames = try runHalo(["render", file.path, "--from", "0", "--to", "1001", "--fps", "100", "-o", out])
        XCTAssertEqual(frames.status, 2, frames.stderr)
        XCTAssertTrue(frames.stderr.contains("at most 100000"), frames.stderr)
        XCTAssertTrue(motion.contains("at most 100000 frames"), motion)
        let fps = try runHalo(["render", file.path, "--from", "0", "--to", "1", "--fps", "1000.5", "-o", out])
        XCTAssertEqual(fps.status, 2, fps.stderr)
        XCTAssertTrue(fps.stderr.contains("(0, 1000]"), fps.stderr)
        XCTAssertTrue(motion.contains("--fps at most 1000"), motion)
        let loop = try runHalo(["render", file.path, "--loop", "-o", out])     // 7 s and 11 s: 77 s
        XCTAssertEqual(loop.status, 2, loop.stderr)
        XCTAssertTrue(loop.stderr.contains("at most 60 s"), loop.stderr)
        XCTAssertTrue(motion.contains("at most 60 s"), motion)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
