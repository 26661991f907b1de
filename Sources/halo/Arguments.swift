import Foundation
import Halo

/// A command-line mistake: printed with the command's usage line, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// A command line parsed against the rows of ``CommandOption/all`` that its command takes:
/// operands (positional arguments), and each option's value, parsed by its ``OptionValue``.
///
/// Options are `--name value`, `--name=value` or `--flag`; a token that reads as a number
/// (`-3`) is an operand, and everything after `--` is.
struct Arguments {
    /// The operands, in order.
    private(set) var operands: [String] = []
    /// Whether `-h` or `--help` was given; nothing else is checked then.
    private(set) var helpRequested = false
    /// The options given on the command line, by row key.
    private var givenKeys: Set<String> = []
    /// Each option's value (given, or its `Default.value`), by row key.
    private var values: [String: any Sendable] = [:]
    /// Each repeatable option's values, in the order given, by row key.
    private var repeated: [String: [any Sendable]] = [:]
    private let command: Command

    /// Parses `argv` (the arguments after the command's name) for `command`.
    /// - Throws: ``UsageError`` for an unknown option (with a did-you-mean for a near
    ///   name), an option given twice, an option without its value (or with another
    ///   option where its value belongs), a flag with one, the wrong number of operands,
    ///   a required option missing or one given without the option it needs; the value's
    ///   own error for a value its ``OptionValue`` refuses.
    init(_ argv: [String], for command: Command) throws {
        self.command = command
        let options = CommandOption.taken(by: command)
        var byName: [String: CommandOption] = [:]
        for o in options {
            for n in o.names {
                precondition(byName[n] == nil, "halo \(command.rawValue) takes two options named \(n)")
                byName[n] = o
            }
        }
        var texts: [(CommandOption, String, String)] = []  // (option, name as given, value text)
        var i = 0
        while i < argv.count {
            let a = argv[i]
            if a == "--" { operands += argv[(i + 1)...]; break }
            guard a.hasPrefix("-") && a.count > 1 && Double(a) == nil else { operands.append(a); i += 1; continue }
            var name = a, inline: String?
            if let eq = a.firstIndex(of: "="), a.hasPrefix("--") { name = String(a[..<eq]); inline = String(a[a.index(after: eq)...]) }
            guard let option = byName[name] else {
                let near = byName.keys.sorted().min { editDistance($0, name) < editDistance($1, name) }
                let hint = near.flatMap { editDistance($0, name) <= 2 ? " (did you mean \($0)?)" : nil } ?? ""
                throw UsageError("unknown option \(name)\(hint)")
            }
            if givenKeys.contains(option.key) && !option.repeatable {
                let names = option.names.count > 1 ? " (\(option.names.joined(separator: " and ")) are one option)" : ": it takes one value"
                throw UsageError("\(name) given twice\(names)")
            }
            givenKeys.insert(option.key)
            if case .flag = option.value {
                if let inline { throw UsageError("\(name) takes no value, found \(inline)") }
            } else if let inline {
                texts.append((option, name, inline))
            } else {
                guard i + 1 < argv.count else { throw UsageError("\(name) needs a value") }
                // A value that is itself an option (or "--") is one forgotten: `-o --backend cpu`.
                let next = argv[i + 1]
                let nextName = next.hasPrefix("--") ? String(next.prefix { $0 != "=" }) : next
                if next == "--" || byName[nextName] != nil {
                    throw UsageError("\(name) needs a value, found the option \(next)")
                }
                texts.append((option, name, next))
                i += 1
            }
            i += 1
        }
        if givenKeys.contains(CommandOption.help.key) { helpRequested = true; return }
        try command.checkOperandCount(operands, optionKeys: givenKeys)
        for o in options {
            if o.required && !givenKeys.contains(o.key) { throw UsageError("\(o.synopsis) is required") }
            if let needed = o.requires, givenKeys.contains(o.key), !givenKeys.contains(needed) {
                throw UsageError("\(o.names[0]) needs \(byName[needed]!.synopsis)")
            }
            if case .value(let text)? = o.defaultValue, !givenKeys.contains(o.key) { values[o.key] = try o.value.parse(text, for: o.key) }
        }
        for (option, name, text) in texts {
            let v = try option.value.parse(text, for: name)
            if option.repeatable { repeated[option.key, default: []].append(v) } else { values[option.key] = v }
        }
    }

    /// Whether `option` (a flag, or an option with a value) was given on the command line.
    func given(_ option: CommandOption) -> Bool {
        checkTaken(option)
        return givenKeys.contains(option.key)
    }

    /// The value of `option`: given, else its `Default.value`, else nil. `T` is the type its
    /// ``OptionValue`` gives (e.g. `Double` for `.number`, `Backend` for `.backend`).
    func value<T>(_ option: CommandOption, as _: T.Type = T.self) -> T? {
        checkTaken(option)
        guard let v = values[option.key] else { return nil }
        guard let t = v as? T else { preconditionFailure("\(option.key) holds a \(type(of: v)), not a \(T.self)") }
        return t
    }

    /// Every value of the repeatable `option`, in the order given (none when not given).
    func values<T>(_ option: CommandOption, as _: T.Type = T.self) -> [T] {
        checkTaken(option)
        return (repeated[option.key] ?? []).map { v in
            guard let t = v as? T else { preconditionFailure("\(option.key) holds a \(type(of: v)), not a \(T.self)") }
            return t
        }
    }

    /// Stops on a programming error: asking for an option the command does not take.
    private func checkTaken(_ option: CommandOption) {
        precondition(option.commands.contains(command), "halo \(command.rawValue) does not take \(option.key)")
    }
}
