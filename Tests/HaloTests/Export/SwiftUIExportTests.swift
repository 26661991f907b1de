import Foundation
import XCTest
import Halo
import HaloExport

/// Every example's SwiftUI export, and those of the conformance scenes that use the rest of
/// the mapping (italic, aligned and wrapped text, four radii, radial and path paints, ellipses,
/// outside strokes, layer opacity, corner cycles, reversing rotations, keyframed colours and
/// glows, parameters, a label-less control) and of Tests/Fixtures/swiftui-choices.json
/// (choices and booleans drawn per option), type-checks against the SwiftUI interface kept in
/// Tests/Fixtures/SwiftUIInterface (Apple's documented signatures): one module build and one
/// type-check of all files, with a file that uses the exports as an app would (a seed's
/// button style on a plain `Button`, a seed's border as a view modifier on a `Text`, a
/// scene's parameters set through its initialiser). A `#Preview`'s body is checked as a
/// `@ViewBuilder` function's (the macro's expansion needs Apple's compiler plugin). A warning
/// fails it too.
final class SwiftUIExportTests: XCTestCase {
    func testEveryExportTypeChecksAgainstTheSwiftUIInterface() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-swiftui-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        var scenes = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".json") }.map { repositoryRoot.appendingPathComponent("Examples/\($0)").path }
        let conf = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/scenes")
        scenes += ["feature-corner-radii", "feature-radial", "feature-layer-opacity", "feature-ellipse", "feature-outside-stroke",
                   "feature-oklab", "next/feature-text-align", "next/feature-path-rotation", "next/feature-corner-cycle-eased",
                   "next/feature-rotation-reverse", "next/feature-dash-ellipse", "next/feature-keyframes-glow", "next/feature-keyframes-colour",
                   "next/feature-params", "next/feature-text-wrap", "seed-gradient-button"].map { conf.appendingPathComponent("\($0).json").path }
        scenes.append(repositoryRoot.appendingPathComponent("Tests/Fixtures/swiftui-choices.json").path)
        for (i, path) in scenes.sorted().enumerated() {
            let scene = try Halo.load(path).scene
            // Frozen and running exports alike: half of each.
            let name = SwiftUIExporter.typeName(for: path)
            let result = try SwiftUIExporter(scene: scene, frozenAt: i % 2 == 0 ? nil : 0.75, typeName: name).export()
            XCTAssertTrue(result.text.contains("struct \(name): View") || result.text.contains("struct \(name)Style: ButtonStyle")
                          || result.text.contains("struct \(name)Modifier: ViewModifier"), name)
            XCTAssertEqual(result.text.components(separatedBy: "#Preview {").count, 2, "one preview: \(name)")
            let out = dir.appendingPathComponent("\(name).swift").path
            try Self.checkable(result.text).write(toFile: out, atomically: true, encoding: .utf8)
            files.append(out)
        }
        let use = dir.appendingPathComponent("Use.swift").path
        try """
            import SwiftUI

            struct Checkout: View {
                var body: some View {
                    Button("Buy now") { }
                        .buttonStyle(GradientBorderButtonStyle())
                }
            }

            struct Plan: View {
                var body: some View {
                    Text("Pro")
                        .padding()
                        .modifier(SeedGradientButtonModifier())
                }
            }

            struct Themed: View {
                var body: some View {
                    FeatureParams(width: 5, accent: Color(.sRGB, red: 1, green: 0.1765, blue: 0.3333), corners: .circular)
                }
            }

            """.write(toFile: use, atomically: true, encoding: .utf8)
        files.append(use)
        let interface = repositoryRoot.appendingPathComponent("Tests/Fixtures/SwiftUIInterface/SwiftUI.swift").path
        let module = try swiftc(["-emit-module", "-module-name", "SwiftUI", "-parse-as-library", interface,
                                 "-emit-module-path", dir.appendingPathComponent("SwiftUI.swiftmodule").path])
        XCTAssertEqual(module.status, 0, module.output)
        let check = try swiftc(["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", dir.path] + files)
        XCTAssertEqual(check.status, 0, String(check.output.prefix(4000)))
    }

    /// A mistake in an export is caught: a misspelt label does not type-check.
    func testTheInterfaceRefusesWhatSwiftUIDoesNotDeclare() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-swiftui-bad-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let interface = repositoryRoot.appendingPathComponent("Tests/Fixtures/SwiftUIInterface/SwiftUI.swift").path
        _ = try swiftc(["-emit-module", "-module-name", "SwiftUI", "-parse-as-library", interface,
                        "-emit-module-path", dir.appendingPathComponent("SwiftUI.swiftmodule").path])
        let bad = dir.appendingPathComponent("Bad.swift").path
        try "import SwiftUI\nlet s = StrokeStyle(lineWidht: 3)\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let check = try swiftc(["-typecheck", "-I", dir.path, bad])
        XCTAssertNotEqual(check.status, 0)
        XCTAssertTrue(check.output.contains("lineWidht"), check.output)
    }

    /// `text` with its `#Preview { ... }` as a private `@ViewBuilder` function of the same body.
    static func checkable(_ text: String) -> String {
        text.replacingOccurrences(of: "#Preview {", with: "@MainActor @ViewBuilder private func preview() -> some View {")
    }

    private func swiftc(_ args: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swiftc"] + args
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("halo-swiftc-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let h = try FileHandle(forWritingTo: log)
        p.standardOutput = h; p.standardError = h
        try p.run(); p.waitUntilExit()
        try h.close()
        return (p.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
