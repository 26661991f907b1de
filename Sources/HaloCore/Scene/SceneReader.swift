import Foundation

/// Walks a parsed JSON tree and builds a checked ``Scene``; every refusal is a
/// ``SceneError`` with the JSON path of the bad value.
struct SceneReader {
    let file: String

    func fail(_ path: String, _ expected: String, _ found: JSONValue?) -> SceneError {
        SceneError(file: file, path: path, expected: expected, found: found?.shortDescription ?? "nothing")
    }

    func join(_ path: String, _ key: String) -> String { JSONValue.memberPath(path, key) }

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

    // MARK: - Scene

    func scene(_ v: JSONValue) throws -> Scene {
        let o = try object(v, "", required: ["format", "canvas", "layers"],
                           optional: ["time", "reduceMotion", "description", "test"])
        guard case .number(1)? = o["format"] else { throw fail("format", "1", o["format"]) }
        // Keyframe objects: checked where they stand (the layers are read at t = 0 below).
        var found: [(path: String, track: KeyframeTrack)] = [], objects: [JSONValue] = []
        try collectKeyframes(v, path: "", inLayers: false, key: nil, into: &found, objects: &objects)
        if let d = o["description"], case .string = d {} else if let d = o["description"] {
            throw fail("description", "a string", d)
        }
        if let t = o["test"], case .object = t {} else if let t = o["test"] {
            throw fail("test", "an object", t)
        }
        let canvas = try self.canvas(o["canvas"]!)
        let time = try o["time"].map { try number($0, "time") } ?? 0
        var reduceMotion = false
        if let r = o["reduceMotion"] {
            guard case .bool(let b) = r else { throw fail("reduceMotion", "true or false", r) }
            reduceMotion = b
        }
        var keyframes: Keyframes?
        var layersValue = o["layers"]!
        if !found.isEmpty {
            let k = Keyframes(layers: layersValue, tracks: found, objects: objects)
            keyframes = k
            layersValue = k.layers(at: 0)
        }
        let layers: [Layer]
        do { layers = try self.layers(layersValue) } catch var e as SceneError where keyframes != nil {
            e.found += " (at t = 0 s)"
            throw e
        }
        var scene = Scene(canvas: canvas, time: time, reduceMotion: reduceMotion, layers: layers, file: file)
        scene.keyframes = keyframes
        return scene
    }

    /// The `layers` list.
    func layers(_ v: JSONValue) throws -> [Layer] {
        guard case .array(let list) = v else { throw fail("layers", "a list of layers", v) }
        if list.count > Limits.maxLayers {
            throw SceneError(file: file, path: "layers", expected: "at most \(Limits.maxLayers) layers", found: "\(list.count) layers")
        }
        var layers: [Layer] = []
        for (i, l) in list.enumerated() { layers.append(try layer(l, "layers[\(i)]")) }
        return layers
    }

    func canvas(_ v: JSONValue) throws -> Canvas {
        let o = try object(v, "canvas", required: ["width", "height"], optional: ["scale", "background"])
        let w = try number(o["width"], "canvas.width", min: 0, minOpen: true)
        let h = try number(o["height"], "canvas.height", min: 0, minOpen: true)
        let scale = try o["scale"].map { try number($0, "canvas.scale", min: 0, minOpen: true) } ?? 1
        for (name, n) in [("width", w), ("height", h)] {
            let px = roundHalfUp(n * scale)
            if !(1...Limits.maxCanvasSide).contains(px) {
                throw SceneError(file: file, path: "canvas.\(name)", expected: "a size of 1...\(Limits.maxCanvasSide) pixels once scaled",
                                 found: "\(fmt(n)) pt x \(fmt(scale)) = \(fmt(n * scale)) px")
            }
        }
        let pixels = roundHalfUp(w * scale) * roundHalfUp(h * scale)
        if pixels > Limits.maxCanvasPixels {
            throw SceneError(file: file, path: "canvas", expected: "at most \(Limits.maxCanvasPixels) pixels once scaled", found: "\(pixels) pixels")
        }
        var background = Background.color(RGBA(0, 0, 0, 0))
        if let b = o["background"] {
            if case .object = b {
                let bo = try object(b, "canvas.background", required: ["image"], optional: ["contentMode"])
                guard case .string(let p)? = bo["image"], !p.isEmpty else {
                    throw fail("canvas.background.image", "a path to a PNG, relative to the scene file", bo["image"])
                }
                let mode = try bo["contentMode"].map { try choice($0, "canvas.background.contentMode", ContentMode.self) } ?? .fill
                background = .image(path: resolve(p), mode: mode)
            } else {
                background = .color(try color(b, "canvas.background"))
            }
        }
        return Canvas(width: w, height: h, scale: scale, background: background)
    }

    /// An image path relative to the scene file's folder.
    func resolve(_ p: String) -> String {
        if p.hasPrefix("/") || file == "<scene>" { return p }
        let dir = (file as NSString).deletingLastPathComponent
        return dir.isEmpty ? p : (dir as NSString).appendingPathComponent(p)
    }

    func layer(_ v: JSONValue, _ path: String) throws -> Layer {
        let o = try object(v, path, required: ["shape"], optional: ["fill", "stroke", "glow", "opacity"])
        var layer = Layer(shape: try shape(o["shape"]!, join(path, "shape")))
        if layer.shape.kind == .text {
            // SCENE.md "Text": text takes a fill (any paint but a material) and a glow of its fill.
            if let s = o["stroke"] { throw fail(join(path, "stroke"), "no stroke on a text shape (text takes a fill and a glow)", s) }
            if let f = o["fill"], isMaterial(f) {
                throw fail(join(join(path, "fill"), "type"), "a paint other than a material on a text shape", .string("material"))
            }
            // A path paint follows an outline (SCENE.md "Outline and arc length" names rect,
            // roundedRect, capsule and ellipse); text has none.
            if case .object(let f)? = o["fill"], case .string("path")? = f["type"] {
                throw fail(join(join(path, "fill"), "type"), "a paint other than a path on a text shape (text has no outline)", .string("path"))
            }
        }
        if let f = o["fill"] { layer.fill = try isMaterial(f) ? material(f, join(path, "fill")) : paint(f, join(path, "fill")) }
        if let s = o["stroke"] {
            let sp = join(path, "stroke")
            let so = try object(s, sp, required: ["paint", "width"], optional: ["alignment", "dash"])
            // No upper limit (SCENE.md "Stroke"): a stroke wider than the canvas is a crop.
            let width = try number(so["width"], join(sp, "width"), min: 0, minOpen: true)
            if isMaterial(so["paint"]!) {
                throw fail(join(join(sp, "paint"), "type"), "a paint (a material is allowed only as a layer's fill)", .string("material"))
            }
            layer.stroke = Stroke(paint: try paint(so["paint"]!, join(sp, "paint")), width: width,
                                  alignment: try so["alignment"].map { try choice($0, join(sp, "alignment"), Stroke.Alignment.self) } ?? .center,
                                  dash: try so["dash"].map { try dash($0, join(sp, "dash")) })
        }
        if let g = o["glow"] {
            let gp = join(path, "glow")
            if o["stroke"] == nil && (o["fill"] == nil || isMaterial(o["fill"]!)) {
                throw SceneError(file: file, path: gp,
                                 expected: "a glow on a layer with a stroke or a fill that is not a material (the glow blurs the stroke, else the fill)",
                                 found: o["fill"] == nil ? "no stroke and no fill" : "a material fill only")
            }
            let go = try object(g, gp, required: ["radius"], optional: ["opacity", "color"])
            let radius = try number(go["radius"], join(gp, "radius"), min: 0)
            if radius > Limits.maxGlowRadius {
                throw fail(join(gp, "radius"), "a glow radius of at most \(fmt(Limits.maxGlowRadius)) pt", go["radius"])
            }
            layer.glow = Glow(radius: radius,
                              opacity: try go["opacity"].map { try number($0, join(gp, "opacity"), min: 0, max: 1) } ?? 1,
                              color: try go["color"].map { try color($0, join(gp, "color")) })
        }
        layer.opacity = try o["opacity"].map { try number($0, join(path, "opacity"), min: 0, max: 1) } ?? 1
        return layer
    }

    /// A stroke's `dash` (SCENE.md "Stroke"): `pattern` (required, lengths in points,
    /// alternately dashes and gaps; every gap > 0, every dash > 0 or >= 0 with round caps;
    /// in an odd pattern every entry is also a gap), `phase` (points, default 0), `cap`.
    func dash(_ v: JSONValue, _ path: String) throws -> Dash {
        let o = try object(v, path, required: ["pattern"], optional: ["phase", "cap"])
        let cap = try o["cap"].map { try choice($0, join(path, "cap"), Dash.Cap.self) } ?? .butt
        let pp = join(path, "pattern")
        guard case .array(let list)? = o["pattern"], !list.isEmpty else {
            throw fail(pp, "a non-empty list of lengths in points [dash, gap, ...]", o["pattern"])
        }
        if list.count > Limits.maxDashEntries {
            throw SceneError(file: file, path: pp, expected: "at most \(Limits.maxDashEntries) lengths", found: "\(list.count) lengths")
        }
        var pattern: [Double] = []
        for (i, x) in list.enumerated() {
            let p = "\(pp)[\(i)]"
            let v = try number(x, p)
            // Odd patterns repeat once, so every entry is a gap there too.
            let isGap = i % 2 == 1 || list.count % 2 == 1
            if isGap && !(v > 0) {
                throw fail(p, list.count % 2 == 1 ? "a length > 0 (in an odd pattern every entry is also a gap)" : "a gap > 0", x)
            }
            if v < 0 { throw fail(p, "a dash >= 0", x) }
            if v == 0 && cap != .round { throw fail(p, "a dash > 0 (a dash of 0, a dot, needs \"cap\": \"round\")", x) }
            pattern.append(v)
        }
        return Dash(pattern: pattern, phase: try o["phase"].map { try number($0, join(path, "phase")) } ?? 0, cap: cap)
    }

    func shape(_ v: JSONValue, _ path: String) throws -> Shape {
        if case .object(let raw) = v, case .string("text")? = raw["type"] { return try textShape(v, path) }
        let o = try object(v, path, required: ["type", "rect"], optional: ["cornerRadius", "cornerStyle"])
        let kind = try choice(o["type"], join(path, "type"), Shape.Kind.self)
        guard case .array(let r)? = o["rect"], r.count == 4 else { throw fail(join(path, "rect"), "[x, y, w, h]", o["rect"]) }
        let rp = join(path, "rect")
        let rect = Rect(try number(r[0], "\(rp)[0]"), try number(r[1], "\(rp)[1]"),
                        try number(r[2], "\(rp)[2]", min: 0), try number(r[3], "\(rp)[3]", min: 0))
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

    /// True for an object whose "type" is "material".
    func isMaterial(_ v: JSONValue) -> Bool {
        if case .object(let o) = v, case .string("material")? = o["type"] { return true }
        return false
    }

    /// A material fill (SCENE.md "Material"): `blur` >= 0 points (required), `saturation`
    /// >= 0 (default 1), `tint` a colour (default clear).
    func material(_ v: JSONValue, _ path: String) throws -> Paint {
        let o = try object(v, path, required: ["type", "blur"], optional: ["saturation", "tint"])
        let blur = try number(o["blur"], join(path, "blur"), min: 0)
        if blur > Limits.maxGlowRadius {
            throw fail(join(path, "blur"), "a blur of at most \(fmt(Limits.maxGlowRadius)) pt", o["blur"])
        }
        return .material(blur: blur,
                         saturation: try o["saturation"].map { try number($0, join(path, "saturation"), min: 0) } ?? 1,
                         tint: try o["tint"].map { try color($0, join(path, "tint")) } ?? RGBA(0, 0, 0, 0))
    }

    /// A rect `[x, y, w, h]` (w, h >= 0).
    func rect(_ v: JSONValue?, _ rp: String) throws -> Rect {
        guard case .array(let r)? = v, r.count == 4 else { throw fail(rp, "[x, y, w, h]", v) }
        return Rect(try number(r[0], "\(rp)[0]"), try number(r[1], "\(rp)[1]"),
                    try number(r[2], "\(rp)[2]", min: 0), try number(r[3], "\(rp)[3]", min: 0))
    }

    /// A text shape (SCENE.md "Text"); its font is resolved here (a file relative to the
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

    func paint(_ v: JSONValue, _ path: String) throws -> Paint {
        guard case .object(let raw) = v else { throw fail(path, "a paint object", v) }
        guard raw["type"] != nil else { throw fail(join(path, "type"), "a value (required)", nil) }
        let type = try choiceString(raw["type"], join(path, "type"), ["solid", "linear", "angular", "radial", "path", "shader", "material"])
        if type == "material" {
            // Reached only where a material is not allowed (fills go to material(_:_:)).
            throw fail(join(path, "type"), "a paint (a material is allowed only as a layer's fill)", raw["type"])
        }
        if type == "shader" { return try shaderPaint(v, path) }    // GPU only, SceneReader+ShaderPaint.swift
        let specific: [String]
        switch type {
        case "solid": specific = ["color"]
        case "linear": specific = ["startPoint", "endPoint", "rotation", "cornerCycle"]
        case "angular": specific = ["center", "angle", "startAngle", "endAngle", "rotation"]
        case "path": specific = ["offset", "rotation"]
        default: specific = ["center", "startRadius", "endRadius"]
        }
        let gradientKeys = type == "solid" ? [] : ["colors", "stops", "interpolation"]
        let o = try object(v, path, required: ["type"], optional: gradientKeys + specific)
        if type == "solid" {
            guard let c = o["color"] else { throw fail(join(path, "color"), "a colour (required)", nil) }
            return .solid(try color(c, join(path, "color")))
        }
        // Colour stops: exactly one of "colors" and "stops".
        var stops: [ColorStop] = []
        switch (o["colors"], o["stops"]) {
        case (let cs?, nil):
            guard case .array(let list) = cs, !list.isEmpty else { throw fail(join(path, "colors"), "a non-empty list of colours", cs) }
            if list.count > Limits.maxStops {
                throw SceneError(file: file, path: join(path, "colors"), expected: "at most \(Limits.maxStops) colours", found: "\(list.count) colours")
            }
            stops = Paint.evenStops(try list.enumerated().map { try color($1, "\(join(path, "colors"))[\($0)]") })
        case (nil, let ss?):
            let sp = join(path, "stops")
            guard case .array(let list) = ss, !list.isEmpty else { throw fail(sp, "a non-empty list of stops", ss) }
            if list.count > Limits.maxStops {
                throw SceneError(file: file, path: sp, expected: "at most \(Limits.maxStops) stops", found: "\(list.count) stops")
            }
            var last = 0.0
            for (i, s) in list.enumerated() {
                let p = "\(sp)[\(i)]"
                let so = try object(s, p, required: ["color", "location"], optional: [])
                let loc = try number(so["location"], join(p, "location"), min: 0, max: 1)
                if loc < last { throw fail(join(p, "location"), "a location >= the one before (\(fmt(last)))", so["location"]) }
                last = loc
                stops.append(ColorStop(color: try color(so["color"], join(p, "color")), location: loc))
            }
        default:
            throw SceneError(file: file, path: path, expected: "exactly one of \"colors\" and \"stops\"",
                             found: o["colors"] == nil ? "neither" : "both")
        }
        let interpolation = try o["interpolation"].map { try choice($0, join(path, "interpolation"), Interpolation.self) } ?? .srgb
        let kind: Paint.Kind
        switch type {
        case "linear":
            for k in ["startPoint", "endPoint"] where o[k] == nil { throw fail(join(path, k), "a unit point [u, v] (required)", nil) }
            let s = try unitPoint(o["startPoint"], join(path, "startPoint"))
            let e = try unitPoint(o["endPoint"], join(path, "endPoint"))
            if s == e { throw fail(join(path, "endPoint"), "a point different from startPoint", o["endPoint"]) }
            kind = .linear(start: s, end: e)
        case "angular":
            let c = try o["center"].map { try unitPoint($0, join(path, "center")) } ?? UnitPoint(0.5, 0.5)
            let a = try o["angle"].map { try number($0, join(path, "angle")) } ?? 0
            let s = try o["startAngle"].map { try number($0, join(path, "startAngle")) } ?? 0
            let e = try o["endAngle"].map { try number($0, join(path, "endAngle")) } ?? 360
            if !(e - s > 0 && e - s <= 360) {
                throw fail(join(path, "endAngle"), "an angle in (\(fmt(s)), \(fmt(s + 360))]", o["endAngle"] ?? .number(360))
            }
            kind = .angular(center: c, angle: a, startAngle: s, endAngle: e)
        case "path":
            kind = .path(offset: try o["offset"].map { try number($0, join(path, "offset")) } ?? 0)
        default:
            let c = try o["center"].map { try unitPoint($0, join(path, "center")) } ?? UnitPoint(0.5, 0.5)
            let r0 = try o["startRadius"].map { try number($0, join(path, "startRadius"), min: 0) } ?? 0
            guard let r1v = o["endRadius"] else { throw fail(join(path, "endRadius"), "a radius in points (required)", nil) }
            let r1 = try number(r1v, join(path, "endRadius"), min: 0)
            if r1 == r0 { throw fail(join(path, "endRadius"), "a radius different from startRadius", r1v) }
            kind = .radial(center: c, startRadius: r0, endRadius: r1)
        }
        var animation: Animation?
        if o["rotation"] != nil && o["cornerCycle"] != nil {
            throw SceneError(file: file, path: path, expected: "at most one of \"rotation\" and \"cornerCycle\"", found: "both")
        }
        if let r = o["rotation"] {
            let rp = join(path, "rotation")
            let ro = try object(r, rp, required: ["period"], optional: ["direction", "timing", "delay", "repeat"])
            let period = try number(ro["period"], join(rp, "period"), min: 0, minOpen: true)
            let dir = try ro["direction"].map { try choiceString($0, join(rp, "direction"), ["clockwise", "counterclockwise"]) } ?? "clockwise"
            animation = .rotation(period: period, clockwise: dir == "clockwise", motion: try motion(ro, rp))
        }
        if let c = o["cornerCycle"] {
            let cp = join(path, "cornerCycle")
            let co = try object(c, cp, required: ["stepDuration"], optional: ["timing", "delay", "repeat"])
            animation = .cornerCycle(stepDuration: try number(co["stepDuration"], join(cp, "stepDuration"), min: 0, minOpen: true),
                                     motion: try motion(co, cp))
        }
        return Paint(kind, stops: stops, interpolation: interpolation, animation: animation)
    }

    /// A rotation's or corner cycle's `timing`, `delay` and `repeat` (SCENE.md "Animation").
    func motion(_ o: [String: JSONValue], _ path: String) throws -> Motion {
        Motion(timing: try o["timing"].map { try timingFunction($0, join(path, "timing")) } ?? .linear,
               delay: try o["delay"].map { try number($0, join(path, "delay"), min: 0) } ?? 0,
               reverses: try o["repeat"].map { try choiceString($0, join(path, "repeat"), ["loop", "reverse"]) == "reverse" } ?? false)
    }

    /// A timing function (SCENE.md "Timing functions"): a name, or [x1, y1, x2, y2] with x1
    /// and x2 in 0...1 and y1, y2 any finite numbers.
    func timingFunction(_ v: JSONValue, _ path: String) throws -> TimingFunction {
        let names: [String: TimingFunction] = ["linear": .linear, "ease": .ease, "easeIn": .easeIn, "easeOut": .easeOut,
                                               "easeInOut": .easeInOut]
        if case .string(let name) = v, let t = names[name] { return t }
        guard case .array(let a) = v, a.count == 4 else {
            throw fail(path, "a timing function: \"linear\", \"ease\", \"easeIn\", \"easeOut\", \"easeInOut\" or [x1, y1, x2, y2]", v)
        }
        let x1 = try number(a[0], path + "[0]", min: 0, max: 1), y1 = try number(a[1], path + "[1]")
        let x2 = try number(a[2], path + "[2]", min: 0, max: 1), y2 = try number(a[3], path + "[3]")
        return .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
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

