import Foundation

/// Walks a parsed JSON tree and builds a checked ``Scene``; every refusal is a
/// ``SceneError`` with the JSON path of the bad value.
struct SceneReader {
    let file: String

    func fail(_ path: String, _ expected: String, _ found: JSONValue?) -> SceneError {
        SceneError(file: file, path: path, expected: expected, found: found?.shortDescription ?? "nothing")
    }

    func join(_ path: String, _ key: String) -> String { JSONValue.memberPath(path, key) }

    // MARK: - Scene

    /// The entry point: the whole scene document (docs/scene-format.md format 1), its top-level keys
    /// checked here and each part by its own reader (canvas below, layers in
    /// SceneReader+Layer.swift, paints in SceneReader+Paint.swift, keyframes in
    /// SceneReader+Keyframes.swift).
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
            // The time only where a keyframed value can have made the refusal.
            if found.contains(where: { Self.refusal(at: e.path, canDependOn: $0.path) }) { e.found += " (at t = 0 s)" }
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
}
