import Foundation
import HaloCore

/// Number and colour spellings shared by the CSS and SwiftUI exporters.
enum ExportText {
    /// `x` with at most 4 decimals, trailing zeros dropped ("12", "0.5", "-3.1416"):
    /// 1e-4 pt is 1/2500 of a pixel at scale 4, below what either target resolves. From
    /// 1e15 on, 17 significant digits, past them with an exponent ("1e+19"): a number both
    /// CSS and Swift read (an integer literal past 2^63 does not compile as a CGFloat).
    static func num(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if abs(x) >= 1e15 { return String(format: "%.17g", x) }
        var s = String(format: "%.4f", x)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// `text` made safe inside an HTML comment: the sequences that would end it or open
    /// another ("-->", "--!>", "<!--", HTML Living Standard "Comments") broken by a space;
    /// a custom property's "--NAME" stays as written.
    static func htmlComment(_ text: String) -> String {
        text.replacingOccurrences(of: "<!--", with: "<!- -").replacingOccurrences(of: "--!>", with: "- -!>")
            .replacingOccurrences(of: "-->", with: "- ->")
    }

    /// A length in CSS pixels (one CSS pixel is one point of the scene).
    static func px(_ x: Double) -> String { num(x) + "px" }

    /// A scene colour as CSS `rgb(R G B / A)`: sRGB-encoded components times 255, straight
    /// alpha, unrounded, so a colour such as [1, 0.5, 0] keeps 127.5 (CSS Color 4 "rgb()").
    static func css(_ c: RGBA) -> String {
        "rgb(\(num(c.r * 255)) \(num(c.g * 255)) \(num(c.b * 255)) / \(num(c.a)))"
    }

    /// The colour as CSS text for places that take one colour: an opaque colour without its alpha.
    static func cssOpaque(_ c: RGBA) -> String {
        c.a >= 1 ? "rgb(\(num(c.r * 255)) \(num(c.g * 255)) \(num(c.b * 255)))" : css(c)
    }

    /// True when `text` holds a character of a right-to-left script (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko and their neighbours, their presentation forms, and the historic
    /// right-to-left blocks of plane 1) or a right-to-left bidi control: text that a
    /// layout by the Unicode Bidirectional Algorithm (UAX #9) reorders, where Halo draws
    /// every line in logical order, left to right.
    static func hasRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { u in
            switch u.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
                 0x200F, 0x202B, 0x202E, 0x2067: return true
            default: return false
            }
        }
    }

    /// `text` escaped for HTML element content and attribute values; a NUL, which HTML
    /// parsers read as an error, becomes U+FFFD (what they would show: HTML Living Standard
    /// "unexpected-null-character").
    static func html(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.append(ch)
            }
        }
        return out
    }

    /// `text` as a Swift string literal's contents.
    static func swiftString(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += "\\u{\(String(u.value, radix: 16))}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
