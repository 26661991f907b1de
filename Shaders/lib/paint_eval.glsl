// The premultiplied colour of paint slot i (0 fill, 1 stroke; its kind a compile-time
// constant, HALO_FILL or HALO_STROKE) over the pixel at p.
#ifndef HALO_PAINT_EVAL_GLSL
#define HALO_PAINT_EVAL_GLSL
#include "lib/layer_data.glsl"
#include "lib/sdf.glsl"             // ROLLED (first: lib/paint_t.glsl includes it only with HALO_ARC)
#include "lib/coverage.glsl"
#include "lib/paint.glsl"
#include "lib/shader_paint.glsl"
#include "lib/paint_t.glsl"
#include "lib/paint_average.glsl"
#include "lib/angular_average.glsl"
#include "lib/paint_jump.glsl"


// The paint averaged over the covered part of the pixel at `pixel` (docs/scene-format.md: where the
// colour changes within a pixel, the pixel gets the paint's average over its covered
// part). `strip` = (n, a, b): the covered part is the strip a...b along the unit vector n
// (vec4(1, 0, -0.5, 0.5) for the whole pixel); see coveredStrip.
// - the nearest jump within 0.75 px (a hard stop next to t's ramp segment; an angular
//   gradient's seam where its first and last colours differ, the middle of a partial sweep's gap, or the sweep's end when a hard
//   stop sits at 1; a whole ramp narrower than 1/256 px) is taken as a straight edge
//   across the pixel, and the two sides are mixed by their exact areas
//   (halfPlaneCoverage), each side's colour taken at the middle of its part;
// - else, when a colour stop (a kink) lies within the pixel's range of t, 16 samples (64
//   where the whole ramp spans under 4 px);
// - else the colour at the centre, exact where the paint is linear across the pixel.
// Within 4 px of an angular centre, where every colour meets, or where a pixel holds more
// than one of an angular paint's jumps: piece by piece in the angle (angularAverage); near a
// radial centre (see below): integrated about the centre (radialNearCentre).
vec4 paintColor(int i, int kind, vec2 pixel, vec4 strip) {
    if (kind == PAINT_SOLID) return vPaintColor[i];
#if HALO_FILL == HALO_PAINT_SHADER || HALO_STROKE == HALO_PAINT_SHADER
    if (kind == PAINT_SHADER) return shaderPaintColor(i, pixel + strip.xy * (0.5 * (strip.z + strip.w)));
#endif
    vec4 geo = vPaintGeometry[i];
    vec2 p = pixel + strip.xy * (0.5 * (strip.z + strip.w));      // the strip's middle
    // HALO_PAINT_AA 0: the colour at the middle only (the averaging below is compiled out);
    // 1: averaged unless uPaintAtMiddle (lib/layer_data.glsl). t and its gradient g here
    // from one call site for both (a path paint's g only where it is averaged: s alone
    // otherwise, without the differences that give its gradient).
#if HALO_PAINT_AA
    bool middle = uPaintAtMiddle;
#else
    const bool middle = true;
#endif
    vec2 g;
    float t = paintTAt(i, kind, p, !middle, g);
    if (middle) return rampLUT(uRampLUT, vStroke[2 + i], uLUTWidth, t);
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    // Near a radial centre t has its apex, and
    // close to it |p - c| curves within a pixel (the colour at the middle errs by about
    // 255 k / (24 d) levels at distance d, k = |dt/dp|), as do hard stops on small circles
    // (a straight edge across the pixel errs by about 1 / (12 d) of its area): there the
    // average is integrated about the centre (radialNearCentre).
    // (HALO_PAINT_KINKS 1: the tiles hold no centre and no jump, see lib/layer_data.glsl;
    // llvmpipe would run the code below for every pixel however its branches go.)
#if !HALO_PAINT_KINKS
    if (kind == PAINT_RADIAL) {
        float d = length(p - geo.xy), k = abs(geo.w);
        float tA = (max(d - 0.75, 0.0) - geo.z) * geo.w, tB = (d + 0.75 - geo.z) * geo.w;
        float tLo = min(tA, tB), tHi = max(tA, tB);
        bool meetsRamp = tHi >= rampLocation(uRamps, row, 0) && tLo <= rampLocation(uRamps, row, count - 1);
        if (meetsRamp && (d < 1.5 + 21.0 * k || (d < 16.0 && stopsBelow(row, count, tHi) != stopsBelow(row, count, tLo))))
            return radialNearCentre(i, pixel, strip);
    }
#endif
    if (kind == PAINT_ANGULAR && geo.w < 360.0) t = angularTAcrossGap(i, p, t, g);
    float gl = length(g);
    ivec2 seg = rampSegment(uRamps, row, count, t);
#if !HALO_PAINT_KINKS
    vec2 gn = g / max(gl, 1e-20);
    float best = 1e9;
    vec2 n = vec2(1.0, 0.0);
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
                // Only a cut across the pixel square splits its covered part, which lies
                // within it (the strip standing for that part, a rectangle 1 px across,
                // reaches up to 0.7 px beyond a corner pixel: a wrap 0.005 px beside the
                // pixel gave it 6 levels of the far colour).
                if (abs(dot(pixel - a.yz, b.zw)) >= 0.5 * (abs(b.z) + abs(b.w))) continue;
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
        // (A sweep of exactly 360 degrees whose first and last colours agree has no jump at
        // its seam: a kink,
        // averaged across it by paintKinkAverage.)
        bool seamJumps = span != 360.0 || any(notEqual(rampNode(uRamps, row, 0), rampNode(uRamps, row, count - 1)));
        if (seamJumps && abs(delta) < 90.0) nearestJump(r * sin(radians(delta)), vec2(-sin(aj), cos(aj)), best, n);
        // The end of a partial sweep, where t reaches 1 and a hard stop at 1 can jump.
        if (span < 360.0) {
            float dEnd = mod(rel - span + 180.0, 360.0) - 180.0;
            vec4 e0 = rampAt(i, 1.0 - 1e-5), e1 = rampAt(i, 1.0);
            if (abs(dEnd) < 90.0 && any(greaterThan(abs(e1 - e0), vec4(1e-4))))
                nearestJump(r * sin(radians(dEnd)), vec2(-sin(radians(geo.z + span)), cos(radians(geo.z + span))), best, n);
        }
    }
    // An angular paint within 4 px of its centre, where the pixel's range of t holds more
    // than one jump, or where a partly covered pixel holds one (its covered part is no
    // rectangle about the jump): piece by piece in the angle (angularAverage), exact.
    if (kind == PAINT_ANGULAR && (length(p - geo.xy) < 4.0 || angularJumpsCrowd(i, t, 0.75 * gl)
                                  || (abs(best) < 0.75 && strip != vec4(1.0, 0.0, -0.5, 0.5))))
        return angularAverage(i, pixel, strip);
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
        // (Rolled loops: one copy each of paintT and jumpSideColour, ROLLED in lib/sdf.glsl.)
        vec2 gs, nloc = vec2(dot(n, sn), dot(n, st)), size = vec2(strip.w - strip.z, 1.0);
        float aFar = max(hn, xj), bFar = min(-hn, xj);
        vec4 ts;                                        // tAm, tAf, tBm, tBf
        for (int k = 0; k < ROLLED(4); k++) {
            float far = k < 2 ? aFar : bFar;
            ts[k] = paintT(i, kind, p + n * ((k & 1) == 0 ? 0.5 * (xj + far) : far), gs);
        }
        vec4 side[2];                                   // after, before
        for (int k = 0; k < ROLLED(2); k++) {
            float sg = k == 0 ? 1.0 : -1.0;
            side[k] = jumpSideColour(i, kind, p + sg * n * tailMeanOffset(sg * xj, nloc, size), ts[2 * k], ts[2 * k + 1]);
        }
        return mix(side[1], side[0], fAfter);
    }
#endif
    // The colour at t from its segment (no second search).
    float l0 = rampLocation(uRamps, row, seg.x), l1 = rampLocation(uRamps, row, seg.y);
    vec4 centre = seg.x == seg.y || l1 <= l0 ? rampNode(uRamps, row, seg.y)
                : mix(rampNode(uRamps, row, seg.x), rampNode(uRamps, row, seg.y), (t - l0) / (l1 - l0));
    // A colour stop (a kink) inside the pixel's range of t: the centre is not the average.
    float reach = 0.75 * gl;
    // Only when the pixel's range of t leaves t's segment can it hold a stop.
    bool leaves = seg.x == seg.y || t - reach < l0 || t + reach >= l1;
    // (A path paint only where its range stays within 0...1, where t wraps, and s grows
    // under 2 px a pixel: across the medial axis or a sharp corner's diagonal, where s
    // jumps, its differences give no gradient.)
    bool unwrapped = kind != PAINT_PATH || (t - reach >= 0.0 && t + reach <= 1.0 && gl * geo.y < 2.0);
    if (unwrapped && reach > 1e-4 && leaves) return paintKinkAverage(i, t, g, strip, seg, centre, kind == PAINT_ANGULAR && geo.w == 360.0);
    return centre;
}
#endif
