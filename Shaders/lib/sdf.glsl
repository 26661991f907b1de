// Signed distance functions, pixel space, y down, relative to the shape's centre.
// Negative inside. Keep in sync with Sources/HaloCore/Geometry/*.swift.
#ifndef HALO_SDF_GLSL
#define HALO_SDF_GLSL

// Never set, so 0 (GLSL initialises a uniform without initializer to 0 at link): a loop
// bound of ROLLED(n) is one the compiler cannot see through, so the loop stays rolled and
// its body, with every call in it, is compiled once. llvmpipe inlines every call and
// unrolls constant loops, and its compile time grows faster than the code: with the loops
// round continuous corners' distances rolled (lib/shape.glsl, lib/arc_length.glsl), a cold
// render of the dashed card takes 5.8-6.7 s where it took 8.1-8.8, and of the checker's
// feature-path-continuous 22-25 s where it took 29-31 (2026-12-02); every image the same.
uniform int uNoUnroll;
#define ROLLED(n) ((n) + uNoUnroll)

// Corner sign vectors: topLeft, topRight, bottomRight, bottomLeft (y down).
const vec2 CORNER_SIGN[4] = vec2[4](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 1.0), vec2(-1.0, 1.0));

// One circular corner region: quadrant {q >= R} grown by a disk of radius R, q measured
// inwards from the corner's two sides. Exact for R > 0; mitred (a bound outside) for R = 0.
float sdCircularCorner(vec2 q, float R) {
    if (R <= 0.0) return max(-q.x, -q.y);
    vec2 u = vec2(R) - q;
    return length(max(u, 0.0)) + min(max(u.x, u.y), 0.0) - R;
}

// sdCircularCorner with its gradient in q: (d, dd/dq). Exact where d is differentiable.
vec3 sdgCircularCorner(vec2 q, float R) {
    vec2 u = vec2(max(R, 0.0)) - q;
    vec2 o = max(u, 0.0);
    float ol = length(o);
    if (R > 0.0 && ol > 0.0) return vec3(ol - R, -o / ol);
    // Inside the quadrant, or a mitred corner: the nearer side.
    return vec3(max(u.x, u.y) - max(R, 0.0), u.x > u.y ? vec2(-1.0, 0.0) : vec2(0.0, -1.0));
}

// Box of half size hb with circular corners r (topLeft, topRight, bottomRight, bottomLeft;
// 0: mitred) at x relative to its centre: signed distance and unit gradient, (d, n).
// The maximum of the four corner regions' exact distances (see sdRoundedBox in
// Sources/HaloCore/Geometry/RoundedBox.swift for why this is exact where Quilez's
// one-radius-per-quadrant form is not); the gradient is the maximising region's, exact
// wherever the distance is differentiable.
vec3 sdgRoundedBox(vec2 x, vec2 hb, vec4 r) {
    vec3 best = vec3(-1e30, 1.0, 0.0);
    for (int i = 0; i < 4; i++) {
        vec3 c = sdgCircularCorner(hb - CORNER_SIGN[i] * x, r[i]);
        if (c.x > best.x) best = vec3(c.x, -CORNER_SIGN[i] * c.yz);
    }
    return best;
}

// Continuous corner (docs/scene-format.md "Continuous corners", PixelCut's iOS 7 constants, symmetric form), units of R.
const float CONTINUOUS_REACH = 1.52866483;

vec2 cubicAt(vec2 p0, vec2 p1, vec2 p2, vec2 p3, float t) {
    float u = 1.0 - t;
    return u * u * u * p0 + 3.0 * u * u * t * p1 + 3.0 * u * t * t * p2 + t * t * t * p3;
}
vec2 cubicD1(vec2 p0, vec2 p1, vec2 p2, vec2 p3, float t) {
    float u = 1.0 - t;
    return 3.0 * u * u * (p1 - p0) + 6.0 * u * t * (p2 - p1) + 3.0 * t * t * (p3 - p2);
}
vec2 cubicD2(vec2 p0, vec2 p1, vec2 p2, vec2 p3, float t) {
    return 6.0 * (1.0 - t) * (p2 - 2.0 * p1 + p0) + 6.0 * t * (p3 - 2.0 * p2 + p1);
}

// Nearest point on a cubic: 12 samples, then 4 Newton steps on (B(t) - q).B'(t) = 0.
// Returns (squared distance, t).
vec2 cubicNearest(vec2 q, vec2 p0, vec2 p1, vec2 p2, vec2 p3) {
    float bestT = 0.0, bestD = 1e30;
    for (int i = 0; i <= 12; i++) {
        float t = float(i) / 12.0;
        vec2 v = cubicAt(p0, p1, p2, p3, t) - q;
        float d = dot(v, v);
        if (d < bestD) { bestD = d; bestT = t; }
    }
    float t = bestT;
    for (int i = 0; i < 4; i++) {
        vec2 v = cubicAt(p0, p1, p2, p3, t) - q;
        vec2 b1 = cubicD1(p0, p1, p2, p3, t), b2 = cubicD2(p0, p1, p2, p3, t);
        float fp = dot(b1, b1) + dot(v, b2);
        if (fp <= 0.0) break;
        t = clamp(t - dot(v, b1) / fp, 0.0, 1.0);
    }
    vec2 v = q - cubicAt(p0, p1, p2, p3, t);
    return vec2(dot(v, v), t);
}

// Nearest point on a cubic (cubicNearest): (squared distance, cross(tangent, q - B(t))
// sign as +1 outside / -1 inside).
vec2 cubicDistance(vec2 q, vec2 p0, vec2 p1, vec2 p2, vec2 p3) {
    vec2 n = cubicNearest(q, p0, p1, p2, p3);
    float t = n.y;
    vec2 c = cubicAt(p0, p1, p2, p3, t);
    vec2 tangent = cubicD1(p0, p1, p2, p3, t);
    if (dot(tangent, tangent) < 1e-12) tangent = t < 0.5 ? p2 - p0 : p3 - p1;
    vec2 v = q - c;
    float s = tangent.x * v.y - tangent.y * v.x;
    return vec2(n.x, s > 0.0 ? 1.0 : -1.0);
}

// Signed distance (units of R) to the continuous corner region, q = (a, b) in units of R.
// Exact to float precision: nearest of the side ray, cubic 1, the short line and cubic 2,
// after folding onto a >= b (the corner is symmetric about its diagonal). The curve is the
// exact outline, so offsets of it are exact offset curves.
float sdContinuousCornerUnit(vec2 q0) {
    vec2 q = q0.x >= q0.y ? q0 : q0.yx;
    float L = CONTINUOUS_REACH;
    vec2 best;   // (squared distance, sign)
    if (q.x >= L) best = vec2(q.y * q.y, q.y < 0.0 ? 1.0 : -1.0);
    else { vec2 v = q - vec2(L, 0.0); best = vec2(dot(v, v), v.y < 0.0 ? 1.0 : -1.0); }
    float dxs = max(max(0.0, q.x - L), -q.x), dys = max(max(0.0, q.y - L), -q.y);
    if (dxs * dxs + dys * dys < best.x) {
        // (Two call sites, with literal control points: each cubic's 13 sample points fold to
        // constants.)
        vec2 c1 = cubicDistance(q, vec2(1.52866483, 0.0), vec2(1.08849299, 0.0), vec2(0.86840701, 0.0), vec2(0.66993397, 0.06549600));
        if (c1.x < best.x) best = c1;
        vec2 c2 = cubicDistance(q, vec2(0.63149399, 0.07491100), vec2(0.37282401, 0.16906001), vec2(0.16906001, 0.37282401), vec2(0.07491100, 0.63149399));
        if (c2.x < best.x) best = c2;
        vec2 a = vec2(0.66993397, 0.06549600), b = vec2(0.63149399, 0.07491100);
        vec2 ab = b - a;
        float t = clamp(dot(q - a, ab) / dot(ab, ab), 0.0, 1.0);
        vec2 v = q - (a + t * ab);
        float d = dot(v, v);
        if (d < best.x) best = vec2(d, (ab.x * v.y - ab.y * v.x) > 0.0 ? 1.0 : -1.0);
    }
    return sqrt(best.x) * best.y;
}

// One continuous corner region of radius R > 0 (q in pixels, inwards from the sides).
float sdContinuousCorner(vec2 q, float R) {
    float L = CONTINUOUS_REACH * R;
    if (q.x >= L && q.y >= L) return -min(q.x, q.y);
    return sdContinuousCornerUnit(q / R) * R;
}

// Semi-axes below this many pixels are drawn as 0 (sdgEllipse).
const float ELLIPSE_MIN_SEMI_AXIS = 1e-4;

// The ellipse's point nearest to y (first quadrant, y >= 0), in the same quadrant: Eberly's
// robust bisection (see sdgEllipse below); a semi-axis of 0: the nearest point of the segment.
vec2 ellipseNearestQuadrant(vec2 y, vec2 e) {
    bool swapped = e.y > e.x;
    if (swapped) { e = e.yx; y = y.yx; }
    float e0 = e.x, e1 = e.y;
    vec2 x;
    if (e1 <= 0.0) {
        x = vec2(min(y.x, e0), 0.0);
    } else if (y.y > 0.0) {
        if (y.x > 0.0) {
            float z0 = y.x / e0, z1 = y.y / e1;
            float g = z0 * z0 + z1 * z1 - 1.0;
            float r0 = (e0 / e1) * (e0 / e1);
            float n0 = r0 * z0;
            float s0 = z1 - 1.0, s1 = g < 0.0 ? 0.0 : length(vec2(n0, z1)) - 1.0, s = 0.0;
            for (int i = 0; i < 32; i++) {
                s = 0.5 * (s0 + s1);
                float a = n0 / (s + r0), b = z1 / (s + 1.0);
                float f = a * a + b * b - 1.0;
                if (f > 0.0) s0 = s; else s1 = s;
            }
            x = vec2(r0 * y.x / (s + r0), y.y / (s + 1.0));
        } else {
            x = vec2(0.0, e1);
        }
    } else {
        float numer0 = e0 * y.x, denom0 = e0 * e0 - e1 * e1;
        if (numer0 < denom0) {
            float xde0 = numer0 / denom0;
            x = vec2(e0 * xde0, e1 * sqrt(max(0.0, 1.0 - xde0 * xde0)));
        } else {
            x = vec2(e0, 0.0);
        }
    }
    return swapped ? x.yx : x;
}

// Ellipse of semi-axes e: signed distance and the outward unit normal at the nearest
// point, (d, n.x, n.y). Exact to float precision: David Eberly, "Distance from a Point to an
// Ellipse, an Ellipsoid, or a Hyperellipsoid" (Geometric Tools, 2013): robust bisection on
// F(s) = (r0 z0 / (s + r0))^2 + (z1 / (s + 1))^2 - 1, 32 steps (float's 24 bits and more).
// Keep in sync with Sources/HaloCore/Geometry/Ellipse.swift.
vec3 sdgEllipse(vec2 p, vec2 e) {
    // A semi-axis under 1e-4 px is taken as 0 (the segment): the bisection's 32 steps do not
    // close its bracket when the axes' ratio passes about 1e4 x 1e4, and the two shapes are
    // within 1e-4 px of each other (the distance moves by at most that: 0.03 of a level).
    e = mix(e, vec2(0.0), lessThan(e, vec2(ELLIPSE_MIN_SEMI_AXIS)));
    vec2 sg = vec2(p.x < 0.0 ? -1.0 : 1.0, p.y < 0.0 ? -1.0 : 1.0);
    vec2 y = abs(p);
    vec2 x = ellipseNearestQuadrant(y, e);   // nearest point, first quadrant
    if (min(e.x, e.y) <= 0.0) {
        // A segment: never inside.
        vec2 v = y - x;
        float l = length(v);
        vec2 n = l > 0.0 ? v / l : (e.y > e.x ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
        return vec3(l, n * sg);
    }
    bool inside = dot(y / e, y / e) < 1.0;
    float d = length(x - y);
    vec2 n = normalize(x / (e * e));     // outward normal of the ellipse at x
    return vec3(inside ? -d : d, n * sg);
}
#endif
