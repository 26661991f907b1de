// See halo_convolution.h. Each pass's body is compiled three times, for AVX-512, for AVX2
// with FMA and for plain x86-64, and the first call picks the widest the CPU has. Every
// term is added with one fused multiply-add (fmaf: one rounding), which the plain build
// does in software, so every build gives the same bits; nothing else is contracted.
// (HALO_CONVOLUTION_LEVEL=0 or 1 forces a narrower build, to compare them.)
#include "halo_convolution.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#pragma clang fp contract(off)

#define HALO_BODY static inline __attribute__((always_inline))
// Blocking for each level, so that the sums stay in vector registers (AVX2 has 16, AVX-512
// 32): the horizontal pass's targets per block, and the vertical pass's pixels and target
// rows per group (each source row read serves every row of the group).
enum {
    AVX512_TARGETS = 16, AVX512_PIXELS = HALO_VERTICAL_BLOCK, AVX512_ROWS = HALO_VERTICAL_ROWS,
    AVX2_TARGETS = 8, AVX2_PIXELS = 4, AVX2_ROWS = 6,
    PLAIN_TARGETS = 4, PLAIN_PIXELS = HALO_VERTICAL_BLOCK, PLAIN_ROWS = HALO_VERTICAL_ROWS,
};

// The horizontal pass gathers: each block of OB target pixels sums its source pixels in
// order of increasing x (the order of the header's definition), its sums in registers.
// The weights are laid out 4 times each (one per channel) with OB - 1 zeros on each side,
// so that a source pixel out of one target's reach but within another's of the block adds
// an exact zero to the first (x * 0 + acc == acc: the values are finite and not negative).
HALO_BODY void horizontal_body(const float *src, int32_t src_x0, int32_t src_width,
                          const float *w, int32_t radius,
                          float *out, int32_t out_x0, int32_t out_width, const int OB) {
    enum { MAX_OB = 16 };
    if (src_width <= 0 || out_width <= 0) return;
    int32_t *nz = malloc(sizeof(int32_t) * (size_t)src_width);
    float *w4 = malloc(sizeof(float) * 4 * (2 * (size_t)radius + 1 + 2 * (OB - 1)));
    if (!nz || !w4) {
        free(nz); free(w4);
        // Without the memory, the plain scatter: the same terms in the same order.
        for (int32_t si = 0; si < src_width; si++) {
            const float *v = src + 4 * si;
            if (v[0] == 0 && v[1] == 0 && v[2] == 0 && v[3] == 0) continue;
            int32_t x = src_x0 + si;
            int32_t lo = x - radius > out_x0 ? x - radius : out_x0;
            int32_t hi = x + radius < out_x0 + out_width - 1 ? x + radius : out_x0 + out_width - 1;
            for (int32_t t = lo; t <= hi; t++) {
                float wt = w[t - x + radius], *o = out + 4 * (t - out_x0);
                for (int c = 0; c < 4; c++) o[c] = fmaf(v[c], wt, o[c]);
            }
        }
        return;
    }
    int32_t m = 0;
    for (int32_t si = 0; si < src_width; si++) {
        const float *v = src + 4 * si;
        if (!(v[0] == 0 && v[1] == 0 && v[2] == 0 && v[3] == 0)) nz[m++] = si;
    }
    if (m > 0) {
        const int32_t pad = OB - 1, nw = 2 * radius + 1;
        for (int32_t k = 0; k < 4 * pad; k++) { w4[k] = 0; w4[4 * (pad + nw) + k] = 0; }
        for (int32_t k = 0; k < nw; k++) for (int c = 0; c < 4; c++) w4[4 * (pad + k) + c] = w[k];
        int32_t lo = src_x0 + nz[0] - radius, hi = src_x0 + nz[m - 1] + radius;
        if (lo < out_x0) lo = out_x0;
        if (hi > out_x0 + out_width - 1) hi = out_x0 + out_width - 1;
        int32_t first = 0;
        int32_t t0 = lo;
        for (; t0 + OB - 1 <= hi; t0 += OB) {
            while (first < m && src_x0 + nz[first] < t0 - radius) first++;
            float acc[4 * MAX_OB];
            float *o = out + 4 * (t0 - out_x0);
            for (int k = 0; k < 4 * OB; k++) acc[k] = o[k];
            for (int32_t q = first; q < m && src_x0 + nz[q] <= t0 + OB - 1 + radius; q++) {
                const int32_t x = src_x0 + nz[q];
                const float *v = src + 4 * nz[q];
                const float vv[8] = { v[0], v[1], v[2], v[3], v[0], v[1], v[2], v[3] };
                const float *wk = w4 + 4 * (t0 - x + radius + pad);
                for (int k = 0; k < 4 * OB; k++) acc[k] = fmaf(vv[k & 7], wk[k], acc[k]);
            }
            for (int k = 0; k < 4 * OB; k++) o[k] = acc[k];
        }
        // The last targets one at a time.
        for (int32_t t = t0; t <= hi; t++) {
            while (first < m && src_x0 + nz[first] < t - radius) first++;
            float *o = out + 4 * (t - out_x0);
            for (int32_t q = first; q < m && src_x0 + nz[q] <= t + radius; q++) {
                const float *v = src + 4 * nz[q];
                const float wt = w[t - (src_x0 + nz[q]) + radius];
                for (int c = 0; c < 4; c++) o[c] = fmaf(v[c], wt, o[c]);
            }
        }
    }
    free(nz); free(w4);
}

HALO_BODY void vertical_body(const float *src, int32_t src_y0,
                        const int32_t *rows_of_block, const int32_t *block_start,
                        int32_t block_begin, int32_t block_end,
                        const float *w, int32_t radius,
                        float *out, int32_t out_y0, int32_t out_rows, int32_t width,
                        const int SUB, const int R) {
    // SUB pixels of the block (dividing it) by R target rows at a time.
    enum { B = HALO_VERTICAL_BLOCK, MAX_R = 8, MAX_F = 4 * HALO_VERTICAL_BLOCK };
    const int F = 4 * SUB;
    // The weights with R - 1 zeros on each side: a source row just out of one target row's
    // reach but within another's of the same group adds an exact zero to the first.
    // Without the memory for them every row is done alone.
    float *padded = malloc(sizeof(float) * (2 * (size_t)radius + 1 + 2 * (MAX_R - 1)));
    float *wz = padded ? padded + (MAX_R - 1) : NULL;
    if (wz) {
        for (int k = 0; k < MAX_R - 1; k++) { padded[k] = 0; wz[2 * radius + 1 + k] = 0; }
        for (int32_t k = 0; k <= 2 * radius; k++) wz[k] = w[k];
    }
    const int64_t stride = 4 * (int64_t)width;
    for (int32_t b = block_begin; b < block_end; b++) {
        const int32_t *list = rows_of_block + block_start[b];
        const int32_t count = block_start[b + 1] - block_start[b];
        if (count == 0) continue;
        const int32_t x0 = b * B;
        const int32_t n = width - x0 < B ? width - x0 : B;
        int32_t first = 0;
        int32_t t = 0;
        if (n == B && wz) {
            // R target rows at a time share each source row they read.
            for (; t + R <= out_rows; t += R) {
                const int32_t y = out_y0 + t;
                const int32_t lo = y - radius - src_y0, hi = y + R - 1 + radius - src_y0;
                while (first < count && list[first] < lo) first++;
                if (first == count) break;
                if (list[first] > hi) continue;
                int32_t end = first;
                while (end < count && list[end] <= hi) end++;
                for (int32_t sub = 0; sub < B; sub += SUB) {
                    float acc[MAX_R][MAX_F];
                    for (int i = 0; i < R; i++) for (int k = 0; k < F; k++) acc[i][k] = 0;
                    for (int32_t q = first; q < end; q++) {
                        const int32_t s = list[q];
                        const float *p = src + s * stride + 4 * (x0 + sub);
                        const float *wt = wz + (y - (s + src_y0) + radius);
                        for (int i = 0; i < R; i++) {
                            const float wi = wt[i];
                            for (int k = 0; k < F; k++) acc[i][k] = fmaf(p[k], wi, acc[i][k]);
                        }
                    }
                    for (int i = 0; i < R; i++) memcpy(out + (t + i) * stride + 4 * (x0 + sub), acc[i], sizeof(float) * F);
                }
            }
        }
        for (; t < out_rows; t++) {
            const int32_t y = out_y0 + t;
            const int32_t lo = y - radius - src_y0, hi = y + radius - src_y0;
            while (first < count && list[first] < lo) first++;
            if (first == count) break;
            if (list[first] > hi) continue;
            float *o = out + t * stride + 4 * x0;
            for (int k = 0; k < 4 * n; k++) o[k] = 0;
            for (int32_t q = first; q < count && list[q] <= hi; q++) {
                const int32_t s = list[q];
                const float wt = w[y - (s + src_y0) + radius];
                const float *p = src + s * stride + 4 * x0;
                for (int k = 0; k < 4 * n; k++) o[k] = fmaf(p[k], wt, o[k]);
            }
        }
    }
    free(padded);
}

#define HALO_HORIZONTAL_ARGS const float *src, int32_t src_x0, int32_t src_width, const float *w, \
    int32_t radius, float *out, int32_t out_x0, int32_t out_width
#define HALO_HORIZONTAL_CALL src, src_x0, src_width, w, radius, out, out_x0, out_width
#define HALO_VERTICAL_ARGS const float *src, int32_t src_y0, const int32_t *rows_of_block, \
    const int32_t *block_start, int32_t block_begin, int32_t block_end, const float *w, \
    int32_t radius, float *out, int32_t out_y0, int32_t out_rows, int32_t width
#define HALO_VERTICAL_CALL src, src_y0, rows_of_block, block_start, block_begin, block_end, w, \
    radius, out, out_y0, out_rows, width

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target("avx512f,fma"))) static void horizontal_avx512(HALO_HORIZONTAL_ARGS) { horizontal_body(HALO_HORIZONTAL_CALL, AVX512_TARGETS); }
__attribute__((target("avx2,fma"))) static void horizontal_avx2(HALO_HORIZONTAL_ARGS) { horizontal_body(HALO_HORIZONTAL_CALL, AVX2_TARGETS); }
__attribute__((target("avx512f,fma"))) static void vertical_avx512(HALO_VERTICAL_ARGS) { vertical_body(HALO_VERTICAL_CALL, AVX512_PIXELS, AVX512_ROWS); }
__attribute__((target("avx2,fma"))) static void vertical_avx2(HALO_VERTICAL_ARGS) { vertical_body(HALO_VERTICAL_CALL, AVX2_PIXELS, AVX2_ROWS); }

/// 2: AVX-512 (with FMA), 1: AVX2 and FMA, 0: neither; set once when the library loads,
/// before any thread can call a pass.
static int level, detected;

__attribute__((constructor)) static void find_instruction_level(void) {
    __builtin_cpu_init();
    level = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma") ? 2
          : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 1 : 0;
    detected = level;
    // A lower level may be forced (never a higher one: the CPU would not have it).
    const char *forced = getenv("HALO_CONVOLUTION_LEVEL");
    if (forced && forced[0] >= '0' && forced[0] <= '2' && forced[1] == 0 && forced[0] - '0' < level) level = forced[0] - '0';
}

static int instruction_level(void) { return level; }

int halo_convolution_level(void) { return level; }

void halo_convolution_set_level(int to) { level = to < 0 ? 0 : to > detected ? detected : to; }

/// Runs the widest variant of `pass` this CPU has (its _avx512 or _avx2 function) and
/// returns; falls through to the plain body otherwise.
#define HALO_DISPATCH(pass, call) \
    switch (instruction_level()) { \
    case 2: pass##_avx512(call); return; \
    case 1: pass##_avx2(call); return; \
    default: break; \
    }
#else
#define HALO_DISPATCH(pass, call)
int halo_convolution_level(void) { return 0; }
void halo_convolution_set_level(int to) { (void)to; }
#endif

void halo_horizontal_pass(HALO_HORIZONTAL_ARGS) {
    HALO_DISPATCH(horizontal, HALO_HORIZONTAL_CALL)
    horizontal_body(HALO_HORIZONTAL_CALL, PLAIN_TARGETS);
}

void halo_vertical_pass(HALO_VERTICAL_ARGS) {
    HALO_DISPATCH(vertical, HALO_VERTICAL_CALL)
    vertical_body(HALO_VERTICAL_CALL, PLAIN_PIXELS, PLAIN_ROWS);
}
