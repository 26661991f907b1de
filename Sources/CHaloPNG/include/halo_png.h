// A small C shim over libpng. libpng reports errors by longjmp; every setjmp
// stays inside these functions, so no longjmp ever crosses a Swift frame.
#ifndef HALO_PNG_H
#define HALO_PNG_H
#include <stddef.h>
#include <stdint.h>

/// Writes `width` x `height` 8-bit RGBA pixels (straight alpha, rows top to
/// bottom, 4 bytes a pixel) as a PNG to the file open for writing as `fd`, and
/// closes `fd` (also on failure). The caller creates the file, so that it can
/// create it under its own lock (an interrupted program removes it).
/// `text_key` and `text_value`, when not NULL, are written as one tEXt chunk
/// before the image data (a Latin-1 keyword of 1 to 79 bytes, and its text).
/// Returns 0 on success; otherwise -1 and a message in `err`.
int halo_png_write_rgba8_fd(int fd, uint32_t width, uint32_t height,
                            const uint8_t *rgba, const char *text_key, const char *text_value,
                            char *err, size_t errlen);

/// Reads any PNG (palette, grey, 16-bit, interlaced, with or without alpha)
/// as 8-bit straight-alpha RGBA. Images wider or taller than `max_side` are
/// refused from their header, before any pixel memory is allocated.
/// On success returns 0, sets *width, *height and *pixels (free with
/// halo_png_free). On failure returns -1 with a message in `err`.
int halo_png_read_rgba8(const char *path, uint32_t max_side, uint32_t *width,
                        uint32_t *height, uint8_t **pixels, char *err, size_t errlen);

/// Frees pixels returned by halo_png_read_rgba8.
void halo_png_free(uint8_t *pixels);

#endif
