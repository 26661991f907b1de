// Gradient parameters and colours (SCENE.md "Paints"), pixel space, y down.
// Keep in sync with Sources/HaloCore/Paint/ResolvedPaint.swift and GradientRamp.swift.
#ifndef HALO_PAINT_GLSL
#define HALO_PAINT_GLSL

const int PAINT_SOLID = 0;
const int PAINT_LINEAR = 1;
const int PAINT_ANGULAR = 2;
const int PAINT_RADIAL = 3;

// Linear gradient: t = dot(p - s, e - s) / |e - s|^2 (unclamped). Exact, SCENE.md.
float linearGradientT(vec2 p, vec2 s, vec2 e) {
    vec2 d = e - s;
    return dot(p - s, d) / dot(d, d);
}

// Angular (sweep) gradient: theta clockwise on screen from +x; angle already includes the
// rotation and startAngle; a partial sweep's gap is the end colour then the start colour
// (SwiftUI, SCENE.md). t = 0 at the exact centre. Exact.
float angularGradientT(vec2 p, vec2 c, float angle, float span) {
    vec2 v = p - c;
    if (v.x == 0.0 && v.y == 0.0) return 0.0;
    float theta = degrees(atan(v.y, v.x));
    float rel = mod(theta - angle, 360.0);
    if (rel >= 360.0) rel -= 360.0;
    if (rel <= span) return rel / span;
    return rel < span + 0.5 * (360.0 - span) ? 1.0 : 0.0;
}

// Radial gradient: t = (|p - c| - r0) / (r1 - r0) (unclamped). Exact.
float radialGradientT(vec2 p, vec2 c, float r0, float r1) {
    return (length(p - c) - r0) / (r1 - r0);
}

// The ramp: row `row` of the ramp texture holds the premultiplied node colours, row
// row + 1 the node locations (in .r) and how many nodes so far stand at colour stops (in .g,
// see GradientRamp.stopsUpTo); `count` nodes. A hard stop is two nodes at one location.
float rampLocation(sampler2D ramps, int row, int k) { return texelFetch(ramps, ivec2(k, row + 1), 0).r; }
vec4 rampNode(sampler2D ramps, int row, int k) { return texelFetch(ramps, ivec2(k, row), 0); }
float rampStopsUpTo(sampler2D ramps, int row, int k) { return texelFetch(ramps, ivec2(k, row + 1), 0).g; }

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