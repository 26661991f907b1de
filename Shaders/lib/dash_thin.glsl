// The ends of a box thinner than its inside band (docs/scene-format.md "Stroke": an inside
// stroke at least half the shorter side wide covers the whole shape, and where the band
// reaches past a corner's centre it is split along the corner's diagonal, each part taking
// the arc length of its own side). Near an end whose two corners are sharp, three sides
// meet: the end and the two long sides. A point takes the s of the side whose line is
// nearest, so the end is cut into three wedges meeting on the middle line (J, half the
// shorter side in from the end): the wedge of side e is the two half-planes d_e <= d_f
// (d the distance to a side's line, f the other two sides), bounded by e's own line; in it
// s runs along e, and each dash is a slab across e. All straight lines: clipped exactly.
#ifndef HALO_DASH_THIN_GLSL
#define HALO_DASH_THIN_GLSL
#include "lib/arc_length.glsl"
#include "lib/clip.glsl"

// The side k (0: the end, 1 and 2: the long sides) of the end nearest p: its inward normal.
vec2 thinEndNormal(int k, bool wide, float sigma) {
    vec2 endN = wide ? vec2(-sigma, 0.0) : vec2(0.0, -sigma);
    vec2 longN = wide ? vec2(0.0, 1.0) : vec2(1.0, 0.0);
    return k == 0 ? endN : k == 1 ? longN : -longN;
}

// True when the size x size square at p lies near an end of a box thinner than the inside
// band lo..hi (lo <= -h, h half the shorter side; hi <= 0) whose two corners are sharp, and
// far from the other end; then cov is the band's part in a dash, and pieces/piece the butt
// dashes' parts as five half-planes each (relative to p, as lib/dash.glsl's caps take them;
// at most 4, the first ones).
bool thinEndCoverage(vec2 p, float size, float lo, float hi, out float cov, out int pieces, out vec3 piece[20]) {
    const vec3 WHOLE = vec3(0.0, 0.0, 1.0);
    cov = 0.0; pieces = 0;
    for (int i = 0; i < 20; i++) piece[i] = WHOLE;
    if (HALO_SHAPE == SHAPE_ELLIPSE) return false;
    vec2 c0 = vShape.xy, hs = vShape.zw;
    bool wide = hs.x >= hs.y;
    float h = min(hs.x, hs.y), hl = max(hs.x, hs.y);
    float along = wide ? p.x - c0.x : p.y - c0.y, sigma = along >= 0.0 ? 1.0 : -1.0;
    vec2 axis = wide ? vec2(1.0, 0.0) : vec2(0.0, 1.0);
    vec2 J = c0 + axis * sigma * (hl - h);
    float reach = 1.4143 * h + 0.7072 * size;
    if (!(h > 0.0) || lo > -h || hi > 0.0 || length(p - J) >= reach || hl - h < reach) return false;
    // The end's two corners (ARC_CORNER order), both sharp.
    for (int n = 0; n < 4; n++) {
        vec2 C = ARC_CORNER[n];
        if ((wide ? C.x : C.y) == sigma && vShapeRadii[ARC_RADIUS[n]] > 0.0) return false;
    }
    int first = int(vArcLists.x), count = int(vArcLists.y);
    for (int k = 0; k < ROLLED(3); k++) {
        vec2 n = thinEndNormal(k, wide, sigma), t = vec2(n.y, -n.x);      // clockwise
        float d = dot(p - c0, n) + dot(abs(n), hs);                       // p's distance to the side's line
        // The wedge: d_k <= d_f for the other two sides f, relative to p.
        vec3 w[2];
        for (int j = 0; j < 2; j++) {
            int f = (k + 1 + j) % 3;
            vec2 nf = thinEndNormal(f, wide, sigma);
            float df = dot(p - c0, nf) + dot(abs(nf), hs);
            w[j] = vec3(n - nf, df - d);
        }
        vec3 inside = vec3(-n, d);
        // s along the side: at the foot of p on it, kept 0.05 px from its ends and 0.01 px
        // inside (its own wedge), then linear along t.
        float extent = k == 0 ? h : hl;
        vec2 mid = c0 - n * dot(abs(n), hs);
        float u = clamp(dot(p - mid, t), -extent + 0.05, extent - 0.05);
        vec2 foot = mid + t * u;
        float sf = arcLengthAt(foot + 0.01 * n);
        float sp = sf + dot(p - foot, t);                                    // p's s along the side
        float s0 = sf - (u + extent), s1 = sf + (extent - u);               // the side's ends
        float a = max(sp - 0.7072 * size, s0), b = min(sp + 0.7072 * size, s1);
        if (a >= b) continue;
        // The membership along [a, b]: from the interval holding a, through each change.
        bool on = vArcInfo.y > 0.5;
        int i = first - 1;
        if (count > 0) {
            i = arcSearch(first, count, a);
            on = mod(arcEntry(i >= first ? i : first + count - 1, 0).w, 2.0) > 0.5;
        }
        float start = a;
        for (int j = 0; j < ROLLED(8); j++) {
            int e = i + 1 + j;
            float next = count > 0 && e < first + count ? arcEntry(e, 0).x : 1e30;
            float end = min(next, b);
            if (on && end > start) {
                vec3 slabLo = vec3(-t, sp - start), slabHi = vec3(t, end - sp);
                cov += clippedArea(size, w[0], w[1], inside, slabLo, slabHi);
                if (pieces < 4) {
                    piece[5 * pieces] = w[0]; piece[5 * pieces + 1] = w[1]; piece[5 * pieces + 2] = inside;
                    piece[5 * pieces + 3] = slabLo; piece[5 * pieces + 4] = slabHi;
                    pieces++;
                }
            }
            if (next >= b) break;
            on = mod(arcEntry(e, 0).w, 2.0) > 0.5;
            start = next;
        }
    }
    return true;
}
#endif
