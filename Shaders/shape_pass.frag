#version 330 core
// The shape pass: a shader shape's samples (ShapeSamples, lib/shader_shape.glsl: the distance
// and its gradient at the square's centre and at its quarters' centres, and whether the square
// lies wholly in or out of each level set drawn) at every pixel of the layer's edge tiles, or
// texel of its glow source's tiles, into the tile's slot of the sample atlas
// (lib/shape_samples.glsl). Drawn over those tiles (tile.vert, HALO_SHAPE_PASS) before the
// glows and layers of the frame, which read the samples back instead of calling the function:
// only this small program holds the user's file, so an edit of it recompiles this alone. The
// same calls in the same order, in float, as layer.frag and glow_source.frag made themselves:
// their images are the same to the bit.
#include "lib/shape_eval.glsl"
#include "lib/shape_samples.glsl"

uniform int uShapeMode;          // 0: a layer's edge tiles (layer.frag: 1 px squares; levels 0 and
                                 // the stroke's inner and outer offsets); 1: a stroke's glow
                                 // source (glow_source.frag: k x k blocks; the inner and outer
                                 // offsets); 2: a fill's glow source (k x k blocks; level 0);
                                 // 3: the probe, a grid over the canvas (FramePlan.ShapeProbe):
                                 // texel t stands for pixel t * uProbeStep, its (d, grad d) in samples0
                                 // (5 calls a point) and in .w the line of a loop of the file
                                 // that reached the bound there (lib/loop_bound.glsl), else 0
uniform vec2 uProbeStep;         // mode 3: canvas pixels a probe texel
flat in vec2 vCover;             // the tile's slot: atlas texel minus the tile's pixel or texel
layout(location = 0) out vec4 samples0;
layout(location = 1) out vec4 samples1;
layout(location = 2) out vec4 samples2;
layout(location = 3) out vec4 samples3;

void main() {
    // The pixel (canvas) or glow atlas texel this texel stands for: its centre, exact.
    vec2 t = gl_FragCoord.xy - vCover;
    // The square's centre and side as layer.frag (p, 1) and glow_source.frag (p, k) take them,
    // chosen rather than branched: one call site of the user's function.
    bool glow = uShapeMode == 1 || uShapeMode == 2, probe = uShapeMode == 3;
    float k = glow ? vGlowMap.z : 1.0;
    vec2 p = glow ? vGlowMap.xy + t * k : probe ? t * uProbeStep : t;
    // The probe's level sets far away: each point is then one `whole` square, 5 calls (more only where d is NaN).
    vec3 levels = uShapeMode == 0 ? vec3(0.0, vStroke.xy) : uShapeMode == 1 ? vStroke.xyy : probe ? vec3(1e30) : vec3(0.0);
    ShapeSamples r = shaderShapeSamples(p, k, levels);
    samples0 = probe ? vec4(r.centre, float(haloLoopLine)) : packShapeSamples(r, 0);
    // A loop of the file that reached the bound here (lib/loop_bound.glsl): .w = 2 + its LINE,
    // for the loop scan (loop_scan.frag) to find; readers take it as `whole`, but a frame with
    // one is refused.
    if (!probe && haloLoopLine > 0) samples0.w = 2.0 + float(haloLoopLine);
    samples1 = packShapeSamples(r, 1);
    samples2 = packShapeSamples(r, 2);
    samples3 = packShapeSamples(r, 3);
}
