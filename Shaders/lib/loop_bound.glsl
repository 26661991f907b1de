// The bound on a shader paint's or shape's loops (Shaders/README.md "Loops"). Halo rewrites
// each `for (A; B; C)` of the user's file to `for (A; (B) && haloLoop(LINE); C)` and each
// `while (B)` (a do-while's too) to `while ((B) && haloLoop(LINE))`, LINE the keyword's line
// in the file plus 100000 times the file's number (0 the paint's or shape's own, 1, 2, ...
// files it includes from beside it; ShaderLoopBound.swift). One call of haloPaint or haloShape may run at most
// HALO_MAX_ITERATIONS iterations of its loops in all (haloLoopCount is reset before each
// call: lib/shader_paint.glsl, lib/shape_eval.glsl); the iteration that would pass the
// bound ends its loop instead and leaves its LINE in haloLoopLine, which the shape pass
// (shape_pass.frag, then loop_scan.frag) and the paint scan (paint_scan.frag) report, so the
// frame is refused rather than drawn wrong. llvmpipe itself ends a loop after 65535 iterations without a word (Mesa's
// LP_MAX_TGSI_LOOP_ITERATIONS), a GPU may take the whole display with it: the bound stays
// under both.
#ifndef HALO_LOOP_BOUND_GLSL
#define HALO_LOOP_BOUND_GLSL

#define HALO_MAX_ITERATIONS 16384

int haloLoopCount = 0;           // iterations of the current call so far
int haloLoopLine = 0;            // the LINE of a loop that reached the bound; 0 none

// True when one more iteration is allowed (counted); false at the bound, noting `line`.
bool haloLoop(int line) {
    if (haloLoopCount >= HALO_MAX_ITERATIONS) {
        haloLoopLine = line;
        return false;
    }
    haloLoopCount += 1;
    return true;
}
#endif
