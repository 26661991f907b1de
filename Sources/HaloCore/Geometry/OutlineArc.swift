import Foundation

/// Arc length along a shape's outline (docs/scene-format.md "Outline and arc length"), in pixels:
/// what dashes and the `path` paint measure.
///
/// The outline starts where the top side leaves the top-left corner (an ellipse: at its
/// rightmost point) and runs clockwise on screen. ``arcLength(at:)`` gives s(p), the arc
/// length of the outline point nearest to p, 0 <= s < ``length``; where several points are
/// equally near (the medial axis) the one with the smallest s, and in the mitre outside a
/// sharp corner the corner's own s.
///
/// Exact up to the quadrature: straight sides and circular arcs in closed form; a
/// continuous corner's cubics (docs/scene-format.md "Continuous corners") by 4 x 8-point Gauss-Legendre from the
/// nearest point's parameter (relative error under 1e-12); an ellipse's arc (the
/// incomplete elliptic integral of the second kind) by a table of 256 knots over a
/// quarter plus 8-point Gauss-Legendre from the knot below (relative error under 1e-12).
/// The nearest point itself is as exact as the signed distance's (``sdEllipse``, the
/// cubics' Newton steps).
public struct OutlineArc: Equatable, Sendable {
    public let outline: Outline
    /// L, the whole outline's length in pixels (0 for a shape of zero size).
    public let length: Double
    let pieces: [ArcPiece]
    /// Ellipse: E(phi) at phi = k (pi/2) / 256, k = 0...256 (semi-axes a along x, b along y).
    public let ellipseTable: [Double]

    public init(_ outline: Outline) {
        self.outline = outline
        switch outline.kind {
        case .ellipse:
            pieces = []
            let a = outline.halfSize.x, b = outline.halfSize.y
            var table = [0.0]
            table.reserveCapacity(OutlineArc.ellipseKnots + 1)
            let h = Double.pi / 2 / Double(OutlineArc.ellipseKnots)
            for k in 0..<OutlineArc.ellipseKnots {
                let lo = Double(k) * h
                table.append(table[k] + gaussLegendre8(lo, lo + h) { ellipseSpeed($0, a, b) })
            }
            ellipseTable = table
            length = 4 * table[OutlineArc.ellipseKnots]
        case .roundedBox, .continuousBox:
            ellipseTable = []
            pieces = OutlineArc.boxPieces(outline)
            length = pieces.last.map { $0.s0 + $0.length } ?? 0
        case .shader:
            // A shader shape's outline is known to the GPU only: no arc length (dashes and
            // path paints are refused on it, SceneReader.refuseArcLength).
            ellipseTable = []; pieces = []; length = 0
        }
    }

    static let ellipseKnots = 256

    /// Two arcs of the same outline are equal (the rest is computed from it).
    public static func == (a: OutlineArc, b: OutlineArc) -> Bool { a.outline == b.outline }

    // MARK: s(p)

    /// s(p): the arc length (pixels, 0 <= s < L) of the outline point nearest to the
    /// pixel-space point `p` (docs/scene-format.md "Outline and arc length"); 0 when L = 0.
    public func arcLength(at p: Vec2) -> Double {
        guard length > 0 else { return 0 }
        let s: Double
        switch outline.kind {
        case .ellipse: s = ellipseArcLength(p)
        default: s = boxArcLength(p)
        }
        return s >= length ? s - length : max(0, s)
    }

    /// Distances within this (pixels) count as equal: the smaller s wins.
    static let tie = 1e-9

    func boxArcLength(_ p: Vec2) -> Double {
        var bestD2 = Double.infinity, bestS = 0.0
        func offer(_ d2: Double, _ s: Double) {
            let s = s >= length ? s - length : s
            let d = d2.squareRoot(), bd = bestD2.squareRoot()
            if d < bd - OutlineArc.tie || (d <= bd + OutlineArc.tie && s < bestS) { bestD2 = d2; bestS = s }
        }
        // Sides first (cheap), then the corners whose bounding square is near enough. A side's
        // end next to a rounded corner is that corner's end too, offered by the corner: with
        // the side's s it would tie, within `tie`, with the corner points beside it, and on a
        // tiny corner (a capsule 1e-4 px thick) take a wedge of their s, the top side's start
        // 0 against the last corner's s just under L (the GPU's twin, lib/arc_length.glsl).
        let n = pieces.count
        for (i, piece) in pieces.enumerated() {
            if case .line(let a, let b) = piece.kind {
                let (d2, u) = nearestOnSegment(p, a, b)
                if (u <= 0 && isRounded(pieces[(i + n - 1) % n])) || (u >= 1 && isRounded(pieces[(i + 1) % n])) { continue }
                offer(d2, piece.s0 + u * piece.length)
            }
        }
        for piece in pieces {
            switch piece.kind {
            case .line: continue
            case .arc(let centre, let r, let A, let B):
                // point(phi) = centre - r (B cos phi + A sin phi), phi in [0, pi/2].
                let v = p - centre
                let u = -dot(v, B), w = -dot(v, A)
                // At the centre every point is as near: the first (atan2 of -0, -0 is -pi).
                let phi = u == 0 && w == 0 ? 0 : atan2(w, u)
                if !(phi >= 0 && phi <= .pi / 2) {
                    // Outside the quarter: the piece beyond its nearer end is as near or nearer.
                    continue
                }
                let q = centre - r * (B * cos(phi) + A * sin(phi))
                let d = p - q
                offer(dot(d, d), piece.s0 + r * phi)
            case .continuous(let K, let A, let B, let R):
                let reach = ContinuousCorner.reach * R
                // The corner lies in the square [0, reach]^2 of its frame.
                let a = dot(p - K, A), b = dot(p - K, B)
                let dx = max(0, a - reach, -a), dy = max(0, b - reach, -b)
                if dx * dx + dy * dy > bestD2 + 1e-6 { continue }
                let q = Vec2(a, b) / R
                for (i, sub) in ContinuousCorner.pieces.enumerated() {
                    let (d2, t) = sub.count == 4 ? nearestOnCubic(q, sub) : nearestOnSegment(q, sub[0], sub[1])
                    offer(d2 * R * R, piece.s0 + R * (ContinuousCorner.pieceStarts[i] + ContinuousCorner.arcLength(piece: i, to: t)))
                }
            }
        }
        return bestS
    }

    /// Whether the piece is a corner of radius above 0.
    private func isRounded(_ piece: ArcPiece) -> Bool {
        switch piece.kind {
        case .line: return false
        case .arc(_, let r, _, _): return r > 0
        case .continuous(_, _, _, let R): return R > 0
        }
    }

    func ellipseArcLength(_ p: Vec2) -> Double {
        let a = outline.halfSize.x, b = outline.halfSize.y
        let x = p - outline.center
        let n = nearestOnEllipseQuadrant(Vec2(abs(x.x), abs(x.y)), a: a, b: b)
        // The first-quadrant parameter, then the quadrant of p (y down: theta grows clockwise).
        var theta0: Double
        var xNeg = x.x < 0 || (x.x == 0 && x.y < 0), yNeg = x.y < 0
        if b <= 0 { theta0 = acos(max(-1, min(1, n.x / a))); yNeg = false }
        else if a <= 0 { theta0 = asin(max(-1, min(1, n.y / b))); xNeg = x.y < 0 }
        else { theta0 = atan2(n.y / b, n.x / a) }
        theta0 = max(0, min(.pi / 2, theta0))
        let q = length / 4
        switch (xNeg, yNeg) {
        case (false, false): return ellipseE(theta0)
        case (true, false): return 2 * q - ellipseE(theta0)
        case (true, true): return 2 * q + ellipseE(theta0)
        case (false, true): return theta0 == 0 ? 0 : 4 * q - ellipseE(theta0)
        }
    }

    /// E(phi) = integral from 0 to phi of |d/dt (a cos t, b sin t)| dt, phi in [0, pi/2].
    func ellipseE(_ phi: Double) -> Double {
        let n = OutlineArc.ellipseKnots
        let h = Double.pi / 2 / Double(n)
        let k = max(0, min(n - 1, Int(phi / h)))
        let lo = Double(k) * h
        let a = outline.halfSize.x, b = outline.halfSize.y
        return ellipseTable[k] + gaussLegendre8(lo, phi) { ellipseSpeed($0, a, b) }
    }
}

extension ContinuousCorner {
    /// The corner's pieces in traversal order: cubic 1, line 1, cubic 2, line 2, cubic 3.
    static let pieces: [[Vec2]] = [cubic1, line1, cubic2, line2, cubic3]
    /// Each piece's arc length in units of R (cubics by quadrature).
    static let pieceLengths: [Double] = pieces.indices.map { arcLength(piece: $0, to: 1) }
    /// Arc length (units of R) before each piece.
    static let pieceStarts: [Double] = pieceLengths.indices.map { pieceLengths[..<$0].reduce(0, +) }
    /// The whole corner's arc length in units of R (about 1.7564).
    public static let unitLength: Double = pieceLengths.reduce(0, +)

    /// Arc length (units of R) of piece i from its start to parameter t in [0, 1]:
    /// 4 x 8-point Gauss-Legendre on |B'(t)| for a cubic, t times the length for a line.
    static func arcLength(piece i: Int, to t: Double) -> Double {
        let p = pieces[i]
        if p.count == 2 { return t * length(p[1] - p[0]) }
        var sum = 0.0
        for k in 0..<4 {
            let lo = t * Double(k) / 4, hi = t * Double(k + 1) / 4
            sum += gaussLegendre8(lo, hi) { length(cubicDerivative(p, $0)) }
        }
        return sum
    }
}

@inline(__always)
func cubicPoint(_ p: [Vec2], _ t: Double) -> Vec2 {
    let u = 1 - t
    let a: Vec2 = (u * u * u) * p[0] + (3 * u * u * t) * p[1]
    let b: Vec2 = (3 * u * t * t) * p[2] + (t * t * t) * p[3]
    return a + b
}

@inline(__always)
func cubicDerivative(_ p: [Vec2], _ t: Double) -> Vec2 {
    let u = 1 - t
    let a: Vec2 = (3 * u * u) * (p[1] - p[0]) + (6 * u * t) * (p[2] - p[1])
    return a + (3 * t * t) * (p[3] - p[2])
}

/// Nearest point on segment a-b: squared distance and parameter in [0, 1].
@inline(__always)
func nearestOnSegment(_ q: Vec2, _ a: Vec2, _ b: Vec2) -> (Double, Double) {
    let ab = b - a
    let l2 = dot(ab, ab)
    let t = l2 > 0 ? max(0, min(1, dot(q - a, ab) / l2)) : 0
    let v = q - (a + t * ab)
    return (dot(v, v), t)
}

/// Nearest point on a cubic: squared distance and parameter (as ``closestPointOnCubic``:
/// 16 samples, then Newton steps on (B(t) - q) . B'(t) = 0).
func nearestOnCubic(_ q: Vec2, _ p: [Vec2]) -> (Double, Double) {
    var bestT = 0.0, bestD = Double.infinity
    for i in 0...16 {
        let t = Double(i) / 16
        let v = cubicPoint(p, t) - q
        let dd = dot(v, v)
        if dd < bestD { bestD = dd; bestT = t }
    }
    var t = bestT
    for _ in 0..<8 {
        let u = 1 - t
        let v = cubicPoint(p, t) - q, b1 = cubicDerivative(p, t)
        let c0: Vec2 = p[2] - 2 * p[1] + p[0], c1: Vec2 = p[3] - 2 * p[2] + p[1]
        let b2: Vec2 = (6 * u) * c0 + (6 * t) * c1
        let f = dot(v, b1), fp = dot(b1, b1) + dot(v, b2)
        if fp <= 0 { break }
        let next = max(0, min(1, t - f / fp))
        if abs(next - t) < 1e-13 { t = next; break }
        t = next
    }
    let v = cubicPoint(p, t) - q
    let dd = dot(v, v)
    return dd <= bestD ? (dd, t) : (bestD, bestT)
}

/// |d/dt (a cos t, b sin t)|.
@inline(__always)
func ellipseSpeed(_ t: Double, _ a: Double, _ b: Double) -> Double {
    let s = sin(t), c = cos(t)
    return (a * a * s * s + b * b * c * c).squareRoot()
}

/// 8-point Gauss-Legendre quadrature of f over [lo, hi] (Abramowitz and Stegun 25.4.30,
/// table 25.4): exact for polynomials of degree 15.
@inline(__always)
func gaussLegendre8(_ lo: Double, _ hi: Double, _ f: (Double) -> Double) -> Double {
    let x: [Double] = [0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363]
    let w: [Double] = [0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763]
    let m = 0.5 * (lo + hi), r = 0.5 * (hi - lo)
    var sum = 0.0
    for i in 0..<4 { sum += w[i] * (f(m - r * x[i]) + f(m + r * x[i])) }
    return sum * r
}
