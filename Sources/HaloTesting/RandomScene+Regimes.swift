import Foundation

/// The layers ``RandomScene`` draws on purpose where renderers are weakest (docs/scene-format.md
/// "Stroke", "Text", "Paints", "Material"): dashes cut at sharp corners (the start point
/// s = 0 of a rect is one), round caps that touch or overlap, dash periods below a pixel
/// (down to 1e-6 pt, on a shape small enough that the outline holds at most ~16 000
/// dashes, so the exact reference stays in memory), inside strokes wider than their
/// corner radius, text in every paint, hard stops at arbitrary angles, and materials.
/// Shader paints and background images are left out: the CPU reference draws neither a
/// shader paint nor a file the generated JSON cannot carry.
extension RandomScene {
    /// The regimes, as ``regimes(seed:)`` names them.
    public enum Regime: String, CaseIterable, Sendable {
        case sharpCornerDashes = "dashes at sharp corners"
        case touchingRoundCaps = "touching or overlapping round caps"
        case subPixelDashPeriod = "sub-pixel dash period"
        case insideStrokeWiderThanRadius = "inside stroke wider than its corner radius"
        case text = "text"
        case hardStopAtAngle = "hard stop at an arbitrary angle"
        case material = "material"
    }

    /// The regime layers of the scene `json(seed:)` gives, in order.
    public static func regimes(seed: UInt64) -> [Regime] {
        var g = RandomScene(seed: seed)
        _ = g.nextJSON()
        return g.regimes
    }

    /// One layer of a random regime, as JSON text ("{ ... }"), for a canvas of w x h points
    /// drawn at `scale`.
    mutating func regimeLayerJSON(_ w: Double, _ h: Double, scale: Double) -> String {
        let regime = pick(Regime.allCases)
        regimes.append(regime)
        switch regime {
        case .sharpCornerDashes: return sharpCornerDashLayer(w, h)
        case .touchingRoundCaps: return touchingCapsLayer(w, h, scale: scale)
        case .subPixelDashPeriod: return subPixelDashLayer(w, h, scale: scale)
        case .insideStrokeWiderThanRadius: return wideInsideStrokeLayer(w, h)
        case .text: return textLayer(w, h)
        case .hardStopAtAngle: return hardStopLayer(w, h)
        case .material: return materialLayer(w, h)
        }
    }

    /// A box of sides at least `least` points placed over a w x h canvas: (x, y, sw, sh), 3 decimals.
    private mutating func box(_ w: Double, _ h: Double, least: Double = 6) -> (x: Double, y: Double, w: Double, h: Double) {
        let sw = n0(range(least, max(least, w * 0.85))), sh = n0(range(least, max(least, h * 0.85)))
        return (n0(range(-sw * 0.2, max(0, w - sw * 0.8))), n0(range(-sh * 0.2, max(0, h - sh * 0.8))), sw, sh)
    }
    private func rectJSON(_ b: (x: Double, y: Double, w: Double, h: Double)) -> String {
        "[\(exact(b.x)), \(exact(b.y)), \(exact(b.w)), \(exact(b.h))]"
    }
    private mutating func alignment() -> String { "\"alignment\": \"\(pick(["center", "inside", "outside"]))\"" }
    private mutating func strokeLayer(shape: String, width: Double, alignment: String, dash: String) -> String {
        let fill = chance(0.3) ? "\"fill\": \(paintJSON(allowAnimation: false)), " : ""
        return "{ \"shape\": \(shape), \(fill)\"stroke\": { \"paint\": \(paintJSON(allowAnimation: chance(0.3))), \"width\": \(exact(width)), \(alignment), \"dash\": \(dash) } }"
    }

    /// A rect, or a rounded rect whose top-left corner (s = 0) and some others are sharp,
    /// dashed so that dash ends fall exactly on corners ([side, side]; a dash ending or
    /// starting at s = 0) or dashes pass over them.
    private mutating func sharpCornerDashLayer(_ w: Double, _ h: Double) -> String {
        let b = box(w, h)
        let shape = chance(0.5) ? "{ \"type\": \"rect\", \"rect\": \(rectJSON(b)) }"
            : "{ \"type\": \"roundedRect\", \"rect\": \(rectJSON(b)), \"cornerRadius\": [0, \(n(pick([0, range(0.5, 4)]))), \(n(pick([0, range(0.5, 4)]))), \(n(pick([0, 2])))], \"cornerStyle\": \"\(pick(["circular", "continuous"]))\" }"
        let (pattern, phase): ([Double], Double)
        switch int(0, 3) {
        case 0: (pattern, phase) = ([b.w, b.h], 0)                                   // every end on a corner
        case 1: let a = n0(b.w / Double(int(1, 4))); (pattern, phase) = ([a, a], pick([0, a]))   // ends at s = 0 and on the top-right corner
        case 2: let a = n0(range(0.5, 6)); (pattern, phase) = ([a, n0(range(0.3, 4))], a)       // a dash ends at s = 0
        default: (pattern, phase) = ([n0(range(1, 8)), n0(range(0.5, 5))], n0(range(-10, 10))) // dashes over corners
        }
        let cap = chance(0.5) ? ", \"cap\": \"round\"" : ""
        let dash = "{ \"pattern\": [\(pattern.map(exact).joined(separator: ", "))], \"phase\": \(exact(phase))\(cap) }"
        return strokeLayer(shape: shape, width: n0(pick([range(0.5, 3), range(3, 10), 1])), alignment: alignment(), dash: dash)
    }

    /// Round caps a gap of w (touching), under w (overlapping) or far under it apart, with dots.
    private mutating func touchingCapsLayer(_ w: Double, _ h: Double, scale: Double) -> String {
        let b = box(w, h, least: max(6, 3 / scale))
        let width = n0(range(1, 8))
        let on = n0(pick([0, width / 4, width, range(0.5, 6)]))
        let off = max(0.001, n0(pick([width, width / 2, width / 10, 0.001])))
        let pattern = chance(0.3) ? [on, off, n0(range(0, 3)), off] : [on, off]
        let dash = "{ \"pattern\": [\(pattern.map(exact).joined(separator: ", "))], \"phase\": \(n(pick([0, range(-5, 5)]))), \"cap\": \"round\" }"
        return strokeLayer(shape: anyShape(b), width: width, alignment: alignment(), dash: dash)
    }

    private mutating func anyShape(_ b: (x: Double, y: Double, w: Double, h: Double)) -> String {
        switch int(0, 3) {
        case 0: return "{ \"type\": \"rect\", \"rect\": \(rectJSON(b)) }"
        case 1: return "{ \"type\": \"capsule\", \"rect\": \(rectJSON(b)) }"
        case 2: return "{ \"type\": \"ellipse\", \"rect\": \(rectJSON(b)) }"
        default: return "{ \"type\": \"roundedRect\", \"rect\": \(rectJSON(b)), \"cornerRadius\": \(n(range(0, 12))), \"cornerStyle\": \"\(pick(["circular", "continuous"]))\" }"
        }
    }

    /// A dash period under a pixel: 0.01 to 0.5 pt round an ordinary shape, or 1e-6 to
    /// 1e-3 pt round a shape a few thousand periods across, under a wide stroke.
    private mutating func subPixelDashLayer(_ w: Double, _ h: Double, scale: Double) -> String {
        let period: Double, b: (x: Double, y: Double, w: Double, h: Double)
        if chance(0.5) {
            period = pick([0.01, 0.05, 0.2, 0.5]) / scale
            b = box(w, h)
        } else {
            period = pick([1e-6, 1e-5, 1e-4, 1e-3])
            let side = period * Double(int(10, 4000))
            b = (n0(range(w * 0.2, w * 0.8)), n0(range(h * 0.2, h * 0.8)), side, side * pick([1, 0.5, 2]))
        }
        let f = pick([0.5, 0.25, 0.9, unit()])
        let pattern = [period * f, period * (1 - f)].map { max($0, period * 0.01) }
        let round = chance(0.4) ? ", \"cap\": \"round\"" : ""
        let dash = "{ \"pattern\": [\(pattern.map(exact).joined(separator: ", "))], \"phase\": \(exact(period * unit()))\(round) }"
        return strokeLayer(shape: anyShape(b), width: n0(pick([range(0.3, 2), range(2, 12)])), alignment: alignment(), dash: dash)
    }

    /// An inside stroke 1.05 to 4 times its corner radius wide (dashed a third of the time,
    /// round caps then: the caps reach past the corner's centre).
    private mutating func wideInsideStrokeLayer(_ w: Double, _ h: Double) -> String {
        let b = box(w, h, least: 10)
        let r = n0(range(0.5, min(b.w, b.h) / 3))
        let width = n0(min(r * range(1.05, 4), min(b.w, b.h) * 0.6))
        let shape = "{ \"type\": \"roundedRect\", \"rect\": \(rectJSON(b)), \"cornerRadius\": \(exact(r)), \"cornerStyle\": \"\(pick(["circular", "continuous"]))\" }"
        guard chance(0.35) else {
            return "{ \"shape\": \(shape), \"stroke\": { \"paint\": \(paintJSON(allowAnimation: false)), \"width\": \(exact(width)), \"alignment\": \"inside\" } }"
        }
        let dash = "{ \"pattern\": [\(n(range(0, 6))), \(n(range(0.5, 6)))], \"phase\": \(n(range(-4, 4))), \"cap\": \"round\" }"
        return strokeLayer(shape: shape, width: width, alignment: "\"alignment\": \"inside\"", dash: dash)
    }

    /// A text shape filled with a solid, linear, angular or radial paint (docs/scene-format.md "Text": not
    /// a path or a material), with a glow a third of the time.
    private mutating func textLayer(_ w: Double, _ h: Double) -> String {
        let b = box(w, h, least: 12)
        let text = pick(["Hi", "Halo", "Border 42", "gG@ ÄÖ", "iiii", "W", "Ag\\nfy", "0.5 px"])
        var options = ", \"size\": \(n(pick([range(6, 14), range(14, 40), 9.5])))"
        if chance(0.5) { options += ", \"weight\": \(pick([100, 300, 400, 700, 900]))" }
        if chance(0.3) { options += ", \"italic\": true" }
        if chance(0.5) { options += ", \"align\": \"\(pick(["left", "center", "right"]))\"" }
        if chance(0.3) { options += ", \"lineHeight\": \(n(range(0.8, 1.6)))" }
        let glow = chance(0.3) ? ", \"glow\": { \"radius\": \(n(range(0.5, 6))), \"opacity\": \(n(range(0.3, 1))) }" : ""
        // Every paint but a path (text has no outline) and a material: drawn until it is one.
        var paint = paintJSON(allowAnimation: chance(0.3))
        while paint.hasPrefix("{ \"type\": \"path\"") { paint = paintJSON(allowAnimation: chance(0.3)) }
        return "{ \"shape\": { \"type\": \"text\", \"rect\": \(rectJSON(b)), \"text\": \"\(text)\"\(options) }, \"fill\": \(paint)\(glow) }"
    }

    /// A linear gradient along an arbitrary angle, or an angular one turned by one, with one
    /// or two hard stops at arbitrary locations, as a fill or a stroke's paint.
    private mutating func hardStopLayer(_ w: Double, _ h: Double) -> String {
        let b = box(w, h)
        var locs = [0.0, 1.0] + (0..<int(1, 2)).map { _ in n0(range(0.05, 0.95)) }
        locs.sort()
        let hard = int(1, locs.count - 2)
        locs.insert(locs[hard], at: hard)
        let stops = "\"stops\": [" + locs.map { "{ \"color\": \(colour()), \"location\": \(exact($0)) }" }.joined(separator: ", ") + "]"
        let theta = range(0, 2 * .pi), len = range(0.2, 1.5)
        let paint = chance(0.5)
            ? "{ \"type\": \"linear\", \(stops), \"startPoint\": [\(n(0.5 - len / 2 * cos(theta))), \(n(0.5 - len / 2 * sin(theta)))], \"endPoint\": [\(n(0.5 + len / 2 * cos(theta))), \(n(0.5 + len / 2 * sin(theta)))] }"
            : "{ \"type\": \"angular\", \(stops), \"center\": [\(n(range(0.2, 0.8))), \(n(range(0.2, 0.8)))], \"angle\": \(n(range(-360, 360))) }"
        if chance(0.5) { return "{ \"shape\": \(anyShape(b)), \"fill\": \(paint) }" }
        return "{ \"shape\": \(anyShape(b)), \"stroke\": { \"paint\": \(paint), \"width\": \(n(range(1, 10))), \(alignment()) } }"
    }

    /// A material fill (docs/scene-format.md "Material") over whatever is below, with a stroke half the time.
    private mutating func materialLayer(_ w: Double, _ h: Double) -> String {
        let b = box(w, h)
        let tint = chance(0.6) ? ", \"tint\": \(colour())" : ""
        let material = "{ \"type\": \"material\", \"blur\": \(n(pick([0, 0.5, range(1, 12)]))), \"saturation\": \(n(pick([1, 0, range(0, 2)])))\(tint) }"
        let stroke = chance(0.5) ? ", \"stroke\": { \"paint\": \(paintJSON(allowAnimation: false)), \"width\": \(n(range(0.5, 4))), \(alignment()) }" : ""
        return "{ \"shape\": \(anyShape(b)), \"fill\": \(material)\(stroke) }"
    }
}
