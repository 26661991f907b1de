import Foundation
import Halo

/// Actions a scripted run (`--frames N`) performs before drawing a given frame, for
/// tests and demos: `"3 key space; 5 resize 0 0; 8 resize 640 360; 10 wait-reload"`.
///
/// Each step is a frame and one of ``actionTable``'s actions (which `halo preview --help` lists).
public struct PreviewScript: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case key(PreviewKey)
        case resize(width: Int, height: Int)
        case waitReload
        /// Prepares every remaining program of the scene's parameter values at once.
        case waitPrepared
        case seek(Double)
        case loop(Double, Double)
        case set(name: String, value: String)
        case save
        /// A key typed as the window system delivers it: the control panel sees it first
        /// (``key(_:)`` acts directly).
        case type(PreviewKey)
        /// Shows a demonstration control panel (one control of each kind, not tied to the scene).
        case demoControls
        /// Puts keyboard focus in the control panel's first control (a slider then takes a typed value).
        case focusPanel
        /// Puts keyboard focus in control NAME's text field (a colour's hex field).
        case focus(String)
        /// Types text into the focused field through the window and presses Enter.
        case enterText(String)
    }

    /// Actions by frame index (0-based), in order.
    public var actions: [(frame: Int, action: Action)] = []

    public init() {}

    /// Parses `"F ACTION ARGS; ..."`.
    /// - Throws: a message naming the bad step.
    public init(parsing text: String) throws {
        for step in text.split(separator: ";") {
            let words = step.split(separator: " ").map(String.init)
            if words.isEmpty { continue }
            guard let frame = Int(words[0]), frame >= 0, words.count >= 2 else {
                throw PreviewError.usage("--script: expected \"FRAME ACTION\", found \"\(step.trimmingCharacters(in: .whitespaces))\"")
            }
            let arguments = Array(words.dropFirst(2))
            guard let syntax = PreviewScript.actionTable.first(where: { $0.name == words[1] && $0.accepts(argumentCount: arguments.count) }) else {
                if let named = PreviewScript.actionTable.first(where: { $0.name == words[1] }) {
                    throw PreviewError.usage("--script: expected \"\(named.usage)\", found \"\(words[1...].joined(separator: " "))\"")
                }
                let known = PreviewScript.actionTable.map { $0.usage }.joined(separator: ", ")
                throw PreviewError.usage("--script: unknown action \"\(words[1...].joined(separator: " "))\" (\(known))")
            }
            actions.append((frame, try syntax.make(arguments)))
        }
    }

    public static func == (a: PreviewScript, b: PreviewScript) -> Bool {
        a.actions.count == b.actions.count && zip(a.actions, b.actions).allSatisfy { $0.frame == $1.frame && $0.action == $1.action }
    }

    /// The actions to perform before drawing frame `frame`.
    public func actions(at frame: Int) -> [Action] { actions.filter { $0.frame == frame }.map(\.action) }
}

/// Why a preview could not start or stopped.
public enum PreviewError: Error, CustomStringConvertible {
    /// A bad option (exit status 2).
    case usage(String)
    /// No window or no GL context (exit status 1).
    case window(String)

    public var description: String {
        switch self {
        case .usage(let m), .window(let m): return m
        }
    }
}
