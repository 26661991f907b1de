import CHaloImGui
import Foundation

/// The preview's in-window controls: a section of named values that the user edits with
/// the mouse (or types: Ctrl+click on a slider, a colour's hex field), drawn with Dear
/// ImGui in the window's side column, beside the canvas.
///
/// The panel knows nothing of what the values mean: the caller describes its controls
/// each frame (``Control``) and receives this frame's edits and reset requests
/// (``Request``), which it applies to its own model before the next frame.
public struct ControlPanel {
    /// A straight-alpha sRGB colour, each component 0...1 (the scene file's own notation).
    public struct Colour: Equatable, Sendable {
        public var red: Double, green: Double, blue: Double, alpha: Double
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
    }

    /// A control's value.
    public enum Value: Equatable, Sendable {
        case number(Double)
        case colour(Colour)
        case boolean(Bool)
        /// The index of the chosen option, 0-based.
        case choice(Int)
    }

    /// What a control edits, with its current value.
    public enum Kind: Equatable, Sendable {
        /// A number. With both `min` and `max` (min < max): a slider over that range that
        /// snaps to `min + k * step` while dragged; without: a field dragged by `step` a
        /// pixel. Ctrl+click (slider) or double-click (field) types an exact value.
        case number(value: Double, min: Double?, max: Double?, step: Double)
        case colour(Colour)
        case boolean(Bool)
        /// One of `options` (shown by name), `index` chosen (0-based).
        case choice(options: [String], index: Int)

        /// Whether this is a colour.
        var isColour: Bool { if case .colour = self { return true } else { return false } }

        /// The current value.
        public var value: Value {
            switch self {
            case .number(let v, _, _, _): return .number(v)
            case .colour(let c): return .colour(c)
            case .boolean(let b): return .boolean(b)
            case .choice(_, let i): return .choice(i)
            }
        }

        /// This control with `value` as its current value (unchanged when `value` is of
        /// another kind; a choice's index clamped to its options).
        public func with(_ value: Value) -> Kind {
            switch (self, value) {
            case (.number(_, let lo, let hi, let step), .number(let v)): return .number(value: v, min: lo, max: hi, step: step)
            case (.colour, .colour(let c)): return .colour(c)
            case (.boolean, .boolean(let b)): return .boolean(b)
            case (.choice(let options, _), .choice(let i)): return .choice(options: options, index: max(0, min(i, options.count - 1)))
            default: return self
            }
        }
    }

    /// One control: `name` identifies it in requests; `label` is shown (the name when nil);
    /// `differsFromFile` marks a value that is not the one the file holds (and enables reset).
    public struct Control: Equatable, Sendable {
        public var name: String
        public var label: String?
        public var kind: Kind
        public var differsFromFile: Bool
        public init(name: String, label: String? = nil, kind: Kind, differsFromFile: Bool = false) {
            self.name = name; self.label = label; self.kind = kind; self.differsFromFile = differsFromFile
        }
    }

    /// What the user asked for this frame.
    public enum Request: Equatable, Sendable {
        /// Control `name` was edited to `value`.
        case set(name: String, value: Value)
        /// Control `name`'s reset button: back to the file's value.
        case reset(name: String)
        /// "Reset all": every control back to the file's values.
        case resetAll
    }

    /// The section's heading.
    public var title: String
    /// Set to put keyboard focus in the first control on the next draw (scripted runs).
    var focusFirstControl = false
    /// Set to put keyboard focus in the named control's text field on the next draw (a
    /// colour's hex field, a number's typed value; scripted runs).
    var focusControl: String?
    /// The colours every colour control's picker offers (the scene's: ``ScenePalette``).
    public var palette: [ScenePalette.Entry] = []
    /// The last refusal of each colour's hex field, by control name (shown under its row
    /// until a value is taken).
    public private(set) var hexRefusals: [String: String] = [:]

    public init(title: String = "Controls") { self.title = title }

    /// Draws the section with `controls` (in the side column, between ImGui's new frame and
    /// render) and returns the requests made this frame, in the order of the controls.
    public mutating func draw(_ controls: [Control]) -> [Request] {
        var requests: [Request] = []
        guard halo_imgui_section(title) else { return [] }
        if controls.isEmpty { halo_imgui_text_disabled("no controls"); return [] }
        for control in controls {
            halo_imgui_push_id(control.name)
            halo_imgui_differs_marker(control.differsFromFile)
            halo_imgui_same_line()
            let focus = focusFirstControl || focusControl == control.name
            if focus { focusFirstControl = false; focusControl = nil }
            if let value = widget(control, focus: focus) { requests.append(.set(name: control.name, value: value)) }
            if control.differsFromFile {
                halo_imgui_same_line()
                if halo_imgui_button("reset") { requests.append(.reset(name: control.name)) }
            }
            if let refusal = hexRefusals[control.name] { halo_imgui_text_error(refusal) }
            halo_imgui_pop_id()
        }
        halo_imgui_separator()
        if halo_imgui_button("reset all") { requests.append(.resetAll) }
        return requests
    }

    /// The value a colour's hex field gives for `text` (``HexColour/parse(_:)``: `#RRGGBB`
    /// is opaque, as in a scene file). A refusal is kept for control `name` (shown under
    /// its row) and gives nil; a taken value clears it.
    public mutating func hexEntered(_ text: String, for name: String) -> Value? {
        do {
            let colour = try HexColour.parse(text)
            hexRefusals[name] = nil
            return .colour(colour)
        } catch {
            hexRefusals[name] = "\(error)"
            return nil
        }
    }

    /// Draws one control's widget (with keyboard focus in its text field when `focus`);
    /// its new value when edited this frame.
    mutating func widget(_ control: Control, focus: Bool) -> Value? {
        let label = control.label ?? control.name
        if focus, !control.kind.isColour { halo_imgui_focus_next() }
        switch control.kind {
        case .number(let v, let lo, let hi, let step):
            var f = Float(v)
            if let lo, let hi, lo < hi {
                return halo_imgui_slider_float(label, &f, Float(lo), Float(hi), Float(step)) ? .number(Double(f)) : nil
            }
            return halo_imgui_drag_float(label, &f, Float(step)) ? .number(Double(f)) : nil
        case .colour(let c):
            var rgba = [Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)]
            var hex = Array(HexColour.format(c).utf8CString) + Array(repeating: 0, count: 24)
            let swatches = palette.flatMap { [Float($0.colour.red), Float($0.colour.green), Float($0.colour.blue), Float($0.colour.alpha)] }
            let picked = withCStrings(palette.map(\.name)) { names in
                halo_imgui_colour(label, &rgba, &hex, Int32(hex.count), focus, swatches, names.baseAddress, Int32(palette.count))
            }
            switch picked {
            case 1:
                hexRefusals[control.name] = nil
                return .colour(Colour(red: Double(rgba[0]), green: Double(rgba[1]), blue: Double(rgba[2]), alpha: Double(rgba[3])))
            case 2: return hexEntered(String(decoding: hex.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), for: control.name)
            default: return nil
            }
        case .boolean(let b):
            var on = b
            return halo_imgui_checkbox(label, &on) ? .boolean(on) : nil
        case .choice(let options, let index):
            var i = Int32(index)
            let changed = withCStrings(options) { halo_imgui_combo(label, &i, $0.baseAddress, Int32(options.count)) }
            return changed ? .choice(Int(i)) : nil
        }
    }
}

/// Calls `body` with `strings` as C strings, valid for the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
}
