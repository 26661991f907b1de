import Foundation

/// The value readers every part of a scene uses: objects with known keys, bounded numbers,
/// choices, colours, unit points and rects, each refusing with the value's JSON path.
extension SceneReader {
    /// An object with only the given keys; unknown keys are refused with a did-you-mean.
    func object(_ v: JSONValue, _ path: String, required: [String], optional: [String]) throws -> [String: JSONValue] {
        guard case .object(let o) = v else { throw fail(path, "an object", v) }
        let known = required + optional
        for key in o.keys.sorted() where !known.contains(key) {
            var expected = "no such key (allowed: \(known.joined(separator: ", ")))"
            if let close = closestKey(key, known) { expected = "no such key (did you mean \"\(close)\"?)" }
            throw fail(join(path, key), expected, o[key])
        }
        for key in required where o[key] == nil {
            throw fail(join(path, key), "a value (required)", nil)
        }
        return o
    }

    func number(_ v: JSONValue?, _ path: String, min: Double? = nil, max: Double? = nil, minOpen: Bool = false) throws -> Double {
        var expected = "a finite number"
        if let min { expected = minOpen ? "a number > \(fmt(min))" : "a number >= \(fmt(min))" }
        if let max { expected += min == nil ? " <= \(fmt(max))" : " and <= \(fmt(max))" }
        guard case .number(let d)? = v, d.isFinite else { throw fail(path, expected, v) }
        if let min, minOpen ? !(d > min) : !(d >= min) { throw fail(path, expected, v) }
        if let max, !(d <= max) { throw fail(path, expected, v) }
        return d == 0 ? 0 : d  // -0 reads as 0
    }

    func choice<T: RawRepresentable & CaseIterable>(_ v: JSONValue?, _ path: String, _: T.Type) throws -> T where T.RawValue == String {
        let options = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let s)? = v, let t = T(rawValue: s) else {
            var e = "one of \(options)"
            if case .string(let s)? = v, let close = closestKey(s, T.allCases.map(\.rawValue)) { e += " (did you mean \"\(close)\"?)" }
            throw fail(path, e, v)
        }
        return t
    }

    func unitPoint(_ v: JSONValue?, _ path: String) throws -> UnitPoint {
        guard case .array(let a)? = v, a.count == 2 else { throw fail(path, "a unit point [u, v]", v) }
        return UnitPoint(try number(a[0], "\(path)[0]"), try number(a[1], "\(path)[1]"))
    }

    func color(_ v: JSONValue?, _ path: String) throws -> RGBA {
        let expected = "a colour (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b], [r, g, b, a] or a name)"
        switch v {
        case .string(let s)?:
            if let c = RGBA.named[s] { return c }
            if s.hasPrefix("#") {
                let hex = Array(s.dropFirst())
                if [3, 6, 8].contains(hex.count), hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) {
                    let digits = hex.count == 3 ? hex.flatMap { [$0, $0] } : hex
                    var vals: [Double] = []
                    for i in stride(from: 0, to: digits.count, by: 2) {
                        vals.append(Double(Int(String(digits[i...i + 1]), radix: 16)!) / 255)
                    }
                    return RGBA(vals[0], vals[1], vals[2], vals.count == 4 ? vals[3] : 1)
                }
            }
            // A string that is no colour: say which names there are (SwiftUI's system colours).
            var e = "a colour (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b], [r, g, b, a] or a name: "
                + RGBA.named.keys.sorted().joined(separator: ", ") + ")"
            if let close = closestKey(s, RGBA.named.keys.sorted()) { e += " (did you mean \"\(close)\"?)" }
            throw fail(path, e, v)
        case .array(let a)? where a.count == 3 || a.count == 4:
            var c: [Double] = []
            for (i, x) in a.enumerated() { c.append(try number(x, "\(path)[\(i)]", min: 0, max: 1)) }
            return RGBA(c[0], c[1], c[2], c.count == 4 ? c[3] : 1)
        default:
            throw fail(path, expected, v)
        }
    }

    /// A rect `[x, y, w, h]` (w, h >= 0).
    func rect(_ v: JSONValue?, _ rp: String) throws -> Rect {
        guard case .array(let r)? = v, r.count == 4 else { throw fail(rp, "[x, y, w, h]", v) }
        return Rect(try number(r[0], "\(rp)[0]"), try number(r[1], "\(rp)[1]"),
                    try number(r[2], "\(rp)[2]", min: 0), try number(r[3], "\(rp)[3]", min: 0))
    }

    func choiceString(_ v: JSONValue?, _ path: String, _ options: [String]) throws -> String {
        guard case .string(let s)? = v, options.contains(s) else {
            var e = "one of " + options.map { "\"\($0)\"" }.joined(separator: ", ")
            if case .string(let s)? = v, let close = closestKey(s, options) { e += " (did you mean \"\(close)\"?)" }
            throw fail(path, e, v)
        }
        return s
    }
}


/// "3", "0.5", "1e+20": numbers in messages without trailing zeros.
func fmt(_ d: Double) -> String {
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return String(format: "%g", d)
}
