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

// Length of [lo, hi] inside [c - s/2, c + s/2]: exact 1-D coverage of a slab.
float slabOverlap(float lo, float hi, float c, float s) {
    return max(0.0, min(hi, c + 0.5 * s) - max(lo, c - 0.5 * s));
}
#endif
