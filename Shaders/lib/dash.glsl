// Dashed strokes (docs/scene-format.md "Stroke", dash): the band cut into dashes along the outline's arc
// length, with round caps' discs. The cuts and caps come from the CPU (ArcTables.swift:
// ResolvedDash.cuts() and caps(), in double); s(p) from lib/arc_length.glsl.
#ifndef HALO_DASH_GLSL
#define HALO_DASH_GLSL
#include "lib/arc_length.glsl"
#include "lib/shape.glsl"
#include "lib/clip.glsl"
#if HALO_DASH == 3
#include "lib/dash_fine.glsl"
#else
#include "lib/dash_thin.glsl"
#endif

// The variant's dashes (HALO_DASH; DashMode in Swift).
const int DASH_NONE = 0;
const int DASH_BUTT = 1;
const int DASH_ROUND = 2;
const int DASH_FINE = 3;

// The part of the size x size square at p within `side` and the band (half-planes relative
// to p, see clippedArea) that lies in a dash: between the interval's two cuts for a dash
// (`on`), plus the mitre between the two `beyond` half-planes where they are set; beyond
// the cuts for a gap, each beyond also within its `beyond` half-plane (the other
// tangent's cut at a sharp corner, see dashCoverage); and the part within `side` and the
// band. (One call site of clippedArea: llvmpipe inlines every call.)
vec2 dashPart(float size, bool on, vec3 cutLo, vec3 cutHi, vec3 beyondLo, vec3 beyondHi, vec3 side, vec3 bandIn, vec3 bandOut) {
    const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
    float part[4];
    bool mitre = on && beyondLo != WHOLE;
    int n = on ? (mitre ? 2 : 1) : 3;
    for (int k = 0; k < ROLLED(n + 1); k++) {
        bool band = k == n;
        vec3 x = band ? WHOLE : on ? (k == 0 ? cutLo : beyondLo) : k == 0 ? -cutLo : k == 1 ? -cutHi : WHOLE;
        vec3 y = band ? WHOLE : on ? (k == 0 ? cutHi : beyondHi) : k == 0 ? beyondLo : k == 1 ? beyondHi : WHOLE;
        part[k] = clippedArea(size, side, x, y, bandIn, bandOut);
    }
    return on ? vec2(mitre ? part[0] + part[1] : part[0], part[n]) : vec2(min(part[0] + part[1], part[2]), part[3]);
}

// Whether the segment a0 + v ab, 0 <= v <= 1 (relative to p), meets the part of the
// size x size square at p within `side` and the band's edges (clippedArea's half-planes
// dot(n, x) <= c; the band's widened by 0.1 px, its edges being tangent lines): a cut whose
// segment misses that part lies across another part of the band (beyond a thin shape's
// tip, the other flank's), and its line must not cut this one. Exact (the segment against
// each half-plane).
bool segmentMeets(vec2 a0, vec2 ab, float size, vec3 side, vec3 bandIn, vec3 bandOut) {
    float v0 = 0.0, v1 = 1.0, h = 0.5 * size;
    for (int k = 0; k < 7; k++) {
        vec3 l = k < 4 ? vec3(k == 0 ? 1.0 : k == 1 ? -1.0 : 0.0, k == 2 ? 1.0 : k == 3 ? -1.0 : 0.0, h)
               : k == 4 ? side : k == 5 ? bandIn + vec3(0.0, 0.0, 0.1 * length(bandIn.xy)) : bandOut + vec3(0.0, 0.0, 0.1 * length(bandOut.xy));
        float a = dot(l.xy, ab), c = l.z - dot(l.xy, a0);
        if (abs(a) < 1e-9) { if (c < 0.0) return false; }
        else if (a > 0.0) v1 = min(v1, c / a);
        else v0 = max(v0, c / a);
    }
    return v1 >= v0;
}

// The arc-length window (pixels) within which every cap that can reach p has its end: a
// point within a cap's radius r of its centre has its nearest outline point within about
// 4 r + 2 of the end along the outline, but round a corner, which may lie between them; the
// whole outline where 4 r + 2 reaches across the shape's shorter side (a thin shape's caps
// reach past its far side) (ResolvedDash.capWindow in Swift, with the derivation).
float capWindow() {
    float r = vArcInfo.z, corner;
    if (4.0 * r + 2.0 >= 2.0 * min(vShape.z, vShape.w)) return vArcInfo.x;
    if (HALO_SHAPE == SHAPE_ELLIPSE) corner = vArcInfo.x / 8.0;
    else {
        vec4 R = vShapeRadii;
        corner = max(max(R.x, R.y), max(R.z, R.w)) * (HALO_SHAPE == SHAPE_CONTINUOUS_BOX ? CONTINUOUS_UNIT_LENGTH : 1.5707963);
    }
    return 4.0 * r + 2.0 + corner;
}

// Round caps (the scene format: the butt dashes united with every dash end's disc of radius r):
// the area of the discs' union D outside the butt dashes B, as a fraction of the size x
// size square at p, to add to B's own coverage. Over n x n parts (n from the radius in
// parts, at least 4): D's part is the union of the two discs covering the part most, each
// edge taken as its tangent there (exact but where three discs' edges cross in one part,
// and the tangent's error, CurvedEdgeTerm); D and B's part is the exact area of those
// half-planes with each of B's pieces (the side, its cuts and the band's edges as lines
// relative to p, those that cross the part), summed. Every cap whose end lies within capWindow() of s is considered,
// wherever along the outline; caps are not clipped to the band or the shape.
float capsBeyondButt(vec2 p, float size, float s, int pieces, vec3 piece[20]) {
    const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
    int cFirst = int(vArcLists.z), cCount = int(vArcLists.w);
    float r = vArcInfo.z, L = vArcInfo.x, W = capWindow();
    if (cCount <= 0) return 0.0;
    // The caps in [s - W, s + W], wrapping: from the first at or after s - W, at most all.
    bool all = 2.0 * W >= L;
    int j0 = all ? cFirst : arcSearch(cFirst, cCount, s - W < 0.0 ? s - W + L : s - W) + 1;
    // Only a square that some disc reaches has parts to look at, and only the discs that
    // reach it cover any of its parts (a part's centre is within its own half-diagonal of
    // the square's less p's): up to 8 of them, by their place k in the window, in order;
    // with more, every k between the first and the last.
    int near[8];
    int nNear = 0, kLo = cCount, kHi = -1;
    for (int k = 0; k < cCount; k++) {
        vec4 a = arcEntry(cFirst + (j0 - cFirst + k) % cCount, 0);
        float de = abs(a.x - s);
        if (!all && min(de, L - de) > W) break;
        float l = length(p - a.yz);
        // A disc holding the whole square: the union covers it all (the caller clamps to 1).
        if (l + 0.7072 * size <= r) return 1.0;
        if (l - r < 0.7072 * size) {
            if (nNear < 8) near[nNear] = k;
            nNear++;
            kLo = min(kLo, k); kHi = k;
        }
    }
    if (nNear == 0) return 0.0;
    bool listed = nNear <= 8;
    int nLook = listed ? nNear : kHi - kLo + 1;
    int n = max(subdivisions(r / size), 4);
    float sub = size / float(n), sum = 0.0;
    for (int i = 0; i < n * n; i++) {
        vec2 o = size * ((vec2(float(i % n), float(i / n)) + 0.5) / float(n) - 0.5);
        vec2 q = p + o;
        // The two discs covering the part most (two dots meeting in one part are both in it).
        float c1 = 0.0, c2 = 0.0;
        vec3 d1 = WHOLE, d2 = WHOLE;
        vec2 m1 = vec2(1e30), m2 = vec2(1e30);             // their centres
        for (int j = 0; j < nLook; j++) {
            int k = listed ? near[j] : kLo + j;
            int e = cFirst + (j0 - cFirst + k) % cCount;
            vec4 a = arcEntry(e, 0);
            vec2 v = q - a.yz;
            float l = length(v);
            vec2 nv = l > 0.0 ? v / l : vec2(1.0, 0.0);
            float c = halfPlaneCoverage(l - r, nv, vec2(sub));
            // A dot's two ends (and the two ends at a start where two dashes meet) are one disc.
            if (c > 0.0 && length(a.yz - m1) < 1e-3) continue;
            if (c > c1) { c2 = c1; d2 = d1; m2 = m1; c1 = c; d1 = vec3(nv, r - l); m1 = a.yz; }
            else if (c > c2 && length(a.yz - m2) >= 1e-3) { c2 = c; d2 = vec3(nv, r - l); m2 = a.yz; }
        }
        if (c1 <= 0.0) continue;
        // |D| and |D and B| by inclusion and exclusion of the two discs: jobs (piece b, or
        // none: b = -1) x (disc 1, disc 2, both); each the exact area of the lines that
        // cross the part (one call site of clippedArea).
        float D = 0.0, inB = 0.0;
        for (int job = 0; job < 3 * (pieces + 1); job++) {
            int b = job / 3 - 1, mask = job % 3 + 1;
            if (c2 <= 0.0 && mask != 1) continue;
            vec3 l[7];
            l[0] = (mask & 1) != 0 ? d1 : WHOLE; l[1] = (mask & 2) != 0 ? d2 : WHOLE;
            for (int t = 0; t < 5; t++) l[2 + t] = b < 0 ? WHOLE : piece[5 * b + t];
            vec3 kept[5];
            for (int t = 0; t < 5; t++) kept[t] = WHOLE;
            int nk = 0;
            bool none = false;
            for (int t = 0; t < 7; t++) {
                float ln = length(l[t].xy);
                if (ln == 0.0) { none = none || l[t].z < 0.0; continue; }
                vec3 u = l[t] / ln;
                vec3 shifted = vec3(u.xy, u.z - (t < 2 ? 0.0 : dot(u.xy, o)));   // discs: relative to q already
                float c = halfPlaneCoverage(-shifted.z, shifted.xy, vec2(sub));
                if (c <= 0.0) { none = true; break; }
                if (c < 1.0 && nk < 5) { kept[nk] = shifted; nk++; }
            }
            if (none) continue;
            float area = clippedArea(sub, kept[0], kept[1], kept[2], kept[3], kept[4]) * (mask == 3 ? -1.0 : 1.0);
            if (b < 0) D += area; else inB += area;
        }
        sum += clamp(D - inB, 0.0, 1.0);
    }
    return sum / float(n * n);
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
#if HALO_DASH == 3
    return cs > 0.0 ? fineDashCoverage(p, size, cs, lo, hi) : 0.0;     // a period of at most a pixel
#else
    const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
    vec3 bandIn = WHOLE, bandOut = WHOLE;
    float band = 1.0;
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
    bool split = false, on = vArcInfo.y > 0.5, thin = false, atCorner = false;
    vec2 corner = vec2(0.0), edge[2];                       // a sharp corner's split: its point, its edges
    edge[0] = vec2(0.0); edge[1] = vec2(0.0);
    int eLo = 0, eHi = 0, pieces = 0;
    vec3 side = WHOLE_PLANE, cut[2], beyond[2], piece[20]; // butt pieces for the caps: side, two cuts, band edges
    float bandSum = 0.0, thinCov = 0.0;
    // The end of a box thinner than the band, with sharp corners: three sides' wedges
    // (lib/dash_thin.glsl), the coverage and the caps' butt pieces at once.
    bool thinEnd = thinEndCoverage(p, size, lo, hi, thinCov, pieces, piece);
    cut[0] = WHOLE_PLANE; cut[1] = WHOLE_PLANE; beyond[0] = WHOLE_PLANE; beyond[1] = WHOLE_PLANE;
    for (int step = 0; step < ROLLED(7); step++) {
        if (thinEnd) break;
        int k = (step - 1) / 3, h = step - 1 - 3 * k;       // side k, query h (step >= 1)
        if (step > 0 && k >= (split ? 2 : 1)) break;
        if (step > 0 && h == 0) {
            side = !split ? WHOLE_PLANE : k == 0 ? vec3(mn, -md) : vec3(-mn, md);
            q = split ? p + mn * (-md + (k == 0 ? -0.25 : 0.25) * size) : p;
            // On the side's edge at p's place along it (at least 0.05 px from the corner),
            // just inside: as far from the other edge as shapeSDG's 0.01 px differences need
            // to see only this one.
            if (atCorner) q = corner + edge[k] * max(0.05 * size, dot(p - corner, edge[k])) + 0.02 * size * (edge[0] + edge[1]);
        }
        // The band's edges as lines, where the square is partly covered: at step 0 the
        // tangent lines of p's edge; on each side of a split, those of the side's own edge,
        // whose signed distance q's gradient gives (p's is the other side's edge's across the
        // diagonal of a sharp corner, which would count the other side's band). One call
        // site of shapeSDG (llvmpipe inlines every call).
        if (cs > 0.0 && cs < 0.999 && (step == 0 || (h == 0 && split && !thin))) {
            vec3 g = shapeSDG(q);
            float along = dot(g.yz, q - p);
            bandIn = vec3(-g.yz, step == 0 ? g.x - lo : g.x - lo - along);
            bandOut = vec3(g.yz, step == 0 ? hi - g.x : hi - g.x + along);
        }
        vec4 ca = vec4(0.0), b = vec4(0.0);
        vec2 ct = vec2(0.0);
        if (h > 0) {
            int e = h == 1 ? eLo : eHi;
            b = arcEntry(e, 1);
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
            // A sharp corner's bisector through the square, where it parts the corner's two
            // edges (within the shorter half side, times sqrt(2), of the corner): split along
            // it, inside and out (the mitre's two halves), each side with its own edge's
            // interval, cuts and band edges, which then hold the band exactly (one half-plane
            // per side; across the whole square p's edge alone would count the other side's
            // band, or miss it).
            // At the start's corner (the top left, n = 3) the mitre takes s = 0 but the side
            // arriving there ends at L, another interval: a square reaching into that mitre
            // splits there too, wherever it lies (its half on the arriving side then takes
            // that side's last interval, cut along the top side's line; with p's s alone it
            // took the first, and missed the dash ending at L).
            for (int n = 0; n < 4 && HALO_SHAPE != SHAPE_ELLIPSE; n++) {
                vec2 C = ARC_CORNER[n], c = vShape.xy + vShape.zw * C, bn = vec2(C.y, -C.x) * 0.70710678;
                float reach = max(0.75 * size, 1.4142 * min(vShape.z, vShape.w));
                vec2 past = (p - c) * C;                     // > 0: beyond the corner's side lines
                bool startMitre = n == 3 && min(past.x, past.y) > -0.75 * size;
                if (vShapeRadii[ARC_RADIUS[n]] > 0.0) continue;
                if (!startMitre && (length(p - c) >= reach || abs(dot(p - c, bn)) >= 0.75 * size)) continue;
                atCorner = true; split = true; corner = c;
                mn = bn;
                md = dot(p - c, mn);
                bool xFirst = C.x * C.y > 0.0;               // the edge along x lies on the bisector's negative side
                edge[0] = xFirst ? vec2(-C.x, 0.0) : vec2(0.0, -C.y);
                edge[1] = xFirst ? vec2(0.0, -C.y) : vec2(-C.x, 0.0);
            }
        } else if (h == 0) {
            cut[0] = WHOLE_PLANE; cut[1] = WHOLE_PLANE; beyond[0] = WHOLE_PLANE; beyond[1] = WHOLE_PLANE;
            on = vArcInfo.y > 0.5;                          // no cuts: all dash or all gap
            if (count > 0) {
                int i = arcSearch(first, count, qs);
                eLo = i >= first ? i : first + count - 1;  // before the first: the last (wrapping)
                eHi = i + 1 < first + count ? i + 1 : first;
                on = mod(arcEntry(eLo, 0).w, 2.0) > 0.5;
                continue;
            }
        } else {
            // Past the lower cut and before the upper one, each with the tangent on its
            // dash's side (lower: after it in a dash, before it in a gap; upper: the reverse).
            // At a sharp corner (the two tangents differ) a gap's cut whose mitre is in no
            // dash (the table's w below 2; ResolvedDash.cuts) also takes the gap's side
            // tangent: the dash beyond is on the dash's side of both cut lines, which
            // leaves out the gap's own inner band (nearest the gap's side, across the
            // corner's diagonal) and the mitre. A dash's cut whose mitre is in it (the
            // start's, tangents swapped) takes the tangent of its own side (the swapped
            // one, on the other side, would cut off its inner band), and adds the mitre:
            // the wedge beyond both sides' cut lines (`beyond`, two lines).
            // Split at a sharp corner, a side takes the cuts on its own edge and the corner's:
            // the other edge's cut lines cross this side's band (s jumps across the bisector).
            float ds = abs(qs - ca.x), d = dot(p - ca.yz, ct);
            vec2 fromCorner = ca.yz - corner;
            bool ownEdge = !atCorner || length(fromCorner) < 1e-3 || dot(fromCorner, edge[k]) > 1e-3;
            // A cut where the outline is smooth (one tangent) is the segment across the band
            // along the normal there: one that passes farther than the square's
            // half-diagonal from p does not cross the square, whatever its line does (round
            // a small outline the line of a cut far along it may pass through the square).
            // On a split side's own straight edge (its line: the shape is convex, so no other
            // part of the outline lies on it) the cut's line is the cut through the whole
            // strip, the mitre's half included.
            vec2 nc = vec2(ct.y, -ct.x);
            float vIn = lo;
            if (HALO_SHAPE == SHAPE_ELLIPSE) {
                // Inward, the points nearest the cut's outline point end at the medial axis
                // (the major axis): the inward normal at x meets it b^2 |(x / a^2, y / b^2)|
                // deep (b the minor semi-axis; the normal is that vector's direction). Beyond,
                // the segment is another part's: at a thin ellipse's tip, the other flank's band.
                vec2 e = max(vShape.zw, vec2(1e-30));
                float minor = min(e.x, e.y);
                vIn = max(lo, -minor * minor * length((ca.yz - vShape.xy) / (e * e)));
            }
            vec2 a0 = ca.yz + nc * vIn, ab = nc * (hi - vIn);
            float u = clamp(dot(p - a0, ab) / max(dot(ab, ab), 1e-12), 0.0, 1.0);
            bool onOwnLine = atCorner && abs(fromCorner.x * edge[k].y - fromCorner.y * edge[k].x) < 0.01;
            bool crosses = onOwnLine || dot(b.xy, b.zw) < 0.9999 || (length(p - a0 - u * ab) < 0.7072 * size + 1e-3
                           && segmentMeets(a0 - p, ab, size, side, bandIn, bandOut));
            if (min(ds, L - ds) < 1.0 && ownEdge && crosses) {
                vec2 ot = (h == 1) == on ? b.xy : b.zw;     // the other tangent
                float d2 = dot(p - ca.yz, ot);
                bool sharp = dot(ot, ct) < 0.9999, mitreIn = ca.w > 1.5;
                cut[h - 1] = h == 1 ? vec3(-ct, d) : vec3(ct, -d);
                if (!on && !mitreIn && sharp) beyond[h - 1] = h == 1 ? vec3(ot, -d2) : vec3(-ot, d2);
                if (on && mitreIn && sharp) {
                    cut[h - 1] = h == 1 ? vec3(-ot, d2) : vec3(ot, -d2);
                    beyond[0] = h == 1 ? vec3(-ct, d) : vec3(-ot, d2);
                    beyond[1] = h == 1 ? vec3(ot, -d2) : vec3(ct, -d);
                }
            }
            if (h == 1) continue;
        }
        // Step 0: the band's area in the square (its edges as lines); then the side's part
        // in a dash. (One call site.)
        bool first0 = step == 0;
        vec2 parts = dashPart(size, first0 || on, first0 ? WHOLE_PLANE : cut[0], first0 ? WHOLE_PLANE : cut[1],
                              beyond[0], beyond[1], first0 ? WHOLE_PLANE : side, bandIn, bandOut);
        float part = parts.x;
        if (first0) {
            band = part;
            if (band < 1e-4 && !atCorner) { bandIn = WHOLE_PLANE; bandOut = WHOLE_PLANE; band = 1.0; thin = true; }
            continue;
        }
        frac += part;
        bandSum += parts.y;
        // The side's butt pieces: its dash (and its mitre), or the two dashes beyond its
        // gap's cuts.
        for (int k2 = 0; k2 < (on && beyond[0] == WHOLE_PLANE ? 1 : 2); k2++) {
            piece[5 * pieces] = side;
            piece[5 * pieces + 1] = on ? (k2 == 0 ? cut[0] : beyond[0]) : k2 == 0 ? -cut[0] : -cut[1];
            piece[5 * pieces + 2] = on ? (k2 == 0 ? cut[1] : beyond[1]) : beyond[k2];
            piece[5 * pieces + 3] = bandIn;
            piece[5 * pieces + 4] = bandOut;
            pieces++;
        }
        if (h == 0) step += 2;                              // no cuts: the side is done
    }
    // The band's area is the sides' (their own edges' lines), where a side was drawn.
    if (bandSum > 1e-4) band = bandSum;
    float cov = thinEnd ? thinCov : cs * min(frac / band, 1.0);
#if HALO_DASH == 2
    if (!thinEnd && (cs <= 0.0 || thin)) pieces = 0;        // no band here: no butt dash
    cov += capsBeyondButt(p, size, s, pieces, piece);
#endif
    return clamp(cov, 0.0, 1.0);
#endif
}
#endif
