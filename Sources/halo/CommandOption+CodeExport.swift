/// `halo export`: the file to write and the moment to freeze.
extension CommandOption {
    /// `export`: the HTML file to write (a `String`).
    static let exportCSS = CommandOption(
        "--css", value: .outputFile("OUT.html"), commands: [.export],
        help: "write one self-contained HTML file (inline CSS, no script, no network) drawing the scene in a browser, "
            + "its animations as CSS animations (written to a temporary file, then renamed: never a partial file); "
            + "- writes it to standard output")

    /// `export`: the Swift file to write (a `String`).
    static let exportSwiftUI = CommandOption(
        "--swiftui", value: .outputFile("OUT.swift"), commands: [.export],
        help: "write a SwiftUI View drawing the scene, its animations driven by TimelineView(.animation); "
            + "- writes it to standard output")

    /// `export`: leave out the layers no export can draw (a flag).
    static let exportSkipUnsupported = CommandOption(
        "--skip-unsupported", commands: [.export],
        help: "export a scene with a shader shape (a layer whose shape is GLSL, which neither CSS nor SwiftUI can draw) "
            + "without that layer, each left out listed on standard error; without it such a scene is refused (exit 2)")

    /// `export`: freeze the animations at this time (seconds, a finite `Double`).
    static let exportTime = CommandOption(
        "--time", value: .number("T"), commands: [.export],
        help: "freeze every animation at T seconds (CSS: a negative animation-delay, paused; SwiftUI: a fixed time) "
            + "and keyframed values as they are at T; without it the animations run from 0 s (keyframed values "
            + "an export cannot animate are held at their values at 0 s)")
}
