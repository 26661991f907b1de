// Shader shapes (GPU only; the contract is in Shaders/README.md "Shader shapes"): the file's
// float haloShape(vec2 point, vec2 size, float time), the signed distance in points from the
// outline (negative inside), point from the rect's top-left corner. Every draw of the layer
// (fill, stroke band, glow source) is a level set of it, as for the built-in shapes.
// Here: the samples of the function near a pixel (ShapeSamples) and the coverage and strip
// drawn from them. Only the shape pass evaluates the function (lib/shape_eval.glsl,
// shape_pass.frag); the layer and glow-source programs read its samples (lib/shape_samples.glsl).
// Keep in sync with Sources/HaloGL/Plan/LayerData.swift (texel 14) and ShaderShapeFile.swift.
#ifndef HALO_SHADER_SHAPE_GLSL
#define HALO_SHADER_SHAPE_GLSL
#include "lib/layer_data.glsl"
#include "lib/coverage.glsl"
#include "lib/sdf.glsl"
// haloLoopPeriod and the parameters' uniforms p_NAME, which a shape reads as a paint does.
#include "lib/shader_paint.glsl"

const int SHAPE_SHADER = 3;

#if HALO_SHAPE == 3
// Distances and gradients of one square: sample i (0...3) is (d, grad d) at a centre of the
// square's 2 x 2 quarters, or all four at the square's centre where no level set of interest
// comes near (`whole`). Gradients by central differences, 1/64 px (float keeps them to about
// 5e-4 at distances of 100 px).
struct ShapeSamples { vec3 dg[4]; vec3 centre; float s; bool whole; };

// The distance to the level set {d = level} along the gradient, to first order: (d - level) / |g|
// (the exact distance when d is a true distance, |g| = 1), and the unit normal; a vanishing
// gradient (a kink's centre) gives d - level and the x axis.
vec3 levelDistance(vec3 dg, float level) {
    float gl = length(dg.yz);
    return gl > 1e-6 ? vec3((dg.x - level) / gl, dg.yz / gl) : vec3(dg.x - level, 1.0, 0.0);
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
