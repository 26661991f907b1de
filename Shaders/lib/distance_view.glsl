// The distance view (the preview's D key, docs/preview-and-shaders.md), first pass: each
// layer's signed distance over the whole canvas, blended into one float field with MIN on
// its colour channels (the layers' union) and MAX on alpha (a flag), which
// Shaders/distance_view.frag then colours. A shader shape shows its function's own values,
// so where it is not a true distance the lines are unevenly spaced. Included by layer.frag
// in its HALO_DISTANCE_VIEW variants.
#ifndef HALO_DISTANCE_VIEW_GLSL
#define HALO_DISTANCE_VIEW_GLSL
#include "lib/shape.glsl"
// A shader shape's own function: this view alone of the layer programs holds the shape's file.
#include "lib/shape_eval.glsl"

// The layer's signed distance at p, pixels: the exact one of a built-in shape, a shader
// shape's value as its function gives it (not divided by its gradient's length).
float viewDistance(vec2 p) {
#if HALO_SHAPE == 3
    return shaderShapeDistance(p);
#else
    return shapeSDG(p).x;
#endif
}

// The field's texel at p from this layer: its distance in every colour channel, alpha 0; where
// the distance is NaN or infinite, alpha 1 (shown magenta) and the distance left out (1e30,
// which MIN ignores).
vec4 distanceFieldTexel(vec2 p) {
    float d = viewDistance(p);
    return (isnan(d) || isinf(d)) ? vec4(1e30, 1e30, 1e30, 1.0) : vec4(d, d, d, 0.0);
}
#endif
