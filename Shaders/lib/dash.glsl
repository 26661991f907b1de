// Dashed strokes (docs/scene-format.md "Stroke", dash): the band cut into dashes along the outline's arc
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
        float area[2];                  // the disc's part, and that part beyond the cut
        for (int h = 0; h < ROLLED(2); h++) area[h] = clippedArea(size, edge, h == 0 ? WHOLE : beyond, WHOLE, WHOLE, WHOLE);
        float part = area[0] > 1e-4 ? area[1] / area[0] : halfPlaneCoverage(-dot(p - C, g), -g, vec2(size));
        return discSum / float(n * n) * min(part, 1.0);
    }
    return sum / float(n * n);
}

// The part of the size x size square at p within `side` and the band (half-planes relative
// to p, see clippedArea) that lies in a dash: between the interval's two cuts for a dash
// (`on`), beyond them for a gap. (One call site of clippedArea: llvmpipe inlines every call.)
float dashPart(float size, bool on, vec3 cutLo, vec3 cutHi, vec3 side, vec3 bandIn, vec3 bandOut) {
    const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
    float part[3];
    for (int k = 0; k < ROLLED(on ? 1 : 3); k++) {
        vec3 x = on ? cutLo : k == 0 ? -cutLo : k == 1 ? -cutHi : WHOLE;
        part[k] = clippedArea(size, side, x, on ? cutHi : WHOLE, bandIn, bandOut);
    }
    return on ? part[0] : min(part[0] + part[1], part[2]);
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
    }
    // Every s below comes from one call site of medialJump (its s is arcLengthAt's;
    // llvmpipe inlines every call): step 0 at p, which also gives the medial line; then for
    // each side of that line (one, or two where it crosses the square) step h = 0 at the
    // side's sample point q, whose s picks the side's interval (its two cuts, a dash or a
    // gap), and h = 1, 2 at the feet of q on the two cut lines: a cut whose foot's s is more
    // than 1 px from the cut's is another part of the outline's (inside a tight corner
    // another side's cut line crosses the band) and is ignored.
    const vec3 WHOLE_PLANE = vec3(0.0, 0.0, 1.0);
    int first = int(vArcLists.x), count = int(vArcLists.y);
    float L = vArcInfo.x;
    vec2 mn = vec2(1.0, 0.0), q = p;
    float md = 1e9, s = 0.0, frac = 0.0;
    bool split = false, on = vArcInfo.y > 0.5;
    int eLo = 0, eHi = 0;
    vec3 side = WHOLE_PLANE, cut[2];
    cut[0] = WHOLE_PLANE; cut[1] = WHOLE_PLANE;
    for (int step = 0; step < ROLLED(7); step++) {
        int k = (step - 1) / 3, h = step - 1 - 3 * k;       // side k, query h (step >= 1)
        if (step > 0 && k >= (split ? 2 : 1)) break;
        if (step > 0 && h == 0) {
            side = !split ? WHOLE_PLANE : k == 0 ? vec3(mn, -md) : vec3(-mn, md);
            q = split ? p + mn * (-md + (k == 0 ? -0.25 : 0.25) * size) : p;
        }
        vec4 ca = vec4(0.0);
        vec2 ct = vec2(0.0);
        if (h > 0) {
            int e = h == 1 ? eLo : eHi;
            vec4 b = arcEntry(e, 1);
            ca = arcEntry(e, 0);
            ct = (h == 1) == on ? b.zw : b.xy;             // the tangent on its dash's side
        }
        vec2 x = step == 0 || h == 0 ? q : q - dot(q - ca.yz, ct) * ct;
        bool query = step == 0 || (h == 0 && split) || (h > 0 && count > 0);
        vec2 qn;
        float qs = s;
        float qd = query ? medialJump(x, qn, qs) : 1e9;
        if (step == 0) {
            md = qd; mn = qn; s = qs; split = abs(md) < 0.75 * size;
        } else if (h == 0) {
            cut[0] = WHOLE_PLANE; cut[1] = WHOLE_PLANE;
            on = vArcInfo.y > 0.5;                          // no cuts: all dash or all gap
            if (count > 0) {
                int i = arcSearch(first, count, qs);
                eLo = i >= first ? i : first + count - 1;  // before the first: the last (wrapping)
                eHi = i + 1 < first + count ? i + 1 : first;
                on = arcEntry(eLo, 0).w > 0.5;
                continue;
            }
        } else {
            // Past the lower cut and before the upper one, each with the tangent on its
            // dash's side (lower: after it in a dash, before it in a gap; upper: the reverse).
            float ds = abs(qs - ca.x), d = dot(p - ca.yz, ct);
            if (min(ds, L - ds) < 1.0) cut[h - 1] = h == 1 ? vec3(-ct, d) : vec3(ct, -d);
            if (h == 1) continue;
        }
        // Step 0: the band's area in the square (its edges as lines); then the side's part
        // in a dash. (One call site.)
        bool first0 = step == 0;
        float part = dashPart(size, first0 || on, first0 ? WHOLE_PLANE : cut[0], first0 ? WHOLE_PLANE : cut[1],
                              first0 ? WHOLE_PLANE : side, bandIn, bandOut);
        if (first0) {
            band = part;
            if (band < 1e-4) { bandIn = WHOLE_PLANE; bandOut = WHOLE_PLANE; band = 1.0; }
            continue;
        }
        frac += part;
        if (h == 0) step += 2;                              // no cuts: the side is done
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
