// The two passes of the exact glow's separable convolution (docs/scene-format.md "Glow"), for the CPU
// reference renderer (HaloReference). Pixels are premultiplied RGBA, 4 floats each, rows
// contiguous. Every output value is the sum of its terms in order of increasing source
// index, each term added by one fused multiply-add (one rounding), so the result is the
// same on every CPU and for every split of the work; only terms whose source pixel is zero
// (all four channels) are skipped.
#ifndef HALO_CONVOLUTION_H
#define HALO_CONVOLUTION_H
#include <stdint.h>

/// Columns of the vertical pass whose source rows are listed together (`rows_of_block`).
#define HALO_VERTICAL_BLOCK 16
/// Target rows of the vertical pass done together at the widest and the plain levels (they
/// share each source row read; the AVX2 build takes its own).
#define HALO_VERTICAL_ROWS 4

/// Horizontal pass of one row: out[tx - out_x0] += src[x - src_x0] * w[tx - x + radius]
/// for every source pixel x (src_x0 <= x < src_x0 + src_width) that is not zero and every
/// tx (out_x0 <= tx < out_x0 + out_width) with |tx - x| <= radius, x increasing.
/// `w` holds 2 radius + 1 weights; `out` is added to (clear it first).
void halo_horizontal_pass(const float *src, int32_t src_x0, int32_t src_width,
                          const float *w, int32_t radius,
                          float *out, int32_t out_x0, int32_t out_width);

/// Vertical pass of the column blocks [block_begin, block_end) (HALO_VERTICAL_BLOCK pixels
/// each; the last one may be narrower): target row t (y = out_y0 + t, 0 <= t < out_rows)
/// gets, in each of its columns, the sum over the block's listed source rows sy within
/// `radius` of y (source row index s, sy = src_y0 + s) of src[s][x] * w[y - sy + radius],
/// s increasing. `rows_of_block[block_start[b] ..< block_start[b + 1]]` lists, increasing,
/// the source rows that hold a non-zero value in block b. `width` is the row length in
/// pixels of both images; `out` is written (not added to) where a block has a row in reach.
void halo_vertical_pass(const float *src, int32_t src_y0,
                        const int32_t *rows_of_block, const int32_t *block_start,
                        int32_t block_begin, int32_t block_end,
                        const float *w, int32_t radius,
                        float *out, int32_t out_y0, int32_t out_rows, int32_t width);

/// The instruction level the passes run at: 2 AVX-512 (with FMA), 1 AVX2 and FMA, 0 plain
/// x86-64 or another CPU. Every level gives the same bits.
int halo_convolution_level(void);

/// Sets the level to `to`, clamped to 0 ... the widest this CPU has (HALO_CONVOLUTION_LEVEL
/// lowers it at load), to compare the levels' results. Not to be called while a pass runs.
void halo_convolution_set_level(int to);

#endif
