// The premultiplied colour of paint slot i (0 fill, 1 stroke) at pixel-space p.
#ifndef HALO_PAINT_EVAL_GLSL
#define HALO_PAINT_EVAL_GLSL
#include "lib/layer_uniforms.glsl"
#include "lib/paint.glsl"

vec4 paintColor(int i, vec2 p) {
    int kind = uPaintKind[i];
    if (kind == PAINT_SOLID) return uPaintColor[i];
    vec4 g = uPaintGeometry[i];
    float t;
    if (kind == PAINT_LINEAR) t = linearGradientT(p, g.xy, g.zw);
    else if (kind == PAINT_ANGULAR) t = angularGradientT(p, g.xy, g.z, g.w);
    else t = radialGradientT(p, g.xy, g.z, g.w);
    return rampColor(uRamps, uPaintRamp[i].x, uPaintRamp[i].y, t);
}
#endif
