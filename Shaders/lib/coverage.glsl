// Box-filter coverage: the area of a pixel (or a k x k block) inside a region.
// Keep in sync with Sources/HaloCore/Geometry/HalfPlaneCoverage.swift.
#ifndef HALO_COVERAGE_GLSL
#define HALO_COVERAGE_GLSL

// Exact area fraction of a w x h rectangle on the inside of a straight edge at signed
// distance sd from its centre (sd > 0: centre outside), edge normal n (unit, pointing out).
// n.q over the rectangle is a sum of two uniform variables: its CDF is piecewise quadratic.
float halfPlaneCoverage(float sd, vec2 n, vec2 size) {
    float a = abs(n.x) * size.x, b = abs(n.y) * size.y;
    if (b > a) { float t = a; a = b; b = t; }
    float t = -sd + 0.5 * (a + b);
    if (t <= 0.0) return 0.0;
    if (t >= a + b) return 1.0;
    if (b < 1e-6 * a) return t / a;
    if (t <= b) return t * t / (2.0 * a * b);
    if (t <= a) return (t - 0.5 * b) / a;
    float u = a + b - t;
    return 1.0 - u * u / (2.0 * a * b);
}

// The mean of (s - x)+ over a w x h rectangle centred at 0, s = dot(n, q) for its points q
// (n unit, in the rectangle's frame; size = (w, h)): the integral over (x, inf) of the
// share beyond (halfPlaneCoverage's distribution, a sum of two uniform variables of
// widths a >= b), piecewise cubic in the depth d = (a + b) / 2 - x:
// d^3 / 6ab (d <= b), b^2 / 6a + ((d - b/2)^2 - b^2/4) / 2a (b <= d <= a),
// then (a - b) / 2 + b^2 / 6a + (d - a) - (b^3 - (a + b - d)^3) / 6ab, and -x beyond a + b.
// Exact.
float halfPlaneTail(float x, vec2 n, vec2 size) {
    float a = abs(n.x) * size.x, b = abs(n.y) * size.y;
    if (b > a) { float t = a; a = b; b = t; }
    float d = 0.5 * (a + b) - x;
    if (d <= 0.0) return 0.0;
    if (d >= a + b) return -x;
    if (b < 1e-6 * a) return 0.5 * d * d / a;                  // (d <= a here)
    if (d <= b) return d * d * d / (6.0 * a * b);
    if (d <= a) return (b * b / 3.0 + d * d - d * b) / (2.0 * a);
    float u = a + b - d;
    return 0.5 * (a - b) + b * b / (6.0 * a) + (d - a) - (b * b * b - u * u * u) / (6.0 * a * b);
}

// Length of [lo, hi] inside [c - s/2, c + s/2]: exact 1-D coverage of a slab.
float slabOverlap(float lo, float hi, float c, float s) {
    return max(0.0, min(hi, c + 0.5 * s) - max(lo, c - 0.5 * s));
}
#endif
