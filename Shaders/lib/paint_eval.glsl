// The premultiplied colour of paint slot i (0 fill, 1 stroke) over the pixel at p.
#ifndef HALO_PAINT_EVAL_GLSL
#define HALO_PAINT_EVAL_GLSL
#include "lib/layer_uniforms.glsl"
#include "lib/coverage.glsl"
#include "lib/paint.glsl"

// Gradient parameter t of slot i at p (unclamped), and its gradient dt/dp (1/px) in g.
float paintT(int i, vec2 p, out vec2 g) {
    vec4 geo = uPaintGeometry[i];
    int kind = uPaintKind[i];
    if (kind == PAINT_LINEAR) {
        vec2 d = geo.zw - geo.xy;
        g = d / dot(d, d);
        return linearGradientT(p, geo.xy, geo.zw);
    }
    if (kind == PAINT_ANGULAR) {
        vec2 v = p - geo.xy;
        float r2 = max(dot(v, v), 1e-12);
        g = vec2(-v.y, v.x) / r2 * (57.29577951 / geo.w);
        return angularGradientT(p, geo.xy, geo.z, geo.w);
    }
    vec2 v = p - geo.xy;
    float r = max(length(v), 1e-12);
    g = v / r / (geo.w - geo.z);
    return radialGradientT(p, geo.xy, geo.z, geo.w);
}

vec4 rampAt(int i, float t) { return rampColor(uRamps, uPaintRamp[i].x, uPaintRamp[i].y, t); }

// The paint averaged over the pixel (SCENE.md: where the colour changes within a pixel,
// the pixel gets the paint's average). Smooth parts: the colour at the centre (exact for
// linear variation). The nearest jump within 0.75 px (a hard stop next to t's ramp segment,
// or the angular seam:
// t 1 -> 0 at the sweep's start, or at the middle of a partial sweep's gap) is taken as a
// straight edge across the pixel and the two sides are mixed by their exact areas
// (halfPlaneCoverage). Within 1.5 px of an angular centre, where every colour meets:
// 16 rotated-grid samples.
vec4 paintColor(int i, vec2 p) {
    int kind = uPaintKind[i];
    if (kind == PAINT_SOLID) return uPaintColor[i];
    vec4 geo = uPaintGeometry[i];
    if (kind == PAINT_ANGULAR && length(p - geo.xy) < 1.5) {
        vec4 sum = vec4(0.0);
        for (int a = 0; a < 4; a++) for (int b = 0; b < 4; b++) {
            vec2 o = (vec2(float(a), float(b)) + 0.5) / 4.0 - 0.5 + vec2(0.031, -0.023);
            vec2 gg;
            sum += rampAt(i, paintT(i, p + o, gg));
        }
        return sum / 16.0;
    }
    vec2 g;
    float t = paintT(i, p, g);
    float gl = length(g);
    // Nearest jump: signed distance d (px, > 0 on the side after the jump), normal n towards
    // that side, the colours at the jump on either side.
    float best = 1e9;
    vec2 n = vec2(1.0, 0.0);
    vec4 before = vec4(0.0), after = vec4(0.0);
    // Hard stops next to t's segment: a node sharing its location with its neighbour.
    int row = uPaintRamp[i].x, count = uPaintRamp[i].y;
    ivec2 seg = rampSegment(uRamps, row, count, t);
    if (seg.x > 0 && rampLocation(uRamps, row, seg.x - 1) == rampLocation(uRamps, row, seg.x)) {
        float d = (t - rampLocation(uRamps, row, seg.x)) / max(gl, 1e-12);
        if (abs(d) < abs(best)) {
            best = d; n = g / max(gl, 1e-12);
            before = rampNode(uRamps, row, seg.x - 1); after = rampNode(uRamps, row, seg.x);
        }
    }
    if (seg.y + 1 < count && rampLocation(uRamps, row, seg.y + 1) == rampLocation(uRamps, row, seg.y)) {
        float d = (t - rampLocation(uRamps, row, seg.y)) / max(gl, 1e-12);
        if (abs(d) < abs(best)) {
            best = d; n = g / max(gl, 1e-12);
            before = rampNode(uRamps, row, seg.y); after = rampNode(uRamps, row, seg.y + 1);
        }
    }
    if (kind == PAINT_ANGULAR) {
        vec2 v = p - geo.xy;
        float span = geo.w;
        float jump = span >= 360.0 ? 0.0 : span + 0.5 * (360.0 - span);   // degrees past the start
        float rel = mod(degrees(atan(v.y, v.x)) - geo.z, 360.0);
        float delta = mod(rel - jump + 180.0, 360.0) - 180.0;              // -180...180
        if (abs(delta) < 90.0) {
            float d = length(v) * sin(radians(delta));
            if (abs(d) < abs(best)) {
                best = d; n = normalize(vec2(-v.y, v.x));
                before = rampAt(i, 1.0); after = rampAt(i, 0.0);
            }
        }
    }
    vec4 centre = rampAt(i, t);
    if (abs(best) >= 0.75) return centre;
    float fAfter = halfPlaneCoverage(-best, -n, vec2(1.0));
    vec4 cb = best < 0.0 ? centre : before;
    vec4 ca = best >= 0.0 ? centre : after;
    return mix(cb, ca, fAfter);
}
#endif
