#version 330 core
// The stroke layer for a glow, premultiplied, at 1/k resolution: texel (u, v) holds the
// stroke's coverage of the k x k pixel block it stands for (exact box-filter coverage of
// the block, see coverShape) times the paint at the block's centre, or the glow colour
// times the stroke's alpha (SCENE.md "Glow"). Drawn over tiles of texels (tile.vert) that
// the CPU found near the stroke (LayerTiles.glowSource); the rest of the texture is clear.
#include "lib/shape.glsl"
#include "lib/paint_eval.glsl"

uniform vec4 uGlowMap;           // block centre = uGlowMap.xy + gl_FragCoord.xy * uGlowMap.z
uniform vec4 uGlowColor;         // premultiplied; alpha < 0: the stroke's own colours

flat in vec2 vCover;             // edge-free tiles: the stroke's coverage (.y)
out vec4 fragColor;

void main() {
    float k = uGlowMap.z;
    vec2 p = uGlowMap.xy + gl_FragCoord.xy * k;
#if HALO_EDGE == 2
    vec3 sdg = smoothShapeSDG(p);
    float c = smoothCover(sdg, k, uStrokeEdges.y) - smoothCover(sdg, k, uStrokeEdges.x);
#elif HALO_EDGE
    float c = coverShape(p, k, uStrokeEdges.y) - coverShape(p, k, uStrokeEdges.x);
#else
    float c = vCover.y;
#endif
    if (c <= 0.0) { fragColor = vec4(0.0); return; }
    vec4 s = paintColor(1, HALO_STROKE, p, vec4(1.0, 0.0, -0.5, 0.5)) * c;
    fragColor = uGlowColor.a >= 0.0 ? uGlowColor * s.a : s;
}
