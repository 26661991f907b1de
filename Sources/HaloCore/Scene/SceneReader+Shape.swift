import Foundation

/// Shapes (docs/scene-format.md "Shapes" and "Text"): rect, roundedRect (with its corners), capsule, ellipse, text.
extension SceneReader {
    /// A shape: a text shape (``textShape(_:_:)``), or a rect, roundedRect, capsule or ellipse.
    func shape(_ v: JSONValue, _ path: String) throws -> Shape {
        if case .object(let raw) = v, case .string("text")? = raw["type"] { return try textShape(v, path) }
        if case .object(let raw) = v, case .string("shader")? = raw["type"] { return try shaderShape(v, path) }
        let o = try object(v, path, required: ["type", "rect"], optional: ["cornerRadius", "cornerStyle"])
        let kind = try choice(o["type"], join(path, "type"), Shape.Kind.self)
        let rect = try self.rect(o["rect"], join(path, "rect"))
        var shape = Shape(kind: kind, rect: rect)
        if kind == .roundedRect {
            let cp = join(path, "cornerRadius")
            switch o["cornerRadius"] {
            case nil: throw fail(cp, "a radius or four radii (required)", nil)
            case .array(let a)?:
                guard a.count == 4 else { throw fail(cp, "one radius or four [topLeft, topRight, bottomRight, bottomLeft]", o["cornerRadius"]) }
                shape.cornerRadii = try a.enumerated().map { try number($1, "\(cp)[\($0)]", min: 0) }
            case let c?:
                shape.cornerRadii = Array(repeating: try number(c, cp, min: 0), count: 4)
            }
            shape.cornerStyle = try o["cornerStyle"].map { try choice($0, join(path, "cornerStyle"), Shape.CornerStyle.self) } ?? .circular
        } else {
            for key in ["cornerRadius", "cornerStyle"] where o[key] != nil {
                throw fail(join(path, key), "no \(key) on a \(kind.rawValue)", o[key])
            }
        }
        return shape
    }

    /// A text shape (docs/scene-format.md "Text"); its font is resolved here (a file relative to the
    /// scene, or a family matched by fontconfig), so that a bad one is refused at its path.
    func textShape(_ v: JSONValue, _ path: String) throws -> Shape {
        let o = try object(v, path, required: ["type", "rect", "text"],
                           optional: ["font", "size", "weight", "italic", "align", "lineHeight"])
        let r = try rect(o["rect"], join(path, "rect"))
        guard case .string(let text)? = o["text"], !text.isEmpty else { throw fail(join(path, "text"), "a non-empty string", o["text"]) }
        if text.unicodeScalars.count > Limits.maxTextLength {
            throw fail(join(path, "text"), "at most \(Limits.maxTextLength) characters", o["text"])
        }
        var font = "Inter"
        if let f = o["font"] {
            guard case .string(let s) = f, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(join(path, "font"), "a font family name or a .ttf/.otf/.ttc file", f)
            }
            font = s
        }
        let size = try o["size"].map { try number($0, join(path, "size"), min: 0, minOpen: true) } ?? 17
        if size > Limits.maxTextSize { throw fail(join(path, "size"), "a size of at most \(fmt(Limits.maxTextSize)) pt", o["size"]) }
        var weight = 400
        if let wv = o["weight"] {
            guard case .number(let d) = wv, d == d.rounded(), d >= 1, d <= 1000 else {
                throw fail(join(path, "weight"), "a whole number in 1...1000 (CSS font-weight)", wv)
            }
            weight = Int(d)
        }
        var italic = false
        if let iv = o["italic"] {
            guard case .bool(let b) = iv else { throw fail(join(path, "italic"), "true or false", iv) }
            italic = b
        }
        let align = try o["align"].map { try choice($0, join(path, "align"), TextLayout.Alignment.self) } ?? .center
        let lineHeight = try o["lineHeight"].map { try number($0, join(path, "lineHeight"), min: 0, minOpen: true) } ?? 1.2
        let lower = font.lowercased()
        let isFile = [".ttf", ".otf", ".ttc"].contains { lower.hasSuffix($0) }
        let file: FontFile
        do {
            if isFile {
                for key in ["weight", "italic"] where o[key] != nil {
                    throw fail(join(path, key), "no \(key) with a font file (the file is the face)", o[key])
                }
                file = FontFile(path: resolve(font), index: 0)
                _ = try FontFace.load(file)
            } else {
                file = try FontMatch.match(family: font, weight: weight, italic: italic)
                _ = try FontFace.load(file)
            }
        } catch let e as FontError {
            throw fail(join(path, "font"), e.expected, .string(font))
        }
        return Shape(kind: .text, rect: r,
                     text: TextShape(text: text, font: font, fontFile: file, size: size, weight: weight, italic: italic,
                                     align: align, lineHeight: lineHeight))
    }
}
