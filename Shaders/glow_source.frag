#version 330 core
// The glow's source (the stroke, or the fill of a layer without one) for a glow, premultiplied,
// at 1/k resolution, into its region of the glow atlas: texel (u, v) holds the
// stroke's coverage of the k x k pixel block it stands for (exact box-filter coverage of
// the block, see coverShape) times the paint at the block's centre, or the glow colour
// times the stroke's alpha (docs/scene-format.md "Glow"). Drawn over tiles of texels (tile.vert) that
// the CPU found near the stroke (LayerTiles.glowSource); the rest of the texture is clear.
#include "lib/shape.glsl"
#include "lib/paint_eval.glsl"
#if HALO_DASH
#include "lib/dash.glsl"
#endif
#ifndef HALO_MODES
#define HALO_MODES 0             // 1: a steered glow's planes (lib/angular_modes.glsl), not its colour
#endif
#if HALO_MODES
#include "lib/angular_modes.glsl"
uniform vec4 uCanvasToTarget;    // tile.vert's: here (1, 1, the shift from the glow's atlas texel to the planes' texel)
uniform int uFirstScalar;        // the planes' scalar of .x (angularModeScalars)
#endif

flat in vec2 vCover;             // edge-free tiles: the stroke's coverage (.y); a shader shape's
                                 // edge tiles: their slot in the sample atlas (lib/shape_samples.glsl)
out vec4 fragColor;

void main() {
    // The block's centre: vGlowMap maps the atlas texel to pixels (lib/layer_data.glsl).
    float k = vGlowMap.z;
#if HALO_MODES
    // A steered glow's planes are drawn by this glow's tiles shifted to their own texture.
    vec2 p = vGlowMap.xy + (gl_FragCoord.xy - uCanvasToTarget.zw) * k;
#else
    vec2 p = vGlowMap.xy + gl_FragCoord.xy * k;
#endif
// The source: the stroke's band, or (HALO_STROKE -1, a layer without a stroke) the fill.
#if HALO_STROKE >= 0
#define SOURCE_SLOT 1
#define SOURCE_KIND HALO_STROKE
#define SOURCE_LO vStroke.x
#define SOURCE_HI vStroke.y
#define SOURCE_COVER vCover.y
#else
#define SOURCE_SLOT 0
#define SOURCE_KIND HALO_FILL
#define SOURCE_COVER vCover.x
#endif
    // An edge-free tile's coverage is the tile's; edge tiles' (EDGE: a constant, or the
    // draw's uniform in a general program, lib/layer_data.glsl) as follows.
    float c = SOURCE_COVER;
#if HALO_SHAPE == 3
    if (EDGE != EDGE_INSIDE) {
        // A shader shape: its distances near the block, found once for both level sets by the
        // shape pass (shape_pass.frag), in the tile's slot of the sample atlas (lib/shape_samples.glsl).
        ShapeSamples samples = readShapeSamples(gl_FragCoord.xy + vCover, k);
#if HALO_STROKE >= 0
        c = shaderShapeCover(samples, SOURCE_HI) - shaderShapeCover(samples, SOURCE_LO);
#else
        c = shaderShapeCover(samples, 0.0);
#endif
    }
#else
    if (EDGE == EDGE_SMOOTH) {
        vec3 sdg = smoothShapeSDG(p);
#if HALO_STROKE >= 0
        c = smoothCover(sdg, k, SOURCE_HI) - smoothCover(sdg, k, SOURCE_LO);
#else
        c = smoothCover(sdg, k, 0.0);
#endif
    } else if (EDGE == EDGE_PER_PIXEL) {
#if HALO_STROKE >= 0
        // One call site of coverShape for both offsets (a rolled loop, as in layer.frag).
        vec2 band = vec2(0.0);
        for (int j = 0; j < ROLLED(2); j++) band[j] = coverShape(p, k, j == 0 ? SOURCE_LO : SOURCE_HI);
        c = band.y - band.x;
#else
        c = coverShape(p, k, 0.0);
#endif
    }
#endif
#if HALO_DASH && HALO_STROKE >= 0
    c = dashCoverage(p, k, c, SOURCE_LO, SOURCE_HI);       // a glow of a dashed stroke blurs the dashed stroke
#endif
    if (c <= 0.0) { fragColor = vec4(0.0); return; }
#if HALO_MODES
    // The coverage times cos and sin of n theta about the paint's centre, in place of the paint.
    fragColor = c * angularModeScalars(p - vPaintGeometry[SOURCE_SLOT].xy, uFirstScalar);
    return;
#endif
    vec4 s = paintColor(SOURCE_SLOT, SOURCE_KIND, p, vec4(1.0, 0.0, -0.5, 0.5)) * c;
    fragColor = vGlowColor.a >= 0.0 ? vGlowColor * s.a : s;
}
