import Foundation
import HaloCore

/// A paint as a SwiftUI `ShapeStyle` expression, in the shape's frame (SwiftUI's unit points
/// and the format's are both fractions of the shape's bounding rect, y down; both measure
/// angles in degrees clockwise on screen from +x, so an angular gradient's angles carry
/// over unchanged, where CSS's conic gradient needs 90 degrees added).
enum SwiftUIPaint {
    /// `Color(.sRGB, red:green:blue:opacity:)`: the format's colours are sRGB-encoded, straight alpha.
    static func color(_ c: RGBA) -> String {
        let n = ExportText.num
        return "Color(.sRGB, red: \(n(c.r)), green: \(n(c.g)), blue: \(n(c.b)), opacity: \(n(c.a)))"
    }

    static func unitPoint(_ p: UnitPoint) -> String { "UnitPoint(x: \(ExportText.num(p.u)), y: \(ExportText.num(p.v)))" }

    /// The stops; `colors` stands in for stop colours by index (keyframed colours).
    static func stops(_ stops: [ColorStop], colors: [Int: String] = [:]) -> String {
        "[" + stops.enumerated().map { i, s in
            "Gradient.Stop(color: \(colors[i] ?? color(s.color)), location: \(ExportText.num(s.location)))"
        }.joined(separator: ", ") + "]"
    }

    /// The expression, or nil for a paint SwiftUI has no mapping for (shader); `note`
    /// receives each approximation.
    /// `keyframed` holds the Swift expressions of keyframed values by JSON path, `place` the
    /// paint's own path ("layers[0].fill").
    static func expression(_ paint: Paint, rect: Rect, place: String = "", keyframed: [String: String] = [:],
                           note: (String) -> Void) -> String? {
        let n = ExportText.num
        var colors: [Int: String] = [:]
        for i in paint.stops.indices {
            if let v = keyframed["\(place).colors[\(i)]"] ?? keyframed["\(place).stops[\(i)].color"] { colors[i] = v }
        }
        func stops(_ s: [ColorStop]) -> String { Self.stops(s, colors: colors) }
        if paint.interpolation != .srgb, paint.stops.count > 1 {
            note("colours mixed in SwiftUI's own space, not \(paint.interpolation == .oklab ? "Oklab" : "linear light")")
        }
        var turn = "0"
        if case .rotation(let period, let clockwise, let m)? = paint.animation {
            turn = "haloTurn(t, period: \(n(period)), clockwise: \(clockwise), delay: \(n(m.delay)), reverses: \(m.reverses), timing: \(SwiftUIMotion.timing(m.timing)))"
        }
        switch paint.kind {
        case .solid(let c): return keyframed["\(place).color"] ?? color(c)
        case .linear(let s, let e):
            var sp = unitPoint(s), ep = unitPoint(e)
            switch paint.animation {
            case .rotation?:
                sp = "haloTurned(\(sp), by: \(turn), width: \(n(rect.w)), height: \(n(rect.h)))"
                ep = "haloTurned(\(ep), by: \(turn), width: \(n(rect.w)), height: \(n(rect.h)))"
            case .cornerCycle(let step, let m)?:
                let args = "step: \(n(step)), delay: \(n(m.delay)), reverses: \(m.reverses), timing: \(SwiftUIMotion.timing(m.timing))"
                sp = "haloCornerCycle(\(sp), t, \(args))"; ep = "haloCornerCycle(\(ep), t, \(args))"
            case nil: break
            }
            return "LinearGradient(stops: \(stops(paint.stops)), startPoint: \(sp), endPoint: \(ep))"
        case .angular(let c, let angle, let start, let end):
            return "AngularGradient(stops: \(stops(paint.stops)), center: \(unitPoint(c)), "
                + "startAngle: .degrees(\(n(angle + start)) + \(turn)), endAngle: .degrees(\(n(angle + end)) + \(turn)))"
        case .radial(let c, let r0, let r1):
            return "RadialGradient(stops: \(stops(paint.stops)), center: \(unitPoint(c)), startRadius: \(n(r0)), endRadius: \(n(r1)))"
        case .path(let offset):
            // Colour along the outline: an angular gradient about the centre runs round the
            // outline the same way, exact in turn only for a circle.
            note("a path paint is drawn as an angular gradient about the shape's centre (exact for a circle)")
            let w = rect.w, h = rect.h
            // The outline's start (where the top side leaves the top-left corner) seen from the centre.
            let startAngle = atan2(-h / 2, -w / 2 + min(w, h) / 2) * 180 / .pi
            let from = startAngle - offset * 360
            return "AngularGradient(stops: \(stops(paint.stops)), center: .center, "
                + "startAngle: .degrees(\(n(from)) + \(turn)), endAngle: .degrees(\(n(from + 360)) + \(turn)))"
        case .shader, .material: return nil
        }
    }
}
