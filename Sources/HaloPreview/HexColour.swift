import Halo

/// Colours as designers write them: `#RRGGBB` (opaque) and `#RRGGBBAA`, each pair two hex
/// digits of an 8-bit straight-alpha sRGB component (value / 255), as scene files write
/// them (docs/scene-format.md "Colours"). The control panel's hex field shows
/// ``format(_:)`` and takes ``parse(_:)``.
public enum HexColour {
    /// Why a hex field's text was refused: the text as typed, and what was expected.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        /// The text as typed.
        public var found: String
        public var description: String { "expected #RRGGBB or #RRGGBBAA (hex digits 0-9, A-F), found \"\(found)\"" }
    }

    /// The colour of `text`: `#` then 6 or 8 hex digits (either case; blanks around it and
    /// a missing `#` are allowed). Components are the digits over 255; alpha 1 for 6 digits.
    /// - Throws: ``Refusal`` for anything else (another length, a non-hex digit, empty text).
    public static func parse(_ text: String) throws -> ControlPanel.Colour {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.first == "#" { digits = digits.dropFirst() }
        let values = digits.map { $0.isASCII ? $0.hexDigitValue : nil }
        guard values.count == 6 || values.count == 8, values.allSatisfy({ $0 != nil }) else { throw Refusal(found: text) }
        let bytes = stride(from: 0, to: values.count, by: 2).map { Double(values[$0]! * 16 + values[$0 + 1]!) / 255 }
        return ControlPanel.Colour(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    /// `colour` as `#RRGGBB` when its alpha is 255 at 8 bits, else `#RRGGBBAA`: upper-case
    /// digits, each component clamped to 0...1 and rounded to the nearest of 0...255
    /// (halves up), as ``RGBA/hexJSON`` writes a colour into a scene file.
    public static func format(_ colour: ControlPanel.Colour) -> String {
        guard case .string(let hex) = RGBA(colour.red, colour.green, colour.blue, colour.alpha).hexJSON else { return "" }
        return hex.hasSuffix("FF") ? String(hex.dropLast(2)) : hex
    }
}
