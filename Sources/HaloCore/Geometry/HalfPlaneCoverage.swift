/// Box-filter coverage of an axis-aligned rectangle by a half-plane.
///
/// The rectangle has size (`width`, `height`); the half-plane's edge has unit
/// normal `n` (pointing out of the half-plane) and lies at signed distance `sd`
/// from the rectangle's centre (sd > 0: the centre is outside). Returns the
/// fraction of the rectangle's area inside, 0...1.
///
/// Exact: n . q over the rectangle is the sum of two uniform variables, whose
/// CDF is piecewise quadratic (the area of a trapezoid cut off a rectangle).
@inline(__always)
public func halfPlaneCoverage(sd: Double, normal n: Vec2, width: Double = 1, height: Double = 1) -> Double {
    // Projected half extents of the rectangle onto the normal, sorted a >= b.
    var a = abs(n.x) * width, b = abs(n.y) * height
    if b > a { swap(&a, &b) }
    let t = -sd + (a + b) / 2          // position of the edge from the rectangle's far side, 0...a+b
    if t <= 0 { return 0 }
    if t >= a + b { return 1 }
    if b < 1e-12 * a { return t / a }
    if t <= b { return t * t / (2 * a * b) }
    if t <= a { return (t - b / 2) / a }
    let u = a + b - t
    return 1 - u * u / (2 * a * b)
}

/// Length of [lo, hi] inside [c - h/2, c + h/2], clamped to 0...h: the 1-D coverage of a slab.
@inline(__always)
public func slabOverlap(lo: Double, hi: Double, center c: Double, size h: Double = 1) -> Double {
    max(0, min(hi, c + h / 2) - max(lo, c - h / 2))
}
