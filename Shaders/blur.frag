#version 330 core
// One pass of the separable Gaussian: out(x) = sum_k w[k] in(x + k * dir), zero outside
// the source's used region. The weights are the Gaussian's integrals over each texel,
// Phi((k + 1/2) / sigma) - Phi((k - 1/2) / sigma) (SCENE.md "Glow"), computed once per
// frame on the CPU, truncated at 4 sigma (the tail beyond is under 7e-5 of the total).
const int MAX_RADIUS = 64;       // keep in sync with Sources/HaloGL/GlowPlan.swift

uniform sampler2D uSource;
uniform ivec2 uDirection;        // (1, 0) or (0, 1)
uniform ivec2 uSourceSize;       // used region of the source, texels
uniform int uRadius;             // taps on each side
uniform float uWeights[MAX_RADIUS + 1];   // w[0] ... w[radius]; w[-k] = w[k]

out vec4 fragColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 sum = texelFetch(uSource, p, 0) * uWeights[0];
    for (int k = 1; k <= uRadius; k++) {
        ivec2 a = p + k * uDirection, b = p - k * uDirection;
        vec4 va = all(lessThan(a, uSourceSize)) ? texelFetch(uSource, a, 0) : vec4(0.0);
        vec4 vb = all(greaterThanEqual(b, ivec2(0))) ? texelFetch(uSource, b, 0) : vec4(0.0);
        sum += (va + vb) * uWeights[k];
    }
    fragColor = sum;
}
