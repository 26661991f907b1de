// Coverage of the current layer's shape, grown by an offset d (pixels; negative shrinks):
// the region {sd(p) < d}, whose edges are the exact offsets of the outline (SCENE.md "Stroke").
// Needs uniforms uShapeKind, uShapeCenter, uShapeHalfSize, uShapeRadii (see layer.frag).
#ifndef HALO_SHAPE_GLSL
#define HALO_SHAPE_GLSL
#include "lib/layer_uniforms.glsl"
#include "lib/coverage.glsl"
#include "lib/sdf.glsl"

const int SHAPE_ROUNDED_BOX = 0;    // rect, circular roundedRect, capsule
const int SHAPE_CONTINUOUS_BOX = 1; // roundedRect with continuous corners
const int SHAPE_ELLIPSE = 2;

// Signed distance of corner i's region of the offset shape, at x (relative to the centre).
float offsetCornerSD(vec2 x, int i, float d, vec2 hb) {
    float R = uShapeRadii[i];
    if (uShapeKind == SHAPE_ROUNDED_BOX) return sdCircularCorner(hb - CORNER_SIGN[i] * x, max(R + d, 0.0));
    return sdContinuousCorner(uShapeHalfSize - CORNER_SIGN[i] * x, R) - d;
}

// Box-filter coverage of the s x s square centred at pixel-space p by the shape grown by d.
// Boxes: the exact coverage of the (grown) bounding box (a product of slab overlaps), minus
// for each rounded corner the part of its corner zone outside the corner curve, where the
// curve is taken as straight across the zone's overlap with the square (half-plane
// coverage from the signed distance and its gradient). Exact on straight edges and sharp
// corners; on a curve of radius R the error is about s^3 / (12 R) of the square.
// Ellipses: half-plane coverage from the signed distance.
float coverShape(vec2 p, float s, float d) {
    vec2 x = p - uShapeCenter;
    if (uShapeKind == SHAPE_ELLIPSE) {
        vec3 sdg = sdgEllipse(x, uShapeHalfSize);
        float sd = sdg.x - d;
        if (sd >= 0.7072 * s) return 0.0;
        if (sd <= -0.7072 * s) return 1.0;
        return halfPlaneCoverage(sd, sdg.yz, vec2(s));
    }
    vec2 hb = uShapeHalfSize + vec2(d);
    if (hb.x <= 0.0 || hb.y <= 0.0) return 0.0;
    float cov = slabOverlap(-hb.x, hb.x, x.x, s) * slabOverlap(-hb.y, hb.y, x.y, s);
    if (cov <= 0.0) return 0.0;
    for (int i = 0; i < 4; i++) {
        float R = uShapeRadii[i];
        if (R <= 0.0) continue;
        float z = uShapeKind == SHAPE_ROUNDED_BOX ? max(R + d, 0.0) : CONTINUOUS_REACH * R + max(d, 0.0);
        if (z <= 0.0) continue;
        vec2 sg = CORNER_SIGN[i];
        vec2 K = sg * hb;
        vec2 rmin = max(min(K, K - sg * z), x - 0.5 * s);
        vec2 rmax = min(max(K, K - sg * z), x + 0.5 * s);
        if (rmax.x <= rmin.x || rmax.y <= rmin.y) continue;
        vec2 rs = rmax - rmin, rc = 0.5 * (rmin + rmax);
        float sd = offsetCornerSD(rc, i, d, hb);
        // Farther than the rectangle's half-diagonal from the curve: wholly in or out.
        if (sd >= 0.5 * length(rs)) { cov -= rs.x * rs.y; continue; }
        if (sd <= -0.5 * length(rs)) continue;
        float e = 0.01;
        vec2 g = vec2(offsetCornerSD(rc + vec2(e, 0.0), i, d, hb) - offsetCornerSD(rc - vec2(e, 0.0), i, d, hb),
                      offsetCornerSD(rc + vec2(0.0, e), i, d, hb) - offsetCornerSD(rc - vec2(0.0, e), i, d, hb));
        float gl = length(g);
        float inside = halfPlaneCoverage(sd, gl > 0.0 ? g / gl : -sg, rs);
        cov -= rs.x * rs.y * (1.0 - inside);
    }
    return clamp(cov / (s * s), 0.0, 1.0);
}
#endif
