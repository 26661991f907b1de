// Convex clipping of a pixel square by straight lines: the exact area (and centroid) of the
// part of a square on given sides of up to five lines. Used where two edges cross in one
// pixel: a dash's cut and the band's edge (lib/dash.glsl), a path paint's jump and the
// medial axis (lib/paint_jump.glsl).
#ifndef HALO_CLIP_GLSL
#define HALO_CLIP_GLSL

// The part of the size x size square centred at the origin that lies in all five
// half-planes dot(n, x) <= c, each given as vec3(n, c) (vec3(0, 0, 1): the whole plane,
// vec3(0, 0, -1): none). Returns (area as a fraction of the square, centroid); the
// centroid is the origin for an empty part. Exact.
// The part is the intersection of nine half-planes (the square's four sides and the five);
// its boundary is, on each of the nine lines, the interval of the line inside the other
// eight, so its area and centroid are sums over those segments P0 -> P1 (Green's theorem:
// area = 1/2 sum cross(P0, P1), centroid = sum (P0 + P1) cross(P0, P1) / (6 area); Bourke,
// "Calculating the area and centroid of a polygon", 1988). No polygon is kept: llvmpipe
// compiles clipping into a list slowly (dynamically indexed arrays), these constant
// loops quickly. Lines that coincide count once (the later one is dropped).
vec3 clipSquare(float size, vec3 a, vec3 b, vec3 c, vec3 d, vec3 e) {
    float h = 0.5 * size;
    vec3 l[9];
    l[0] = vec3(1.0, 0.0, h); l[1] = vec3(0.0, 1.0, h); l[2] = vec3(-1.0, 0.0, h); l[3] = vec3(0.0, -1.0, h);
    l[4] = a; l[5] = b; l[6] = c; l[7] = d; l[8] = e;
    for (int i = 4; i < 9; i++) {
        float len = length(l[i].xy);
        if (len == 0.0 && l[i].z < 0.0) return vec3(0.0);          // none
        l[i] = len > 0.0 ? l[i] / len : vec3(0.0, 0.0, 1.0);       // unit normals; whole: no line
    }
    float area2 = 0.0;
    vec2 cen = vec2(0.0);
    for (int i = 0; i < 9; i++) {
        vec2 n = l[i].xy;
        if (n == vec2(0.0)) continue;
        vec2 dir = vec2(-n.y, n.x);              // along the line, the part on its left
        vec2 o = n * l[i].z;
        // A side of the square runs between the two sides across it.
        float t0 = i < 4 ? -h : -1e30, t1 = i < 4 ? h : 1e30;
        for (int j = 0; j < 9; j++) {
            if (j == i || (i < 4 && j < 4) || l[j].xy == vec2(0.0)) continue;
            float s = dot(l[j].xy, dir), r = l[j].z - dot(l[j].xy, o);
            if (abs(s) < 1e-7) {
                // Parallel: wholly outside, or the same line met before (counted there).
                if (r < 0.0 || (r == 0.0 && dot(l[j].xy, n) > 0.0 && j < i)) t1 = -1e30;
            } else if (s > 0.0) t1 = min(t1, r / s);
            else t0 = max(t0, r / s);
        }
        if (t1 > t0) {
            vec2 p0 = o + t0 * dir, p1 = o + t1 * dir;
            float cr = p0.x * p1.y - p0.y * p1.x;
            area2 += cr;
            cen += (p0 + p1) * cr;
        }
    }
    return area2 > 1e-12 * size * size ? vec3(0.5 * area2 / (size * size), cen / (3.0 * area2)) : vec3(0.0);
}

// clipSquare's area fraction alone.
float clippedArea(float size, vec3 a, vec3 b, vec3 c, vec3 d, vec3 e) {
    return clipSquare(size, a, b, c, d, e).x;
}
#endif
