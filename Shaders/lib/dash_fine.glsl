// Dash periods of at most a pixel (ResolvedDash+Fine.swift, the derivation there): the
// mean membership over the pixel's square projected on the outline's tangent, a
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

// The mean membership over the size x size square at p.
float fineDashMean(vec2 p, float size) {
    vec4 head = arcEntry(int(vArcLists.x), 0);
    float mu = head.z, L = vArcInfo.x;
    if (int(vArcLists.y) <= 1) return mu;                 // round caps: the whole band
    vec2 n = shapeSDG(p).yz;
    vec2 t = vec2(-n.y, n.x);
    float s = arcLengthAt(p);
    float ds = abs(arcLengthAt(p + 0.5 * size * t) - arcLengthAt(p - 0.5 * size * t));
    float k = min(ds, L - ds) / size;
    float w1 = k * size * abs(t.x), w2 = k * size * abs(t.y);
    float hi = max(w1, w2), lo = min(w1, w2);
    float mean;
    if (hi <= 1e-6) {
        // A sharp corner's mitre: s is the corner's; its membership (q strictly inside).
        float v = fineTerms(s + 1e-4, head).x - fineTerms(s - 1e-4, head).x;
        mean = v / 2e-4 + mu > 0.5 ? 1.0 : 0.0;
    } else if (lo < 1e-3 * hi) {
        float w = hi + lo;
        mean = mu + (fineTerms(s + 0.5 * w, head).x - fineTerms(s - 0.5 * w, head).x) / w;
    } else {
        float A = 0.5 * (hi + lo), B = 0.5 * (hi - lo);
        mean = mu + (fineTerms(s + A, head).y - fineTerms(s + B, head).y - fineTerms(s - B, head).y + fineTerms(s - A, head).y) / (hi * lo);
    }
    return clamp(mean, 0.0, 1.0);
}
#endif
