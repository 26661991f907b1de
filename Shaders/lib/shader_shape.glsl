// Shader shapes (GPU only; the contract is in Shaders/README.md "Shader shapes"): the file's
// float haloShape(vec2 point, vec2 size, float time), the signed distance in points from the
// outline (negative inside), point from the rect's top-left corner. Every draw of the layer
// (fill, stroke band, glow source) is a level set of it, as for the built-in shapes.
// Keep in sync with Sources/HaloGL/LayerData.swift (texel 14) and ShaderShapeFile.swift.
#ifndef HALO_SHADER_SHAPE_GLSL
#define HALO_SHADER_SHAPE_GLSL
#include "lib/layer_data.glsl"
#include "lib/coverage.glsl"
#include "lib/sdf.glsl"
// haloLoopPeriod and the parameters' uniforms p_NAME, which a shape reads as a paint does.
#include "lib/shader_paint.glsl"

const int SHAPE_SHADER = 3;

#if HALO_SHAPE == 3
// Empty here; in the variants of a shader shape GLRenderer reads the shape's file in its place.
#include "paint/shape.glsl"

// The distance in pixels at pixel-space p: the rect's origin is vShape.xy - vShape.zw (centre
// minus half size); vShaderShape = (pixels per point, time in seconds).
float shaderShapeDistance(vec2 p) {
    float k = vShaderShape.x;
    return haloShape((p - (vShape.xy - vShape.zw)) / k, 2.0 * vShape.zw / k, vShaderShape.y) * k;
}

// Distances and gradients of one square: sample i (0...3) is (d, grad d) at a centre of the
// square's 2 x 2 quarters, or all four at the square's centre where no level set of interest
// comes near (`whole`). Gradients by central differences, 1/64 px (float keeps them to about
// 5e-4 at distances of 100 px).
struct ShapeSamples { vec3 dg[4]; vec3 centre; float s; bool whole; };

const float SHAPE_DIFF_STEP = 1.0 / 64.0;

// The k-th point of a sample: its centre (k 0), then +-e along x and y.
vec2 shapeSampleOffset(int k, float e) {
    return k == 1 ? vec2(e, 0.0) : k == 2 ? vec2(-e, 0.0) : k == 3 ? vec2(0.0, e) : k == 4 ? vec2(0.0, -e) : vec2(0.0);
}

// (d, grad d) at c by central differences: five calls from one call site (a rolled loop, so
// that llvmpipe inlines the user's function once; ROLLED in lib/sdf.glsl).
vec3 shaderShapeSDG(vec2 c) {
    vec3 r = vec3(0.0);
    for (int k = 0; k < ROLLED(5); k++) {
        float f = shaderShapeDistance(c + shapeSampleOffset(k, SHAPE_DIFF_STEP));
        if (k == 0) r.x = f;
        else if (k <= 2) r.y += (k == 1 ? f : -f) / (2.0 * SHAPE_DIFF_STEP);
        else r.z += (k == 3 ? f : -f) / (2.0 * SHAPE_DIFF_STEP);
    }
    return r;
}

// The distance to the level set {d = level} along the gradient, to first order: (d - level) / |g|
// (the exact distance when d is a true distance, |g| = 1), and the unit normal; a vanishing
// gradient (a kink's centre) gives d - level and the x axis.
vec3 levelDistance(vec3 dg, float level) {
    float gl = length(dg.yz);
    return gl > 1e-6 ? vec3((dg.x - level) / gl, dg.yz / gl) : vec3(dg.x - level, 1.0, 0.0);
}

// The samples of the s x s square centred at p, for the level sets `levels` (pixels: the fill's
// 0, the stroke's inner and outer offsets). A square whose centre lies farther than its
// half-diagonal (0.7072 s, to first order) from each of them is wholly in or out of each.
ShapeSamples shaderShapeSamples(vec2 p, float s, vec3 levels) {
    ShapeSamples r;
    r.s = s;
    r.centre = shaderShapeSDG(p);
    vec3 far = vec3(abs(levelDistance(r.centre, levels.x).x), abs(levelDistance(r.centre, levels.y).x),
                    abs(levelDistance(r.centre, levels.z).x));
    r.whole = min(far.x, min(far.y, far.z)) >= 0.7072 * s;
    for (int i = 0; i < 4; i++) r.dg[i] = r.centre;
    if (!r.whole) {
        for (int i = 0; i < ROLLED(4); i++) {
            r.dg[i] = shaderShapeSDG(p + 0.25 * s * vec2((i & 1) == 1 ? 1.0 : -1.0, i >= 2 ? 1.0 : -1.0));
        }
    }
    return r;
}

// Box-filter coverage of the square by {d < level}: each quarter (the whole square where
// `whole`) as the half-plane of the level set's tangent at its centre (levelDistance). Exact
// for straight level sets; a level set of radius of curvature R errs by about (s/2)^3 / (12 R)
// of a quarter's area, s^3 / (96 R) of the square: under half a level of 255 for R >= 6 px.
// Corners and distances that are not true distances are not bounded (docs/accuracy.md).
float shaderShapeCover(ShapeSamples r, float level) {
    if (r.whole) {
        vec3 h = levelDistance(r.centre, level);
        return halfPlaneCoverage(h.x, h.yz, vec2(r.s));
    }
    float c = 0.0;
    for (int i = 0; i < 4; i++) {
        vec3 h = levelDistance(r.dg[i], level);
        c += halfPlaneCoverage(h.x, h.yz, vec2(0.5 * r.s));
    }
    return 0.25 * c;
}

// coveredStrip (lib/shape.glsl) for a shader shape: the part of the pixel in the band
// lo < d < hi, across the normal at the centre, its ends where the linearised d meets lo, hi.
vec4 shaderShapeStrip(ShapeSamples r, float lo, float hi) {
    float gl = length(r.centre.yz);
    if (gl <= 1e-6) return vec4(1.0, 0.0, -0.5, 0.5);
    float a = max(-0.5, (lo - r.centre.x) / gl), b = min(0.5, (hi - r.centre.x) / gl);
    return b > a ? vec4(r.centre.yz / gl, a, b) : vec4(1.0, 0.0, -0.5, 0.5);
}
#endif
#endif
