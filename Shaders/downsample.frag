#version 330 core
// A region of a float image at 1/k resolution, the source of a blur at reduced resolution
// (GlowPlan): each texel the mean of its k x k block of pixels, the image extended beyond
// its valid texels by its edge texels (clamp to edge). Used for a material's backdrop (the
// canvas below the layer; docs/scene-format.md "Material") and for a text's glow (its fill image,
// blank around the glyphs; optionally recoloured, docs/scene-format.md "Glow"). Drawn over the region
// (texel (0, 0) is the block whose first pixel is uOrigin); blur.frag then blurs it.
// Exact to float rounding.
uniform sampler2D uSource;       // premultiplied float image, pixel (x, y) at texel (x, y)
uniform ivec2 uLast;             // the source's last valid texel
uniform ivec2 uOrigin;           // source pixel of the region's first block
uniform int uK;                  // pixels a block side
uniform vec4 uRecolor;           // alpha >= 0: this colour times the block's alpha (a glow's colour)
out vec4 fragColor;

void main() {
    ivec2 first = uOrigin + ivec2(gl_FragCoord.xy) * uK;
    vec4 sum = vec4(0.0);
    for (int j = 0; j < uK; j++) {
        for (int i = 0; i < uK; i++) {
            sum += texelFetch(uSource, clamp(first + ivec2(i, j), ivec2(0), uLast), 0);
        }
    }
    sum /= float(uK * uK);
    fragColor = uRecolor.a >= 0.0 ? uRecolor * sum.a : sum;
}
