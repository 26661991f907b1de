#version 330 core
// One pass of the separable Gaussian: out(x) = sum_k w[k] in(x + k * dir). The weights are
// the Gaussian's integrals over each texel, Phi((k + 1/2) / sigma) - Phi((k - 1/2) / sigma)
// (SCENE.md "Glow"), truncated at 4 sigma (the tail beyond is under 7e-5 of the total),
// computed once per frame on the CPU. Neighbouring taps k, k + 1 are read as one bilinear
// fetch between them (Rakos, "Efficient Gaussian blur with linear sampling", 2010): weight
// w[k] + w[k+1] at offset (k w[k] + (k+1) w[k+1]) / (w[k] + w[k+1]); the texture's last
// texel on each side is blank (zero coverage), and edges are clamped, so reads past the
// source are zero to within the tail.
const int MAX_PAIRS = 33;        // keep in sync with Sources/HaloGL/GlowPlan.swift

uniform sampler2D uSource;
uniform vec2 uDirection;         // (1, 0) or (0, 1)
uniform vec2 uTexSize;           // source texture size, texels
uniform float uCenterWeight;     // w[0]
uniform int uPairs;              // pairs of taps on each side
uniform float uPairWeights[MAX_PAIRS];
uniform float uPairOffsets[MAX_PAIRS];

out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
    vec4 sum = textureLod(uSource, p / uTexSize, 0.0) * uCenterWeight;
    for (int j = 0; j < uPairs; j++) {
        vec2 o = uDirection * uPairOffsets[j];
        sum += (textureLod(uSource, (p + o) / uTexSize, 0.0) + textureLod(uSource, (p - o) / uTexSize, 0.0)) * uPairWeights[j];
    }
    fragColor = sum;
}
