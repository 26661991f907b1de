// A shader shape's function evaluated: its distance in pixels, its gradient by central
// differences, and the samples of a square (ShapeSamples, lib/shader_shape.glsl). Only the
// programs that hold the user's file include this: the shape pass (shape_pass.frag), which
// writes the samples every draw of the layer needs, and the distance view. So an edit of the
// file recompiles the small shape pass alone (Shaders/README.md "Reloading").
// Keep in sync with Sources/HaloGL/Plan/LayerData.swift (texel 14) and ShaderShapeFile.swift.
#ifndef HALO_SHAPE_EVAL_GLSL
#define HALO_SHAPE_EVAL_GLSL
#include "lib/shader_shape.glsl"

#if HALO_SHAPE == 3
// Empty here; in the shape pass (and the distance view) GLRenderer reads the shape's file in
// its place.
#include "paint/shape.glsl"

// The distance in pixels at pixel-space p: the rect's origin is vShape.xy - vShape.zw (centre
// minus half size); vShaderShape = (pixels per point, time in seconds).
float shaderShapeDistance(vec2 p) {
    float k = vShaderShape.x;
    haloLoopCount = 0;           // each call its own bound (lib/loop_bound.glsl)
    return haloShape((p - (vShape.xy - vShape.zw)) / k, 2.0 * vShape.zw / k, vShaderShape.y) * k;
}

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
#endif
#endif
