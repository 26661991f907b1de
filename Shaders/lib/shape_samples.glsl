// A shader shape's samples (ShapeSamples, lib/shader_shape.glsl) as the shape pass
// (shape_pass.frag) stores them and the layer and glow-source programs read them back: 16
// floats a pixel (or glow-source texel) across the 4 layers of an RGBA32F array texture, the
// sample atlas (ShapeSampleAtlas.swift). Each edge tile of a shader shape has its own slot
// there: atlas texel = the tile's pixel (or glow atlas texel) + its instance's vCover
// (FramePlan+ShapeSamples.swift; tile.vert). Floats stored and read as they are: exact.
#ifndef HALO_SHAPE_SAMPLES_GLSL
#define HALO_SHAPE_SAMPLES_GLSL
#include "lib/shader_shape.glsl"

#if HALO_SHAPE == 3
uniform sampler2DArray uShapeSamples;   // the sample atlas (texture unit 9)

// Layer i (0...3) of the samples: (centre, whole), (dg0, dg1.x), (dg1.yz, dg2.xy), (dg2.z, dg3).
vec4 packShapeSamples(ShapeSamples r, int i) {
    if (i == 0) return vec4(r.centre, r.whole ? 1.0 : 0.0);
    if (i == 1) return vec4(r.dg[0], r.dg[1].x);
    if (i == 2) return vec4(r.dg[1].yz, r.dg[2].xy);
    return vec4(r.dg[2].z, r.dg[3]);
}

// The samples of the s x s square whose atlas texel is t (texel units; its centre).
ShapeSamples readShapeSamples(vec2 t, float s) {
    ivec2 c = ivec2(t);
    vec4 a = texelFetch(uShapeSamples, ivec3(c, 0), 0), b = texelFetch(uShapeSamples, ivec3(c, 1), 0);
    vec4 e = texelFetch(uShapeSamples, ivec3(c, 2), 0), f = texelFetch(uShapeSamples, ivec3(c, 3), 0);
    ShapeSamples r;
    r.s = s;
    r.centre = a.xyz;
    r.whole = a.w > 0.5;
    r.dg[0] = b.xyz;
    r.dg[1] = vec3(b.w, e.xy);
    r.dg[2] = vec3(e.zw, f.x);
    r.dg[3] = f.yzw;
    return r;
}
#endif
#endif
