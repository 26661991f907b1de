// The premultiplied colour of paint slot i (0 fill, 1 stroke; its kind a compile-time
// constant, HALO_FILL or HALO_STROKE) over the pixel at p.
#ifndef HALO_PAINT_EVAL_GLSL
#define HALO_PAINT_EVAL_GLSL
#include "lib/layer_data.glsl"
#include "lib/coverage.glsl"
#include "lib/paint.glsl"
#include "lib/shader_paint.glsl"
#if HALO_ARC
#include "lib/arc_length.glsl"
#include "lib/clip.glsl"
#endif

// Path (colour along the outline): t = frac(s / L + offset), in [0, 1); with L = 0, s / L
// counts as 0 (docs/scene-format.md "Paints"). The twin of pathGradientT in Swift.
float pathGradientT(float s, float L, float offset) {
    float x = (L > 0.0 ? s / L : 0.0) + offset;
    float t = x - floor(x);
    return t < 1.0 ? t : 0.0;
}

// Gradient parameter t of slot i at p (unclamped), and its gradient dt/dp (1/px) in g;
// g is 0 where t is constant (an angular gradient's gap; see angularTAcrossGap).
float paintT(int i, int kind, vec2 p, out vec2 g) {
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
        for (int k = 0; k < ROLLED(3); k++) {
            float v = arcLengthAt(p + (k == 1 ? vec2(e, 0.0) : k == 2 ? vec2(0.0, e) : vec2(0.0)));
            if (k == 0) s = v; else if (k == 1) ds.x = v - s; else ds.y = v - s;
        }
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

// A path paint's colour on one side of a jump (paintColor): the ramp's mean from t at the
// jump, extrapolated from the side's middle tm and far end tf and kept within 0...1 (t wraps
// there), to tf; a steep segment just before a wrap or a stop counts (the colour at the
// side's middle missed 18 levels of a segment 1.25 px long beside a wrap). Where the side
// itself holds the wrap (tm and tf over half a turn apart), the colour at its middle.
vec4 pathSideMean(int i, float tm, float tf) {
    if (abs(tm - tf) > 0.5) return rampAt(i, tm);
    return rampMean(i, clamp(2.0 * tm - tf, 0.0, 1.0), tf);
}

// How many colour-stop nodes of slot's ramp lie at or below t.
float stopsBelow(int row, int count, float t) {
    if (!(t >= rampLocation(uRamps, row, 0))) return 0.0;
    return rampStopsUpTo(uRamps, row, rampSegment(uRamps, row, count, t).x);
}

// The mean offset along a unit n, beyond x, of the points of a w x h rectangle centred at
// 0 (size = (w, h), n in the rectangle's frame): the offset is the sum of two uniform
// variables of widths a >= b (halfPlaneCoverage's distribution), and the mean beyond x is
// x + H / P, P the share beyond x and H the integral of that share over (x, inf),
// piecewise cubic in the depth s = (a + b) / 2 - x. Exact.
float tailMeanOffset(float x, vec2 n, vec2 size) {
    float a = abs(n.x) * size.x, b = abs(n.y) * size.y;
    if (b > a) { float t = a; a = b; b = t; }
    float s = clamp(0.5 * (a + b) - x, 0.0, a + b);
    float r;                                            // H / P
    if (s <= b) r = s / 3.0;                            // P = s^2 / 2ab, H = s^3 / 6ab
    else if (s <= a) r = (b * b / 3.0 + s * s - s * b) / (2.0 * s - b);
    else {
        float u = a + b - s;
        float P = 1.0 - u * u / (2.0 * a * b);
        float H = b * b / (6.0 * a) + 0.5 * (a - b) + (s - a) - (b * b * b - u * u * u) / (6.0 * a * b);
        r = H / P;
    }
    return 0.5 * (a + b) - s + r;
}

// One side of a jump in paintColor, given t at the side's middle tm and far end tf along
// the jump's normal: the colour at the side's centroid c (exact where the paint is linear
// over the side; the mean of t along n, uniformly weighted, erred by 3 to 4 levels beside a
// hard stop 0.15 of a 26 px gradient from transparent), unless a colour stop lies inside
// the side's range of t (a steep segment beside the jump): then the ramp's mean over that
// range. A path paint's t wraps: pathSideMean.
vec4 jumpSideColour(int i, int kind, vec2 c, float tm, float tf) {
    if (kind == PAINT_PATH) return pathSideMean(i, tm, tf);
    float tj = 2.0 * tm - tf, e = 0.02 * abs(tf - tj);      // (the jump's own stop at tj: not inside)
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    if (stopsBelow(row, count, max(tj, tf) - e) != stopsBelow(row, count, min(tj, tf) + e)) return rampMean(i, tj, tf);
    vec2 g;
    return rampAt(i, paintT(i, kind, c, g));
}

// A jump candidate: keep the nearest (signed distance d in px from the strip's middle,
// > 0 on the after side; n the unit normal towards the after side).
void nearestJump(float d, vec2 n, inout float best, inout vec2 bn) {
    if (abs(d) < abs(best)) { best = d; bn = n; }
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

// The jump at a hard stop at location l as a candidate: a line across the pixel at distance
// (t - l) / |dt/dp| along t's gradient, exact for linear gradients, within the curve's
// bulge for radial ones (under 1/(12 d) of the pixel at distance d: paintColor integrates
// about the centre nearer than 16 px). For angular gradients the jump is the ray from the
// centre at angle + l span: its line's signed distance and normal.
void hardStopJump(int i, int kind, vec2 p, float t, float gl, vec2 gn, float l, inout float best, inout vec2 bn) {
    if (kind != PAINT_ANGULAR) { nearestJump((t - l) / gl, gn, best, bn); return; }
    vec4 geo = vPaintGeometry[i];
    vec2 v = p - geo.xy;
    float aj = geo.z + l * geo.w;
    float delta = mod(degrees(atan(v.y, v.x)) - aj + 180.0, 360.0) - 180.0;
    if (abs(delta) < 90.0) nearestJump(length(v) * sin(radians(delta)), vec2(-sin(radians(aj)), cos(radians(aj))), best, bn);
}

#if HALO_ARC
// A path paint over the covered strip of a pixel that the medial axis crosses (the line
// dot(mn, x - pixel) = c, from medialJump): s jumps there, so each side of the line is a
// part of its own, cut again by the nearest jump (hard stop or wrap) of its own s; each
// part takes the colour at its centroid, weighted by its exact area (clipSquare). Exact
// for flat colours between jumps (a ramp of hard stops), else the colour at each part's
// centroid (exact where the paint is linear over the part).
vec4 pathAcrossMedial(int i, vec2 pixel, vec4 strip, float c, vec2 mn) {
    const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
    vec4 geo = vPaintGeometry[i];
    float L = geo.y;
    vec3 below = vec3(strip.xy, strip.w), above = vec3(-strip.xy, -strip.z);   // a <= dot(n, x) <= b
    int first = int(i == 0 ? vArcJumps.x : vArcJumps.z), count = int(i == 0 ? vArcJumps.y : vArcJumps.w);
    vec4 sum = vec4(0.0);
    float total = 0.0;
    vec3 side = WHOLE, cut = WHOLE;
    // Steps 3k + h: side k's part (h = 0), where its s finds the nearest jump, then that part
    // before and beyond the jump (h = 1, 2). (One call site each of clipSquare and
    // arcLengthAt: llvmpipe inlines every call.)
    for (int step = 0; step < ROLLED(6); step++) {
        int k = step / 3, h = step - 3 * k;
        if (h == 0) { side = k == 0 ? vec3(mn, c) : vec3(-mn, -c); cut = WHOLE; }
        vec3 q = clipSquare(1.0, below, above, side, h == 0 ? WHOLE : h == 1 ? cut : -cut, WHOLE);
        if (q.x <= 0.0) { if (h == 0) step += 2; continue; }
        float s = arcLengthAt(pixel + q.yz);
        if (h > 0) {
            sum += rampAt(i, pathGradientT(s, L, geo.x)) * q.x;
            total += q.x;
            continue;
        }
        // This side's nearest jump within a pixel of its centroid, as a line across it.
        float best = 1.0;
        if (count > 0) {
            int j = arcSearch(first, count, s);
            for (int m = 0; m < min(2, count); m++) {
                int e = first + (j + m - first + 2 * count) % count;   // (% of a negative is undefined)
                vec4 a = arcEntry(e, 0), b = arcEntry(e, 1);
                float ds = abs(a.x - s);
                float dist = dot(pixel + q.yz - a.yz, b.zw);
                if (min(ds, L - ds) < 4.0 && abs(dist) < best) { best = abs(dist); cut = vec3(b.zw, dot(a.yz - pixel, b.zw)); }
            }
        }
    }
    return total > 0.0 ? sum / total : vec4(0.0);     // (no covered part: no colour)
}
#endif

// The paint averaged over the covered part of the pixel at `pixel` (docs/scene-format.md: where the
// colour changes within a pixel, the pixel gets the paint's average over its covered
// part). `strip` = (n, a, b): the covered part is the strip a...b along the unit vector n
// (vec4(1, 0, -0.5, 0.5) for the whole pixel); see coveredStrip.
// - the nearest jump within 0.75 px (a hard stop next to t's ramp segment; an angular
//   gradient's seam, the middle of a partial sweep's gap, or the sweep's end when a hard
//   stop sits at 1; a whole ramp narrower than 1/256 px) is taken as a straight edge
//   across the pixel, and the two sides are mixed by their exact areas
//   (halfPlaneCoverage), each side's colour taken at the middle of its part;
// - else, when a colour stop (a kink) lies within the pixel's range of t, 16 samples (64
//   where the whole ramp spans under 4 px);
// - else the colour at the centre, exact where the paint is linear across the pixel.
// Within 1.5 px of an angular centre, where every colour meets, and near a radial centre
// (see below): integrated about the centre (paintNearCentre).
vec4 paintColor(int i, int kind, vec2 pixel, vec4 strip) {
    if (kind == PAINT_SOLID) return vPaintColor[i];
#if HALO_FILL == HALO_PAINT_SHADER || HALO_STROKE == HALO_PAINT_SHADER
    if (kind == PAINT_SHADER) return shaderPaintColor(i, pixel + strip.xy * (0.5 * (strip.z + strip.w)));
#endif
    vec4 geo = vPaintGeometry[i];
    vec2 p = pixel + strip.xy * (0.5 * (strip.z + strip.w));      // the strip's middle
    // HALO_PAINT_AA 0: the colour at the middle only (the averaging below is compiled out);
    // 1: averaged unless uPaintAtMiddle (lib/layer_data.glsl).
#if HALO_PAINT_AA
    if (uPaintAtMiddle)
#endif
    {
        vec2 g0;
#if HALO_ARC
        // (s alone: paintT's differences give its gradient, not needed here.)
        if (kind == PAINT_PATH) return rampLUT(uRampLUT, vStroke[2 + i], uLUTWidth, pathGradientT(arcLengthAt(p), geo.y, geo.x));
#endif
        return rampLUT(uRampLUT, vStroke[2 + i], uLUTWidth, paintT(i, kind, p, g0));
    }
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    // Near an angular centre every colour meets; near a radial centre t has its apex, and
    // close to it |p - c| curves within a pixel (the colour at the middle errs by about
    // 255 k / (24 d) levels at distance d, k = |dt/dp|), as do hard stops on small circles
    // (a straight edge across the pixel errs by about 1 / (12 d) of its area): there the
    // average is integrated about the centre (paintNearCentre).
    if (kind == PAINT_ANGULAR && length(p - geo.xy) < 4.0) return paintNearCentre(i, kind, pixel, strip);
    if (kind == PAINT_RADIAL) {
        float d = length(p - geo.xy), k = abs(geo.w);
        float tA = (max(d - 0.75, 0.0) - geo.z) * geo.w, tB = (d + 0.75 - geo.z) * geo.w;
        float tLo = min(tA, tB), tHi = max(tA, tB);
        bool meetsRamp = tHi >= rampLocation(uRamps, row, 0) && tLo <= rampLocation(uRamps, row, count - 1);
        if (meetsRamp && (d < 1.5 + 21.0 * k || (d < 16.0 && stopsBelow(row, count, tHi) != stopsBelow(row, count, tLo))))
            return paintNearCentre(i, kind, pixel, strip);
    }
    vec2 g;
    float t = paintT(i, kind, p, g);
    if (kind == PAINT_ANGULAR && geo.w < 360.0) t = angularTAcrossGap(i, p, t, g);
    float gl = length(g);
    vec2 gn = g / max(gl, 1e-20);
    float best = 1e9;
    vec2 n = vec2(1.0, 0.0);
    ivec2 seg = rampSegment(uRamps, row, count, t);
    float lFirst = rampLocation(uRamps, row, 0), lLast = rampLocation(uRamps, row, count - 1);
    // (An angular gradient's t stays within 0...1: a hard stop at 0 or 1 meets the other
    // end of the ramp across the seam or the sweep's end, handled below.)
#if HALO_ARC
    if (kind == PAINT_PATH) {
        // Jumps: where t crosses a hard stop or wraps (cuts along the outline's normal, from
        // the arc tables), and the medial axis, where s itself jumps (medialJump): a pixel
        // the medial axis crosses is split along it (pathAcrossMedial).
        vec2 mn;
        float ms;
        float md = medialJump(p, mn, ms);
        float c = -md + dot(mn, p - pixel);      // the medial line: dot(mn, x - pixel) = c
        if (md < 1e8 && abs(c) < 0.7072) return pathAcrossMedial(i, pixel, strip, c, mn);
        vec4 geo = vPaintGeometry[i];
        float L = geo.y, s = (t - geo.x - floor(t - geo.x)) * L;
        int first = int(i == 0 ? vArcJumps.x : vArcJumps.z), count = int(i == 0 ? vArcJumps.y : vArcJumps.w);
        if (count > 0) {
            int k = arcSearch(first, count, s);
            float near = 3.0 * max(1.0, gl * L);
            for (int m = 0; m < min(2, count); m++) {
                int e = first + (k + m - first + 2 * count) % count;   // (% of a negative is undefined)
                vec4 a = arcEntry(e, 0), b = arcEntry(e, 1);
                float ds = abs(a.x - s);
                if (min(ds, L - ds) > near) continue;
                nearestJump(dot(p - a.yz, b.zw), b.zw, best, n);
            }
        }
    } else
#endif
    if (kind != PAINT_ANGULAR && gl * (1.0 / 256.0) > lLast - lFirst) {
        // The whole ramp lies within 1/256 px across (nearly coincident points, nearly
        // equal radii): one jump at its middle, from the first colour to the last. The
        // ramp's own area is under 1/256 of a pixel: under a level.
        nearestJump((t - 0.5 * (lFirst + lLast)) / gl, gn, best, n);
    } else if (gl > 0.0) {
        // Hard stops next to t's segment: a run of nodes at one location.
        float lLo = rampLocation(uRamps, row, seg.x);
        bool inside = kind != PAINT_ANGULAR;
        if (seg.x > 0 && rampLocation(uRamps, row, seg.x - 1) == lLo && (inside || (lLo > 0.0 && lLo < 1.0)))
            hardStopJump(i, kind, p, t, gl, gn, lLo, best, n);
        float lHi = rampLocation(uRamps, row, seg.y);
        if (seg.y + 1 < count && rampLocation(uRamps, row, seg.y + 1) == lHi && (inside || (lHi > 0.0 && lHi < 1.0)))
            hardStopJump(i, kind, p, t, gl, gn, lHi, best, n);
    }
    if (kind == PAINT_ANGULAR) {
        // Each jump is a ray from the centre: its line's normal (towards increasing angle),
        // not the tangent at p, is the edge's normal (they differ by the angle between p
        // and the ray, large close to the centre).
        vec2 v = p - geo.xy;
        float r = length(v);
        float span = geo.w;
        float rel = mod(degrees(atan(v.y, v.x)) - geo.z, 360.0);
        // The seam (full sweep: t from 1 to 0 at rel = 0) or the middle of the gap.
        float jump = span >= 360.0 ? 0.0 : span + 0.5 * (360.0 - span);
        float delta = mod(rel - jump + 180.0, 360.0) - 180.0;
        float aj = radians(geo.z + jump);
        if (abs(delta) < 90.0) nearestJump(r * sin(radians(delta)), vec2(-sin(aj), cos(aj)), best, n);
        // The end of a partial sweep, where t reaches 1 and a hard stop at 1 can jump.
        if (span < 360.0) {
            float dEnd = mod(rel - span + 180.0, 360.0) - 180.0;
            vec4 e0 = rampAt(i, 1.0 - 1e-5), e1 = rampAt(i, 1.0);
            if (abs(dEnd) < 90.0 && any(greaterThan(abs(e1 - e0), vec4(1e-4))))
                nearestJump(r * sin(radians(dEnd)), vec2(-sin(radians(geo.z + span)), cos(radians(geo.z + span))), best, n);
        }
    }
    // The colour at t from its segment (no second search).
    float l0 = rampLocation(uRamps, row, seg.x), l1 = rampLocation(uRamps, row, seg.y);
    vec4 centre = seg.x == seg.y || l1 <= l0 ? rampNode(uRamps, row, seg.y)
                : mix(rampNode(uRamps, row, seg.x), rampNode(uRamps, row, seg.y), (t - l0) / (l1 - l0));
    if (abs(best) < 0.75) {
        // The area after the jump within the covered strip (a rectangle b - a along the
        // strip's normal by 1 across it, centred where t was taken), and each side's colour
        // at the middle of its extent along n (exact where the paint is linear on each side
        // across n; the colour at the jump itself would miss the paint's change over the
        // half pixel, up to 13 levels beside an angular seam 2 px from its centre).
        vec2 sn = strip.xy, st = vec2(-sn.y, sn.x);
        float fAfter = halfPlaneCoverage(-best, -vec2(dot(n, sn), dot(n, st)), vec2(strip.w - strip.z, 1.0));
        float hn = 0.5 * (abs(dot(n, sn)) * (strip.w - strip.z) + abs(dot(n, st)));
        float xj = -best;                               // the jump's offset along n
        // Each side's t along n at its middle and far end (the jump's t is extrapolated
        // from them, t being linear along n), and its centroid's offset along n.
        vec2 gs, nloc = vec2(dot(n, sn), dot(n, st)), size = vec2(strip.w - strip.z, 1.0);
        float aFar = max(hn, xj), bFar = min(-hn, xj);
        float tAm = paintT(i, kind, p + n * (0.5 * (xj + aFar)), gs), tAf = paintT(i, kind, p + n * aFar, gs);
        float tBm = paintT(i, kind, p + n * (0.5 * (xj + bFar)), gs), tBf = paintT(i, kind, p + n * bFar, gs);
        vec4 after = jumpSideColour(i, kind, p + n * tailMeanOffset(xj, nloc, size), tAm, tAf);
        vec4 before = jumpSideColour(i, kind, p - n * tailMeanOffset(-xj, nloc, size), tBm, tBf);
        return mix(before, after, fAfter);
    }
    // A colour stop (a kink) inside the pixel's range of t: the centre is not the average.
    float reach = 0.75 * gl;
    // Only when the pixel's range of t leaves t's segment can it hold a stop.
    bool leaves = seg.x == seg.y || t - reach < l0 || t + reach >= l1;
    // (A path paint only where its range stays within 0...1, where t wraps, and s grows
    // under 2 px a pixel: across the medial axis or a sharp corner's diagonal, where s
    // jumps, its differences give no gradient.)
    bool unwrapped = kind != PAINT_PATH || (t - reach >= 0.0 && t + reach <= 1.0 && gl * geo.y < 2.0);
    if (unwrapped && reach > 1e-4 && leaves && stopsBelow(row, count, t + reach) != stopsBelow(row, count, t - reach))
        return paintKinkAverage(i, t, g, strip);
    return centre;
}
#endif
