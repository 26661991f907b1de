// Premultiplied float pixels to 8-bit straight-alpha RGBA (HaloCore's PremulImage.toRGBA8):
// the one rounding of docs/scene-format.md "Colours". In C so that the loop vectorises.
#ifndef HALO_PIXELS_H
#define HALO_PIXELS_H
#include <stddef.h>
#include <stdint.h>

/// Converts `count` premultiplied RGBA pixels (4 floats each, sRGB-encoded, 0...1) to
/// straight-alpha 8-bit RGBA (4 bytes each): alpha a clamped to [0, 1], and each colour
/// channel divided by the unrounded alpha and clamped, each rounded half up
/// (floor(x * 255 + 0.5), computed in double without fused multiply-add); (0, 0, 0, 0)
/// where alpha rounds to 0 or is not a number.
void halo_straight_rgba8(const float *premul, uint8_t *out, size_t count);

#endif
