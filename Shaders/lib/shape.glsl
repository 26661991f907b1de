// Coverage of the current layer's shape, grown by an offset d (pixels; negative shrinks):
// the region {sd(p) < d}, whose edges are the exact offsets of the outline (docs/scene-format.md "Stroke").
// Needs HALO_SHAPE (a #define) and the layer data vShape, vShapeRadii (see layer_data.glsl).
#ifndef HALO_SHAPE_GLSL
#define HALO_SHAPE_GLSL
#include "lib/layer_data.glsl"
#include "lib/coverage.glsl"
#include "lib/sdf.glsl"
#include "lib/shape_samples.glsl"

const int SHAPE_ROUNDED_BOX = 0;    // rect, circular roundedRect, capsule
const int SHAPE_CONTINUOUS_BOX = 1; // roundedRect with continuous corners
const int SHAPE_ELLIPSE = 2;
// SHAPE_SHADER 3: a shader shape's haloShape (lib/shader_shape.glsl), evaluated by the shape
// pass alone (shape_pass.frag): the functions below never run for it.

// A loop over corners or sample points whose body holds a continuous corner's distance (a
// search on two cubics) stays rolled (ROLLED, lib/sdf.glsl): one copy of the body instead of
// one a corner and sample. For circular corners the body is a few instructions, and the
// loop is unrolled as the compiler likes (a rolled loop costs llvmpipe its branches at
// every pixel: the 1000-rect grid 5-8% slower a frame).
#define CORNER_LOOP(n) (HALO_SHAPE == SHAPE_CONTINUOUS_BOX ? ROLLED(n) : (n))

// The one corner that reaches the tile where HALO_CORNERS is 2 (lib/layer_data.glsl): set
// by the main shader from the tile's instance (layer.frag), before any call below.
int gCornerIndex = 0;

// The corners whose code runs: none (HALO_CORNERS 0: every corner is sharp within the tile's
// reach), the tile's one (2), or all four.
#define CORNER_BEGIN (HALO_CORNERS == 2 ? gCornerIndex : 0)
#define CORNER_END(n) (HALO_CORNERS == 0 ? 0 : HALO_CORNERS == 2 ? gCornerIndex + 1 : CORNER_LOOP(n))

// Central differences from one call site, a rolled loop over k = 0...4: point k is the
// centre plus centralOffset(k, e), and centralTerm folds its distance f into (d, g), d the
// distance at the centre and g = (d(+e x) - d(-e x), d(+e y) - d(-e y)).
vec2 centralOffset(int k, float e) {
    return k == 1 ? vec2(e, 0.0) : k == 2 ? vec2(-e, 0.0) : k == 3 ? vec2(0.0, e) : k == 4 ? vec2(0.0, -e) : vec2(0.0);
}
void centralTerm(int k, float f, inout float d, inout vec2 g) {
    if (k == 0) d = f;
    else if (k <= 2) g.x += k == 1 ? f : -f;
    else g.y += k == 3 ? f : -f;
}

// Signed distance of corner i's region of the offset shape, at x (relative to the centre).
float offsetCornerSD(vec2 x, int i, float d, vec2 hb) {
    float R = vShapeRadii[i];
    if (HALO_SHAPE == SHAPE_ROUNDED_BOX) return sdCircularCorner(hb - CORNER_SIGN[i] * x, max(R + d, 0.0));
    return sdContinuousCorner(vShape.zw - CORNER_SIGN[i] * x, R) - d;
}

// Sub-squares per side for an edge whose radius of curvature is R pixels: one straight
// edge over a square of side s errs by about s^3 / (12 R) of its area, so n x n
// sub-squares bring that to s^3 / (12 R n^2): within about a level down to R = 1.5 px.
int subdivisions(float R) {
    return R < 1.5 ? 8 : R < 3.0 ? 4 : R < 12.0 ? 2 : 1;
}

// Box-filter coverage of the s x s square centred at pixel-space p by the shape grown by d.
// Boxes: the exact coverage of the (grown) bounding box (a product of slab overlaps), minus
// for each rounded corner the part of its corner zone outside the corner curve, where the
// curve is taken as straight across each of n x n parts of the zone's overlap with the
// square (half-plane coverage from the signed distance and its gradient; n from the
// curvature, see subdivisions). Exact on straight edges and sharp corners.
// Ellipses: half-plane coverage from the exact signed distance and normal, subdivided the
// same way where the ends are sharp (radius of curvature b^2 / a).
float coverShape(vec2 p, float s, float d) {
#if HALO_SHAPE == 3
    return 0.0;     // never called so: a shader shape's draws read the shape pass's samples (layer.frag)
#endif
    vec2 x = p - vShape.xy;
    if (HALO_SHAPE == SHAPE_ELLIPSE) {
        vec3 sdg = sdgEllipse(x, vShape.zw);
        float sd = sdg.x - d;
        if (sd >= 0.7072 * s) return 0.0;
        if (sd <= -0.7072 * s) return 1.0;
        float a = max(vShape.zw.x, vShape.zw.y), b = min(vShape.zw.x, vShape.zw.y);
        int n = subdivisions(max(b * b / a + d, 0.0));
        if (n == 1) return halfPlaneCoverage(sd, sdg.yz, vec2(s));
        float sum = 0.0;
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
            vec2 q = x + s * ((vec2(float(i), float(j)) + 0.5) / float(n) - 0.5);
            vec3 g = sdgEllipse(q, vShape.zw);
            sum += halfPlaneCoverage(g.x - d, g.yz, vec2(s / float(n)));
        }
        return sum / float(n * n);
    }
    vec2 hb = vShape.zw + vec2(d);
    if (hb.x <= 0.0 || hb.y <= 0.0) return 0.0;
    float cov = slabOverlap(-hb.x, hb.x, x.x, s) * slabOverlap(-hb.y, hb.y, x.y, s);
    if (cov <= 0.0) return 0.0;
    for (int i = CORNER_BEGIN; i < CORNER_END(4); i++) {
        float R = vShapeRadii[i];
        if (R <= 0.0) continue;
        float z = HALO_SHAPE == SHAPE_ROUNDED_BOX ? max(R + d, 0.0) : CONTINUOUS_REACH * R + max(d, 0.0);
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
        int n = subdivisions(HALO_SHAPE == SHAPE_ROUNDED_BOX ? z : 0.6 * R + d);
        vec2 ss = rs / float(n);
        float inside = 0.0;
        for (int a = 0; a < n; a++) for (int b = 0; b < n; b++) {
            vec2 c = rmin + ss * (vec2(float(a), float(b)) + 0.5);
#if HALO_SHAPE == 1
            // (SHAPE_CONTINUOUS_BOX.) The distance at c (where n > 1) and at c +- e along
            // each axis, one call site.
            float sdc = sd;
            vec2 g = vec2(0.0);
            for (int k = n == 1 ? 1 : 0; k < ROLLED(5); k++) centralTerm(k, offsetCornerSD(c + centralOffset(k, 0.01), i, d, hb), sdc, g);
#else
            // (SHAPE_ROUNDED_BOX.) The circular corner's distance at c and its exact
            // gradient, the radius through c: one evaluation (sdgCircularCorner, lib/sdf.glsl)
            // where central differences took four more.
            vec3 cg = sdgCircularCorner(hb - sg * c, z);
            float sdc = cg.x;
            vec2 g = -sg * cg.yz;
#endif
            float gl = length(g);
            inside += halfPlaneCoverage(sdc, gl > 0.0 ? g / gl : -sg, ss);
        }
        cov -= rs.x * rs.y * (1.0 - inside / float(n * n));
    }
    return clamp(cov / (s * s), 0.0, 1.0);
}

// Signed distance (pixels, negative inside) from pixel-space p to the shape's outline, and
// its unit gradient: (d, n.x, n.y). Exact (see the sd* functions); gradient by forward
// differences for boxes.
vec3 shapeSDG(vec2 p) {
#if HALO_SHAPE == 3
    return vec3(0.0, 1.0, 0.0);     // never called so (no dash on a shader shape; its draws read the shape pass's samples)
#endif
    vec2 x = p - vShape.xy;
    if (HALO_SHAPE == SHAPE_ELLIPSE) return sdgEllipse(x, vShape.zw);
    vec3 r = vec3(-1e9);
    for (int k = 0; k < CORNER_LOOP(3); k++) {
        vec2 y = x + (k == 1 ? vec2(0.01, 0.0) : k == 2 ? vec2(0.0, 0.01) : vec2(0.0));
        float dist = -1e9;
#if HALO_CORNERS != 1
        // The sharp box, then the one rounded corner (HALO_CORNERS 2): a corner's rounded
        // region lies in its sharp quadrant, so its distance is the larger.
        for (int i = 0; i < 4; i++) dist = max(dist, sdCircularCorner(vShape.zw - CORNER_SIGN[i] * y, 0.0));
#endif
        for (int i = CORNER_BEGIN; i < CORNER_END(4); i++) {
            vec2 q = vShape.zw - CORNER_SIGN[i] * y;
            float R = vShapeRadii[i];
            dist = max(dist, HALO_SHAPE == SHAPE_ROUNDED_BOX || R <= 0.0 ? sdCircularCorner(q, R) : sdContinuousCorner(q, R));
        }
        r[k] = dist;
    }
    vec2 g = (r.yz - r.x) / 0.01;
    float gl = length(g);
    return vec3(r.x, gl > 0.0 ? g / gl : vec2(1.0, 0.0));
}

// The part of the pixel at p inside the band lo < sd < hi, as a strip across the pixel:
// (n.x, n.y, a, b) with n the outline's normal and a...b the strip's extent along it
// (pixels from the centre, within -1/2...1/2). Paints are averaged over this part
// (docs/scene-format.md averages over the covered part, not the whole pixel).
vec4 coveredStrip(vec2 p, float lo, float hi) {
#if HALO_SHAPE == 3
    return vec4(1.0, 0.0, -0.5, 0.5);       // never called so: layer.frag takes shaderShapeStrip of the shape pass's samples
#endif
    // A shape under 2 px across can hold both of its sides in one pixel, where the
    // distance is not linear along the normal: find the strip's ends by sampling it (k 0
    // to 15, after k = -1, the pixel's centre: one call site of shapeSDG).
    bool tiny = min(vShape.zw.x, vShape.zw.y) < 1.0;
    vec3 g = vec3(0.0);
    float a = 0.0, b = 0.0;
    for (int k = -1; k < (tiny ? ROLLED(16) : 0); k++) {
        float u = (float(k) + 0.5) / 16.0 - 0.5;
        vec3 r = shapeSDG(k < 0 ? p : p + g.yz * u);
        if (k < 0) {
            g = r;
            a = tiny ? 1.0 : max(-0.5, lo - g.x); b = tiny ? -1.0 : min(0.5, hi - g.x);
        } else if (r.x > lo && r.x < hi) { a = min(a, u - 1.0 / 32.0); b = max(b, u + 1.0 / 32.0); }
    }
    return b > a ? vec4(g.yz, a, b) : vec4(1.0, 0.0, -0.5, 0.5);
}
// A continuous box's signed distance and unit normal from the corner of the quadrant x lies
// in (its zone and the two sides it meets): exact, as each zone stays within its quadrant
// (docs/scene-format.md "Continuous corners"'s radius limit); normal by central differences (0.01 px).
vec3 sdgContinuousQuadrant(vec2 x) {
    int i = x.x < 0.0 ? (x.y < 0.0 ? 0 : 3) : (x.y < 0.0 ? 1 : 2);
    vec2 sg = CORNER_SIGN[i];
    float R = vShapeRadii[i];
    vec2 q = vShape.zw - sg * x;
    const float e = 0.01;
    if (R <= 0.0) {
        float d = max(-q.x, -q.y);
        return vec3(d, -q.x > -q.y ? vec2(sg.x, 0.0) : vec2(0.0, sg.y));
    }
    // The distance at q and at q +- e along each axis, one call site; q runs against x
    // (q = hb - sg x), hence the gradient's sign.
    float d = 0.0;
    vec2 g = vec2(0.0);
    for (int k = 0; k < ROLLED(5); k++) centralTerm(k, sdContinuousCorner(q + centralOffset(k, e), R), d, g);
    g = -g * sg;
    float gl = length(g);
    return vec3(d, gl > 0.0 ? g / gl : sg);
}

// Smooth-edge tiles (HALO_EDGE 2): the CPU (LayerTiles) found that every edge crossing
// this tile is a smooth curve, radius of curvature >= 12 blocks, with the region at least
// 4 blocks across and no sharp or tight corner within 1.5 blocks. There one signed distance
// and normal per pixel give every edge's coverage as a half-plane's (the curve's bulge
// within a block is about s / (12 R) of its area: under 1/144, a third of a level), and
// the covered part's strip. A continuous corner is smooth where 0.6 R + d >= 12 px (its
// curve's least radius of curvature is 0.93 R); its distance then comes from the one corner
// of the pixel's quadrant.
vec3 smoothShapeSDG(vec2 p) {
#if HALO_SHAPE == 3
    return shapeSDG(p);     // never drawn so (SmoothEdges takes no shader shape's tile as smooth)
#endif
    vec2 x = p - vShape.xy;
    if (HALO_SHAPE == SHAPE_ELLIPSE) return sdgEllipse(x, vShape.zw);
    if (HALO_SHAPE == SHAPE_ROUNDED_BOX) return sdgRoundedBox(x, vShape.zw, vShapeRadii);
    return sdgContinuousQuadrant(x);
}


// Coverage of an s x s block by the shape grown by d, from smoothShapeSDG's (d, n).
float smoothCover(vec3 sdg, float s, float d) {
    return halfPlaneCoverage(sdg.x - d, sdg.yz, vec2(s));
}

// coveredStrip for smooth-edge tiles, from smoothShapeSDG's (d, n).
vec4 smoothStrip(vec3 sdg, float lo, float hi) {
    float a = max(-0.5, lo - sdg.x), b = min(0.5, hi - sdg.x);
    return b > a ? vec4(sdg.yz, a, b) : vec4(1.0, 0.0, -0.5, 0.5);
}
#endif
