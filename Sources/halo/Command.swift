import Foundation
import Halo

/// A halo command (`halo render ...`): its name, operands and hand-written help prose, and
/// the one place where a command line is parsed against ``CommandOption/all``, `--help`
/// is printed and usage errors are reported (exit status 2, with the usage line).
enum Command: String, CaseIterable, Sendable {
    /// `halo render`: draws a scene to a PNG.
    case render
    /// `halo preview`: a live window.
    case preview
    /// `halo random-scene`: prints seeded random scenes.
    case randomScene = "random-scene"
    /// `halo bench`: times frames.
    case bench
    /// `halo diff`: compares two PNGs.
    case diff
    /// `halo test`: checks scenes against reference images.
    case test
    /// `halo approve`: makes the last run's failing images the references.
    case approve
    /// `halo params`: lists a scene's parameters.
    case params
    /// `halo export`: writes a scene as HTML/CSS or SwiftUI code.
    case export

    /// What the command does, for `halo --help`'s list of commands.
    var summary: String {
        switch self {
        case .render: return "draw a scene to a PNG, or its motion to MP4, WebM, GIF, APNG or PNGs"
        case .preview: return "live window with reload"
        case .randomScene: return "print a seeded random scene"
        case .bench: return "time frames, GPU or CPU"
        case .diff: return "compare two PNGs"
        case .test: return "check scenes against reference images"
        case .approve: return "make the last test run's failing images the references"
        case .params: return "list a scene's parameters"
        case .export: return "write a scene as HTML/CSS or SwiftUI code"
        }
    }

    /// The operands as usage shows them, how many the command takes, and how its errors
    /// name that many ("one scene file").
    private var operands: (usage: String, count: Int, noun: String) {
        switch self {
        case .render, .preview, .bench, .params, .export: return ("SCENE.json", 1, "one scene file")
        case .randomScene: return ("", 0, "no operands")
        case .diff: return ("A.png B.png", 2, "two PNG files")
        case .test: return ("DIR", 1, "one folder of scenes")
        case .approve: return ("ARTIFACTS", 1, "one artifacts folder")
        }
    }

    /// The hand-written parts of the command's help: what comes before the options, and after.
    private var prose: (description: String, after: String) {
        switch self {
        case .render: return (RenderCommand.description, RenderCommand.after)
        case .preview: return (PreviewCommand.description, PreviewCommand.after)
        case .randomScene: return (RandomSceneCommand.description, RandomSceneCommand.after)
        case .bench: return (BenchCommand.description, BenchCommand.after)
        case .diff: return (DiffCommand.description, DiffCommand.after)
        case .test: return (TestCommand.description, TestCommand.after)
        case .approve: return (ApproveCommand.description, ApproveCommand.after)
        case .params: return (ParamsCommand.description, ParamsCommand.after)
        case .export: return (CodeExportCommand.description, CodeExportCommand.after)
        }
    }

    /// Runs the command on `argv` (the arguments after its name); the exit status.
    /// A ``CommandFailure`` is printed and ends with its status; any other error, from parsing
    /// or from the command itself, is a usage error, printed with the usage line: 2.
    func run(_ argv: [String]) -> Int32 {
        do {
            let args = try Arguments(argv, for: self)
            if args.helpRequested { print(help); return 0 }
            switch self {
            case .render: return try RenderCommand.run(args)
            case .preview: return try PreviewCommand.run(args)
            case .randomScene: return try RandomSceneCommand.run(args)
            case .bench: return try BenchCommand.run(args)
            case .diff: return try DiffCommand.run(args)
            case .test: return try TestCommand.run(args)
            case .approve: return try ApproveCommand.run(args)
            case .params: return try ParamsCommand.run(args)
            case .export: return try CodeExportCommand.run(args)
            }
        } catch let failure as CommandFailure {
            printError("halo \(rawValue): \(failure.error)")
            return failure.status
        } catch {
            printError("halo \(rawValue): \(error)\nusage: \(usage)")
            return 2
        }
    }

    /// Refuses a wrong number of operands: "expected one scene file, found 2", or for a
    /// command that takes none, "unexpected argument X". `optionKeys` are the keys of the
    /// options given: `halo test --merge` takes one or more reports instead of a folder.
    func checkOperandCount(_ given: [String], optionKeys: Set<String>) throws {
        if self == .test && optionKeys.contains(CommandOption.merge.key) {
            if given.isEmpty { throw UsageError("--merge: expected one or more JUnit reports, found none") }
            return
        }
        let want = operands
        guard given.count != want.count else { return }
        if want.count == 0 { throw UsageError("unexpected argument \(given[0])") }
        throw UsageError("expected \(want.noun), found \(given.count)")
    }

    /// The usage line's pieces, where help may wrap it: `halo`, the command, its operands,
    /// then each option (in brackets unless required; an option that needs another inside
    /// that one's brackets, each a piece of its own).
    private var usageItems: [String] {
        let options = CommandOption.taken(by: self).filter { $0.key != CommandOption.help.key }
        var items = ["halo", rawValue] + operands.usage.split(separator: " ").map(String.init)
        for o in options where o.requires == nil {
            let inner = options.filter { $0.requires == o.key }.map { "[\($0.synopsis)]" }
            if inner.isEmpty {
                items.append(o.required ? o.synopsis : "[\(o.synopsis)]")
            } else {
                items += ["[\(o.synopsis)"] + inner.dropLast() + [inner.last! + "]"]
            }
        }
        return items
    }

    /// The usage line, on one line: "halo render SCENE.json -o OUT.png [--time T] ...".
    var usage: String { usageItems.joined(separator: " ") }

    /// The `--help` text: the usage (wrapped), the description, the options from the table
    /// under their headings, then the rest of the prose.
    var help: String {
        let items = usageItems
        let lead = "USAGE: " + items[0] + " " + items[1]
        let usageText = Self.wrap(Array(items.dropFirst(2)), first: lead, indent: lead.count + 1)
        let options = CommandOption.taken(by: self)
        var headings: [String] = []
        for o in options where !headings.contains(o.heading ?? "OPTIONS") { headings.append(o.heading ?? "OPTIONS") }
        let sections = headings.map { heading in
            "\(heading):\n" + optionLines(options.filter { ($0.heading ?? "OPTIONS") == heading })
        }
        return ([usageText, prose.description] + sections + [prose.after]).joined(separator: "\n\n")
    }

    /// Help's widest option label that shares a line with its text; a longer one has a line of its own.
    private static let maxInlineLabel = 22
    /// Help's width in columns.
    private static let width = 80

    /// The lines of `options` in help: two spaces, the label, then the text in a column.
    private func optionLines(_ options: [CommandOption]) -> String {
        let labels = CommandOption.taken(by: self).map(\.label.count).filter { $0 <= Self.maxInlineLabel }
        let column = 2 + (labels.max() ?? 0) + 2
        return options.map { o in
            let pad = String(repeating: " ", count: column)
            let text = o.helpText(in: self).split(separator: "\n").map {
                Self.wrap($0.split(separator: " ").map(String.init), first: pad, indent: column)
            }.joined(separator: "\n")
            let label = "  " + o.label
            if label.count + 2 > column { return label + "\n" + text }
            return label + String(text.dropFirst(label.count))
        }.joined(separator: "\n")
    }

    /// `words` after `first`, separated by spaces and wrapped at ``width`` columns, each
    /// further line indented by `indent` spaces.
    static func wrap(_ words: [String], first: String, indent: Int) -> String {
        var lines: [String] = [], line = first
        var lineHasWord = false
        for w in words {
            if lineHasWord && line.count + 1 + w.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + w
            } else {
                line += (line.isEmpty || line.hasSuffix(" ") ? "" : " ") + w
            }
            lineHasWord = true
        }
        return (lines + [line]).joined(separator: "\n")
    }
}
