/// `halo export`: the file to write and the moment to freeze.
extension CommandOption {
    /// `export`: the HTML file to write (a `String`).
    static let exportCSS = CommandOption(
        "--css", value: .outputFile("OUT.html"), commands: [.export],
        help: "write one self-contained HTML file (inline CSS, no script, no network) drawing the scene in a browser, "
            + "its animations as CSS animations (written to a temporary file, then renamed: never a partial file)")

    /// `export`: the Swift file to write (a `String`).
    static let exportSwiftUI = CommandOption(
        "--swiftui", value: .outputFile("OUT.swift"), commands: [.export],
        help: "write a SwiftUI View drawing the scene, its animations driven by TimelineView(.animation)")

    /// `export`: freeze the animations at this time (seconds, a finite `Double`).
    static let exportTime = CommandOption(
        "--time", value: .number("T"), commands: [.export],
        help: "freeze every animation at T seconds (CSS: a negative animation-delay, paused; SwiftUI: a fixed time) "
            + "and keyframed values as they are at T; without it the animations run from 0 s (keyframed values "
            + "an export cannot animate are held at their values at 0 s)")
}
