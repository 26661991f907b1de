import Foundation

/// Arc length along a shape's outline (SCENE.md "Outline and arc length"), in pixels:
/// what dashes and the `path` paint measure.
///
/// The outline starts where the top side leaves the top-left corner (an ellipse: at its
/// rightmost point) and runs clockwise on screen. ``arcLength(at:)`` gives s(p), the arc
/// length of the outline point nearest to p, 0 <= s < ``length``; where several points are
/// equally near (the medial axis) the one with the smallest s, and in the mitre outside a
/// sharp corner the corner's own s.
///
/// Exact up to the quadrature: straight sides and circular arcs in closed form; a
/// continuous corner's cubics (CONTINUOUS.md) by 4 x 8-point Gauss-Legendre from the
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
        }
    }

    static let ellipseKnots = 256

    /// Two arcs of the same outline are equal (the rest is computed from it).
    public static func == (a: OutlineArc, b: OutlineArc) -> Bool { a.outline == b.outline }

    // MARK: s(p)

    /// s(p): the arc length (pixels, 0 <= s < L) of the outline point nearest to the
    /// pixel-space point `p` (SCENE.md "Outline and arc length"); 0 when L = 0.
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
        // Sides first (cheap), then the corners whose bounding square is near enough.
        for piece in pieces {
            if case .line(let a, let b) = piece.kind {
                let (d2, u) = nearestOnSegment(p, a, b)
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
                var phi = atan2(w, u)
                if !(phi >= 0 && phi <= .pi / 2) {
                    // Outside the quarter: its nearer end (also a side's end, offered above).
                    continue
                }
                if u == 0 && w == 0 { phi = 0 }
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

    // MARK: points of the outline

    /// The outline at arc length `s` (pixels; taken modulo L): its point, the outward unit
    /// normal (at a sharp corner N1 + N2 of its two sides, SCENE.md "Dashes"), and the unit
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
        let k = min(3, Int(s / q))
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

    // MARK: pieces of a box

    static func boxPieces(_ o: Outline) -> [ArcPiece] {
        let c = o.center, h = o.halfSize
        let x0 = c.x - h.x, x1 = c.x + h.x, y0 = c.y - h.y, y1 = c.y + h.y
        let continuous = o.kind == .continuousBox
        // Corners in traversal order TR, BR, BL, TL (radii index 1, 2, 3, 0): K, A, B (CONTINUOUS.md).
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
        /// A continuous corner: K, A, B, R (CONTINUOUS.md).
        case continuous(Vec2, Vec2, Vec2, Double)
    }
    var kind: Kind
    var s0: Double
    var length: Double
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

/// The nearest point of the ellipse x^2/a^2 + y^2/b^2 = 1 to y (first quadrant, y >= 0),
/// in the same quadrant: David Eberly's method as ``sdEllipse`` (a semi-axis of 0: the segment).
func nearestOnEllipseQuadrant(_ y0: Vec2, a: Double, b: Double) -> Vec2 {
    let swapped = b > a
    let y = swapped ? Vec2(y0.y, y0.x) : y0
    let e0 = max(a, b), e1 = min(a, b)
    var n: Vec2
    if e1 <= 0 {
        n = Vec2(min(y.x, e0), 0)
    } else if y.y > 0 {
        if y.x > 0 {
            let z0 = y.x / e0, z1 = y.y / e1
            let g = z0 * z0 + z1 * z1 - 1
            if g != 0 {
                let r0 = (e0 / e1) * (e0 / e1)
                let sbar = ellipseRoot(r0, z0, z1, g)
                n = Vec2(r0 * y.x / (sbar + r0), y.y / (sbar + 1))
            } else {
                n = y
            }
        } else {
            n = Vec2(0, e1)
        }
    } else {
        let numer0 = e0 * y.x, denom0 = e0 * e0 - e1 * e1
        if numer0 < denom0 {
            let xde0 = numer0 / denom0
            n = Vec2(e0 * xde0, e1 * max(0, 1 - xde0 * xde0).squareRoot())
        } else {
            n = Vec2(e0, 0)
        }
    }
    return swapped ? Vec2(n.y, n.x) : n
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

extension OutlineArc {
    /// The outline's smallest radius of curvature, pixels (0 where it has a sharp corner or
    /// no size): ellipse b^2 / a (at the ends of its major axis); circular corners their
    /// radius; continuous corners their radius times the unit corner's smallest radius of
    /// curvature (``ContinuousCorner/minimumRadiusOfCurvature``). Points less deep inside
    /// than this are off the medial axis (the outline is convex: a disc inside touching it
    /// at two points is at least this large), so s moves by at most rho / (rho - depth)
    /// times their distance there, and by at most their distance outside (the nearest-point
    /// map of a convex set is 1-Lipschitz).
    public var minimumRadiusOfCurvature: Double {
        let o = outline
        switch o.kind {
        case .ellipse:
            let a = max(o.halfSize.x, o.halfSize.y), b = min(o.halfSize.x, o.halfSize.y)
            return a > 0 ? b * b / a : 0
        case .roundedBox, .continuousBox:
            let r = min(min(o.radii[0], o.radii[1]), min(o.radii[2], o.radii[3]))
            guard r > 0 else { return 0 }
            return o.kind == .roundedBox ? r : r * ContinuousCorner.minimumRadiusOfCurvature
        }
    }
}

extension ContinuousCorner {
    /// The unit corner's (R = 1) smallest radius of curvature over its three cubics (its
    /// lines are straight), |B'|^3 / |B' x B''| at 4097 points of each, less 1% for the
    /// points between samples.
    public static let minimumRadiusOfCurvature: Double = {
        var best = Double.infinity
        for c in [cubic1, cubic2, cubic3] {
            for k in 0...4096 {
                let t = Double(k) / 4096, u = 1 - t
                let a: Double = 3 * u * u, b: Double = 6 * u * t, e: Double = 3 * t * t
                let d1x: Double = a * (c[1].x - c[0].x) + b * (c[2].x - c[1].x) + e * (c[3].x - c[2].x)
                let d1y: Double = a * (c[1].y - c[0].y) + b * (c[2].y - c[1].y) + e * (c[3].y - c[2].y)
                let d2x: Double = 6 * u * (c[2].x - 2 * c[1].x + c[0].x) + 6 * t * (c[3].x - 2 * c[2].x + c[1].x)
                let d2y: Double = 6 * u * (c[2].y - 2 * c[1].y + c[0].y) + 6 * t * (c[3].y - 2 * c[2].y + c[1].y)
                let cross = abs(d1x * d2y - d1y * d2x)
                let speed = (d1x * d1x + d1y * d1y).squareRoot()
                if cross > 0 { best = min(best, speed * speed * speed / cross) }
            }
        }
        return best * 0.99
    }()
}
