import Foundation
import Halo

/// Seeded generator of valid random scenes (scene format 1) for differential
/// testing of the two backends: every shape (text included), paint (materials
/// included; shader paints, which the CPU cannot draw, excluded), alignment and
/// option, from sub-pixel strokes to large glows, with awkward values on purpose
/// (radius 0, radius larger than the side, a stroke wider than the shape, stops
/// at one location, a single stop, angle 359.999, time at a period boundary), and
/// two layers in five from the weak regimes of RandomScene+Regimes.swift (dashes
/// at sharp corners, touching caps, sub-pixel dash periods, ...).
///
/// The same seed always gives the same scene: `halo random-scene --seed N`
/// prints it, so any failure is reproducible from its seed.
public struct RandomScene {
    private var state: UInt64
    /// The last shape's shorter side, points (``dashJSON(scale:)``).
    private var lastMinSide = 0.0
    /// The regime layers made so far (``regimeLayerJSON(_:_:scale:)``), in order.
    public internal(set) var regimes: [Regime] = []

    /// - Parameter seed: any 64-bit value.
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", 2014).
    private mutating func nextUInt64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(nextUInt64() >> 11) / Double(1 << 53) }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(nextUInt64() % UInt64(hi - lo + 1)) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(0, xs.count - 1)] }

    /// Numbers rounded to 3 decimals, as a person would write them (exact in JSON).
    func n(_ x: Double) -> String {
        let r = (x * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    mutating func colour() -> String {
        switch int(0, 3) {
        case 0: return "\"\(pick(["red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "gray", "black", "white", "clear"]))\""
        case 1: return String(format: "\"#%02X%02X%02X\"", int(0, 255), int(0, 255), int(0, 255))
        case 2: return String(format: "\"#%02X%02X%02X%02X\"", int(0, 255), int(0, 255), int(0, 255), pick([0, 64, 128, 200, 255]))
        default: return "[\(n(unit())), \(n(unit())), \(n(unit())), \(n(pick([1, 1, 0.5, unit()])))]"
        }
    }

    mutating func stopsJSON() -> String {
        switch int(0, 4) {
        case 0: return "\"colors\": [\(colour())]"                               // one stop: solid
        case 1, 2: return "\"colors\": [" + (0..<int(2, 6)).map { _ in colour() }.joined(separator: ", ") + "]"
        default:
            var locs = (0..<int(2, 6)).map { _ in pick([0, 1, 0.5, unit(), unit()]) }.sorted()
            if chance(0.4), locs.count > 2 { locs[1] = locs[2] }                 // a hard edge
            if chance(0.1) { locs = locs.map { _ in locs[0] } }                   // all at one location
            return "\"stops\": [" + locs.map { "{ \"color\": \(colour()), \"location\": \(n($0)) }" }.joined(separator: ", ") + "]"
        }
    }

    mutating func paintJSON(allowAnimation: Bool) -> String {
        let interpolation = pick(["", "", ", \"interpolation\": \"linear\"", ", \"interpolation\": \"oklab\""])
        switch int(0, 4) {
        case 4:
            // Colour along the outline (docs/scene-format.md "Paints", path), any offset, turning or not.
            let anim = allowAnimation && chance(0.5) ? ", \"rotation\": { \"period\": \(n(pick([1, 3, range(0.5, 5)]))), \"direction\": \"\(pick(["clockwise", "counterclockwise"]))\"\(motionJSON()) }" : ""
            return "{ \"type\": \"path\", \(stopsJSON())\(interpolation), \"offset\": \(n(pick([0, 0.5, range(-1.5, 1.5)])))\(anim) }"
        case 0: return "{ \"type\": \"solid\", \"color\": \(chance(0.3) ? keyframed({ $0.colour() }) : colour()) }"
        case 1:
            var s = (n(range(-0.3, 1.3)), n(range(-0.3, 1.3))), e = (n(range(-0.3, 1.3)), n(range(-0.3, 1.3)))
            if s == e { s = ("0", "0"); e = ("1", "1") }
            var anim = ""
            if allowAnimation && chance(0.5) {
                anim = chance(0.5) ? ", \"rotation\": { \"period\": \(n(pick([1, 2, 3, range(0.5, 5)]))), \"direction\": \"\(pick(["clockwise", "counterclockwise"]))\"\(motionJSON()) }"
                                   : ", \"cornerCycle\": { \"stepDuration\": \(n(pick([1, 2, range(0.3, 3)])))\(motionJSON()) }"
            }
            return "{ \"type\": \"linear\", \(stopsJSON())\(interpolation), \"startPoint\": [\(s.0), \(s.1)], \"endPoint\": [\(e.0), \(e.1)]\(anim) }"
        case 2:
            var sweep = ""
            if chance(0.35) {
                let a = Double(int(-90, 200)), span = pick([n0(range(10, 360)), 360, 359.999, 180])
                sweep = ", \"startAngle\": \(n(a)), \"endAngle\": \(n(a + span))"
                if (a + span) - a <= 0 || (a + span) - a > 360 { sweep = "" }
            }
            let anim = allowAnimation && chance(0.5) ? ", \"rotation\": { \"period\": \(n(pick([1, 3, range(0.5, 5)])))\(motionJSON()) }" : ""
            return "{ \"type\": \"angular\", \(stopsJSON())\(interpolation), \"center\": [\(n(range(-0.2, 1.2))), \(n(range(-0.2, 1.2)))], \"angle\": \(n(pick([0, 359.999, -90, range(-360, 360)])))\(sweep)\(anim) }"
        default:
            let r0 = pick([0, range(0, 30)]), r1 = r0 + pick([range(1, 80), -r0 / 2 - 0.5, 0.25])
            return "{ \"type\": \"radial\", \(stopsJSON())\(interpolation), \"center\": [\(n(range(-0.2, 1.2))), \(n(range(-0.2, 1.2)))], \"startRadius\": \(n(r0)), \"endRadius\": \(n(max(0, r1) == n0(r0) ? r0 + 1 : max(0, r1))) }"
        }
    }
    func n0(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    /// A stroke's dashes a quarter of the time (docs/scene-format.md "Stroke", dash): one to five
    /// lengths, butt or round caps (dots with round caps), any phase. Only on shapes at least
    /// 3 px across: on a thinner one both sides of the outline meet in one pixel, where the
    /// GPU's dashes (one cut per side of the medial axis) are not yet within the test's bound.
    private mutating func dashJSON(scale: Double) -> String {
        guard chance(0.25), lastMinSide * scale >= 3 else { return "" }
        let round = chance(0.5)
        let count = int(1, 5)
        let pattern = (0..<count).map { i -> String in
            let dot = round && i % 2 == 0 && count % 2 == 0 && chance(0.3)
            return dot ? "0" : n(max(0.3, pick([range(0.5, 4), range(2, 15), 1])))
        }
        return ", \"dash\": { \"pattern\": [\(pattern.joined(separator: ", "))], \"phase\": \(n(pick([0, range(-20, 20)])))\(round ? ", \"cap\": \"round\"" : "") }"
    }

    private mutating func shapeJSON(_ w: Double, _ h: Double) -> String {
        let sw = pick([range(0.3, 3), range(2, w * 0.9), w * 0.5, 0.6])
        let sh = pick([range(0.3, 3), range(2, h * 0.9), h * 0.5, 0.6])
        let x = range(-sw * 0.3, w - sw * 0.6), y = range(-sh * 0.3, h - sh * 0.6)
        let rect = "[\(n(x)), \(n(y)), \(n(sw)), \(n(sh))]"
        lastMinSide = min(sw, sh)
        switch int(0, 4) {
        case 0: return "{ \"type\": \"rect\", \"rect\": \(rect) }"
        case 1: return "{ \"type\": \"capsule\", \"rect\": \(rect) }"
        case 2: return "{ \"type\": \"ellipse\", \"rect\": \(rect) }"
        default:
            var r: String
            if chance(0.5) { r = n(pick([0, 0.4, range(0, 20), 1000, min(sw, sh) / 2])) }
            else { r = "[" + (0..<4).map { _ in n(pick([0, 0.4, range(0, 20), range(0, 60)])) }.joined(separator: ", ") + "]" }
            let style = pick(["circular", "continuous", "continuous"])
            return "{ \"type\": \"roundedRect\", \"rect\": \(rect), \"cornerRadius\": \(r), \"cornerStyle\": \"\(style)\" }"
        }
    }

    /// A rotation's or corner cycle's optional timing, delay and repeat (docs/scene-format.md "Animation"),
    /// as JSON members with a leading comma ("" half the time).
    mutating func motionJSON() -> String {
        guard chance(0.5) else { return "" }
        var parts: [String] = []
        if chance(0.6) {
            parts.append(chance(0.7) ? "\"timing\": \"\(pick(["linear", "ease", "easeIn", "easeOut", "easeInOut"]))\""
                         : "\"timing\": [\(n(unit())), \(n(range(-0.5, 1.5))), \(n(unit())), \(n(range(-0.5, 1.5)))]")
        }
        if chance(0.4) { parts.append("\"delay\": \(n(pick([0, 0.5, range(0, 3)])))") }
        if chance(0.5) { parts.append("\"repeat\": \"\(pick(["loop", "reverse"]))\"") }
        return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
    }

    /// A keyframe object (docs/scene-format.md "Keyframes") of two or three values from `value`, at
    /// increasing times, with an optional named timing (no overshoot: the values stay valid),
    /// repeat and delay.
    mutating func keyframed(_ value: (inout RandomScene) -> String) -> String {
        var t = pick([0, 0, range(0, 1)])
        var frames: [String] = []
        for _ in 0..<int(2, 3) {
            frames.append("[\(n(t)), \(value(&self))]")
            t += pick([0.5, 1, range(0.1, 2)])
        }
        var extra = ""
        if chance(0.5) { extra += ", \"timing\": \"\(pick(["linear", "ease", "easeIn", "easeOut", "easeInOut"]))\"" }
        if chance(0.5) { extra += ", \"repeat\": \"\(pick(["none", "loop", "reverse"]))\"" }
        if chance(0.3) { extra += ", \"delay\": \(n(range(0, 2)))" }
        return "{ \"keyframes\": [\(frames.joined(separator: ", "))]\(extra) }"
    }

    /// The next random scene, as JSON text.
    public mutating func nextJSON() -> String {
        let w = range(24, 90).rounded(), h = range(24, 90).rounded()
        let scale = pick([1, 1, 1.5, 2])
        var layers: [String] = []
        for _ in 0..<int(1, 3) {
            // Two layers in five from the regimes where renderers are weakest (RandomScene+Regimes).
            if chance(0.4) { layers.append(regimeLayerJSON(w, h, scale: scale)); continue }
            var parts = ["\"shape\": \(shapeJSON(w, h))"]
            if chance(0.6) { parts.append("\"fill\": \(paintJSON(allowAnimation: true))") }
            let hasStroke = chance(0.8) || parts.count == 1
            if hasStroke {
                let width = pick([0.1, 0.25, 0.5, 1, range(0.2, 4), range(2, 20)])
                let widthJSON = chance(0.2) ? keyframed { "\($0.n(max(0.05, $0.pick([0.5, 1, $0.range(0.2, 6)]))))" } : n(max(0.05, width))
                parts.append("\"stroke\": { \"paint\": \(paintJSON(allowAnimation: true)), \"width\": \(widthJSON), \"alignment\": \"\(pick(["center", "inside", "outside"]))\"\(dashJSON(scale: scale)) }")
            }
            // The glow blurs the stroke, or the fill of a layer without one (docs/scene-format.md "Glow").
            if chance(0.4) {
                let glowColour = chance(0.3) ? ", \"color\": \(colour())" : ""
                parts.append("\"glow\": { \"radius\": \(n(pick([0, 0.5, range(1, 6), range(6, 16)]))), \"opacity\": \(n(pick([1, range(0, 1)])))\(glowColour) }")
            }
            if chance(0.3) { parts.append("\"opacity\": \(chance(0.3) ? keyframed { $0.n($0.unit()) } : n(unit()))") }
            layers.append("{ " + parts.joined(separator: ", ") + " }")
        }
        let time = pick([0, 1, 2, 3, 1.5, range(0, 10)])
        let reduce = chance(0.1) ? ", \"reduceMotion\": true" : ""
        let bg = pick(["", ", \"background\": \"#1C1C1E\"", ", \"background\": \"white\"", ", \"background\": [0.2, 0.4, 0.6, 0.5]"])
        return """
        { "format": 1, "canvas": { "width": \(n(w)), "height": \(n(h)), "scale": \(n(scale))\(bg) }, "time": \(n(time))\(reduce),
          "layers": [
            \(layers.joined(separator: ",\n    "))
          ] }
        """
    }

    /// The scene for `seed`, as JSON text.
    public static func json(seed: UInt64) -> String {
        var g = RandomScene(seed: seed)
        return g.nextJSON()
    }

    /// The singular-point scene for `seed` (``nextSingularJSON()``), as JSON text.
    public static func singularJSON(seed: UInt64) -> String {
        var g = RandomScene(seed: seed)
        return g.nextSingularJSON()
    }

    /// A number written with every digit a Double holds (for points that must land
    /// exactly on a pixel centre, edge or corner, or a hair from another point).
    func exact(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)" }

    /// A paint at one of its singular points on a small canvas: linear end points that
    /// differ by less than float32 resolves (relative steps around 2^-24, and far below),
    /// or the centre of a radial or angular gradient on a pixel centre, edge or corner,
    /// with radii from sub-pixel to nearly equal, hard stops, partial sweeps.
    /// `rect` is the shape's bounding rect (points), `scale` pixels per point.
    private mutating func singularPaintJSON(rect: (x: Double, y: Double, w: Double, h: Double), scale: Double,
                                            canvas: (w: Double, h: Double)) -> String {
        // A pixel-space point on a pixel centre, edge or corner, as a unit point of rect.
        let fx = pick([0.5, 0.0, 0.5, 0.0]), fy = pick([0.5, 0.0, 0.0, 0.5])
        let px = Double(int(2, max(2, Int(canvas.w * scale) - 3))) + fx, py = Double(int(2, max(2, Int(canvas.h * scale) - 3))) + fy
        let u = (px / scale - rect.x) / rect.w, v = (py / scale - rect.y) / rect.h
        switch int(0, 2) {
        case 0:
            // Nearly coincident end points: at float32's boundary and beyond.
            let su = n(range(0.1, 0.9)), sv = n(range(0.1, 0.9))
            let su0 = Double(su)!, sv0 = Double(sv)!
            let d = pick([1e-8, 5.960464477539063e-8 * su0, 1.1920928955078125e-7, 1e-12, 1e-300])
            let (dx, dy) = pick([(1.0, 0.0), (0.0, 1.0), (0.6, -0.8), (-1.0, 0.0)])
            // (Below a double's resolution at su, the start moves to 0, where d is held.)
            let (s0, s1) = su0 + d * dx == su0 && sv0 + d * dy == sv0 ? (0.0, 0.0) : (su0, sv0)
            return "{ \"type\": \"linear\", \(stopsJSON()), \"startPoint\": [\(exact(s0)), \(exact(s1))], \"endPoint\": [\(exact(s0 + d * dx)), \(exact(s1 + d * dy))] }"
        case 1:
            let radii = pick([(0.0, 0.5), (0.0, 4.0), (6.0, 0.0), (2.0, 2.000001), (0.0, 30.0), (3.0, 1.0)])
            return "{ \"type\": \"radial\", \(stopsJSON()), \"center\": [\(exact(u)), \(exact(v))], \"startRadius\": \(exact(radii.0)), \"endRadius\": \(exact(radii.1)) }"
        default:
            var sweep = ""
            if chance(0.4) { let a = pick([0.0, 30.0, -45.0]); sweep = ", \"startAngle\": \(n(a)), \"endAngle\": \(n(a + pick([90.0, 200.0, 359.0])))" }
            return "{ \"type\": \"angular\", \(stopsJSON()), \"center\": [\(exact(u)), \(exact(v))], \"angle\": \(n(pick([0, 90, 37, 45, 359.999])))\(sweep) }"
        }
    }

    /// The next singular-point scene, as JSON text: a small canvas (16 to 40 points, scale
    /// 1 or 2) with one or two layers whose fill or stroke paints are singular
    /// (``singularPaintJSON``): the cases where a float32 shader cannot evaluate the
    /// paint naively, and where the colour varies in every direction within one pixel.
    public mutating func nextSingularJSON() -> String {
        let w = range(16, 40).rounded(), h = range(16, 40).rounded()
        let scale = pick([1.0, 1.0, 2.0])
        var layers: [String] = []
        for _ in 0..<int(1, 2) {
            let r = chance(0.5) ? (x: 0.0, y: 0.0, w: w, h: h)
                : (x: n0(range(-4, w / 3)), y: n0(range(-4, h / 3)), w: n0(range(w / 2, w)), h: n0(range(h / 2, h)))
            let shape = pick(["rect", "rect", "ellipse", "capsule"])
            var parts = ["\"shape\": { \"type\": \"\(shape)\", \"rect\": [\(n(r.x)), \(n(r.y)), \(n(r.w)), \(n(r.h))] }"]
            if chance(0.7) { parts.append("\"fill\": \(singularPaintJSON(rect: r, scale: scale, canvas: (w, h)))") }
            if parts.count == 1 || chance(0.4) {
                parts.append("\"stroke\": { \"paint\": \(singularPaintJSON(rect: r, scale: scale, canvas: (w, h))), \"width\": \(n(pick([2, 6, range(1, 12)]))), \"alignment\": \"\(pick(["center", "inside", "outside"]))\" }")
            }
            layers.append("{ " + parts.joined(separator: ", ") + " }")
        }
        return """
        { "format": 1, "canvas": { "width": \(n(w)), "height": \(n(h)), "scale": \(n(scale)), "background": "#101014" },
          "layers": [
            \(layers.joined(separator: ",\n    "))
          ] }
        """
    }
}
