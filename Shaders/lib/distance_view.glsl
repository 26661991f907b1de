// The distance view (the preview's D key, docs/preview-and-shaders.md): each layer's signed
// distance drawn over its tiles instead of its paints, the usual SDF debugging picture
// (after Inigo Quilez's): blue inside, orange outside, darkening towards the outline,
// bands and a thin dark iso-line every uDistanceStep pixels, the zero line bold and white.
// A shader shape shows its function's own values, so where it is not a true distance the
// lines are unevenly spaced. Included by layer.frag in its HALO_DISTANCE_VIEW variants.
#ifndef HALO_DISTANCE_VIEW_GLSL
#define HALO_DISTANCE_VIEW_GLSL
#include "lib/shape.glsl"
// A shader shape's own function: this view alone of the layer programs holds the shape's file.
#include "lib/shape_eval.glsl"

uniform float uDistanceStep;     // pixels between iso-lines (the preview: 4 pt)

// The layer's signed distance at p, pixels: the exact one of a built-in shape, a shader
// shape's value as its function gives it (not divided by its gradient's length).
float viewDistance(vec2 p) {
#if HALO_SHAPE == 3
    return shaderShapeDistance(p);
#else
    return shapeSDG(p).x;
#endif
}

// The view's colour at p, premultiplied, 0.92 opaque (the layers below show faintly).
// Lines are anti-aliased over fwidth(d), the distance's change across a pixel.
vec4 distanceViewColor(vec2 p) {
    float d = viewDistance(p);
    float step = max(uDistanceStep, 1.0);
    float w = max(fwidth(d), 1e-3);
    vec3 c = d < 0.0 ? vec3(0.35, 0.65, 1.0) : vec3(1.0, 0.62, 0.3);
    c *= 0.35 + 0.65 * (1.0 - exp(-abs(d) / (4.0 * step)));
    c *= 0.85 + 0.15 * cos(6.2831853 * d / step);
    float iso = abs(fract(d / step + 0.5) - 0.5) * step / w;       // pixels to the nearest iso-line
    c = mix(c, c * 0.35, 1.0 - smoothstep(0.5, 1.2, iso));
    c = mix(c, vec3(1.0), 1.0 - smoothstep(1.0, 2.0, abs(d) / w));  // the zero line, about 3 px
    return vec4(c, 1.0) * 0.92;
}
#endif
