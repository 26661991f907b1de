#version 330 core
// The source of a material's blur (SCENE.md "Material"): the canvas below the layer at 1/k
// resolution, each texel the mean of its k x k block of canvas pixels, the canvas extended
// beyond its edges by its edge pixels (clamp to edge). Drawn over the material's region
// (texel (0, 0) is the block whose first pixel is uOrigin); blur.frag then blurs it with
// GlowPlan's kernel, which accounts for the block averaging. Exact to float rounding.
uniform sampler2D uCanvas;       // premultiplied float canvas, pixel (x, y) at texel (x, y)
uniform ivec2 uOrigin;           // canvas pixel of the region's first block
uniform int uK;                  // pixels a block side
out vec4 fragColor;

void main() {
    ivec2 last = textureSize(uCanvas, 0) - 1;
    ivec2 first = uOrigin + ivec2(gl_FragCoord.xy) * uK;
    vec4 sum = vec4(0.0);
    for (int j = 0; j < uK; j++) {
        for (int i = 0; i < uK; i++) {
            sum += texelFetch(uCanvas, clamp(first + ivec2(i, j), ivec2(0), last), 0);
        }
    }
    fragColor = sum / float(uK * uK);
}
