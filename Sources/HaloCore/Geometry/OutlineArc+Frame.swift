import Foundation

// Points of the outline: its point, normal and tangents at an arc length (dashes' cuts and caps).
extension OutlineArc {
    /// The outline at arc length `s` (pixels; taken modulo L): its point, the outward unit
    /// normal (at a sharp corner N1 + N2 of its two sides, docs/scene-format.md "Dashes"), and the unit
    /// tangents just before and just after s (equal except at a sharp corner).
    public func frame(at s0: Double) -> (point: Vec2, normal: Vec2, tangentIn: Vec2, tangentOut: Vec2) {
        guard length > 0 else { return (outline.center, Vec2(0, 0), Vec2(1, 0), Vec2(1, 0)) }
        var s = s0.truncatingRemainder(dividingBy: length)
        if s < 0 { s += length }
        if outline.kind == .ellipse {
            let theta = ellipseTheta(s)
            let a = outline.halfSize.x, b = outline.halfSize.y
            let point = outline.center + Vec2(a * cos(theta), b * sin(theta))
            var t = Vec2(-a * sin(theta), b * cos(theta))
            let tl = HaloCore.length(t)
            t = tl > 0 ? t / tl : Vec2(0, 1)
            return (point, Vec2(t.y, -t.x), t, t)
        }
        // Just before the start point is the end of the last piece.
        let sBefore = s <= 1e-9 ? s + length : s
        let after = pieceIndex(s, after: true), before = pieceIndex(sBefore, after: false)
        let (pa, ta) = pieceFrame(after, s)
        let (_, tb) = pieceFrame(before, sBefore)
        let na = Vec2(ta.y, -ta.x), nb = Vec2(tb.y, -tb.x)
        // Two pieces meet with different tangents only at a sharp corner (a continuous
        // corner's small kinks are inside one piece).
        let sharp = dot(ta, tb) < 0.9999
        return (pa, sharp ? na + nb : na, tb, ta)
    }

    /// The piece holding arc length s: the first with s0 <= s < s0 + length (after: true),
    /// or the last with s0 < s <= s0 + length (after: false), zero-length pieces skipped.
    func pieceIndex(_ s: Double, after: Bool) -> Int {
        let snap = 1e-9
        if after {
            for (i, piece) in pieces.enumerated() where piece.length > snap && s < piece.s0 + piece.length - snap {
                return i
            }
            return pieces.firstIndex { $0.length > snap } ?? 0
        }
        for (i, piece) in pieces.enumerated().reversed() where piece.length > snap && s > piece.s0 + snap {
            return i
        }
        return pieces.lastIndex { $0.length > snap } ?? 0
    }

    /// Point and unit tangent of piece i at arc length s (clamped to the piece).
    func pieceFrame(_ i: Int, _ s: Double) -> (Vec2, Vec2) {
        let piece = pieces[i]
        let u = max(0, min(piece.length, s - piece.s0))
        switch piece.kind {
        case .line(let a, let b):
            let d = b - a, l = HaloCore.length(d)
            let t = l > 0 ? d / l : Vec2(1, 0)
            return (a + t * u, t)
        case .arc(let centre, let r, let A, let B):
            let phi = r > 0 ? u / r : 0
            let point = centre - r * (B * cos(phi) + A * sin(phi))
            return (point, B * sin(phi) - A * cos(phi))
        case .continuous(let K, let A, let B, let R):
            let (q, t) = ContinuousCorner.pointAndTangent(atArcLength: u / R)
            return (K + R * (q.x * A + q.y * B), t.x * A + t.y * B)
        }
    }

    /// The ellipse parameter theta in [0, 2 pi) at arc length s (bisection on E).
    func ellipseTheta(_ s: Double) -> Double {
        let q = length / 4
        // (A quotient that is not finite, from an outline too long for its arc length to be
        // resolved, or none at all, takes the first quarter.)
        let quarters = s / q
        let k = quarters.isFinite ? min(3, max(0, Int(min(max(quarters, 0), 3)))) : 0
        let r = s - Double(k) * q
        // Within a quarter: E is increasing; quarters 1 and 3 run backwards.
        let target = k % 2 == 0 ? r : q - r
        var lo = 0.0, hi = Double.pi / 2
        for _ in 0..<60 {
            let mid = 0.5 * (lo + hi)
            if ellipseE(mid) < target { lo = mid } else { hi = mid }
        }
        let phi = 0.5 * (lo + hi)
        switch k {
        case 0: return phi
        case 1: return .pi - phi
        case 2: return .pi + phi
        default: return 2 * .pi - phi
        }
    }
}

extension ContinuousCorner {
    /// Point (a, b) and unit tangent (in the corner frame) at arc length u (units of R).
    static func pointAndTangent(atArcLength u: Double) -> (Vec2, Vec2) {
        var i = 0
        while i < pieces.count - 1 && u > pieceStarts[i] + pieceLengths[i] { i += 1 }
        let p = pieces[i]
        let local = max(0, min(pieceLengths[i], u - pieceStarts[i]))
        if p.count == 2 {
            let d = p[1] - p[0], l = length(d)
            return (p[0] + d * (local / l), d / l)
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = 0.5 * (lo + hi)
            if arcLength(piece: i, to: mid) < local { lo = mid } else { hi = mid }
        }
        let t = 0.5 * (lo + hi)
        let d = cubicDerivative(p, t)
        return (cubicPoint(p, t), d / length(d))
    }
}
