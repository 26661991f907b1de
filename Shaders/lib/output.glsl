// The final image: where a canvas pixel becomes the 8-bit value written out.
#ifndef HALO_OUTPUT_GLSL
#define HALO_OUTPUT_GLSL

// The canvas position (pixels, y down) of this fragment: tile.vert's uCanvasToTarget inverted
// (its scale is +-1 on each axis).
vec2 canvasPixel(vec2 fragCoord, vec4 canvasToTarget) {
    return (fragCoord - canvasToTarget.zw) * canvasToTarget.xy;
}

// The one rounding to 8 bits (docs/scene-format.md "Colours", output) of a premultiplied colour:
// straight alpha, the colour divided by the unrounded alpha, each channel rounded half up;
// a pixel whose alpha rounds to 0 becomes (0, 0, 0, 0). The values are exact multiples of
// 1/255, so an RGBA8 target stores them without further rounding.
vec4 straightRGBA8(vec4 c) {
    float a = clamp(c.a, 0.0, 1.0);
    float a8 = floor(a * 255.0 + 0.5);
    if (a8 == 0.0) return vec4(0.0);
    vec3 rgb = floor(clamp(c.rgb / a, 0.0, 1.0) * 255.0 + 0.5);
    return vec4(rgb, a8) / 255.0;
}

#if defined(HALO_DIRECT) && (HALO_GENERAL || HALO_DIRECT >= 1 && HALO_DIRECT <= 2)
// What a tile written straight into the target writes for `over`, its pixel composited
// over the background colour (or constant layers over it), premultiplied: HALO_DIRECT 1
// straightRGBA8; 2 over an opaque background, opaque, straightRGBA8 with alpha 1, rounded
// here, so that a window (whose own 8-bit conversion rounds to nearest, GL 4.6 section
// 2.3.5.2: one level apart from floor(x + 0.5) at exact ties) shows `render`'s bytes.
vec4 directOutput(vec4 over) {
    if (OUTPUT == OUTPUT_OVER_OPAQUE) return vec4(floor(over.rgb * 255.0 + 0.5) / 255.0, 1.0);
    return straightRGBA8(over);
}
#endif
#endif
