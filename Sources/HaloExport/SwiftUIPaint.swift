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

    /// The stops, each colour and location read through `reads` (a keyframe track or a
    /// parameter where the file referred to one) under the paint's path `place`.
    /// Two stops on the paint's line, more a line each.
    static func stops(_ stops: [ColorStop], place: String = "", reads: SwiftUIReads = SwiftUIReads()) -> String {
        let list = stops.enumerated().map { i, s in
            let color = reads.color(["\(place).colors[\(i)]", "\(place).stops[\(i)].color"], s.color)
            return "Gradient.Stop(color: \(color), location: \(reads.number("\(place).stops[\(i)].location", s.location, cgFloat: true)))"
        }
        return list.count > 2 ? "[\n" + list.map { $0 + ",\n" }.joined() + "]" : "[" + list.joined(separator: ", ") + "]"
    }

    /// The expression, or nil for a paint SwiftUI has no mapping for (shader); `note`
    /// receives each approximation. `place` is the paint's own path ("layers[0].fill"),
    /// `reads` the keyframe tracks and parameters that values under it read.
    static func expression(_ paint: Paint, rect: Rect, place: String = "", reads: SwiftUIReads = SwiftUIReads(),
                           note: (String) -> Void) -> String? {
        let n = ExportText.num
        func stops(_ s: [ColorStop]) -> String { Self.stops(s, place: place, reads: reads) }
        if paint.interpolation != .srgb, paint.stops.count > 1 {
            note("colours mixed in SwiftUI's own space, not \(paint.interpolation == .oklab ? "Oklab" : "linear light")")
        }
        var turn = "0"
        if case .rotation(let period, let clockwise, let m)? = paint.animation {
            turn = "haloTurn(t, period: \(reads.number("\(place).rotation.period", period)), clockwise: \(clockwise), delay: \(n(m.delay)), reverses: \(m.reverses), timing: \(SwiftUIMotion.timing(m.timing)))"
        }
        switch paint.kind {
        case .solid(let c): return reads.color(["\(place).color"], c)
        case .linear(let s, let e):
            var sp = unitPoint(s), ep = unitPoint(e)
            switch paint.animation {
            case .rotation?:
                sp = "haloTurned(\(sp), by: \(turn), width: \(n(rect.w)), height: \(n(rect.h)))"
                ep = "haloTurned(\(ep), by: \(turn), width: \(n(rect.w)), height: \(n(rect.h)))"
            case .cornerCycle(let step, let m)?:
                let args = "step: \(reads.number("\(place).cornerCycle.stepDuration", step)), delay: \(n(m.delay)), reverses: \(m.reverses), timing: \(SwiftUIMotion.timing(m.timing))"
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
