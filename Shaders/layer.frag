#version 330 core
// One layer as a group: fill, then glow, then stroke, each with its own coverage,
// composited in the shader (source-over, premultiplied, sRGB-encoded values), then
// multiplied by the layer's opacity. The blend state composites the result over the
// canvas: glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA).
#include "lib/shape.glsl"
#include "lib/paint_eval.glsl"

uniform bool uHasFill;
uniform bool uHasStroke;
uniform int uGlowMode;           // 0 none, 1 blurred texture, 2 sigma 0 (the stroke itself)
uniform sampler2D uGlow;         // blurred stroke layer, premultiplied
uniform vec4 uGlowMap;           // texel = (p - uGlowMap.xy) / uGlowMap.z; uGlowMap.w unused
uniform vec2 uGlowTexSize;       // glow texture size in texels
uniform vec2 uGlowUsed;          // the part of it this glow fills, texels
uniform vec4 uGlowColor;         // premultiplied; alpha < 0: use the stroke's colours
uniform float uGlowOpacity;
uniform float uOpacity;

out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
    vec4 layer = vec4(0.0);
    // Partly covered pixels take the paint at the middle of their covered part.
    const vec4 WHOLE = vec4(1.0, 0.0, -0.5, 0.5);
    if (uHasFill) {
        float c = coverShape(p, 1.0, 0.0);
        if (c > 0.0) layer = paintColor(0, p, c < 0.999 && uPaintKind[0] != PAINT_SOLID ? coveredStrip(p, -1e9, 0.0) : WHOLE) * c;
    }
    vec4 stroke = vec4(0.0);
    if (uHasStroke) {
        float c = coverShape(p, 1.0, uStrokeEdges.y) - coverShape(p, 1.0, uStrokeEdges.x);
        if (c > 0.0) stroke = paintColor(1, p, c < 0.999 && uPaintKind[1] != PAINT_SOLID ? coveredStrip(p, uStrokeEdges.x, uStrokeEdges.y) : WHOLE) * c;
    }
    if (uGlowMode == 1) {
        // Clamped to the texels this glow wrote (the texture is shared and may be larger).
        vec2 tc = clamp((p - uGlowMap.xy) / uGlowMap.z, vec2(0.5), uGlowUsed - 0.5);
        vec4 g = texture(uGlow, tc / uGlowTexSize) * uGlowOpacity;
        layer = g + layer * (1.0 - g.a);
    } else if (uGlowMode == 2) {
        vec4 g = (uGlowColor.a >= 0.0 ? uGlowColor * stroke.a : stroke) * uGlowOpacity;
        layer = g + layer * (1.0 - g.a);
    }
    layer = stroke + layer * (1.0 - stroke.a);
    fragColor = layer * uOpacity;
}
