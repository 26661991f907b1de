#version 330 core
// Steered glows (Sources/HaloGL/SteeredGlows.swift): one draw per glow over its blur's
// texels in the glow atlas, writing sum_s w_s P_s, P_s the blurred planes of its geometry
// (lib/angular_modes.glsl's scalars, four to a texel, one layer of texels after another)
// and w_s the premultiplied colour weights of the paint's turn this frame:
// w_0 = c_0, w_{2n-1} = 2 Re(c_n e^{-i n phi}), w_{2n} = -2 Im(c_n e^{-i n phi})
// (docs/accuracy.md "Steered glows"). Exact up to float32 rounding of the sum; the
// truncation after N modes is the bound's (ErrorBound, AngularModes.truncation).
const int MAX_MODE_LAYERS = 17;  // keep in sync with SteeredGlows.maxLayers

uniform sampler2D uModes;        // the planes, RGBA32F, read texel by texel
uniform ivec2 uShift;            // planes texel of layer 0 = glow atlas texel + uShift
uniform int uLayerHeight;        // texels between one layer of planes and the next
uniform int uModeLayers;         // layers read, 1 ... MAX_MODE_LAYERS
uniform vec4 uWeights[4 * MAX_MODE_LAYERS];

out vec4 fragColor;

void main() {
    ivec2 t = ivec2(gl_FragCoord.xy) + uShift;
    vec4 sum = vec4(0.0);
    for (int l = 0; l < uModeLayers; l++) {
        vec4 e = texelFetch(uModes, t + ivec2(0, l * uLayerHeight), 0);
        sum += uWeights[4 * l] * e.x + uWeights[4 * l + 1] * e.y + uWeights[4 * l + 2] * e.z + uWeights[4 * l + 3] * e.w;
    }
    fragColor = sum;
}
