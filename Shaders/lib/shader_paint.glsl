// Shader paints (GPU only; the contract is in Shaders/README.md): the file's
// vec4 haloPaint(vec2 unitPoint, vec2 point, float time), straight-alpha sRGB, called once
// per pixel at the middle of the pixel's covered part, clamped to 0...1 and premultiplied.
// Keep in sync with Sources/HaloGL/Plan/LayerData.swift (case .shader) and
// Sources/HaloGL/Programs/ShaderPaintFile.swift.
#ifndef HALO_SHADER_PAINT_GLSL
#define HALO_SHADER_PAINT_GLSL
#include "lib/layer_data.glsl"
// haloLoop, which the user's loops call (rewritten by Halo), and the bound it keeps.
#include "lib/loop_bound.glsl"

const int PAINT_SHADER = 4;

// The scene's loop period in seconds (the least common period of its animations, at most
// 60 s; 0 when it has none or nothing moves), for paints that should loop with the scene:
// e.g. fract(time / haloLoopPeriod). Global to a frame (GLRenderer sets it).
uniform float haloLoopPeriod;
#define HALO_PAINT_SHADER 4      // PAINT_SHADER, for #if

// The scene's parameters as uniforms p_NAME (empty here; in the variants with a shader
// paint GLRenderer declares them in its place).
#include "paint/params.glsl"

// Empty here; in the variants with a shader paint GLRenderer reads the paint's file in
// their place. Each file defines haloPaint, renamed per slot by these macros.
#define haloPaint haloPaintFill
#include "paint/fill.glsl"
#undef haloPaint
#define haloPaint haloPaintStroke
#include "paint/stroke.glsl"
#undef haloPaint

#if HALO_FILL == HALO_PAINT_SHADER || HALO_STROKE == HALO_PAINT_SHADER
// Slot i's paint at pixel-space point p. vPaintGeometry[i] is the shape's bounding rect
// (origin.xy, size.zw; pixels), vShaderPaint[2i], [2i + 1] = (pixels per point, time in seconds).
vec4 shaderPaintColor(int i, vec2 p) {
    vec4 rect = vPaintGeometry[i];
    vec2 d = p - rect.xy;
    vec2 unitPoint = d / max(rect.zw, vec2(1e-6));
    vec2 point = d / vShaderPaint[2 * i];
    float time = vShaderPaint[2 * i + 1];
    vec4 c = vec4(0.0);
    haloLoopCount = 0;           // each call its own bound (lib/loop_bound.glsl)
#if HALO_FILL == HALO_PAINT_SHADER
    if (i == 0) c = haloPaintFill(unitPoint, point, time);
#endif
#if HALO_STROKE == HALO_PAINT_SHADER
    if (i == 1) c = haloPaintStroke(unitPoint, point, time);
#endif
    c = clamp(c, 0.0, 1.0);
    return vec4(c.rgb * c.a, c.a);
}
#endif
#endif
