import Foundation
import Halo
import HaloExport

/// `halo export SCENE.json --css OUT.html` or `--swiftui OUT.swift`: the scene as code
/// (docs/code-export.md).
enum CodeExportCommand {
    /// Help's prose before the options.
    static let description = """
    Writes the scene as code for a platform: one self-contained HTML file (--css) or a
    SwiftUI View, or a ButtonStyle for a scene that is one control (--swiftui), or both.
    The scene's parameters are the component's: custom properties and data- attributes in
    HTML, stored properties in SwiftUI. What the platform cannot draw exactly is drawn as
    closely as it can, and each such approximation is listed in a comment at the top of
    the file and on standard error. How close the HTML comes in Chromium, scene by scene,
    is measured in docs/code-export.md; the SwiftUI file's pixels are not measured.
    """

    /// Help's prose after the options.
    static let after = """
    OUT "-" writes the file to standard output (one of --css and --swiftui at most).

    EXIT STATUS: 0 written (approximations, if any, listed on standard error as
    warnings, each once); 2 bad input (the scene, a value, an output path), a shader
    shape without --skip-unsupported (its layer's JSON path named), or a scene of which
    nothing can be drawn (every part a shader paint, no background): nothing is written.
    """

    /// Exports a parsed command line's scene; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        let css: String? = args.value(.exportCSS)
        let swift: String? = args.value(.exportSwiftUI)
        guard css != nil || swift != nil else { throw UsageError("expected --css OUT.html or --swiftui OUT.swift (or both)") }
        let time: Double? = args.value(.exportTime)
        let options = try ParameterOptions(args)
        let path = args.operands[0]
        if css == "-" && swift == "-" { throw UsageError("--css - and --swiftui -: one file at most goes to standard output") }
        for (flag, out) in [("--css", css), ("--swiftui", swift)] {
            if let out, out != "-", isSamePath(out, path) {
                throw UsageError("\(flag) \(out): expected a file other than the scene's, found the same path")
            }
        }
        if let css, let swift, css != "-", isSamePath(css, swift) {
            throw UsageError("--css \(css) and --swiftui \(swift): expected two files, found the same path")
        }
        let scene = try CommandFailure.exiting(2) { try options.load(path).scene }
        let unsupported = scene.layers.indices.filter { scene.layers[$0].shape.kind == .shader }
        if let i = unsupported.first, !args.given(.exportSkipUnsupported) {
            throw CommandFailure(status: 2, error: ExportFailure("\(path): layers[\(i)].shape: expected a shape a code export can draw "
                + "(rect, roundedRect, capsule, ellipse, text), found a shader shape (GLSL, which neither CSS nor SwiftUI can draw); "
                + "give --skip-unsupported to export the scene without it"))
        }
        var outputs: [(path: String, result: ExportResult)] = []
        if let css {
            outputs.append((css, try CommandFailure.exiting(2) { try CSSExporter(scene: scene, frozenAt: time).export() }))
        }
        if let swift {
            let name = SwiftUIExporter.typeName(for: path)
            outputs.append((swift, try CommandFailure.exiting(2) { try SwiftUIExporter(scene: scene, frozenAt: time, typeName: name).export() }))
        }
        for o in outputs where !o.result.drawsAnything {
            throw CommandFailure(status: 2, error: ExportFailure("\(path): nothing can be drawn: "
                + (o.result.approximations.filter(\.omitted).map(\.description).joined(separator: "; "))))
        }
        // Each file through the interrupt clean-up (a temporary file renamed into place), and
        // registered as it is renamed: a signal before the last is written removes them all,
        // and so does a failure to write one (every file or none).
        var written: [String] = []
        for o in outputs where o.path != "-" {
            do { written.append(try AtomicFile.write(o.result.text, to: o.path, removedOnInterruption: true)) } catch {
                Interruption.critical {
                    for w in written { unlink(w); Interruption.forget(file: w) }
                }
                throw CommandFailure(status: 2, error: error)
            }
        }
        Interruption.keepFiles()
        let toStdout = outputs.contains { $0.path == "-" }
        for i in unsupported { printError("halo export: left out (--skip-unsupported): layers[\(i)]: its shape is a shader shape") }
        for o in outputs {
            let name = o.path == "-" ? "<stdout>" : o.path
            for a in o.result.approximations { printError("halo export: warning: \(name): \(a)") }
            // The file on standard output is all that goes there (no path printed beside it).
            if o.path == "-" { FileHandle.standardOutput.write(Data(o.result.text.utf8)) } else if !toStdout { print(o.path) }
        }
        return 0
    }
}

/// A message that ends `halo export`.
struct ExportFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
