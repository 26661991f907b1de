// Dashed strokes (SCENE.md "Stroke", dash): the band cut into dashes along the outline's arc
// length, with round caps' discs. The cuts and caps come from the CPU (ArcTables.swift:
// ResolvedDash.cuts() and caps(), in double); s(p) from lib/arc_length.glsl.
#ifndef HALO_DASH_GLSL
#define HALO_DASH_GLSL
#include "lib/arc_length.glsl"
#include "lib/shape.glsl"

// The variant's dashes (HALO_DASH; DashMode in Swift).
const int DASH_NONE = 0;
const int DASH_BUTT = 1;
const int DASH_ROUND = 2;

// Coverage of the size x size square at p by the disc of radius r about c: half-plane
// coverage of its distance, over n x n parts for a small disc (subdivisions, lib/shape.glsl).
float discCoverage(vec2 p, float size, vec2 c, float r) {
    float d = length(p - c) - r;
    if (d >= 0.7072 * size) return 0.0;
    if (d <= -0.7072 * size) return 1.0;
    int n = subdivisions(r / size);
    float sum = 0.0;
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
        vec2 q = p + size * ((vec2(float(i), float(j)) + 0.5) / float(n) - 0.5);
        vec2 v = q - c;
        float l = length(v);
        sum += halfPlaneCoverage(l - r, l > 0.0 ? v / l : vec2(1.0, 0.0), vec2(size / float(n)));
    }
    return sum / float(n * n);
}

// True when the cut at arc length e (its line d px from p, tangent t) is this part of the
// outline's: the foot of p on the line has s within 1 px of e. (Inside a tight corner
// another side's cut line crosses the band where s belongs to this side.)
bool cutNear(vec2 p, float d, vec2 t, float e, float L) {
    float ds = abs(arcLengthAt(p - d * t) - e);
    return min(ds, L - ds) < 1.0;
}

// The part of the size x size square at p between its interval's cuts, for the membership
// interval around arc length s: a dash's part inside, or in a gap the parts beyond it. A
// cut whose line passes near p but belongs to another part of the outline (cutNear) is
// ignored.
float dashFraction(vec2 p, float size, float s) {
    int first = int(vArcLists.x), count = int(vArcLists.y);
    if (count == 0) return vArcInfo.y > 0.5 ? 1.0 : 0.0;
    float L = vArcInfo.x;
    int i = arcSearch(first, count, s);
    int lo = i >= first ? i : first + count - 1;            // before the first: the last (wrapping)
    int hi = i + 1 < first + count ? i + 1 : first;
    bool on = arcEntry(lo, 0).w > 0.5;
    // The part past the lower cut and before the upper one, each measured with the tangent
    // on its dash's side (lower: after it in a dash, before it in a gap; upper: the reverse).
    float part[2];
    for (int c = 0; c < ARC_RUNTIME(2); c++) {
        int e = c == 0 ? lo : hi;
        vec4 a = arcEntry(e, 0), b = arcEntry(e, 1);
        vec2 t = (c == 0) == on ? b.zw : b.xy;
        float d = dot(p - a.yz, t);
        float f = c == 0 ? halfPlaneCoverage(-d, -t, vec2(size)) : halfPlaneCoverage(d, t, vec2(size));
        if (f < 1.0 && !cutNear(p, d, t, a.x, L)) f = 1.0;
        part[c] = f;
    }
    return on ? max(part[0] + part[1] - 1.0, 0.0) : min((1.0 - part[0]) + (1.0 - part[1]), 1.0);
}

// The dashed stroke's coverage of the size x size square at p, given the band's coverage
// cs: the band times the part of the square between the cuts of the dash around s(p) (or,
// in a gap, beyond the cuts of the dashes on either side): each cut is a straight line along
// the outline's normal (exact), the two taken as independent across the band (exact where
// the band's edges cross the square at right angles to the cuts). Round caps add, for the
// dash ends near s(p), the part of each disc on the gap's side of its cut.
// The dashed stroke's coverage of the size x size square at p, given the band's coverage
// cs: the band times the part of the square between the cuts of the dash around s(p) (or,
// in a gap, beyond the cuts of the dashes on either side): each cut is a straight line along
// the outline's normal (exact), the two taken as independent across the band (exact where
// the band's edges cross the square at right angles to the cuts). Across the medial axis
// (the diagonal of a tight inner corner) each side takes its own interval, mixed by the
// sides' areas. Round caps add, for the dash ends near s(p), the part of each disc on the
// gap's side of its cut.
float dashCoverage(vec2 p, float size, float cs) {
    vec2 mn;
    float s;
    float md = medialJump(p, mn, s);
    bool split = abs(md) < 0.75 * size;
    float after = split ? halfPlaneCoverage(-md, -mn, vec2(size)) : 0.0, frac = 0.0;
    for (int k = 0; k < ARC_RUNTIME(split ? 2 : 1); k++) {
        float sk = split ? arcLengthAt(p + mn * (-md + (k == 0 ? -0.25 : 0.25) * size)) : s;
        frac += (split ? (k == 0 ? 1.0 - after : after) : 1.0) * dashFraction(p, size, sk);
    }
    float cov = cs * frac;
#if HALO_DASH == 2
    int cFirst = int(vArcLists.z), cCount = int(vArcLists.w);
    if (cCount > 0) {
        int j = arcSearch(cFirst, cCount, s);
        // The ends just before and after s (two each side: a dot is two ends), wrapping.
        for (int k = 0; k < min(4, cCount); k++) {
            int e = cFirst + (j - 1 + k - cFirst + 2 * cCount) % cCount;   // (% of a negative is undefined)
            vec4 a = arcEntry(e, 0), b = arcEntry(e, 1);
            float dc = discCoverage(p, size, a.yz, vArcInfo.z);
            if (dc <= 0.0) continue;
            cov += dc * halfPlaneCoverage(-dot(p - b.xy, b.zw), -b.zw, vec2(size));
        }
    }
#endif
    return clamp(cov, 0.0, 1.0);
}
#endif
