#version 330 core
// Steered glows (Sources/HaloGL/Glow/SteeredGlows.swift): one draw per glow over its blur's
// texels in the glow atlas, writing sum_s w_s P_s, P_s the blurred planes of its geometry
// (lib/angular_modes.glsl's scalars, four to a texel, one layer of texels after another)
// and w_s the premultiplied colour weights of the paint's turn this frame:
// w_0 = c_0, w_{2n-1} = 2 Re(c_n e^{-i n phi}), w_{2n} = -2 Im(c_n e^{-i n phi})
// (docs/accuracy.md "Steered glows"). Exact up to float32 rounding of the sum; the
// truncation after N modes is the bound's (ErrorBound, AngularModes.truncation).
// Compiled for a number of layers (HALO_MODE_LAYERS, SteeredGlows.layerBuckets; layers past a
// glow's own would have weights 0, which add exactly 0, the planes being finite): a loop of
// constant length, which llvmpipe runs about 15% faster than one bounded by a uniform. HALO_OPAQUE 1: the paint's alpha does not change around the turn, so every
// w_s but w_0 has alpha 0 and the alpha is w_0's times plane 0 (the same value: the terms
// left out are exact zeros), the colour channels alone summed.
const int MAX_MODE_LAYERS = 17;  // keep in sync with SteeredGlows.maxLayers
#ifndef HALO_MODE_LAYERS
#define HALO_MODE_LAYERS MAX_MODE_LAYERS
#endif
#if HALO_MODE_LAYERS == 0          // the general program: the count is the draw's uniform
uniform int uModeLayers;
#define MODE_LAYERS uModeLayers
#else
#define MODE_LAYERS HALO_MODE_LAYERS
#endif
#ifndef HALO_OPAQUE
#define HALO_OPAQUE 0
#endif

uniform sampler2D uModes;        // the planes, RGBA32F, read texel by texel
uniform ivec2 uShift;            // planes texel of layer 0 = glow atlas texel + uShift
uniform int uLayerHeight;        // texels between one layer of planes and the next
uniform vec4 uWeights[4 * MAX_MODE_LAYERS];

out vec4 fragColor;

void main() {
    ivec2 t = ivec2(gl_FragCoord.xy) + uShift;
#if HALO_OPAQUE
    vec3 sum = vec3(0.0);
    float alpha = 0.0;
    for (int l = 0; l < MODE_LAYERS; l++) {
        vec4 e = texelFetch(uModes, t + ivec2(0, l * uLayerHeight), 0);
        if (l == 0) alpha = uWeights[0].a * e.x;
        sum += uWeights[4 * l].rgb * e.x + uWeights[4 * l + 1].rgb * e.y + uWeights[4 * l + 2].rgb * e.z + uWeights[4 * l + 3].rgb * e.w;
    }
    fragColor = vec4(sum, alpha);
#else
    vec4 sum = vec4(0.0);
    for (int l = 0; l < MODE_LAYERS; l++) {
        vec4 e = texelFetch(uModes, t + ivec2(0, l * uLayerHeight), 0);
        sum += uWeights[4 * l] * e.x + uWeights[4 * l + 1] * e.y + uWeights[4 * l + 2] * e.z + uWeights[4 * l + 3] * e.w;
    }
    fragColor = sum;
#endif
}
