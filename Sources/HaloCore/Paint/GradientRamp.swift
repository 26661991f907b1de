/// A gradient's colours as a table of nodes: (location, premultiplied sRGB-encoded
/// colour). Mixing linearly between neighbouring nodes gives the gradient's colour
/// at any t (docs/scene-format.md "Paints").
///
/// For `srgb` interpolation the nodes are the stops themselves (premultiplied
/// mixing in sRGB-encoded values is linear). For `linear` and `oklab` each
/// segment is sampled at `samplesPerSegment + 1` locations (4096, or fewer so that
/// a ramp keeps under 16 000 nodes), mixed premultiplied in that space and
/// converted back (out-of-gamut results clipped), as the conformance checker does.
/// Linear mixing in between errs by O(1 / samples^2), except next to a black
/// channel, where the sRGB encoding's steep start makes it O(1 / samples^(1/2.4)):
/// 64 samples were measured 5 levels off there (feature-oklab), 4096 within 1.
/// Two stops at one location give two nodes there: a hard edge.
public struct GradientRamp: Hashable, Sendable {
    public var locations: [Double]
    public var colors: [Premul]
    /// For each node, how many of the nodes up to and including it stand at a colour
    /// stop (rather than being samples between stops): where the ramp may kink.
    public var stopsUpTo: [Int]

    public init(stops: [ColorStop], interpolation: Interpolation, samplesPerSegment requested: Int? = nil) {
        precondition(!stops.isEmpty)
        if interpolation == .srgb || stops.count == 1 {
            locations = stops.map(\.location)
            colors = stops.map(\.color.premultiplied)
            stopsUpTo = Array(1...stops.count)
            return
        }
        let segments = max(1, stops.count - 1)
        let samplesPerSegment = requested ?? max(16, min(4096, 16_000 / segments))
        var locs: [Double] = [], cols: [Premul] = [], upTo: [Int] = []
        for i in 0..<(stops.count - 1) {
            let s0 = stops[i], s1 = stops[i + 1]
            if s1.location <= s0.location { continue }     // hard edge: segments meet here
            let c0 = GradientRamp.toSpace(s0.color, interpolation) * s0.color.a
            let c1 = GradientRamp.toSpace(s1.color, interpolation) * s1.color.a
            for k in 0...samplesPerSegment {
                let f = Double(k) / Double(samplesPerSegment)
                let a = s0.color.a + f * (s1.color.a - s0.color.a)
                let mixed = c0 + f * (c1 - c0)
                let straight = a > 0 ? GradientRamp.fromSpace(mixed / a, interpolation) : SIMD3<Double>(0, 0, 0)
                locs.append(s0.location + f * (s1.location - s0.location))
                cols.append(Premul(straight.x * a, straight.y * a, straight.z * a, a))
                upTo.append((upTo.last ?? 0) + (k == 0 || k == samplesPerSegment ? 1 : 0))
            }
        }
        if locs.isEmpty {      // every stop at one location: the last colour holds everywhere
            locs = [stops.last!.location]; cols = [stops.last!.color.premultiplied]; upTo = [1]
        }
        locations = locs; colors = cols; stopsUpTo = upTo
    }

    static func toSpace(_ c: RGBA, _ space: Interpolation) -> SIMD3<Double> {
        switch space {
        case .srgb: return SIMD3(c.r, c.g, c.b)
        case .linear: return SIMD3(SRGB.toLinear(c.r), SRGB.toLinear(c.g), SRGB.toLinear(c.b))
        case .oklab: return Oklab.fromSRGB(SIMD3(c.r, c.g, c.b))
        }
    }

    static func fromSpace(_ c: SIMD3<Double>, _ space: Interpolation) -> SIMD3<Double> {
        switch space {
        case .srgb: return c
        case .linear: return SIMD3(SRGB.fromLinear(c.x), SRGB.fromLinear(c.y), SRGB.fromLinear(c.z))
        case .oklab: return Oklab.toSRGB(c)
        }
    }

    /// The locations of the colour stops (where the ramp may jump or kink), ascending, each once.
    public var stopLocations: [Double] {
        var out: [Double] = []
        for k in locations.indices where (k == 0 ? stopsUpTo[k] > 0 : stopsUpTo[k] > stopsUpTo[k - 1]) && out.last != locations[k] {
            out.append(locations[k])
        }
        return out
    }

    /// At each node k, the integrals from the first node's location to location k of the
    /// colour, C0 = integral c(t) dt, and of t times the colour, C1 = integral t c(t) dt
    /// (premultiplied, per channel; the ramp is linear between nodes, so each segment adds
    /// its closed form). For averaging a paint over areas where t varies non-linearly (a
    /// radial gradient about its centre: Shaders/lib/paint.glsl rampIntegrals).
    public var integrals: (c0: [Premul], c1: [Premul]) {
        var c0: [Premul] = [.zero], c1: [Premul] = [.zero]
        for k in 1..<max(1, locations.count) {
            let la = locations[k - 1], u = locations[k] - la
            let a = colors[k - 1], b = colors[k]
            // c(t) = a + (b - a) (t - la) / u on [la, la + u]
            c0.append(c0[k - 1] + (a + b) * (0.5 * u))
            c1.append(c1[k - 1] + a * (u * (la + 0.5 * u)) + (b - a) * (u * (0.5 * la + u / 3)))
        }
        return (c0, c1)
    }

    /// The premultiplied colour at `t` (clamped to the first and last node). At a
    /// hard edge the later stop holds from its location on.
    @inline(__always)
    public func color(at t: Double) -> Premul {
        let n = locations.count
        if n == 1 || !(t > locations[0]) { return t >= locations[0] && n > 1 ? colorAfter(t) : colors[0] }
        if t >= locations[n - 1] { return colors[n - 1] }
        return colorAfter(t)
    }

    @inline(__always)
    private func colorAfter(_ t: Double) -> Premul {
        // Last node with location <= t (binary search), then mix towards the next.
        var lo = 0, hi = locations.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if locations[mid] <= t { lo = mid } else { hi = mid }
        }
        let l0 = locations[lo], l1 = locations[hi]
        if l1 <= l0 { return colors[hi] }
        let f = (t - l0) / (l1 - l0)
        return colors[lo] + f * (colors[hi] - colors[lo])
    }
}
