// Gradient parameters and colours (docs/scene-format.md "Paints"), pixel space, y down.
// Keep in sync with Sources/HaloCore/Paint/ResolvedPaint.swift and GradientRamp.swift.
#ifndef HALO_PAINT_GLSL
#define HALO_PAINT_GLSL

const int PAINT_SOLID = 0;
const int PAINT_LINEAR = 1;
const int PAINT_ANGULAR = 2;
const int PAINT_RADIAL = 3;
const int PAINT_PATH = 6;        // colour along the outline (lib/arc_length.glsl)

// Linear gradient: t = dot(p - s, e - s) / |e - s|^2 (unclamped), docs/scene-format.md, given as
// dot(p - s, g) with g = (e - s) / |e - s|^2 computed in double on the CPU
// (ResolvedPaint.linearGradient): e - s would cancel in float32 for nearly coincident
// points. Exact to float rounding.
float linearGradientT(vec2 p, vec2 s, vec2 g) {
    return dot(p - s, g);
}

// Angular (sweep) gradient at direction v from the centre: theta clockwise on screen from
// +x; angle already includes the rotation and startAngle; a partial sweep's gap is the end
// colour then the start colour (SwiftUI, docs/scene-format.md). t = 0 at the exact centre. Exact.
float angularGradientTDir(vec2 v, float angle, float span) {
    if (v.x == 0.0 && v.y == 0.0) return 0.0;
    float theta = degrees(atan(v.y, v.x));
    float rel = mod(theta - angle, 360.0);
    if (rel >= 360.0) rel -= 360.0;
    if (rel <= span) return rel / span;
    return rel < span + 0.5 * (360.0 - span) ? 1.0 : 0.0;
}

// The same at point p for centre c.
float angularGradientT(vec2 p, vec2 c, float angle, float span) { return angularGradientTDir(p - c, angle, span); }

// Radial gradient: t = (|p - c| - r0) / (r1 - r0) (unclamped), docs/scene-format.md, given as
// (|p - c| - r0) * k with k = 1 / (r1 - r0) computed in double on the CPU
// (ResolvedPaint.radialInverseWidth): nearly equal radii cancel in float32. Exact.
float radialGradientT(vec2 p, vec2 c, float r0, float k) {
    return (length(p - c) - r0) * k;
}

// The ramp: row `row` of the ramp texture holds the premultiplied node colours, row
// row + 1 the node locations (in .r) and how many nodes so far stand at colour stops (in .g,
// see GradientRamp.stopsUpTo); `count` nodes. A hard stop is two nodes at one location.
// Rows row + 2 and row + 3 hold at node k the integrals from the first node's location l0
// to l_k of the colour, C0 = integral c(t) dt, and of t times it, C1 = integral t c(t) dt,
// summed in double on the CPU (GradientRamp.integrals), for rampIntegrals; row row + 4 the
// change of slope dc/dt at each node, for paintKinkAverage.
float rampLocation(sampler2D ramps, int row, int k) { return texelFetch(ramps, ivec2(k, row + 1), 0).r; }
vec4 rampNode(sampler2D ramps, int row, int k) { return texelFetch(ramps, ivec2(k, row), 0); }
float rampStopsUpTo(sampler2D ramps, int row, int k) { return texelFetch(ramps, ivec2(k, row + 1), 0).g; }
// The change of the ramp's slope dc/dt at node k (RampTextures.slopeChanges).
vec4 rampSlopeChange(sampler2D ramps, int row, int k) { return texelFetch(ramps, ivec2(k, row + 4), 0); }

// The nodes around t: (lo, hi) with location(lo) <= t < location(hi), or lo == hi at the
// clamped ends (t before the first node, at or after the last). Binary search.
ivec2 rampSegment(sampler2D ramps, int row, int count, float t) {
    if (count <= 1) return ivec2(0);
    if (t >= rampLocation(ramps, row, count - 1)) return ivec2(count - 1);   // a later stop holds from its location on
    if (!(t >= rampLocation(ramps, row, 0))) return ivec2(0);
    int lo = 0, hi = count - 1;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (rampLocation(ramps, row, mid) <= t) lo = mid; else hi = mid;
    }
    return ivec2(lo, hi);
}

// (F0, F1)(t): the integrals from l0 to t of c(t') dt' and of t' c(t') dt', for t within
// [l0, l_last] (callers clamp). Exact for the piecewise linear ramp: the prefix sums up to
// t's segment plus that segment's part in closed form, c(t') = c0 + m (t' - la).
void rampIntegrals(sampler2D ramps, int row, int count, float t, out vec4 f0, out vec4 f1) {
    ivec2 s = rampSegment(ramps, row, count, t);
    float la = rampLocation(ramps, row, s.x), lb = rampLocation(ramps, row, s.y);
    vec4 c0 = rampNode(ramps, row, s.x);
    f0 = texelFetch(ramps, ivec2(s.x, row + 2), 0);
    f1 = texelFetch(ramps, ivec2(s.x, row + 3), 0);
    float u = t - la;
    if (s.x == s.y || lb <= la || u <= 0.0) return;
    vec4 m = (rampNode(ramps, row, s.y) - c0) / (lb - la);
    f0 += c0 * u + m * (0.5 * u * u);
    // integral of t' (c0 + m (t' - la)) over [la, t]: c0 u (la + u/2) + m u^2 (la/2 + u/3)
    f1 += c0 * (u * (la + 0.5 * u)) + m * (u * u * (0.5 * la + u / 3.0));
}

// The colour at t: linear mixing between the nodes around it; t clamped to the ends.
vec4 rampColor(sampler2D ramps, int row, int count, float t) {
    ivec2 s = rampSegment(ramps, row, count, t);
    if (s.x == s.y) return rampNode(ramps, row, s.x);
    float l0 = rampLocation(ramps, row, s.x), l1 = rampLocation(ramps, row, s.y);
    if (l1 <= l0) return rampNode(ramps, row, s.y);
    return mix(rampNode(ramps, row, s.x), rampNode(ramps, row, s.y), (t - l0) / (l1 - l0));
}
// The ramp from its lookup table: texel 0 of row v holds the colour below t = 0 (the
// first node's: it differs from t = 0's under a hard stop at 0), texel 1 + i the colour
// at t = i / (width - 2); filtered linearly in between. Exact (to float precision) where
// the ramp is linear across the two samples around t, which LayerTiles guarantees for
// tiles drawn without averaging: no colour stop, hard stop or clamped end within one
// sample interval of their range of t.
vec4 rampLUT(sampler2D lut, float v, float width, float t) {
    float u = t < 0.0 ? 0.5 : 1.5 + min(t, 1.0) * (width - 2.0);
    return textureLod(lut, vec2(u / width, v), 0.0);
}
#endif