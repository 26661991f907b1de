// The paint's average over a pixel's covered strip where its colour varies smoothly but not
// linearly: about an angular or radial centre, and across a ramp's kink (lib/paint_eval.glsl
// picks the case).
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

// The paint's average over the covered strip of the pixel (see paintColor) near the
// centre c of an angular or radial gradient, where the colour varies in every direction
// and t's gradient is undefined (docs/scene-format.md: the pixel gets the paint's average over its
// covered part). Integrated in polar coordinates about c: the strip is a rectangle, each
// ray from c meets it in one interval [rin, rout], of area (rout^2 - rin^2) / 2 per
// radian. A radial's colour along a ray is integrated exactly (radialRayIntegral); an
// angular's is constant along a ray. The angle is sampled at N midpoints over the angles
// the rectangle spans (all 360 degrees, starting at the seam, when it holds c), so a
// colour jump between two rays errs by at most half a ray's area: angular N = 128 (a full
// turn, a pixel: under 0.6% of its area, 1.6 levels at full contrast; a jump at the seam
// none), radial N = 32 (its colour is smooth in the angle).
vec4 paintNearCentre(int i, int kind, vec2 pixel, vec4 strip) {
    vec4 geo = vPaintGeometry[i];
    vec2 nn = strip.xy, tt = vec2(-nn.y, nn.x);
    vec2 cv = geo.xy - pixel;
    vec2 c = vec2(dot(cv, nn), dot(cv, tt));                  // the centre in the strip's frame
    vec2 lo = vec2(strip.z, -0.5), hi = vec2(strip.w, 0.5);
    float a0, a1;
    if (all(greaterThanEqual(c, lo)) && all(lessThanEqual(c, hi))) {
        float seam = radians(geo.z);                           // angular: the seam's direction
        vec2 sd = vec2(cos(seam), sin(seam));
        a0 = kind == PAINT_ANGULAR ? atan(dot(sd, tt), dot(sd, nn)) : 0.0;
        a1 = a0 + 6.28318531;
    } else {
        vec2 m = 0.5 * (lo + hi) - c;
        float am = atan(m.y, m.x), dlo = 0.0, dhi = 0.0;
        for (int k = 0; k < 4; k++) {
            vec2 q = vec2(k == 0 || k == 3 ? lo.x : hi.x, k < 2 ? lo.y : hi.y) - c;
            float d = atan(q.y, q.x) - am;
            d -= 6.28318531 * floor((d + 3.14159265) / 6.28318531);
            dlo = min(dlo, d); dhi = max(dhi, d);
        }
        a0 = am + dlo; a1 = am + dhi;
    }
    int n = kind == PAINT_ANGULAR ? 128 : 32;
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
        if (kind == PAINT_ANGULAR) sum += w * rampAt(i, angularGradientTDir(u.x * nn + u.y * tt, geo.z, geo.w));
        else sum += radialRayIntegral(i, geo.z, geo.w, rin, rout);
    }
    if (!(area > 0.0)) { vec2 g; return rampAt(i, paintT(i, kind, pixel + nn * (0.5 * (strip.z + strip.w)), g)); }
    return sum / area;
}

// The paint's average over the covered strip (see paintColor) where t is linear across it
// (t at the middle, gradient g) but the ramp kinks within its range of t. The offset
// s = dot(g / |g|, x - middle) of a point x of the strip is spread as the rectangle's
// projection (a trapezoid, whose distribution function is halfPlaneCoverage); that range
// is cut in up to 8 bins, each weighted by its exact area and coloured by the ramp's mean
// over its range of t (differences of rampF0, exact for the piecewise linear ramp). The
// error is the trapezoid's slope within a bin against the ramp's change there: under 1/64
// of the colour change across the pixel. Bins are at least 1e-3 wide in t (fewer bins for
// a narrow range), so that float32 differences of rampF0 stay within 1e-4 of the colour.
vec4 paintKinkAverage(int i, float t, vec2 g, vec4 strip) {
    float gl = length(g);
    vec2 gn = g / gl, sn = strip.xy, st = vec2(-sn.y, sn.x);
    vec2 nloc = vec2(dot(gn, sn), dot(gn, st)), size = vec2(strip.w - strip.z, 1.0);
    float h = 0.5 * (abs(nloc.x) * size.x + abs(nloc.y) * size.y);
    int bins = int(clamp(2.0 * gl * h / 1e-3, 1.0, 8.0));      // a run-time count: not unrolled
    float w = 2.0 * h / float(bins);
    vec4 sum = vec4(0.0);
    float prev = 0.0;
    vec4 f0 = rampF0(i, t - gl * h);
    for (int k = 1; k <= bins; k++) {
        float s1 = -h + w * float(k);
        float cov = k == bins ? 1.0 : halfPlaneCoverage(-s1, nloc, size);
        vec4 f1 = rampF0(i, t + gl * s1);
        sum += (cov - prev) * (f1 - f0) / (gl * w);
        prev = cov; f0 = f1;
    }
    return sum;
}
#endif
