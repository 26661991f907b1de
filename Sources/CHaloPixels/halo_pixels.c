// See halo_pixels.h. Compiled for AVX-512, AVX2 and plain x86-64 (the widest the CPU has is
// chosen when the library loads); the same arithmetic in each, so the same bytes.
#include "halo_pixels.h"
#include <math.h>

#pragma clang fp contract(off)

#define HALO_BODY static inline __attribute__((always_inline))

HALO_BODY double clamp01(double v) { v = 0 >= v ? 0 : v; return 1 < v ? 1 : v; }

HALO_BODY void convert_body(const float *premul, uint8_t *out, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const float *p = premul + 4 * i;
        double a = clamp01((double)p[3]);
        double a8 = floor(a * 255 + 0.5);
        // An opaque pixel's colour divided by 1 is itself, as PremulImage.straightRGBA8 has it.
        double d = a > 0 ? a : 1;
        double r = floor(clamp01((double)p[0] / d) * 255 + 0.5);
        double g = floor(clamp01((double)p[1] / d) * 255 + 0.5);
        double b = floor(clamp01((double)p[2] / d) * 255 + 0.5);
        int keep = a8 > 0;     /* false for a NaN alpha too */
        out[4 * i + 0] = keep ? (uint8_t)r : 0;
        out[4 * i + 1] = keep ? (uint8_t)g : 0;
        out[4 * i + 2] = keep ? (uint8_t)b : 0;
        out[4 * i + 3] = keep ? (uint8_t)a8 : 0;
    }
}

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq"))) static void convert_avx512(const float *p, uint8_t *o, size_t n) { convert_body(p, o, n); }
__attribute__((target("avx2"))) static void convert_avx2(const float *p, uint8_t *o, size_t n) { convert_body(p, o, n); }

static int level;
__attribute__((constructor)) static void find_level(void) {
    __builtin_cpu_init();
    level = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
            && __builtin_cpu_supports("avx512dq") ? 2 : __builtin_cpu_supports("avx2") ? 1 : 0;
}
#endif

void halo_straight_rgba8(const float *premul, uint8_t *out, size_t count) {
#if defined(__x86_64__) && defined(__clang__)
    if (level == 2) { convert_avx512(premul, out, count); return; }
    if (level == 1) { convert_avx2(premul, out, count); return; }
#endif
    convert_body(premul, out, count);
}
