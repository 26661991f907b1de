import Foundation
import Halo

extension PreviewScript {
    /// One action a script can take: its name, its arguments, what it does, and how its
    /// arguments become an ``Action``. ``actionTable`` is the one list of them: the parser
    /// reads a step with it and `halo preview --help` lists it, so neither can name an
    /// action the other lacks.
    public struct ActionSyntax: Sendable {
        /// The action's word in a script, e.g. `resize`.
        public let name: String
        /// The argument placeholders as help writes them, e.g. `["W", "H"]`.
        public let arguments: [String]
        /// Whether the last argument takes the rest of the step (spaces included).
        public let restOfStep: Bool
        /// What the action does, for help.
        public let help: String
        /// A valid argument list, for tests that check each action parses.
        public let example: [String]
        /// Builds the action from its arguments (already counted).
        /// - Throws: ``PreviewError/usage(_:)`` naming what was expected and found.
        let make: @Sendable ([String]) throws -> Action

        /// `name ARG ...` as help and error messages write it.
        public var usage: String { ([name] + arguments).joined(separator: " ") }

        /// Whether `count` arguments fit the action.
        func accepts(argumentCount count: Int) -> Bool {
            restOfStep ? count >= arguments.count : count == arguments.count
        }
    }

    /// The key names a script takes, for help and errors (every ``PreviewKey/scriptNames``).
    public static var keyNames: String { PreviewKey.allCases.flatMap(\.scriptNames).joined(separator: " ") }

    private static func key(_ word: String) throws -> PreviewKey {
        guard let key = PreviewKey(scriptName: word) else {
            throw PreviewError.usage("--script: unknown key \(word) (keys: \(keyNames))")
        }
        return key
    }

    /// Every action a script can take, in the order help lists them.
    public static let actionTable: [ActionSyntax] = [
        ActionSyntax(name: "key", arguments: ["NAME"], restOfStep: false,
                     help: "press a key as its action (names: \(keyNames))", example: ["d"]) { .key(try key($0[0])) },
        ActionSyntax(name: "type", arguments: ["NAME"], restOfStep: false,
                     help: "type a key through the window, so the control panel sees it first (names as for key)",
                     example: ["space"]) { .type(try key($0[0])) },
        ActionSyntax(name: "resize", arguments: ["W", "H"], restOfStep: false,
                     help: "resize the window to a W x H framebuffer, each side 1...\(Limits.maxCanvasSide); \"resize 0 0\" "
                        + "minimises it: nothing is drawn until the next resize", example: ["640", "360"]) { words in
            let most = Limits.maxCanvasSide
            guard let w = Int(words[0]), let h = Int(words[1]), (0...most).contains(w), (0...most).contains(h), (w == 0) == (h == 0) else {
                throw PreviewError.usage("--script: resize: expected a width and a height, both 1...\(most) or both 0, found \(words[0]) \(words[1])")
            }
            return .resize(width: w, height: h)
        },
        ActionSyntax(name: "seek", arguments: ["T"], restOfStep: false,
                     help: "go to T seconds and pause, as a click on the timeline does", example: ["1.5"]) { words in
            guard let t = Double(words[0]), t.isFinite else { throw PreviewError.usage("--script: seek: expected a finite time in seconds, found \(words[0])") }
            return .seek(t)
        },
        ActionSyntax(name: "loop", arguments: ["A", "B"], restOfStep: false,
                     help: "loop playback between A and B seconds (B > A)", example: ["0", "2"]) { words in
            guard let a = Double(words[0]), let b = Double(words[1]), a.isFinite, b.isFinite, b > a else {
                throw PreviewError.usage("--script: loop: expected two finite times A < B in seconds, found \(words[0]) \(words[1])")
            }
            return .loop(a, b)
        },
        ActionSyntax(name: "set", arguments: ["NAME", "VALUE"], restOfStep: true,
                     help: "set a parameter's live value (VALUE as --set reads it; it may hold spaces, not ;)",
                     example: ["width", "6"]) { .set(name: $0[0], value: $0[1...].joined(separator: " ")) },
        ActionSyntax(name: "save", arguments: [], restOfStep: false,
                     help: "write the live parameter values into the scene file's values", example: []) { _ in .save },
        ActionSyntax(name: "wait-reload", arguments: [], restOfStep: false,
                     help: "wait up to 30 s for a changed file to be reloaded or refused", example: []) { _ in .waitReload },
        ActionSyntax(name: "wait-prepared", arguments: [], restOfStep: false,
                     help: "make ready now every program the scene's parameter values can need (the preview otherwise "
                        + "prepares a few after each frame); no frame after it waits for a program (on llvmpipe, programs specialised "
                        + "for the classes a frame drew are still compiled between frames)", example: []) { _ in .waitPrepared },
        ActionSyntax(name: "demo-controls", arguments: [], restOfStep: false,
                     help: "show a control panel of one demonstration control of each kind", example: []) { _ in .demoControls },
        ActionSyntax(name: "focus-panel", arguments: [], restOfStep: false,
                     help: "put keyboard focus in the control panel's first control", example: []) { _ in .focusPanel },
        ActionSyntax(name: "focus", arguments: ["NAME"], restOfStep: false,
                     help: "put keyboard focus in control NAME's text field (a colour's hex field)", example: ["accent"]) { .focus($0[0]) },
        ActionSyntax(name: "enter-text", arguments: ["TEXT"], restOfStep: false,
                     help: "type TEXT into the focused field through the window and press Enter (released the next frame)",
                     example: ["#FF2D55"]) { .enterText($0[0]) },
    ]
}
