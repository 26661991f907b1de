#version 330 core
// The stroke layer for a glow, premultiplied, at 1/k resolution, into its region of the glow atlas: texel (u, v) holds the
// stroke's coverage of the k x k pixel block it stands for (exact box-filter coverage of
// the block, see coverShape) times the paint at the block's centre, or the glow colour
// times the stroke's alpha (SCENE.md "Glow"). Drawn over tiles of texels (tile.vert) that
// the CPU found near the stroke (LayerTiles.glowSource); the rest of the texture is clear.
#include "lib/shape.glsl"
#include "lib/paint_eval.glsl"

flat in vec2 vCover;             // edge-free tiles: the stroke's coverage (.y)
out vec4 fragColor;

void main() {
    // The block's centre: vGlowMap maps the atlas texel to pixels (lib/layer_data.glsl).
    float k = vGlowMap.z;
    vec2 p = vGlowMap.xy + gl_FragCoord.xy * k;
#if HALO_EDGE == 2
    vec3 sdg = smoothShapeSDG(p);
    float c = smoothCover(sdg, k, vStroke.y) - smoothCover(sdg, k, vStroke.x);
#elif HALO_EDGE
    float c = coverShape(p, k, vStroke.y) - coverShape(p, k, vStroke.x);
#else
    float c = vCover.y;
#endif
    if (c <= 0.0) { fragColor = vec4(0.0); return; }
    vec4 s = paintColor(1, HALO_STROKE, p, vec4(1.0, 0.0, -0.5, 0.5)) * c;
    fragColor = vGlowColor.a >= 0.0 ? vGlowColor * s.a : s;
}
