import Foundation
import HaloCore

/// Number and colour spellings shared by the CSS and SwiftUI exporters.
enum ExportText {
    /// `x` with at most 4 decimals, trailing zeros dropped ("12", "0.5", "-3.1416"):
    /// 1e-4 pt is 1/2500 of a pixel at scale 4, below what either target resolves.
    static func num(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        var s = String(format: "%.4f", x)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
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

    /// `text` escaped for HTML element content and attribute values.
    static func html(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
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
