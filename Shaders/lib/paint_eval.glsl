// The premultiplied colour of paint slot i (0 fill, 1 stroke; its kind a compile-time
// constant, HALO_FILL or HALO_STROKE) over the pixel at p.
#ifndef HALO_PAINT_EVAL_GLSL
#define HALO_PAINT_EVAL_GLSL
#include "lib/layer_uniforms.glsl"
#include "lib/coverage.glsl"
#include "lib/paint.glsl"
#include "lib/shader_paint.glsl"

// Gradient parameter t of slot i at p (unclamped), and its gradient dt/dp (1/px) in g;
// g is 0 where t is constant (an angular gradient's gap).
float paintT(int i, int kind, vec2 p, out vec2 g) {
    vec4 geo = uPaintGeometry[i];
    if (kind == PAINT_LINEAR) {
        vec2 d = geo.zw - geo.xy;
        g = d / dot(d, d);
        return linearGradientT(p, geo.xy, geo.zw);
    }
    if (kind == PAINT_ANGULAR) {
        vec2 v = p - geo.xy;
        float r2 = max(dot(v, v), 1e-12);
        float rel = mod(degrees(atan(v.y, v.x)) - geo.z, 360.0);
        g = rel <= geo.w ? vec2(-v.y, v.x) / r2 * (57.29577951 / geo.w) : vec2(0.0);
        return angularGradientT(p, geo.xy, geo.z, geo.w);
    }
    vec2 v = p - geo.xy;
    float r = max(length(v), 1e-12);
    g = v / r / (geo.w - geo.z);
    return radialGradientT(p, geo.xy, geo.z, geo.w);
}

vec4 rampAt(int i, float t) { return rampColor(uRamps, uPaintRamp[i].x, uPaintRamp[i].y, t); }

// The paint's average over a strip of the pixel (see paintColor) from n x n samples.
vec4 paintSupersampled(int i, int kind, vec2 p, vec4 strip, int n) {
    vec2 nn = strip.xy, tt = vec2(-nn.y, nn.x);
    vec4 sum = vec4(0.0);
    for (int a = 0; a < n; a++) for (int b = 0; b < n; b++) {
        vec2 f = (vec2(float(a), float(b)) + 0.5 + vec2(0.031, -0.023)) / float(n);
        vec2 q = p + nn * mix(strip.z, strip.w, f.x) + tt * (f.y - 0.5);
        vec2 gg;
        sum += rampAt(i, paintT(i, kind, q, gg));
    }
    return sum / float(n * n);
}

// How many colour-stop nodes of slot's ramp lie at or below t.
float stopsBelow(int row, int count, float t) {
    if (!(t >= rampLocation(uRamps, row, 0))) return 0.0;
    return rampStopsUpTo(uRamps, row, rampSegment(uRamps, row, count, t).x);
}

// A jump candidate: keep the nearest (signed distance d in px, > 0 on the after side;
// n the unit normal towards the after side; the colours either side of the jump).
void nearestJump(float d, vec2 n, vec4 b, vec4 a, inout float best, inout vec2 bn, inout vec4 before, inout vec4 after) {
    if (abs(d) < abs(best)) { best = d; bn = n; before = b; after = a; }
}

// The paint averaged over the covered part of the pixel at `pixel` (SCENE.md: where the
// colour changes within a pixel, the pixel gets the paint's average over its covered
// part). `strip` = (n, a, b): the covered part is the strip a...b along the unit vector n
// (vec4(1, 0, -0.5, 0.5) for the whole pixel); see coveredStrip.
// - the nearest jump within 0.75 px (a hard stop next to t's ramp segment; an angular
//   gradient's seam, the middle of a partial sweep's gap, or the sweep's end when a hard
//   stop sits at 1) is taken as a straight edge across the pixel, and the two sides are
//   mixed by their exact areas (halfPlaneCoverage);
// - else, when a colour stop (a kink) lies within the pixel's range of t, 16 samples (64
//   where the whole ramp spans under 4 px);
// - else the colour at the centre, exact where the paint is linear across the pixel.
// Within 1.5 px of an angular centre, where every colour meets: 16 samples.
vec4 paintColor(int i, int kind, vec2 pixel, vec4 strip) {
    if (kind == PAINT_SOLID) return uPaintColor[i];
#if HALO_FILL == HALO_PAINT_SHADER || HALO_STROKE == HALO_PAINT_SHADER
    if (kind == PAINT_SHADER) return shaderPaintColor(i, pixel + strip.xy * (0.5 * (strip.z + strip.w)));
#endif
    vec4 geo = uPaintGeometry[i];
    vec2 p = pixel + strip.xy * (0.5 * (strip.z + strip.w));      // the strip's middle
#if !HALO_PAINT_AA
    vec2 g0;
    return rampLUT(uRampLUT, uPaintLUT[i], uLUTWidth, paintT(i, kind, p, g0));
#endif
    if (kind == PAINT_ANGULAR && length(p - geo.xy) < 1.5) return paintSupersampled(i, kind, pixel, strip, 4);
    vec2 g;
    float t = paintT(i, kind, p, g);
    float gl = length(g);
    vec2 gn = g / max(gl, 1e-20);
    float best = 1e9;
    vec2 n = vec2(1.0, 0.0);
    vec4 before = vec4(0.0), after = vec4(0.0);
    int row = uPaintRamp[i].x, count = uPaintRamp[i].y;
    ivec2 seg = rampSegment(uRamps, row, count, t);
    // (An angular gradient's t stays within 0...1: a hard stop at 0 or 1 meets the other
    // end of the ramp across the seam or the sweep's end, handled below.)
    if (gl > 0.0) {
        // Hard stops next to t's segment: a run of nodes at one location. The colour just
        // below it is the run's first node, at and above it the run's last (a later stop
        // holds from its location on).
        float lLo = rampLocation(uRamps, row, seg.x);
        bool inside = kind != PAINT_ANGULAR;
        if (seg.x > 0 && rampLocation(uRamps, row, seg.x - 1) == lLo && (inside || (lLo > 0.0 && lLo < 1.0))) {
            int f = seg.x - 1;
            for (int k = 0; k < 16 && f > 0 && rampLocation(uRamps, row, f - 1) == lLo; k++) f--;
            nearestJump((t - lLo) / gl, gn, rampNode(uRamps, row, f), rampNode(uRamps, row, seg.x), best, n, before, after);
        }
        float lHi = rampLocation(uRamps, row, seg.y);
        if (seg.y + 1 < count && rampLocation(uRamps, row, seg.y + 1) == lHi && (inside || (lHi > 0.0 && lHi < 1.0))) {
            int l = seg.y + 1;
            for (int k = 0; k < 16 && l + 1 < count && rampLocation(uRamps, row, l + 1) == lHi; k++) l++;
            nearestJump((t - lHi) / gl, gn, rampNode(uRamps, row, seg.y), rampNode(uRamps, row, l), best, n, before, after);
        }
    }
    if (kind == PAINT_ANGULAR) {
        vec2 v = p - geo.xy;
        float r = length(v);
        vec2 tangent = vec2(-v.y, v.x) / r;             // towards increasing angle
        float span = geo.w;
        float rel = mod(degrees(atan(v.y, v.x)) - geo.z, 360.0);
        // The seam (full sweep: t from 1 to 0 at rel = 0) or the middle of the gap.
        float jump = span >= 360.0 ? 0.0 : span + 0.5 * (360.0 - span);
        float delta = mod(rel - jump + 180.0, 360.0) - 180.0;
        if (abs(delta) < 90.0)
            nearestJump(r * sin(radians(delta)), tangent, span >= 360.0 ? rampAt(i, 1.0 - 1e-5) : rampAt(i, 1.0),
                        rampAt(i, 0.0), best, n, before, after);
        // The end of a partial sweep, where t reaches 1 and a hard stop at 1 can jump.
        if (span < 360.0) {
            float dEnd = mod(rel - span + 180.0, 360.0) - 180.0;
            vec4 e0 = rampAt(i, 1.0 - 1e-5), e1 = rampAt(i, 1.0);
            if (abs(dEnd) < 90.0 && any(greaterThan(abs(e1 - e0), vec4(1e-4))))
                nearestJump(r * sin(radians(dEnd)), tangent, e0, e1, best, n, before, after);
        }
    }
    // The colour at t from its segment (no second search).
    float l0 = rampLocation(uRamps, row, seg.x), l1 = rampLocation(uRamps, row, seg.y);
    vec4 centre = seg.x == seg.y || l1 <= l0 ? rampNode(uRamps, row, seg.y)
                : mix(rampNode(uRamps, row, seg.x), rampNode(uRamps, row, seg.y), (t - l0) / (l1 - l0));
    if (abs(best) < 0.75) {
        // The area after the jump within the covered strip (a rectangle b - a along the
        // strip's normal by 1 across it, centred where t was taken).
        vec2 sn = strip.xy, st = vec2(-sn.y, sn.x);
        float fAfter = halfPlaneCoverage(-best, -vec2(dot(n, sn), dot(n, st)), vec2(strip.w - strip.z, 1.0));
        return mix(best < 0.0 ? centre : before, best >= 0.0 ? centre : after, fAfter);
    }
    // A colour stop (a kink) inside the pixel's range of t: the centre is not the average.
    float reach = 0.75 * gl;
    // Only when the pixel's range of t leaves t's segment can it hold a stop.
    bool leaves = seg.x == seg.y || t - reach < l0 || t + reach >= l1;
    if (reach > 1e-4 && leaves && stopsBelow(row, count, t + reach) != stopsBelow(row, count, t - reach))
        return paintSupersampled(i, kind, pixel, strip, gl > 0.25 ? 8 : 4);
    return centre;
}
#endif
