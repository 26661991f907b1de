#version 330 core
// The paint scan: a layer's shader paints called again at every pixel of the tiles drawn
// with them (tile.vert, the tiles at their canvas pixels, uCanvasToTarget (1, 1, 0, 0)), into
// a throwaway target under an occlusion query (GLRenderer+LoopBound.swift), with their layer
// data. A fragment survives only where a paint's loop reached Halo's bound
// (lib/loop_bound.glsl), writing (the fill's loop code, the stroke's), 0 for none; any
// surviving sample refuses the frame. The paint is taken at the pixel's centre (layer.frag
// takes it at the middle of the pixel's covered part).
#include "lib/shader_paint.glsl"

out vec4 scan;

// The loop code of slot i's paint at pixel-space p (0 where it stayed within the bound).
int paintLoopLine(int i, vec2 p) {
    haloLoopLine = 0;
    shaderPaintColor(i, p);
    return haloLoopLine;
}

void main() {
    vec2 p = gl_FragCoord.xy;
    scan = vec4(0.0);
#if HALO_FILL == HALO_PAINT_SHADER
    scan.x = float(paintLoopLine(0, p));
#endif
#if HALO_STROKE == HALO_PAINT_SHADER
    scan.y = float(paintLoopLine(1, p));
#endif
    if (scan.x == 0.0 && scan.y == 0.0) discard;
    scan.w = 1.0;
}
