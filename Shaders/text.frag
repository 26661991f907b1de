#version 330 core
// A text layer over the canvas (docs/scene-format.md "Text", "Glow", "Layer"): its fill image
// (text_fill.frag), its glow under it (the fill blurred at 1/k, read bilinearly as a glow
// atlas region is; or at sigma 0 the fill itself), the group at the layer's opacity,
// blended source-over (glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA)).
#include "lib/output.glsl"

uniform vec4 uCanvasToTarget;    // see tile.vert
uniform sampler2D uFill;         // the fill image, premultiplied
uniform vec2 uFillOrigin;        // canvas pixel of its texel (0, 0)
uniform sampler2D uGlowImage;    // the blurred fill at 1/k (uGlowMode 1)
uniform vec2 uGlowSize;          // its size, texels
uniform vec4 uGlowMap;           // canvas pixel of its block (0, 0), 1 / k, glow opacity
uniform int uGlowMode;           // 0 none, 1 blurred, 2 sigma 0 (the fill itself)
uniform vec4 uGlowColor;         // premultiplied; alpha < 0: the fill's own colours
uniform float uOpacity;          // the layer's
out vec4 fragColor;

void main() {
    vec2 p = canvasPixel(gl_FragCoord.xy, uCanvasToTarget);
    vec4 fill = texelFetch(uFill, ivec2(p - uFillOrigin), 0);
    vec4 glow = vec4(0.0);
    if (uGlowMode == 1) glow = textureLod(uGlowImage, (p - uGlowMap.xy) * uGlowMap.z / uGlowSize, 0.0) * uGlowMap.w;
    else if (uGlowMode == 2) glow = (uGlowColor.a >= 0.0 ? uGlowColor * fill.a : fill) * uGlowMap.w;
    fragColor = (fill + glow * (1.0 - fill.a)) * uOpacity;
}
