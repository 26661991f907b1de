#version 330 core
// One pass of the separable Gaussian: out(x) = sum_k w[k] in(x + k * dir). The weights are
// the Gaussian's integrals over each texel, Phi((k + 1/2) / sigma) - Phi((k - 1/2) / sigma)
// (docs/scene-format.md "Glow"), truncated at 4 sigma (the tail beyond is under 7e-5 of the total),
// computed once per frame on the CPU. Neighbouring taps k, k + 1 are read as one bilinear
// fetch between them (Rakos, "Efficient Gaussian blur with linear sampling", 2010): weight
// w[k] + w[k+1] at offset (k w[k] + (k+1) w[k+1]) / (w[k] + w[k+1]). Drawn over the
// regions of the glow atlas that share this kernel (instanced rects, tile.vert); each
// region's last texel on each side is blank (zero coverage) and the atlas keeps more than
// the kernel's reach of blank texels around it (GlowAtlas), so reads past a region are
// zero to within the tail, as a clamped read of its blank edge would be.
const int MAX_PAIRS = 33;        // keep in sync with Sources/HaloGL/Glow/GlowPlan.swift
#ifndef HALO_PAIRS
#define HALO_PAIRS MAX_PAIRS     // pairs of taps on each side, 1...MAX_PAIRS: a constant, so
#endif                           // that the loop unrolls (one program per bucket of counts,
                                 // GlowPlan.pairBuckets; pairs past the kernel's weigh 0);
#if HALO_PAIRS == 0              // 0: the general program, the count the draw's uniform
uniform int uPairs;
#define PAIRS uPairs
#else
#define PAIRS HALO_PAIRS
#endif

uniform sampler2D uSource;
uniform vec2 uStep;              // one texel along the pass's axis, normalised: (1/w, 0) or (0, 1/h)
uniform vec2 uTexSize;           // the atlas size, texels
uniform float uCenterWeight;     // w[0]
uniform float uPairWeights[MAX_PAIRS];
uniform float uPairOffsets[MAX_PAIRS];

out vec4 fragColor;

void main() {
    vec2 c = gl_FragCoord.xy / uTexSize;
    vec4 sum = textureLod(uSource, c, 0.0) * uCenterWeight;
    for (int j = 0; j < PAIRS; j++) {
        vec2 o = uStep * uPairOffsets[j];
        sum += (textureLod(uSource, c + o, 0.0) + textureLod(uSource, c - o, 0.0)) * uPairWeights[j];
    }
    fragColor = sum;
}
