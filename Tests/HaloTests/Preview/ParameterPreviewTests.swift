import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
@testable import HaloPreview

/// Live parameter values in scripted `halo preview` runs (under xvfb-run, as PreviewTests):
/// a set value is drawn on the next frame without compiling a program or reading the
/// file, save rewrites only the value tokens, a reload keeps and clamps live values.
final class ParameterPreviewTests: XCTestCase {
    private var folder: URL!
    private var scenePath: String { folder.appendingPathComponent("params.json").path }
    /// The checker's feature-params scene (time 0.75 s).
    private var original = ""

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder("halo-params-preview")
        let scenes = conformanceScenesDirectory()
        original = try String(contentsOf: scenes.appendingPathComponent("next/feature-params.json"), encoding: .utf8)
        try Data(original.utf8).write(to: URL(fileURLWithPath: scenePath))
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func preview(_ args: [String], during: ((PreviewProcess) throws -> Void)? = nil) throws -> HaloRun {
        let p = try PreviewProcess(arguments: ["preview", scenePath] + args, folder: folder)
        do { try during?(p) } catch { p.stop(); throw error }
        return try p.wait()
    }

    /// `halo render` of `text` (a scene) at `time`, on the GPU.
    private func render(_ text: String, time: Double) throws -> RGBA8Image {
        let path = folder.appendingPathComponent("expected-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let out = path + ".png"
        let r = try runHalo(["render", path, "--time", "\(time)", "-o", out, "--backend", "gpu"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try PNG.read(out)
    }

    private func assertSame(_ a: RGBA8Image, _ b: RGBA8Image, _ what: String, line: UInt = #line) {
        guard let c = ImageComparison(a, b) else { return XCTFail("\(what): sizes differ", line: line) }
        XCTAssertLessThanOrEqual(c.maxDifference, 1, what, line: line)
    }

    private func number(after label: String, in text: String) -> Double? {
        guard let r = text.range(of: label) else { return nil }
        return Double(text[r.upperBound...].prefix { "0123456789.".contains($0) })
    }

    func testASetValueIsDrawnOnTheNextFrameWithoutCompilingAProgram() throws {
        // Compiles by frames (a frame that waits for one; programs made ready between frames
        // are not): the count when the values are set (the programs prepared first), and
        // after six more frames drawn with them (without a screenshot, whose offscreen
        // render compiles programs of its own).
        let counted = try preview(["--frames", "12", "--script", "5 wait-prepared; 6 set fade 0.1; 6 set accent #FF2D55"])
        XCTAssertEqual(counted.status, 0, counted.stderr)
        let before = number(after: "by frames: ", in: counted.stdout.components(separatedBy: "halo preview: set ").last ?? "")
        let after = number(after: "programs compiled, ", in: counted.stdout)
        XCTAssertNotNil(before, counted.stdout)
        XCTAssertEqual(before, after, "no frame compiled a program for the new values: \(counted.stdout)")
        // Set before the last frame: the screenshot of that frame shows the new values.
        let shot = folder.appendingPathComponent("shot.png").path
        let run = try preview(["--frames", "12", "--script", "11 set fade 0.1; 11 set accent #FF2D55", "--screenshot", shot])
        XCTAssertEqual(run.status, 0, run.stderr)
        let expected = try render(original.replacingOccurrences(of: #""value": 0.4"#, with: #""value": 0.1"#)
            .replacingOccurrences(of: ##""value": "#7C5CFF""##, with: ##""value": "#FF2D55""##), time: 0.75 + 11.0 / 60)
        assertSame(try PNG.read(shot), expected, "the frame after the set")
        XCTAssertEqual(try String(contentsOfFile: scenePath, encoding: .utf8), original, "the file untouched")
    }

    /// Random combinations of values (a fixed seed; numbers anywhere in their ranges, not on
    /// any grid; colours with alpha; every choice and boolean), the combination that
    /// compiled 3 programs when values were sampled among them: once the preview has
    /// prepared its programs, none is compiled.
    func testRandomCombinationsOfValuesCompileNothingOnceProgramsArePrepared() throws {
        let document = try SceneDocument(bytes: Array(original.utf8), file: scenePath)
        let parameters = try document.scene().parameters
        var random = SplitMix64(seed: 2026)
        var steps = ["2 wait-prepared", "3 set glow 0", "3 set width 12", "3 set period 19", "4 set width 2.2"]
        for frame in 5..<25 {
            for _ in 0...(random.next() % 3) {
                let p = parameters[Int(random.next() % UInt64(parameters.count))]
                var value = randomValue(p, &random)
                if case .number(let x) = value { value = .number((x * 1000).rounded() / 1000) }
                let text: String
                switch value { case .string(let t): text = t; default: text = value.jsonText }
                steps.append("\(frame) set \(p.name) \(text)")
            }
        }
        let run = try preview(["--frames", "27", "--script", steps.joined(separator: "; ")])
        XCTAssertEqual(run.status, 0, run.stderr)
        let prepared = try XCTUnwrap(run.stdout.components(separatedBy: "programs prepared:").last, run.stdout)
        let ready = try XCTUnwrap(number(after: "by frames: ", in: prepared), run.stdout)
        let after = number(after: "programs compiled, ", in: run.stdout)
        XCTAssertEqual(ready, after, "no frame compiled a program after preparation: \(run.stdout)")
        XCTAssertEqual(run.stdout.components(separatedBy: "halo preview: set ").count - 1, steps.count - 1, run.stdout)
        let preparedAt = try XCTUnwrap(run.stdout.range(of: "programs prepared"), run.stdout)
        let firstSet = try XCTUnwrap(run.stdout.range(of: "halo preview: set "), run.stdout)
        XCTAssertLessThan(preparedAt.lowerBound, firstSet.lowerBound)
    }

    /// A new value every frame costs about what an unchanged frame does (the scene is
    /// resolved once a change, on the CPU; nothing is compiled, no file is read).
    func testFramesWithNewValuesCostAboutWhatUnchangedFramesDo() throws {
        // Applying a value, in process: resolving the kept tree again.
        var source = try PreviewSceneSource(path: scenePath)
        let start = DispatchTime.now()
        for i in 0..<50 { try source.set("fade", .number(i % 2 == 0 ? 0.2 : 0.3)) }
        let perSet = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 / 50
        // Whole frames: runs with and without a new value every frame, interleaved, so that a
        // change in the machine's load (other builds) is not taken for the values' cost.
        // Both prepare every program before frame 1 (whose interval the median leaves out).
        let steps = "1 wait-prepared; " + (2..<40).map { "\($0) set fade \($0 % 2 == 0 ? "0.2" : "0.3")" }.joined(separator: "; ")
        var plain: [Double] = [], changing: [Double] = [], compiled: [Double?] = []
        for _ in 0..<2 {
            for (script, into) in [("1 wait-prepared", 0), (steps, 1)] {
                let run = try preview(["--frames", "40", "--script", script])
                XCTAssertEqual(run.status, 0, run.stderr)
                let median = try XCTUnwrap(number(after: "frame time median ", in: run.stdout), run.stdout)
                if into == 0 { plain.append(median) } else { changing.append(median) }
                compiled.append(number(after: "; ", in: run.stdout.components(separatedBy: "frame time median").last ?? ""))
            }
        }
        print("applying a value: \(perSet) ms; frame time medians: unchanged \(plain) ms, a new value every frame \(changing) ms")
        XCTAssertLessThan(perSet, 5, "a value costs a small part of a frame")
        XCTAssertLessThanOrEqual(changing.min()!, plain.max()! * 1.5 + 2)
        XCTAssertEqual(Set(compiled.map { $0 ?? -1 }).count, 1, "the same programs compiled: \(compiled)")
    }

    func testSaveRewritesOnlyTheValueTokensAndTheReloadKeepsTheValues() throws {
        // width from the command line, corners from the script: both are live values.
        let run = try preview(["--set", "width=5", "--frames", "5", "--script", "1 set corners circular; 2 save; 3 wait-reload"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("saved corners, width into"), run.stdout)
        XCTAssertFalse(run.stdout.contains("reset"), run.stdout)
        let expected = original.replacingOccurrences(of: #""width": { "type": "number", "value": 3,"#, with: #""width": { "type": "number", "value": 5,"#)
            .replacingOccurrences(of: #""corners": { "type": "choice", "value": "continuous""#, with: #""corners": { "type": "choice", "value": "circular""#)
        XCTAssertNotEqual(expected, original)
        XCTAssertEqual(try String(contentsOfFile: scenePath, encoding: .utf8), expected)
    }

    func testAReloadKeepsLiveValuesClampsThemAndSaysWhichItReset() throws {
        let shot = folder.appendingPathComponent("shot.png").path
        // The edit: width's max 12 -> 6 (the live 9 is clamped), corners without "circular"
        // (the live value is reset), and the glow radius's value 6 -> 10 (the file's value
        // changes under no live value).
        let edited = original.replacingOccurrences(of: #""max": 12"#, with: #""max": 6"#)
            .replacingOccurrences(of: #""options": ["circular", "continuous"]"#, with: #""options": ["continuous"]"#)
            .replacingOccurrences(of: #""glow": { "type": "number", "value": 6"#, with: #""glow": { "type": "number", "value": 10"#)
        XCTAssertEqual(edited.components(separatedBy: #""max": 6"#).count, 2)
        let run = try preview(["--frames", "4", "--script", "1 set width 9; 1 set corners circular; 1 set fade 0.2; 2 wait-reload",
                               "--screenshot", shot]) { p in
            try p.waitForOutput("set fade")
            try Data(edited.utf8).write(to: URL(fileURLWithPath: self.scenePath), options: .atomic)
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("reset to the file's (parameter gone, retyped or option removed): corners"), run.stdout)
        XCTAssertTrue(run.stdout.contains("clamped into the new range: width"), run.stdout)
        let expected = try render(edited.replacingOccurrences(of: #""width": { "type": "number", "value": 3,"#, with: #""width": { "type": "number", "value": 6,"#)
            .replacingOccurrences(of: #""value": 0.4"#, with: #""value": 0.2"#), time: 0.75 + 3.0 / 60)
        assertSame(try PNG.read(shot), expected, "the reloaded scene with the kept values")
    }
}

extension ParameterPreviewTests {
    /// A scripted `set` that the declaration refuses fails the run as bad input (exit 2, as
    /// `--set` with the same value does) after saying why, so that a typo in a scripted check
    /// cannot pass; the file is not touched.
    func testARefusedScriptedSetFailsTheRun() throws {
        for (script, message) in [("1 set widht 6", "did you mean \"width\""), ("1 set width 600", "params.width")] {
            let r = try preview(["--frames", "3", "--script", script])
            XCTAssertEqual(r.status, 2, "\(script): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(script): \(r.stderr)")
        }
        XCTAssertEqual(try String(contentsOfFile: scenePath, encoding: .utf8), original)
    }

    /// An action at or after the run's last frame would never run: refused (exit 2) before
    /// a window opens.
    func testAScriptedActionPastTheLastFrameIsRefused() throws {
        let r = try runHalo(["preview", scenePath, "--frames", "3", "--script", "10 set width 5"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("--script: an action before frame 10 never runs in a run of --frames 3"), r.stderr)
    }
}
