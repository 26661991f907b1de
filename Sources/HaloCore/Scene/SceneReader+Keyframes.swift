/// Keyframe objects (docs/scene-format.md "Keyframes"): where they may stand and what they hold.
extension SceneReader {
    /// Keys whose values are strings or booleans, or whole lists: never keyframed.
    static let notAnimatable: Set<String> = ["type", "cornerStyle", "alignment", "interpolation", "text", "font", "align",
                                             "cap", "direction", "repeat", "timing", "italic", "file", "image", "contentMode"]
    static let wholeLists: Set<String> = ["rect", "stops", "colors", "startPoint", "endPoint", "center", "pattern", "keyframes"]

    /// Every keyframe object under `v` (at `path`), checked and read, in document order.
    func collectKeyframes(_ v: JSONValue, path: String, inLayers: Bool, key: String?,
                          into found: inout [(path: String, track: KeyframeTrack)], objects: inout [JSONValue]) throws {
        switch v {
        case .object(let o):
            if o["keyframes"] != nil {
                let at = path.isEmpty ? "" : path
                if !inLayers {
                    throw fail(at, "a value that cannot be animated here (keyframe objects belong only inside layers)", v)
                }
                if let key, Self.notAnimatable.contains(key) {
                    throw fail(at, "a value that cannot be animated (\"\(key)\" takes no keyframes)", v)
                }
                if let key, Self.wholeLists.contains(key) {
                    throw fail(at, "a list, not a keyframe object (keyframe its elements, e.g. \(key)[0])", v)
                }
                found.append((at, try keyframeTrack(o, at)))
                objects.append(v)
                return
            }
            for k in o.keys.sorted() {
                // rotation and cornerCycle take no keyframes, nor anything in them.
                if k == "rotation" || k == "cornerCycle" {
                    try refuseKeyframes(in: o[k]!, path: join(path, k))
                    continue
                }
                try collectKeyframes(o[k]!, path: join(path, k), inLayers: inLayers || (path.isEmpty && k == "layers"),
                                     key: k, into: &found, objects: &objects)
            }
        case .array(let a):
            for (i, x) in a.enumerated() {
                try collectKeyframes(x, path: "\(path)[\(i)]", inLayers: inLayers, key: nil, into: &found, objects: &objects)
            }
        default:
            return
        }
    }

    /// Refuses any keyframe object under `v` (a rotation or corner cycle).
    func refuseKeyframes(in v: JSONValue, path: String) throws {
        switch v {
        case .object(let o):
            if o["keyframes"] != nil {
                throw fail(path, "a value that cannot be animated (rotation and cornerCycle take no keyframes)", v)
            }
            for k in o.keys.sorted() { try refuseKeyframes(in: o[k]!, path: join(path, k)) }
        case .array(let a):
            for (i, x) in a.enumerated() { try refuseKeyframes(in: x, path: "\(path)[\(i)]") }
        default: return
        }
    }

    /// `{ "keyframes": [[t0, v0], ...], "timing": T, "repeat": R, "delay": d }`.
    func keyframeTrack(_ o: [String: JSONValue], _ path: String) throws -> KeyframeTrack {
        let obj = try object(.object(o), path, required: ["keyframes"], optional: ["timing", "repeat", "delay"])
        let kp = join(path, "keyframes")
        guard case .array(let list)? = obj["keyframes"], list.count >= 2 else {
            throw fail(kp, "a list of at least two keyframes [time, value]", obj["keyframes"])
        }
        var times: [Double] = [], raw: [(JSONValue, String)] = []
        for (i, k) in list.enumerated() {
            let p = "\(kp)[\(i)]"
            guard case .array(let pair) = k, pair.count == 2 else { throw fail(p, "a keyframe [time, value]", k) }
            let t = try number(pair[0], "\(p)[0]", min: 0)
            if let last = times.last, !(t > last) { throw fail("\(p)[0]", "a time > the one before (\(fmt(last)))", pair[0]) }
            times.append(t)
            if case .object(let inner) = pair[1], inner["keyframes"] != nil {
                throw fail("\(p)[1]", "a number or a colour (keyframes do not nest)", pair[1])
            }
            raw.append((pair[1], "\(p)[1]"))
        }
        let values: KeyframeTrack.Values
        if case .number = raw[0].0 {
            values = .numbers(try raw.map { v, p in
                guard case .number = v else { throw fail(p, "a number, as the first keyframe's value is", v) }
                return try number(v, p)
            })
        } else {
            values = .colors(try raw.map { v, p in
                if case .number = v { throw fail(p, "a colour, as the first keyframe's value is", v) }
                return try color(v, p)
            })
        }
        return KeyframeTrack(times: times, values: values,
                             timing: try obj["timing"].map { try timingFunction($0, join(path, "timing")) } ?? .linear,
                             repeats: try obj["repeat"].map { try choice($0, join(path, "repeat"), KeyframeTrack.Repeat.self) } ?? .none,
                             delay: try obj["delay"].map { try number($0, join(path, "delay"), min: 0) } ?? 0)
    }
}

extension SceneReader {
    /// Whether a refusal at `refused` (a JSON path) can depend on the keyframed value at
    /// `track`, so that the time it was read at belongs in the message: the refused value
    /// is the keyframed one or inside it, the keyframed value is a member of the refused
    /// one (a rect with an animated width), or the refusal compares the value with a
    /// keyframed one beside it (``comparedWithNeighbours``). A refusal elsewhere (an
    /// unknown key, a missing one, a bad value no keyframe touches) is the same at every time.
    static func refusal(at refused: String, canDependOn track: String) -> Bool {
        if within(refused, track) || parent(track) == refused { return true }
        guard let key = comparedWithNeighbours.first(where: { refused.hasSuffix("." + $0) }) else { return false }
        var holder = String(refused.dropLast(key.count + 1))
        if holder.hasSuffix("]") { holder = parent(holder) }     // a stop's location: the stops list
        return within(track, holder)
    }

    /// The keys whose refusal compares the value with another beside it: a stop's location
    /// with the one before, endPoint with startPoint, endRadius with startRadius, endAngle
    /// with startAngle (SceneReader+Paint.swift).
    static let comparedWithNeighbours = ["location", "endPoint", "endRadius", "endAngle"]

    /// `a` is the JSON path `b` or a path inside it ("" holds every path).
    private static func within(_ a: String, _ b: String) -> Bool { b.isEmpty || a == b || a.hasPrefix(b + ".") || a.hasPrefix(b + "[") }

    /// The path of the value holding the one at `p` ("" for a top-level key).
    private static func parent(_ p: String) -> String {
        guard let cut = p.lastIndex(where: { $0 == "." || $0 == "[" }) else { return "" }
        return String(p[..<cut])
    }
}
