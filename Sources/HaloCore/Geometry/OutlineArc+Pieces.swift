import Foundation

extension OutlineArc {
    /// A box's outline as pieces from the top-left corner's end, clockwise: per corner the
    /// side arriving at it, then the corner (a circular quarter, a continuous corner, or
    /// a zero-length arc where its radius is 0).
    static func boxPieces(_ o: Outline) -> [ArcPiece] {
        let c = o.center, h = o.halfSize
        let x0 = c.x - h.x, x1 = c.x + h.x, y0 = c.y - h.y, y1 = c.y + h.y
        let continuous = o.kind == .continuousBox
        // Corners in traversal order TR, BR, BL, TL (radii index 1, 2, 3, 0): K, A, B (docs/scene-format.md "Continuous corners").
        let corners: [(Int, Vec2, Vec2, Vec2)] = [
            (1, Vec2(x1, y0), Vec2(-1, 0), Vec2(0, 1)), (2, Vec2(x1, y1), Vec2(0, -1), Vec2(-1, 0)),
            (3, Vec2(x0, y1), Vec2(1, 0), Vec2(0, -1)), (0, Vec2(x0, y0), Vec2(0, 1), Vec2(1, 0)),
        ]
        func reach(_ i: Int) -> Double { continuous ? ContinuousCorner.reach * o.radii[i] : o.radii[i] }
        var pieces: [ArcPiece] = []
        var s = 0.0
        // The side arriving at corner n leaves the corner before it (TL for the top side).
        for n in 0..<4 {
            let (ci, K, A, B) = corners[n]
            let (pi, pK, _, pB) = corners[(n + 3) % 4]
            let a = pK + reach(pi) * pB, b = K + reach(ci) * A
            let side = HaloCore.length(b - a)
            pieces.append(ArcPiece(kind: .line(a, b), s0: s, length: side))
            s += side
            let R = o.radii[ci]
            let len: Double
            if R <= 0 { len = 0; pieces.append(ArcPiece(kind: .arc(K, 0, A, B), s0: s, length: 0)) }
            else if continuous {
                len = R * ContinuousCorner.unitLength
                pieces.append(ArcPiece(kind: .continuous(K, A, B, R), s0: s, length: len))
            } else {
                len = R * .pi / 2
                pieces.append(ArcPiece(kind: .arc(K + R * (A + B), R, A, B), s0: s, length: len))
            }
            s += len
        }
        return pieces
    }
}

/// One piece of a box's outline, from arc length s0 for `length` pixels.
struct ArcPiece: Sendable {
    enum Kind: Sendable {
        case line(Vec2, Vec2)
        /// A circular quarter: centre, radius; from centre - r B to centre - r A (corner frame A, B).
        case arc(Vec2, Double, Vec2, Vec2)
        /// A continuous corner: K, A, B, R (docs/scene-format.md "Continuous corners").
        case continuous(Vec2, Vec2, Vec2, Double)
    }
    var kind: Kind
    var s0: Double
    var length: Double
}
