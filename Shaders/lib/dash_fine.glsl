// Dash periods of at most a pixel (ResolvedDash+Fine.swift, the derivation there): the
// mean membership over each part's square projected on the outline's tangent, a
// convolution of two boxes k |t.x| and k |t.y| wide (k = ds/dx along the tangent, from s at
// the pixel's two ends along it), as the second difference of the membership's second
// antiderivative: exact for a straight side, but for float's rounding of q. The arc tables
// hold the pattern at vArcLists.x: (m, phase, mu, slope), then each on interval (start,
// length); round caps have no interval and mu = 1 (their discs fill the band).
#ifndef HALO_DASH_FINE_GLSL
#define HALO_DASH_FINE_GLSL
#include "lib/arc_length.glsl"
#include "lib/shape.glsl"

// Fg (x) and P (y) at arc length s: the first and the periodic part of the second
// antiderivative of the membership minus its mean (ResolvedDash.fineTerms).
vec2 fineTerms(float s, vec4 head) {
    float m = head.x, mu = head.z;
    float x = mod(s + head.y, m);
    float f = 0.0, h = 0.0;
    int first = int(vArcLists.x), count = int(vArcLists.y);
    for (int i = first + 1; i < first + count; i++) {
        vec4 e = arcEntry(i, 0);
        float a = e.x, len = e.y;
        if (x <= a) continue;
        float t = min(x - a, len);
        f += t;
        h += x < a + len ? 0.5 * t * t : 0.5 * len * len + len * (x - a - len);
    }
    return vec2(f - mu * x, h - 0.5 * mu * x * x - head.w * x);
}

// The mean membership over the size x size square at p (pixels). (One call site each of
// arcLengthAt and fineTerms, in loops: llvmpipe inlines every call, and arcLengthAt is long.)
float fineMeanAt(vec2 p, float size, vec2 t, vec4 head) {
    float mu = head.z, L = vArcInfo.x;
    // A period float holds only as a subnormal or zero (under 1e-20 px): the mean is mu to
    // within 2 m / (k s), far below a level, and mod(s, m) would not be a number.
    if (!(head.x > 1e-20)) return mu;
    float sv[3];                                           // s at p - t size/2, p, p + t size/2
    for (int i = 0; i < ROLLED(3); i++) sv[i] = arcLengthAt(p + (float(i) - 1.0) * 0.5 * size * t);
    float ds = abs(sv[2] - sv[0]);
    float k = min(ds, L - ds) / size;
    float w1 = k * size * abs(t.x), w2 = k * size * abs(t.y);
    float hi = max(w1, w2), lo = min(w1, w2);
    // mean = mu + sum of weight * term (x: Fg, y: P) at s + offset, over 2 or 4 points.
    vec4 off, wt;
    bool second = false;
    if (hi <= 1e-6) {
        // A sharp corner's mitre: s is the corner's; its membership (Fg's slope plus mu).
        off = vec4(1e-4, -1e-4, 0.0, 0.0); wt = vec4(1.0, -1.0, 0.0, 0.0) / 2e-4;
    } else if (lo < 0.1 * hi) {
        // Nearly along an axis: the box hi wide (off by at most lo / (4 hi), the kernels'
        // positive difference), as the second difference would divide q's rounding
        // (ulp(s), 1.5e-5 px at s = 200) by hi lo.
        off = vec4(0.5 * hi, -0.5 * hi, 0.0, 0.0); wt = vec4(1.0, -1.0, 0.0, 0.0) / hi;
    } else {
        float A = 0.5 * (hi + lo), B = 0.5 * (hi - lo);
        off = vec4(A, B, -B, -A); wt = vec4(1.0, -1.0, -1.0, 1.0) / (hi * lo);
        second = true;
    }
    // Across the start point q restarts: the terms of the outline unrolled there
    // (ResolvedDash.fineTermsUnrolled, exact): from L on, Fg(x - L) + D and
    // P(x - L) + dP + D (x - L); below 0, Fg(x + L) - D and P(x + L) - dP - D x, with
    // D, dP the terms' changes from 0 to L (steps 4 and 5, only where a point crosses).
    bool wraps = false;
    for (int i = 0; i < 4; i++) {
        float x = sv[1] + off[i];
        wraps = wraps || (wt[i] != 0.0 && (x < 0.0 || x >= L));
    }
    float sum = 0.0;
    vec2 tf[4], te = vec2(0.0), ts = vec2(0.0);
    for (int i = 0; i < ROLLED(6); i++) {
        if (i < 4 ? wt[i] == 0.0 : !wraps) continue;
        float x = i < 4 ? sv[1] + off[i] : i == 4 ? L : 0.0;
        float u = i < 4 ? (x < 0.0 ? x + L : x >= L ? x - L : x) : x;
        vec2 f = fineTerms(u, head);
        if (i < 4) tf[i] = f; else if (i == 4) te = f; else ts = f;
    }
    vec2 dt = te - ts;                                      // (D, dP)
    for (int i = 0; i < 4; i++) {
        if (wt[i] == 0.0) continue;
        float x = sv[1] + off[i];
        vec2 f = tf[i];
        if (x >= L) f += vec2(dt.x, dt.y + dt.x * (x - L));
        else if (x < 0.0) f -= vec2(dt.x, dt.y + dt.x * x);
        sum += wt[i] * (second ? f.y : f.x);
    }
    float mean = mu + sum;
    if (hi <= 1e-6) mean = mean > 0.5 ? 1.0 : 0.0;
    return clamp(mean, 0.0, 1.0);
}

// The dashed band's coverage of the size x size square at p, the band lo <= sd <= hi
// covering cs of it: over 4 x 4 parts, each part's mean membership (its own s, tangent
// and arc-length scale: a curve's k changes across a pixel by 1/R) weighted by the band's
// coverage of the part (half-planes of the signed distance there), times cs.
float fineDashCoverage(vec2 p, float size, float cs, float lo, float hi) {
    vec4 head = arcEntry(int(vArcLists.x), 0);
    if (int(vArcLists.y) <= 1) return cs * head.z;                 // round caps: the whole band
    const int n = 4;
    float sub = size / float(n), weight = 0.0, sum = 0.0;
    for (int i = 0; i < n * n; i++) {
        vec2 q = p + size * ((vec2(float(i % n), float(i / n)) + 0.5) / float(n) - 0.5);
        vec3 g = shapeSDG(q);
        float b = halfPlaneCoverage(g.x - hi, g.yz, vec2(sub)) - halfPlaneCoverage(g.x - lo, g.yz, vec2(sub));
        if (b <= 0.0) continue;
        weight += b;
        sum += b * fineMeanAt(q, sub, vec2(-g.z, g.y), head);
    }
    return weight > 0.0 ? cs * sum / weight : 0.0;
}
#endif
