// Jumps of the paint inside a pixel (hard stops, seams, wraps, the medial axis of a path
// paint): finding the nearest as a straight edge, and the colour of each side of it.
#ifndef HALO_PAINT_JUMP_GLSL
#define HALO_PAINT_JUMP_GLSL
#include "lib/paint_t.glsl"
#if HALO_ARC
#include "lib/arc_length.glsl"
#include "lib/clip.glsl"
#endif

// A path paint's colour on one side of a jump (paintColor): the ramp's mean from t at the
// jump, extrapolated from the side's middle tm and far end tf and kept within 0...1 (t wraps
// there), to tf; a steep segment just before a wrap or a stop counts (the colour at the
// side's middle missed 18 levels of a segment 1.25 px long beside a wrap). Where the side
// itself holds the wrap (tm and tf over half a turn apart), the colour at its middle.
vec4 pathSideMean(int i, float tm, float tf) {
    if (abs(tm - tf) > 0.5) return rampAt(i, tm);
    return rampMean(i, clamp(2.0 * tm - tf, 0.0, 1.0), tf);
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
#endif
