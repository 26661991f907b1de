import Foundation
import XCTest
@testable import Halo
@testable import HaloPreview

/// The preview's control panel and error panel (Dear ImGui): their values, and scripted
/// runs under Xvfb (as PreviewTests) showing that the panel is in the window only, never
/// in Halo's own output, and that keys typed into it do not reach the preview's keys.
final class PreviewPanelTests: XCTestCase {
    private var folder: URL!
    private let button = repositoryRoot.appendingPathComponent("Tests/Fixtures/seed-button-frame.json")

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-panel") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    // MARK: Values

    func testAKindTakesAValueOfItsOwnKindOnly() {
        let n = ControlPanel.Kind.number(value: 1, min: 0, max: 2, step: 0.5)
        XCTAssertEqual(n.with(.number(1.5)), .number(value: 1.5, min: 0, max: 2, step: 0.5))
        XCTAssertEqual(n.with(.boolean(true)), n, "another kind's value leaves it unchanged")
        let c = ControlPanel.Kind.choice(options: ["a", "b", "c"], index: 0)
        XCTAssertEqual(c.with(.choice(7)).value, .choice(2), "an index past the options is the last")
        XCTAssertEqual(c.with(.choice(-1)).value, .choice(0))
        let red = ControlPanel.Colour(red: 1, green: 0, blue: 0, alpha: 0.5)
        XCTAssertEqual(ControlPanel.Kind.colour(.init(red: 0, green: 0, blue: 0)).with(.colour(red)).value, .colour(red))
    }

    /// The demonstration controls apply edits and resets and mark what differs from their start.
    func testDemoControlsApplyEditsAndResets() throws {
        let scene = try Halo.load(button.path).scene
        let demo = DemoControls()
        XCTAssertEqual(demo.controls(for: scene).map(\.kind.value.kindName), ["number", "number", "colour", "boolean", "choice"])
        XCTAssertEqual(demo.controls(for: scene).filter(\.differsFromFile).map(\.name), ["width"], "width starts edited")
        XCTAssertEqual(demo.controls(for: scene)[0].kind.value, .number(6))
        XCTAssertNil(demo.apply([.set(name: "width", value: .number(8)), .set(name: "glow", value: .boolean(false))], to: scene))
        let edited = demo.controls(for: scene)
        XCTAssertEqual(edited.filter(\.differsFromFile).map(\.name), ["width", "glow"])
        XCTAssertEqual(edited[0].kind.value, .number(8))
        _ = demo.apply([.reset(name: "width")], to: scene)
        XCTAssertEqual(demo.controls(for: scene).filter(\.differsFromFile).map(\.name), ["glow"])
        _ = demo.apply([.resetAll], to: scene)
        XCTAssertFalse(demo.controls(for: scene).contains { $0.differsFromFile })
    }

    func testErrorLocationsFromSceneAndShaderErrors() {
        let source = "one\n\ttwo\nthree"
        let syntax = PreviewErrorLocation(parsing: "s.json: line 2, column 4: expected a value, found \"}\"") { _ in source }
        XCTAssertEqual([syntax.file, String(syntax.line), String(syntax.column)], ["s.json", "2", "4"])
        XCTAssertEqual(syntax.message, "expected a value, found \"}\"")
        XCTAssertEqual(syntax.sourceLine, "\ttwo")
        let shader = PreviewErrorLocation(parsing: "shader compile failed:\n/x/resolve.frag:3: error: 'q' undeclared\n/x/a.glsl:9: more") { _ in source }
        XCTAssertEqual([shader.file, String(shader.line), String(shader.column)], ["/x/resolve.frag", "3", "0"])
        XCTAssertEqual(shader.message, "shader compile failed:\nerror: 'q' undeclared\n/x/a.glsl:9: more")
        XCTAssertEqual(shader.sourceLine, "three")
        let value = PreviewErrorLocation(parsing: "b.json: layers[0].stroke.width: expected a number > 0, found -3") { _ in source }
        XCTAssertEqual([value.file, String(value.line)], ["b.json", "0"])
        XCTAssertNil(value.sourceLine)
        let past = PreviewErrorLocation(parsing: "s.glsl:9: error") { _ in source }
        XCTAssertNil(past.sourceLine, "a line past the file's end")
        let none = PreviewErrorLocation(parsing: "shader file not found: x") { _ in source }
        XCTAssertEqual([none.file, none.message], ["", "shader file not found: x"])
    }

    func testPanelScriptActions() throws {
        let s = try PreviewScript(parsing: "1 demo-controls; 2 focus-panel; 3 type space; 4 key p")
        XCTAssertEqual(s.actions(at: 1), [.demoControls])
        XCTAssertEqual(s.actions(at: 2), [.focusPanel])
        XCTAssertEqual(s.actions(at: 3), [.type(.pause)])
        XCTAssertEqual(s.actions(at: 4), [.key(.panel)])
        XCTAssertThrowsError(try PreviewScript(parsing: "1 type f13"))
        XCTAssertThrowsError(try PreviewScript(parsing: "1 demo-controls now"))
    }

    // MARK: Scripted runs under Xvfb

    /// The panel is drawn into the window (the window screenshot differs where the panel
    /// is, and only there), never into --screenshot or a recording (byte-identical with
    /// and without it).
    func testThePanelIsInTheWindowButNotInHalosOutput() throws {
        func run(_ name: String, panel: Bool) throws -> (window: RGBA8Image, shot: Data, recorded: Data) {
            let scene = folder.appendingPathComponent("\(name).json")
            try FileManager.default.copyItem(at: button, to: scene)
            let shot = folder.appendingPathComponent("\(name)-shot.png").path, window = folder.appendingPathComponent("\(name)-window.png").path
            let r = try preview([scene.path, "--frames", "6", "--time", "0.5", "--screenshot", shot, "--window-screenshot", window,
                                 "--record-format", "png", "--script", (panel ? "1 demo-controls; " : "") + "2 key r"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("recorded 90 frames"), r.stdout)
            return (try PNG.read(window), try Data(contentsOf: URL(fileURLWithPath: shot)),
                    try Data(contentsOf: folder.appendingPathComponent("\(name)-loop-0045.png")))
        }
        let with = try run("with", panel: true), without = try run("without", panel: false)
        XCTAssertEqual(with.shot, without.shot, "--screenshot is Halo's render, byte-identical")
        XCTAssertEqual(with.recorded, without.recorded, "a recorded frame is byte-identical")
        // The window grew by the column; the canvas beside it is the frame the run without the panel shows.
        XCTAssertEqual([without.window.width, without.window.height], [680, 288])
        XCTAssertGreaterThan(with.window.width, 680)
        XCTAssertEqual(with.window.height, 288)
        var differing = 0
        for y in 0..<288 { for x in 0..<680 {
            let i = (y * with.window.width + x) * 4, j = (y * 680 + x) * 4
            if with.window.pixels[i..<(i + 3)] != without.window.pixels[j..<(j + 3)] { differing += 1 }
        } }
        XCTAssertEqual(differing, 0, "the canvas: the same frame")
        XCTAssertGreaterThan(panelPixels(in: with.window, from: 680), 1000, "the panel in the column right of the canvas")
    }

    /// A key typed while the panel takes the keyboard (its first slider typing a value)
    /// does not reach the preview: space does not pause. Without focus in the panel it does.
    func testKeysTypedIntoThePanelDoNotReachThePreview() throws {
        let focused = try preview([button.path, "--frames", "8", "--script", "1 demo-controls; 2 focus-panel; 6 type space"])
        XCTAssertEqual(focused.status, 0, focused.stderr)
        XCTAssertTrue(focused.stdout.contains("halo preview: title: "), focused.stdout)
        XCTAssertFalse(focused.stdout.contains("paused"), "space went to the panel:\n\(focused.stdout)")
        let unfocused = try preview([button.path, "--frames", "8", "--script", "1 demo-controls; 6 type space"])
        XCTAssertEqual(unfocused.status, 0, unfocused.stderr)
        XCTAssertTrue(unfocused.stdout.contains("· paused"), "space paused:\n\(unfocused.stdout)")
    }

    private func preview(_ args: [String]) throws -> HaloRun {
        try PreviewProcess(arguments: ["preview"] + args, folder: folder).wait()
    }
}

private extension ControlPanel.Value {
    var kindName: String {
        switch self {
        case .number: return "number"
        case .colour: return "colour"
        case .boolean: return "boolean"
        case .choice: return "choice"
        }
    }
}

extension PreviewPanelTests {
    /// A scene that declares parameters opens with their panel shown (the window differs
    /// from the same run with P pressed at once by the column beside the canvas), and the
    /// panel is still never in Halo's own output.
    func testAScenesParametersShowAsThePanelFromTheStart() throws {
        let scene = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes/next/feature-params.json")
        func run(_ name: String, script: String?) throws -> (window: RGBA8Image, shot: Data) {
            let shot = folder.appendingPathComponent("\(name)-shot.png").path, window = folder.appendingPathComponent("\(name)-window.png").path
            var args = [scene.path, "--frames", "4", "--screenshot", shot, "--window-screenshot", window]
            if let script { args += ["--script", script] }
            let r = try preview(args)
            XCTAssertEqual(r.status, 0, r.stderr)
            return (try PNG.read(window), try Data(contentsOf: URL(fileURLWithPath: shot)))
        }
        let shown = try run("shown", script: nil), hidden = try run("hidden", script: "1 key p")
        XCTAssertEqual(shown.shot, hidden.shot, "--screenshot is Halo's render, byte-identical")
        XCTAssertEqual([hidden.window.width, hidden.window.height], [320, 200], "P hid the column: the canvas alone")
        XCTAssertGreaterThan(shown.window.width, 320)
        XCTAssertGreaterThan(panelPixels(in: shown.window, from: 320), 1000, "the panel in the column right of the canvas")
    }
}
