// The paint's average over a pixel's covered strip where its colour varies smoothly but not
// linearly: about a radial centre, and across a ramp's kink (lib/paint_eval.glsl picks the
// case; about an angular centre, lib/angular_average.glsl).
#ifndef HALO_PAINT_AVERAGE_GLSL
#define HALO_PAINT_AVERAGE_GLSL
#include "lib/coverage.glsl"
#include "lib/paint_t.glsl"

// Integral over r in [ra, rb] of c(r) r dr along one ray from a radial gradient's centre
// (c(r) the ramp's colour at t = (r - r0) k): exact. Below and above the ramp's ends the
// colour is constant (clamped), r dr integrates to (rb^2 - ra^2) / 2; in between, with
// r = r0 + t / k, dr = dt / k: (r0 / k) dF0 + (1 / k^2) dF1 (rampIntegrals).
vec4 radialRayIntegral(int i, float r0, float k, float ra, float rb) {
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    float lFirst = rampLocation(uRamps, row, 0), lLast = rampLocation(uRamps, row, count - 1);
    float rA = r0 + lFirst / k, rB = r0 + lLast / k;         // radii of the ramp's ends
    float rLo = min(rA, rB), rHi = max(rA, rB);
    vec4 cLo = k > 0.0 ? rampNode(uRamps, row, 0) : rampNode(uRamps, row, count - 1);
    vec4 cHi = k > 0.0 ? rampNode(uRamps, row, count - 1) : rampNode(uRamps, row, 0);
    vec4 sum = vec4(0.0);
    float a = min(rb, rLo);
    if (a > ra) sum += cLo * (0.5 * (a * a - ra * ra));
    float b = max(ra, rHi);
    if (rb > b) sum += cHi * (0.5 * (rb * rb - b * b));
    float u0 = max(ra, rLo), u1 = min(rb, rHi);
    if (u1 > u0) {
        float ta = clamp((u0 - r0) * k, lFirst, lLast), tb = clamp((u1 - r0) * k, lFirst, lLast);
        vec4 f0a, f1a, f0b, f1b;
        rampIntegrals(uRamps, row, count, ta, f0a, f1a);
        rampIntegrals(uRamps, row, count, tb, f0b, f1b);
        sum += (r0 / k) * (f0b - f0a) + (f1b - f1a) / (k * k);
    }
    return sum;
}

// The radial paint's average over the covered strip of the pixel (see paintColor) near its
// centre c, where t's gradient turns within the pixel (docs/scene-format.md: the pixel gets
// the paint's average over its covered part). Integrated in polar coordinates about c: the
// strip is a rectangle, each ray from c meets it in one interval [rin, rout], of area
// (rout^2 - rin^2) / 2 per radian, and the colour along a ray is integrated exactly
// (radialRayIntegral). The angle is sampled at 32 midpoints over the angles the rectangle
// spans (all 360 degrees when it holds c): the colour is smooth in the angle.
vec4 radialNearCentre(int i, vec2 pixel, vec4 strip) {
    vec4 geo = vPaintGeometry[i];
    vec2 nn = strip.xy, tt = vec2(-nn.y, nn.x);
    vec2 cv = geo.xy - pixel;
    vec2 c = vec2(dot(cv, nn), dot(cv, tt));                  // the centre in the strip's frame
    vec2 lo = vec2(strip.z, -0.5), hi = vec2(strip.w, 0.5);
    float a0, a1;
    if (all(greaterThanEqual(c, lo)) && all(lessThanEqual(c, hi))) {
        a0 = 0.0;
        a1 = a0 + 6.28318531;
    } else {
        vec2 a = boxAngles(lo - c, hi - c);
        a0 = a.x; a1 = a.y;
    }
    const int n = 32;
    vec4 sum = vec4(0.0);
    float area = 0.0;
    for (int k = 0; k < n; k++) {
        float a = mix(a0, a1, (float(k) + 0.5) / float(n));
        vec2 u = vec2(cos(a), sin(a));
        // The ray c + r u against the rectangle's two slabs.
        vec2 inv = 1.0 / u;                                    // +-inf on an axis: handled below
        vec2 t0 = (lo - c) * inv, t1 = (hi - c) * inv;
        vec2 tmin = min(t0, t1), tmax = max(t0, t1);
        if (u.x == 0.0) { tmin.x = -1e30; tmax.x = c.x >= lo.x && c.x <= hi.x ? 1e30 : -1e30; }
        if (u.y == 0.0) { tmin.y = -1e30; tmax.y = c.y >= lo.y && c.y <= hi.y ? 1e30 : -1e30; }
        float rin = max(0.0, max(tmin.x, tmin.y)), rout = min(tmax.x, tmax.y);
        if (!(rout > rin)) continue;
        float w = 0.5 * (rout * rout - rin * rin);
        area += w;
        sum += radialRayIntegral(i, geo.z, geo.w, rin, rout);
    }
    if (!(area > 0.0)) { vec2 g; return rampAt(i, paintT(i, PAINT_RADIAL, pixel + nn * (0.5 * (strip.z + strip.w)), g)); }
    return sum / area;
}

// The paint's average over the covered strip (see paintColor) where t is linear across it
// (t at the middle, gradient g, in the ramp's segment seg, `centre` its colour there) but
// the ramp kinks within the strip's range of t. The ramp is the line of t's segment plus,
// for each node l within the range, its change of slope dm times (t - l)+ above t, or
// (l - t)+ below: averaged over the strip, whose offset s = dot(g / |g|, x - middle) is
// spread as halfPlaneCoverage's trapezoid with mean 0, that is
// centre + sum dm |g| halfPlaneTail(+-(l - t) / |g|). Exact for the piecewise linear ramp
// (float32 rounding aside); two texels a node in range. `periodic`: t wraps at 1 (a full
// sweep), and the colour continues into the next turn: continuous where the ramp's first
// and last colours agree, with the clamped ends' slope changes (0 between them) exactly
// the seam's kink (paintColor takes a seam whose colours differ as a jump).
vec4 paintKinkAverage(int i, float t, vec2 g, vec4 strip, ivec2 seg, vec4 centre, bool periodic) {
    float gl = length(g);
    vec2 gn = g / gl, sn = strip.xy, st = vec2(-sn.y, sn.x);
    vec2 nloc = vec2(dot(gn, sn), dot(gn, st)), size = vec2(strip.w - strip.z, 1.0);
    float reach = 0.5 * gl * (abs(nloc.x) * size.x + abs(nloc.y) * size.y);
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    vec4 sum = centre;
    // Nodes above t (from the segment's upper node; at the clamped low end, node 0 itself),
    // then, for a periodic ramp, those of the next turn (location + 1).
    bool low = seg.x == seg.y && t < rampLocation(uRamps, row, seg.x);
    int k = low ? seg.x : (seg.x == seg.y ? count : seg.y);
    float turn = 0.0;
    for (int n = 0; n <= count; n++) {
        if (k >= count) { if (!periodic) break; k = 0; turn += 1.0; }
        float l = rampLocation(uRamps, row, k) + turn;
        if (!(l < t + reach)) break;
        sum += rampSlopeChange(uRamps, row, k) * (gl * halfPlaneTail((l - t) / gl, nloc, size));
        k++;
    }
    // Nodes at or below t (from the segment's lower node; none at the clamped low end but,
    // for a periodic ramp, those of the turn before).
    k = low ? -1 : seg.x;
    turn = 0.0;
    for (int n = 0; n <= count; n++) {
        if (k < 0) { if (!periodic) break; k = count - 1; turn -= 1.0; }
        float l = rampLocation(uRamps, row, k) + turn;
        if (!(l > t - reach)) break;
        sum += rampSlopeChange(uRamps, row, k) * (gl * halfPlaneTail((t - l) / gl, nloc, size));
        k--;
    }
    return sum;
}
#endif
