import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting

/// Parameters on the command line: `--set` and `--params` for render and test, `halo
/// params`, and every bad value refused with exit status 2 and nothing written.
final class ParameterCommandTests: XCTestCase {
    private var folder: URL!
    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-params-cli") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A scene with a parameter of each type, every one referred to; `values` written in
    /// place of the declarations' values (by name, JSON text).
    func scene(_ values: [String: String] = [:]) -> String {
        let v = { (name: String, value: String) in values[name] ?? value }
        return """
        {"format": 1,
         "params": {
           "width": {"type": "number", "value": \(v("width", "3")), "min": 0.5, "max": 12},
           "tint": {"type": "color", "value": \(v("tint", "\"#7C5CFF\""))},
           "corners": {"type": "choice", "value": \(v("corners", "\"continuous\"")), "options": ["circular", "continuous"]},
           "slanted": {"type": "boolean", "value": \(v("slanted", "false"))}
         },
         "canvas": {"width": 120, "height": 60, "scale": 2, "background": "#101018"},
         "layers": [
           {"shape": {"type": "roundedRect", "rect": [8, 8, 104, 44], "cornerRadius": 16, "cornerStyle": {"param": "corners"}},
            "stroke": {"paint": {"type": "linear", "colors": [{"param": "tint"}, "mint"], "startPoint": [0, 0], "endPoint": [1, 1]},
                       "width": {"param": "width"}}},
           {"shape": {"type": "text", "rect": [8, 18, 104, 24], "text": "Halo", "size": 16, "italic": {"param": "slanted"}},
            "fill": {"type": "solid", "color": "white"}}
         ]}
        """
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `halo render S --set k=v` gives the same bytes as rendering S with v written in as
    /// the value, for each parameter type, on both backends.
    func testSetDrawsExactlyTheSceneWithTheValueWrittenIn() throws {
        let base = try write(scene(), "s.json")
        let sets: [(String, String, String)] = [("width", "5.5", "5.5"), ("tint", "#FF2D55", "\"#FF2D55\""),
                                                ("corners", "circular", "\"circular\""), ("slanted", "true", "true")]
        for backend in ["cpu", "gpu"] {
            for (name, text, json) in sets {
                let written = try write(scene([name: json]), "\(name).json")
                let a = folder.appendingPathComponent("set-\(name)-\(backend).png").path
                let b = folder.appendingPathComponent("written-\(name)-\(backend).png").path
                let r1 = try runHalo(["render", base, "--set", "\(name)=\(text)", "-o", a, "--backend", backend])
                let r2 = try runHalo(["render", written, "-o", b, "--backend", backend])
                XCTAssertEqual([r1.status, r2.status], [0, 0], r1.stderr + r2.stderr)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)),
                               "\(backend): --set \(name)=\(text)")
                let plain = folder.appendingPathComponent("plain-\(backend).png").path
                if !FileManager.default.fileExists(atPath: plain) { _ = try runHalo(["render", base, "-o", plain, "--backend", backend]) }
                XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: plain)),
                                  "\(backend): --set \(name) changes the image")
            }
        }
        // --params FILE.json: the same values from a file.
        let values = try write(##"{"width": 5.5, "tint": "#FF2D55", "corners": "circular", "slanted": true}"##, "values.json")
        let all = try write(scene(Dictionary(uniqueKeysWithValues: sets.map { ($0.0, $0.2) })), "all.json")
        let a = folder.appendingPathComponent("params.png").path, b = folder.appendingPathComponent("all.png").path
        XCTAssertEqual(try runHalo(["render", base, "--params", values, "-o", a, "--backend", "cpu"]).status, 0)
        XCTAssertEqual(try runHalo(["render", all, "-o", b, "--backend", "cpu"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
    }

    /// A shader paint's parameters (GPU): the uniform takes the --set value.
    func testShaderPaintParametersTakeSetValues() throws {
        let example = repositoryRoot.appendingPathComponent("Shaders/examples/pulse-rings-card.json")
        let text = try String(contentsOf: example, encoding: .utf8)
        let written = text.replacingOccurrences(of: ##""value": "#5CC8FF""##, with: ##""value": "#FF2D55""##)
            .replacingOccurrences(of: #""rings": { "type": "number", "value": 3"#, with: #""rings": { "type": "number", "value": 6"#)
        XCTAssertNotEqual(written, text)
        let copy = repositoryRoot.appendingPathComponent("Shaders/examples").appendingPathComponent(".written-\(getpid()).json")
        try Data(written.utf8).write(to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        let r1 = try runHalo(["render", example.path, "--set", "tint=#FF2D55", "--set", "rings=6", "-o", a, "--backend", "gpu"])
        let r2 = try runHalo(["render", copy.path, "-o", b, "--backend", "gpu"])
        XCTAssertEqual([r1.status, r2.status], [0, 0], r1.stderr + r2.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
        // The tint reaches the stroke: the brightest stroke pixel is red-dominant.
        let img = try PNG.read(a)
        let reddest = stride(from: 0, to: img.pixels.count, by: 4).max { img.pixels[$0] < img.pixels[$1] }!
        XCTAssertGreaterThan(Int(img.pixels[reddest]), Int(img.pixels[reddest + 2]) + 60)
    }

    /// A bad --set or --params exits 2, names the parameter (or the option), writes nothing.
    func testBadValuesExit2NamingTheParameterAndWriteNothing() throws {
        let s = try write(scene(), "s.json")
        let out = folder.appendingPathComponent("out.png").path
        let cases: [([String], String)] = [
            (["--set", "width"], "--set width: expected NAME=VALUE"),
            (["--set", "=3"], "--set =3: expected NAME=VALUE, found no NAME"),
            (["--set", "widht=5"], "params.widht: expected the name of a parameter the scene declares (did you mean \"width\"?), found no such parameter (--set widht=5)"),
            (["--set", "width=abc"], "params.width: expected a number >= 0.5 and <= 12, found \"abc\" (--set width=abc)"),
            (["--set", "width=20"], "params.width: expected a number >= 0.5 and <= 12, found 20 (--set width=20)"),
            (["--set", "width=0"], "params.width: expected a number >= 0.5 and <= 12, found 0 (--set width=0)"),
            (["--set", "width=2", "--set", "width=3"], "--set width=3: params.width: expected one value a parameter, found a second (--set width=2 before it)"),
            (["--set", "tint=#12"], "params.tint: expected a colour"),
            (["--set", "corners=round"], "params.corners: expected one of \"circular\", \"continuous\", found \"round\" (--set corners=round)"),
            (["--set", "slanted=yes"], "params.slanted: expected true or false, found \"yes\" (--set slanted=yes)"),
            (["--params", try write(#"{"width": "5"}"#, "bad.json")], "params.width: expected a number >= 0.5 and <= 12, found \"5\" (from --params"),
            (["--params", try write(#"[1]"#, "list.json")], "expected a JSON object of parameter names and values"),
        ]
        for (args, message) in cases {
            let r = try runHalo(["render", s, "-o", out] + args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(args): nothing written")
        }
        // A bad declaration or reference in the scene: exit 2, its path, nothing written.
        let bad = try write(scene().replacingOccurrences(of: #""min": 0.5"#, with: #""min": 13"#), "bad-scene.json")
        let r = try runHalo(["render", bad, "-o", out])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("params.width.max: expected a number >= min (13), found 12"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // bench and preview check the same way, before any window or GL context.
        for command in ["bench", "preview"] {
            let b = try runHalo([command, s, "--set", "widht=5"])
            XCTAssertEqual(b.status, 2, command)
            XCTAssertTrue(b.stderr.contains("params.widht"), "\(command): \(b.stderr)")
        }
    }

    func testParamsListsTheParametersInFileOrder() throws {
        let s = try write(scene(), "s.json")
        let r = try runHalo(["params", s])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        XCTAssertEqual(lines.map { $0.first ?? "" }, ["NAME", "width", "tint", "corners", "slanted"])
        XCTAssertEqual(lines[1], ["width", "number", "3", "0.5...12", "-"])
        XCTAssertEqual(lines[3], ["corners", "choice", "\"continuous\"", "circular", "|", "continuous", "-"])
        let j = try runHalo(["params", s, "--json", "--set", "width=4"])
        guard case .object(let o) = try JSONReader.read(Array(j.stdout.utf8), file: "out"), case .array(let list)? = o["parameters"],
              case .object(let width) = list[0] else { return XCTFail(j.stdout) }
        XCTAssertEqual(width["value"], .number(4))
        XCTAssertEqual(width["fileValue"], .number(3))
        XCTAssertEqual(width["min"], .number(0.5))
    }

    /// A test's parameter sets: checked against NAME.set-K.png; here the checker's exact
    /// images of feature-params (default and set 1) as the references.
    func testTestChecksEachParameterSetAgainstItsOwnReference() throws {
        let scenes = conformanceScenesDirectory()
        let exact = scenes.deletingLastPathComponent().appendingPathComponent("exact/next")
        var text = try String(contentsOf: scenes.appendingPathComponent("next/feature-params.json"), encoding: .utf8)
        let close = try XCTUnwrap(text.range(of: "}", options: .backwards))
        text.replaceSubrange(close, with: ##", "test": {"fuzzy": "maxDifference=0-2;totalPixels=0-400", "params": [{"width": 5, "accent": "#FF2D55", "corners": "circular"}]}}"##)
        let dir = folder.appendingPathComponent("suite")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: dir.appendingPathComponent("fp.json"))
        try FileManager.default.copyItem(at: exact.appendingPathComponent("feature-params.png"), to: dir.appendingPathComponent("fp.png"))
        try FileManager.default.copyItem(at: exact.appendingPathComponent("feature-params.set-1.png"), to: dir.appendingPathComponent("fp.set-1.png"))
        let r = try runHalo(["test", dir.path, "--backend", "cpu", "--record", "never"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(tableRow(r.stdout, "fp")?[1], "pass", r.stdout)
        XCTAssertEqual(tableRow(r.stdout, "fp.set-1")?[1], "pass", r.stdout)
        // The sets are different images: swapped references fail.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("fp.png"))
        try FileManager.default.copyItem(at: exact.appendingPathComponent("feature-params.set-1.png"), to: dir.appendingPathComponent("fp.png"))
        XCTAssertEqual(try runHalo(["test", dir.path, "--backend", "cpu", "--record", "never"]).status, 1)
        // --set over the whole folder: a name no scene declares is refused.
        let typo = try runHalo(["test", dir.path, "--backend", "cpu", "--set", "widht=5"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("params.widht") && typo.stderr.contains("did you mean \"width\"?"), typo.stderr)
    }

    /// `halo test --shard K/N --set NAME=V`: each shard checks NAME against the whole suite,
    /// so a name declared only by another shard's scenes is taken (its scenes are drawn as
    /// they are) and a name no scene declares is refused (exit 2) by every shard.
    func testShardsCheckSetNamesAgainstTheWholeSuite() throws {
        let dir = folder.appendingPathComponent("suite")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // A scene declaring the parameters in shard 1 of 2, a plain scene in shard 2.
        let shard1 = try XCTUnwrap(SuiteShard(parsing: "1/2")), shard2 = try XCTUnwrap(SuiteShard(parsing: "2/2"))
        let names = (0..<64).map { "s\($0).json" }
        let declaring = try XCTUnwrap(names.first { shard1.contains(scene: $0) })
        let plain = try XCTUnwrap(names.first { shard2.contains(scene: $0) })
        try Data(scene().utf8).write(to: dir.appendingPathComponent(declaring))
        try Data(##"{"format": 1, "canvas": {"width": 40, "height": 30, "background": "#101018"}, "layers": []}"##.utf8)
            .write(to: dir.appendingPathComponent(plain))
        for shard in ["1/2", "2/2"] {
            let ok = try runHalo(["test", dir.path, "--backend", "cpu", "--record", "missing", "--shard", shard, "--set", "width=5"])
            XCTAssertEqual(ok.status, 0, "\(shard): \(ok.stdout) \(ok.stderr)")
            let typo = try runHalo(["test", dir.path, "--backend", "cpu", "--record", "missing", "--shard", shard, "--set", "widht=5"])
            XCTAssertEqual(typo.status, 2, "\(shard): \(typo.stderr)")
            XCTAssertTrue(typo.stderr.contains("params.widht") && typo.stderr.contains("did you mean \"width\"?"), "\(shard): \(typo.stderr)")
        }
    }
}
