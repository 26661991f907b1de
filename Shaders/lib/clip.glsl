// Convex clipping of a pixel square by straight lines: the exact area (and centroid) of the
// part of a square on given sides of up to five lines. Used where two edges cross in one
// pixel: a dash's cut and the band's edge (lib/dash.glsl), a path paint's jump and the
// medial axis (lib/paint_eval.glsl).
#ifndef HALO_CLIP_GLSL
#define HALO_CLIP_GLSL

// The part of the size x size square centred at the origin that lies in all five
// half-planes dot(n, x) <= c, each given as vec3(n, c) (vec3(0, 0, 1): the whole plane,
// vec3(0, 0, -1): none): the square clipped by each line (Sutherland-Hodgman; a convex
// polygon gains at most one vertex per line, so 9), then its area and centroid (shoelace;
// e.g. Bourke, "Calculating the area and centroid of a polygon", 1988). Returns (area as a
// fraction of the square, centroid); the centroid is the origin for an empty part. Exact.
vec3 clipSquare(float size, vec3 a, vec3 b, vec3 c, vec3 d, vec3 e) {
    float h = 0.5 * size;
    vec2 v[9];
    v[0] = vec2(-h, -h); v[1] = vec2(h, -h); v[2] = vec2(h, h); v[3] = vec2(-h, h);
    int n = 4;
    for (int k = 0; k < 5; k++) {
        vec3 l = k == 0 ? a : k == 1 ? b : k == 2 ? c : k == 3 ? d : e;
        if (l.x == 0.0 && l.y == 0.0) {             // the whole plane, or none
            if (l.z < 0.0) return vec3(0.0);
            continue;
        }
        vec2 w[9];
        int m = 0;
        for (int i = 0; i < n; i++) {
            vec2 P = v[i], Q = v[i + 1 < n ? i + 1 : 0];
            float fp = dot(l.xy, P) - l.z, fq = dot(l.xy, Q) - l.z;
            if (fp <= 0.0 && m < 9) w[m++] = P;
            if ((fp <= 0.0) != (fq <= 0.0) && m < 9) w[m++] = P + (Q - P) * (fp / (fp - fq));
        }
        n = m;
        for (int i = 0; i < 9; i++) v[i] = w[i];
    }
    float area = 0.0;
    vec2 cen = vec2(0.0);
    for (int i = 0; i < n; i++) {
        vec2 P = v[i], Q = v[i + 1 < n ? i + 1 : 0];
        float cr = P.x * Q.y - P.y * Q.x;
        area += cr;
        cen += (P + Q) * cr;
    }
    return abs(area) > 1e-12 ? vec3(0.5 * abs(area) / (size * size), cen / (3.0 * area)) : vec3(0.0);
}

// clipSquare's area fraction alone.
float clippedArea(float size, vec3 a, vec3 b, vec3 c, vec3 d, vec3 e) {
    return clipSquare(size, a, b, c, d, e).x;
}
#endif
