import Foundation

/// Paints (docs/scene-format.md "Paints", "Material", "Animation"): solid, gradients with their stops
/// and animation, path, material; shader paints in SceneReader+ShaderPaint.swift.
extension SceneReader {
    /// True for an object whose "type" is "material".
    func isMaterial(_ v: JSONValue) -> Bool {
        if case .object(let o) = v, case .string("material")? = o["type"] { return true }
        return false
    }

    /// A material fill (docs/scene-format.md "Material"): `blur` >= 0 points (required), `saturation`
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

    /// A paint other than a material: solid, linear, angular, radial, path or shader.
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

    /// A rotation's or corner cycle's `timing`, `delay` and `repeat` (docs/scene-format.md "Animation").
    func motion(_ o: [String: JSONValue], _ path: String) throws -> Motion {
        Motion(timing: try o["timing"].map { try timingFunction($0, join(path, "timing")) } ?? .linear,
               delay: try o["delay"].map { try number($0, join(path, "delay"), min: 0) } ?? 0,
               reverses: try o["repeat"].map { try choiceString($0, join(path, "repeat"), ["loop", "reverse"]) == "reverse" } ?? false)
    }

    /// A timing function (docs/scene-format.md "Timing functions"): a name, or [x1, y1, x2, y2] with x1
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
}
