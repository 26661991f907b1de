// Dashed strokes (SCENE.md "Stroke", dash): the band cut into dashes along the outline's arc
// length, with round caps' discs. The cuts and caps come from the CPU (ArcTables.swift:
// ResolvedDash.cuts() and caps(), in double); s(p) from lib/arc_length.glsl.
#ifndef HALO_DASH_GLSL
#define HALO_DASH_GLSL
#include "lib/arc_length.glsl"
#include "lib/shape.glsl"
#include "lib/clip.glsl"

// The variant's dashes (HALO_DASH; DashMode in Swift).
const int DASH_NONE = 0;
const int DASH_BUTT = 1;
const int DASH_ROUND = 2;

// Coverage of the size x size square at p by the part of the disc of radius r about c on
// the gap's side of a cut (dot(x - C, g) > 0): the half-plane coverages of the disc's
// distance and of the cut, multiplied over n x n parts of the square (n from the disc's
// radius in squares, subdivisions in lib/shape.glsl; a disc under a pixel across has both
// its edge and the cut inside one part only where the part is small).
float capCoverage(vec2 p, float size, vec2 c, float r, vec2 C, vec2 g) {
    float d = length(p - c) - r;
    if (d >= 0.7072 * size) return 0.0;
    int n = subdivisions(r / size);
    float sub = size / float(n), sum = 0.0, discSum = 0.0;
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
        vec2 q = p + size * ((vec2(float(i), float(j)) + 0.5) / float(n) - 0.5);
        vec2 v = q - c;
        float l = length(v);
        float disc = halfPlaneCoverage(l - r, l > 0.0 ? v / l : vec2(1.0, 0.0), vec2(sub));
        discSum += disc;
        if (disc > 0.0) sum += disc * halfPlaneCoverage(-dot(q - C, g), -g, vec2(sub));
    }
    // A disc at least a square across: its coverage times the part of its area (its edge
    // taken as the tangent line at p) beyond the cut, which complements the butt dash's
    // part (dashCoverage, clipped at the same line the same way) exactly.
    if (r >= size) {
        const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
        float l = length(p - c);
        vec3 edge = l > 0.0 ? vec3((p - c) / l, r - l) : WHOLE;
        vec3 beyond = vec3(-g, dot(p - C, g));
        float inside = clippedArea(size, edge, WHOLE, WHOLE, WHOLE, WHOLE);
        float part = inside > 1e-4 ? clippedArea(size, edge, beyond, WHOLE, WHOLE, WHOLE) / inside
                                   : halfPlaneCoverage(-dot(p - C, g), -g, vec2(size));
        return discSum / float(n * n) * min(part, 1.0);
    }
    return sum / float(n * n);
}

// True when the cut through C at arc length e (tangent t) belongs to the part of the
// outline that q's side of the pixel measures: the foot of q on the cut's line has s
// within 1 px of e. (Inside a tight corner another side's cut line crosses the band where
// s belongs to this side.)
bool cutNear(vec2 q, vec2 C, vec2 t, float e, float L) {
    float ds = abs(arcLengthAt(q - dot(q - C, t) * t) - e);
    return min(ds, L - ds) < 1.0;
}

// The part of the size x size square at p within `side` (a half-plane relative to p, see
// clippedArea) that lies in a dash, for the membership interval around arc length s (of
// the sample point q on that side): between the interval's two cuts for a dash, beyond
// them for a gap. A cut that belongs to another part of the outline (cutNear) is ignored.
float dashFraction(vec2 p, float size, float s, vec2 q, vec3 side, vec3 bandIn, vec3 bandOut) {
    const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
    int first = int(vArcLists.x), count = int(vArcLists.y);
    if (count == 0) return vArcInfo.y > 0.5 ? clippedArea(size, side, WHOLE, WHOLE, bandIn, bandOut) : 0.0;
    float L = vArcInfo.x;
    int i = arcSearch(first, count, s);
    int lo = i >= first ? i : first + count - 1;            // before the first: the last (wrapping)
    int hi = i + 1 < first + count ? i + 1 : first;
    bool on = arcEntry(lo, 0).w > 0.5;
    // Past the lower cut and before the upper one, each with the tangent on its dash's side
    // (lower: after it in a dash, before it in a gap; upper: the reverse).
    vec3 cut[2];
    for (int c = 0; c < ARC_RUNTIME(2); c++) {
        int e = c == 0 ? lo : hi;
        vec4 a = arcEntry(e, 0), b = arcEntry(e, 1);
        vec2 t = (c == 0) == on ? b.zw : b.xy;
        float d = dot(p - a.yz, t);
        cut[c] = !cutNear(q, a.yz, t, a.x, L) ? WHOLE : c == 0 ? vec3(-t, d) : vec3(t, -d);
    }
    if (on) return clippedArea(size, side, cut[0], cut[1], bandIn, bandOut);
    return min(clippedArea(size, side, -cut[0], WHOLE, bandIn, bandOut) + clippedArea(size, side, -cut[1], WHOLE, bandIn, bandOut),
               clippedArea(size, side, WHOLE, WHOLE, bandIn, bandOut));
}

// The dashed stroke's coverage of the size x size square at p, given the band's coverage
// cs of the band lo <= sd <= hi (offsets of the outline, pixels): cs times the part of the
// band's area in a dash, with the band's edges taken as the lines of the signed distance's
// tangent plane at p and the cuts as straight lines along the outline's normal, all
// clipped exactly (clippedArea). Where the band covers the square, that part is the
// square's part in a dash. Across the medial axis (the diagonal of a tight inner corner)
// each side of it takes its own interval. Round caps add, for the dash ends near s(p),
// the part of each disc on the gap's side of its cut.
float dashCoverage(vec2 p, float size, float cs, float lo, float hi) {
    const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
    vec3 bandIn = WHOLE, bandOut = WHOLE;
    float band = 1.0;
    if (cs > 0.0 && cs < 0.999) {
        vec3 g = shapeSDG(p);
        bandIn = vec3(-g.yz, g.x - lo);
        bandOut = vec3(g.yz, hi - g.x);
        band = clippedArea(size, bandIn, bandOut, WHOLE, WHOLE, WHOLE);
        if (band < 1e-4) { bandIn = WHOLE; bandOut = WHOLE; band = 1.0; }
    }
    vec2 mn;
    float s;
    float md = medialJump(p, mn, s);
    bool split = abs(md) < 0.75 * size;
    float frac = 0.0;
    for (int k = 0; k < ARC_RUNTIME(split ? 2 : 1); k++) {
        // Side k of the medial line (before: dot(mn, x) <= -md; after: the rest).
        vec3 side = !split ? vec3(0.0, 0.0, 1.0) : k == 0 ? vec3(mn, -md) : vec3(-mn, md);
        vec2 q = split ? p + mn * (-md + (k == 0 ? -0.25 : 0.25) * size) : p;
        frac += dashFraction(p, size, split ? arcLengthAt(q) : s, q, side, bandIn, bandOut);
    }
    float cov = cs * min(frac / band, 1.0);
#if HALO_DASH == 2
    int cFirst = int(vArcLists.z), cCount = int(vArcLists.w);
    if (cCount > 0) {
        int j = arcSearch(cFirst, cCount, s);
        // The ends just before and after s (two each side: a dot is two ends), wrapping.
        for (int k = 0; k < min(4, cCount); k++) {
            int e = cFirst + (j - 1 + k - cFirst + 2 * cCount) % cCount;   // (% of a negative is undefined)
            vec4 a = arcEntry(e, 0), b = arcEntry(e, 1);
            cov += capCoverage(p, size, a.yz, vArcInfo.z, b.xy, b.zw);
        }
    }
#endif
    return clamp(cov, 0.0, 1.0);
}
#endif
