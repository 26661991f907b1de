#version 330 core
// The paint probe: a layer's shader paints called on a grid of points over the shape's
// bounding rect, to find a loop of theirs that reached Halo's bound (lib/loop_bound.glsl).
// Drawn by the shape pass (GLRenderer+ShapeSamples.swift) as one probe tile of
// FramePlan.ShapeSamplePlan.probeSide texels a side into its slot of the sample atlas
// (tile.vert with HALO_SHAPE_PASS: vCover is the slot's corner), with the layer data of one
// of the layer's tiles. Texel t stands for the rect's point rect.xy + (t / side) rect.zw in
// pixels (the centres of as many equal cells); out: (the fill's loop line, the stroke's), 0
// where the paint's loops stayed within the bound.
#include "lib/shader_paint.glsl"

uniform vec2 uProbeStep;         // unit points a probe texel (1 / side)
flat in vec2 vCover;
layout(location = 0) out vec4 probe;

// The loop line of slot i's paint at unit point u of its rect (0 where it stayed within the bound).
int paintLoopLine(int i, vec2 u) {
    haloLoopLine = 0;
    shaderPaintColor(i, vPaintGeometry[i].xy + u * vPaintGeometry[i].zw);
    return haloLoopLine;
}

void main() {
    vec2 u = (gl_FragCoord.xy - vCover) * uProbeStep;
    probe = vec4(0.0);
#if HALO_FILL == HALO_PAINT_SHADER
    probe.x = float(paintLoopLine(0, u));
#endif
#if HALO_STROKE == HALO_PAINT_SHADER
    probe.y = float(paintLoopLine(1, u));
#endif
}
