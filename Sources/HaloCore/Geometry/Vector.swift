/// A point or vector in pixel space (x right, y down).
public typealias Vec2 = SIMD2<Double>

@inline(__always) public func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
@inline(__always) public func length(_ a: Vec2) -> Double { (a.x * a.x + a.y * a.y).squareRoot() }
@inline(__always) public func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }

/// An axis-aligned pixel-space box [x0, x1] x [y0, y1].
public struct Box: Equatable, Sendable {
    public var x0, y0, x1, y1: Double
    public init(x0: Double, y0: Double, x1: Double, y1: Double) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    /// The box grown by `d` on every side.
    public func grown(by d: Double) -> Box { Box(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d) }
    public func union(_ o: Box) -> Box { Box(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1)) }
    /// Pixel index range [i0, i1) x [j0, j1) of pixels touching the box, clipped to w x h.
    public func pixelRange(width: Int, height: Int) -> (i0: Int, j0: Int, i1: Int, j1: Int) {
        func clampIndex(_ v: Double, _ hi: Int) -> Int { v.isNaN ? 0 : Int(max(0, min(Double(hi), v))) }
        let i0 = clampIndex(x0.rounded(.down), width), i1 = clampIndex(x1.rounded(.up), width)
        let j0 = clampIndex(y0.rounded(.down), height), j1 = clampIndex(y1.rounded(.up), height)
        return (i0, j0, max(i0, i1), max(j0, j1))
    }
}
