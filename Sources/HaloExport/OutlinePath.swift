import Foundation
import HaloCore

/// A shape's outline as SVG path data, in points of the canvas, starting where docs/scene-format.md
/// "Outline and arc length" starts it (where the top side leaves the top-left corner; an
/// ellipse at its rightmost point) and running clockwise on screen, so that SVG's dash
/// pattern (`stroke-dasharray`, `stroke-dashoffset`) is laid along the same arc length as
/// the scene's.
struct OutlinePath {
    enum Kind { case circular, continuous, ellipse }
    var kind: Kind
    var rect: Rect
    /// Corner radii in points after the format's scale-down, [topLeft, topRight, bottomRight, bottomLeft].
    var radii: [Double]

    init(_ shape: Shape) {
        rect = shape.rect
        radii = shape.resolvedCornerRadii
        switch shape.kind {
        case .ellipse: kind = .ellipse
        case .roundedRect where shape.cornerStyle == .continuous: kind = .continuous
        default: kind = .circular
        }
    }

    init(kind: Kind, rect: Rect, radii: [Double]) { self.kind = kind; self.rect = rect; self.radii = radii }

    /// The whole outline's length L in points (docs/scene-format.md "Outline and arc length").
    var length: Double {
        OutlineArc(Outline(kind: outlineKind, center: Vec2(rect.x + rect.w / 2, rect.y + rect.h / 2),
                           halfSize: Vec2(rect.w / 2, rect.h / 2),
                           radii: SIMD4(radii[0], radii[1], radii[2], radii[3]))).length
    }

    private var outlineKind: Outline.Kind {
        switch kind {
        case .circular: return .roundedBox
        case .continuous: return .continuousBox
        case .ellipse: return .ellipse
        }
    }

    /// The outline moved by `d` points along its normal (outwards for d > 0): exact for
    /// circular corners (radius max(R + d, 0), a sharp corner stays sharp outwards); for
    /// continuous corners the continuous corner of radius R + d and for an ellipse the
    /// ellipse of half-axes a + d, b + d (neither is the exact offset curve).
    func offset(_ d: Double) -> OutlinePath {
        let r = Rect(rect.x - d, rect.y - d, max(rect.w + 2 * d, 0), max(rect.h + 2 * d, 0))
        let rr = radii.map { $0 > 0 ? max($0 + d, 0) : 0 }
        return OutlinePath(kind: kind, rect: r, radii: rr)
    }

    /// Whether `offset(_:)` is the exact offset curve.
    func offsetIsExact(_ d: Double) -> Bool { kind == .circular || d == 0 }

    /// SVG path data ("M ... Z"), numbers in points.
    var svg: String {
        let n = ExportText.num
        let (x, y, w, h) = (rect.x, rect.y, rect.w, rect.h)
        if kind == .ellipse {
            let a = w / 2, b = h / 2, cy = y + b
            return "M\(n(x + w)) \(n(cy))A\(n(a)) \(n(b)) 0 0 1 \(n(x)) \(n(cy))A\(n(a)) \(n(b)) 0 0 1 \(n(x + w)) \(n(cy))Z"
        }
        let reach = kind == .continuous ? ContinuousCorner.reach : 1
        // Corners clockwise from the top right: K, A (along the arriving side, from K), B (along the leaving side).
        let corners: [(k: Vec2, a: Vec2, b: Vec2, r: Double)] = [
            (Vec2(x + w, y), Vec2(-1, 0), Vec2(0, 1), radii[1]),
            (Vec2(x + w, y + h), Vec2(0, -1), Vec2(-1, 0), radii[2]),
            (Vec2(x, y + h), Vec2(1, 0), Vec2(0, -1), radii[3]),
            (Vec2(x, y), Vec2(0, 1), Vec2(1, 0), radii[0]),
        ]
        func pt(_ p: Vec2) -> String { "\(n(p.x)) \(n(p.y))" }
        var d = "M\(pt(Vec2(x + reach * radii[0], y)))"
        for c in corners {
            func at(_ q: Vec2) -> Vec2 { c.k + c.a * (c.r * q.x) + c.b * (c.r * q.y) }
            d += "L\(pt(at(Vec2(reach, 0))))"
            guard c.r > 0 else { continue }
            if kind == .circular {
                d += "A\(n(c.r)) \(n(c.r)) 0 0 1 \(pt(at(Vec2(0, 1))))"
            } else {
                // Three cubics joined by the two short lines of the table.
                let cc = ContinuousCorner.self
                for (cubic, line) in [(cc.cubic1, cc.line1), (cc.cubic2, cc.line2), (cc.cubic3, [Vec2]())] {
                    d += "C\(pt(at(cubic[1]))) \(pt(at(cubic[2]))) \(pt(at(cubic[3])))"
                    if let end = line.last { d += "L\(pt(at(end)))" }
                }
            }
        }
        return d + "Z"
    }
}
