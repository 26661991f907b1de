import Foundation
import Halo
import HaloTesting

/// One row of halo's table of command-line options: an option declared once, with its
/// names, the value it takes, its default, its help text and the commands that take it.
///
/// The table (``all``) is the only place options are declared: ``Arguments`` parses a
/// command line against the rows its command takes, and ``Command`` builds each command's
/// usage line, the options part of its `--help` and its usage errors from the same rows.
/// One name may have a row for each of several meanings (`--frames` counts measured frames
/// in `bench` and a scripted run's frames in `preview`), but no command takes two rows of
/// one name.
struct CommandOption: Sendable {
    /// The value used when an option is not given.
    enum Default: Sendable {
        /// Text parsed as if it were given (so the command reads a value, e.g. 30 frames),
        /// and shown in help as "(default: TEXT)".
        case value(String)
        /// Only shown in help, as "(default: TEXT)": the command works the default out itself.
        case described(String)
    }

    /// The option's names, as help shows them: the short one first when it has one
    /// (`["-o", "--output"]`). Each is accepted; the last is the row's key.
    let names: [String]
    /// What follows the name on the command line (nothing for a flag).
    let value: OptionValue
    /// The commands that take it.
    let commands: Set<Command>
    /// What it is for, in help's words: one or more clauses without a final full stop;
    /// "\n" starts a new line. Wrapped to the help's width when shown.
    let help: String
    /// The value when it is not given (nil: none, the option is simply absent).
    let defaultValue: Default?
    /// Whether a command line without it is refused ("-o OUT.png is required").
    let required: Bool
    /// The name of another option of the same command without which this one is refused,
    /// and inside whose brackets the usage line shows it (`--screenshot` needs `--frames`).
    let requires: String?
    /// The help heading it is listed under; nil: "OPTIONS".
    let heading: String?
    /// A sentence added to `help` in one command's listing only, by command.
    let notes: [Command: String]
    /// Whether it may be given more than once (each value kept, in order: ``Arguments/values(_:as:)``).
    let repeatable: Bool

    init(_ names: String..., value: OptionValue = .flag, commands: Set<Command>, required: Bool = false, requires: String? = nil,
         heading: String? = nil, help: String, default defaultValue: Default? = nil, notes: [Command: String] = [:],
         repeatable: Bool = false) {
        self.names = names
        self.value = value
        self.commands = commands
        self.help = help
        self.defaultValue = defaultValue
        self.required = required
        self.requires = requires
        self.heading = heading
        self.notes = notes
        self.repeatable = repeatable
    }

    /// The row's key: its last (long) name.
    var key: String { names.last! }

    /// The option as a usage line or an error names it: its first name and placeholder ("-o OUT.png").
    var synopsis: String { value.placeholder.isEmpty ? names[0] : names[0] + " " + value.placeholder }

    /// The option as its help line starts: every name and the placeholder ("-o, --output OUT.png").
    var label: String {
        let all = names.joined(separator: ", ")
        return value.placeholder.isEmpty ? all : all + " " + value.placeholder
    }

    /// The help text as `command` lists it: `help`, the default, and the command's note.
    func helpText(in command: Command) -> String {
        var text = help
        switch defaultValue {
        case .value(let v)?, .described(let v)?: text += " (default: \(v))"
        case nil: break
        }
        if let note = notes[command] { text += "; " + note }
        return text
    }

    /// The rows that `command` takes, in table order (its help and usage order).
    static func taken(by command: Command) -> [CommandOption] { all.filter { $0.commands.contains(command) } }
}

// MARK: - The table

extension CommandOption {
    /// Every option of every command, in the order help and usage lines list them.
    static let all: [CommandOption] = [
        output, renderTime, exportFrom, exportTo, exportFPS, exportLoop, seed, count, singular, record, benchSize, backend, artifacts, junit, html, jobs, testFuzzy,
        diffImage, diffFuzzy, diffIgnore, diffMask, diffJSON, benchFrames, warmup, benchJSON, passes, ordinaryGlows, benchExport, benchThreads, shaders, previewSize, previewTime, noVsync,
        recordFormat, baseline, errorBound, toleranceMode, strict, shard, merge, backendChange, setParameter, parameterFile, paramsJSON, exportCSS, exportSwiftUI, exportTime, exportSkipUnsupported, help, previewFrames, screenshot, windowScreenshot, script,
    ]
}
