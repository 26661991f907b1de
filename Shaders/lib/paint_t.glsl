// The gradient parameter t of paint slot i at a point, and its ramp's colour, integral and
// mean over t: the pieces the averaging of lib/paint_eval.glsl is built from.
#ifndef HALO_PAINT_T_GLSL
#define HALO_PAINT_T_GLSL
#include "lib/layer_data.glsl"
#include "lib/paint.glsl"
#if HALO_ARC
#include "lib/arc_length.glsl"
#endif

// Path (colour along the outline): t = frac(s / L + offset), in [0, 1); with L = 0, s / L
// counts as 0 (docs/scene-format.md "Paints"). The twin of pathGradientT in Swift.
float pathGradientT(float s, float L, float offset) {
    float x = (L > 0.0 ? s / L : 0.0) + offset;
    float t = x - floor(x);
    return t < 1.0 ? t : 0.0;
}

// Gradient parameter t of slot i at p (unclamped), and its gradient dt/dp (1/px) in g;
// g is 0 where t is constant (an angular gradient's gap; see angularTAcrossGap). Without
// `gradient`, a path paint's g is not computed (0: s alone, no differences of it).
float paintTAt(int i, int kind, vec2 p, bool gradient, out vec2 g) {
    vec4 geo = vPaintGeometry[i];
    if (kind == PAINT_LINEAR) {
        g = geo.zw;
        return linearGradientT(p, geo.xy, geo.zw);
    }
#if HALO_ARC
    if (kind == PAINT_PATH) {
        // geo = (offset, L): dt/dp by differences of s 0.05 px apart (across the start point
        // s wraps by L; across a jump the difference means nothing, and paintColor splits there).
        const float e = 0.05;
        float L = geo.y, s = 0.0;
        vec2 ds = vec2(0.0);
        for (int k = 0; k < (gradient ? ROLLED(3) : 1); k++) {
            float v = arcLengthAt(p + (k == 1 ? vec2(e, 0.0) : k == 2 ? vec2(0.0, e) : vec2(0.0)));
            if (k == 0) s = v; else if (k == 1) ds.x = v - s; else ds.y = v - s;
        }
        if (!gradient) { g = vec2(0.0); return pathGradientT(s, L, geo.x); }
        ds -= L * floor(ds / max(L, 1e-30) + 0.5);
        g = ds / (e * max(L, 1e-30));
        return pathGradientT(s, L, geo.x);
    }
#endif
    if (kind == PAINT_ANGULAR) {
        vec2 v = p - geo.xy;
        float r2 = max(dot(v, v), 1e-12);
        float rel = mod(degrees(atan(v.y, v.x)) - geo.z, 360.0);
        g = rel <= geo.w ? vec2(-v.y, v.x) / r2 * (57.29577951 / geo.w) : vec2(0.0);
        return angularGradientT(p, geo.xy, geo.z, geo.w);
    }
    vec2 v = p - geo.xy;
    float r = max(length(v), 1e-12);
    g = v / r * geo.w;
    return radialGradientT(p, geo.xy, geo.z, geo.w);
}

// paintTAt with the gradient.
float paintT(int i, int kind, vec2 p, out vec2 g) { return paintTAt(i, kind, p, true, g); }

vec4 rampAt(int i, float t) { return rampColor(uRamps, vPaintRamps[2 * i], vPaintRamps[2 * i + 1], t); }

// In a partial sweep's gap t holds 1, then 0, and paintT's gradient is 0. For averaging,
// the gap's first half continues the sweep's t past 1, and its second half before 0 where
// the ramp's colour below 0 is the colour at 0 (no hard stop at 0): the same colours once
// clamped, but a pixel across the sweep's end or start then sees the sweep's change.
// Returns t, and the sweep's gradient in g where t was extended.
float angularTAcrossGap(int i, vec2 p, float t, inout vec2 g) {
    vec4 geo = vPaintGeometry[i];
    vec2 v = p - geo.xy;
    float rel = mod(degrees(atan(v.y, v.x)) - geo.z, 360.0);
    if (rel <= geo.w) return t;
    vec2 gs = vec2(-v.y, v.x) / max(dot(v, v), 1e-12) * (57.29577951 / geo.w);
    if (rel < geo.w + 0.5 * (360.0 - geo.w)) { g = gs; return rel / geo.w; }
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    if (rampNode(uRamps, row, 0) == rampColor(uRamps, row, count, 0.0)) { g = gs; return (rel - 360.0) / geo.w; }
    return t;
}

// The integral of slot i's ramp colour from its first location to t, the ends extended
// as constants (the ramp clamps): rampIntegrals' F0 for any t.
vec4 rampF0(int i, float t) {
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    float lFirst = rampLocation(uRamps, row, 0), lLast = rampLocation(uRamps, row, count - 1);
    vec4 f0, f1;
    if (t <= lFirst) return rampNode(uRamps, row, 0) * (t - lFirst);
    rampIntegrals(uRamps, row, count, min(t, lLast), f0, f1);
    return f0 + rampNode(uRamps, row, count - 1) * max(t - lLast, 0.0);
}

// The mean of slot i's ramp colour over t in [ta, tb]: the difference of rampF0 over the
// interval (exact; with float32 sums, within about 1e-7 / |tb - ta| of the colour's range,
// so under 1e-3 apart the colour at the middle, off by at most the ramp's curvature there).
vec4 rampMean(int i, float ta, float tb) {
    if (abs(tb - ta) < 1e-3) return rampAt(i, 0.5 * (ta + tb));
    return (rampF0(i, tb) - rampF0(i, ta)) / (tb - ta);
}

// The angles (a0, a1), a0 <= a1, radians from the x axis, that the box lo...hi (corners
// relative to a centre outside it) spans seen from the centre: its corners' directions
// about the direction of its middle (under half a turn). Exact.
vec2 boxAngles(vec2 lo, vec2 hi) {
    vec2 m = 0.5 * (lo + hi);
    float am = atan(m.y, m.x), dlo = 0.0, dhi = 0.0;
    for (int k = 0; k < 4; k++) {
        vec2 q = vec2(k == 0 || k == 3 ? lo.x : hi.x, k < 2 ? lo.y : hi.y);
        float d = atan(q.y, q.x) - am;
        d -= 6.28318531 * floor((d + 3.14159265) / 6.28318531);
        dlo = min(dlo, d); dhi = max(dhi, d);
    }
    return vec2(am + dlo, am + dhi);
}

// How many colour-stop nodes of slot's ramp lie at or below t.
float stopsBelow(int row, int count, float t) {
    if (!(t >= rampLocation(uRamps, row, 0))) return 0.0;
    return rampStopsUpTo(uRamps, row, rampSegment(uRamps, row, count, t).x);
}
#endif
