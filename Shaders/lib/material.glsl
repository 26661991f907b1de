// A material fill (docs/scene-format.md "Material"): the canvas below the layer, blurred, saturated and
// tinted. The blur is computed before the layer's tiles (material_source.frag and blur.frag,
// GLRenderer's material passes) into uMaterial at 1/k resolution; this reads it back and
// applies the rest. Keep in sync with Sources/HaloReference/MaterialFilter.swift.
#ifndef HALO_MATERIAL_GLSL
#define HALO_MATERIAL_GLSL
#include "lib/layer_data.glsl"

const int PAINT_MATERIAL = 5;
#define HALO_PAINT_MATERIAL 5    // PAINT_MATERIAL, for #if

#if HALO_FILL == HALO_PAINT_MATERIAL
uniform sampler2D uMaterial;     // the blurred canvas below, premultiplied, 1/k resolution
uniform vec2 uMaterialSize;      // its size, texels

// CSS Filter Effects' saturate(s) on premultiplied sRGB-encoded values, each colour channel
// clamped to [0, alpha] (Filter Effects Module Level 1, feColorMatrix type "saturate").
// Exact to float rounding.
vec4 saturateColor(vec4 c, float s) {
    mat3 m = mat3(0.213 + 0.787 * s, 0.213 - 0.213 * s, 0.213 - 0.213 * s,    // columns
                  0.715 - 0.715 * s, 0.715 + 0.285 * s, 0.715 - 0.715 * s,
                  0.072 - 0.072 * s, 0.072 - 0.072 * s, 0.072 + 0.928 * s);
    return vec4(clamp(m * c.rgb, vec3(0.0), vec3(c.a)), c.a);
}

// P at pixel centre p: the blurred canvas read bilinearly at its texel for p (texel 13:
// region origin xy in pixels, 1 / k; GlowPlan states the error of the reduced blur), then
// saturated by texel 13's w and tinted by the fill's colour (texel 2), source-over.
vec4 materialColor(vec2 p) {
    vec4 blurred = textureLod(uMaterial, (p - vMaterial.xy) * vMaterial.z / uMaterialSize, 0.0);
    vec4 s = saturateColor(blurred, vMaterial.w);
    return vPaintColor[0] + s * (1.0 - vPaintColor[0].a);
}
#endif
#endif
