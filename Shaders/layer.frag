#version 330 core
// One layer as a group: fill, then glow, then stroke, each with its own coverage,
// composited in the shader (source-over, premultiplied, sRGB-encoded values), then
// multiplied by the layer's opacity. Drawn over the layer's tiles (tile.vert); the
// variant's #defines (lib/layer_data.glsl) say what the layer has. Tiles that other
// layers touch too are blended over the float canvas (glBlendFunc(GL_ONE,
// GL_ONE_MINUS_SRC_ALPHA)); a tile no other layer touches (HALO_DIRECT) is composited over
// the background here (or over constant layers below it: vBackdrop), the same source-over,
// and written as the final 8-bit value.
#include "lib/shape.glsl"
#include "lib/paint_eval.glsl"
#include "lib/output.glsl"
#include "lib/material.glsl"
#if HALO_DASH
#include "lib/dash.glsl"
#endif
#if HALO_DISTANCE_VIEW
#include "lib/distance_view.glsl"
#endif

uniform sampler2D uGlow;         // the glow atlas: each glow's blurred stroke layer,
                                 // premultiplied, in its region with blank texels around
uniform vec4 uCanvasToTarget;    // see tile.vert
#if HALO_GENERAL || HALO_DIRECT >= 1 && HALO_DIRECT <= 2
flat in vec4 vBackdrop;          // what the tile lies over, premultiplied: the background, or
                                 // constant layers over it (tile.vert, CellBackdrops.swift)
#endif
uniform sampler2D uTextAtlas;    // HALO_TEXT: each text's group, premultiplied (TextAtlas.swift)
uniform sampler2D uBackgroundImage; // OUTPUT 4: the placed background image, premultiplied,
                                 // canvas pixels, image row 0 at GL y = 0

flat in vec2 vCover;             // edge-free tiles: coverage of fill and stroke; a shader shape's
                                 // edge tiles: their slot in the sample atlas (lib/shape_samples.glsl)
#if HALO_GLOW == 1
flat in vec3 vGlowAtlas;         // the glow's atlas texel for canvas pixel p is p * z + xy (tile.vert)
uniform vec2 uGlowAtlasTexel;    // 1 / the atlas's size (a power of two a side: exact)
#endif
#if HALO_FILL == HALO_PAINT_MATERIAL
// A material fill replaces the canvas within its coverage (docs/scene-format.md "Material"), which
// source-over cannot express: dual-source blending (GL 3.3, ARB_blend_func_extended) with
// glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC1_ALPHA) makes the canvas fragColor + D (1 - f).
layout(location = 0, index = 0) out vec4 fragColor;
layout(location = 0, index = 1) out vec4 fragFactor;
#else
out vec4 fragColor;
#endif

void main() {
#if HALO_CORNERS == 2
    gCornerIndex = int(vCover.x);      // the one corner that reaches this tile (lib/shape.glsl)
#endif
    vec2 p = canvasPixel(gl_FragCoord.xy, uCanvasToTarget);
#if HALO_DISTANCE_VIEW
    // The distance view's field (lib/distance_view.glsl): the layer's signed distance alone.
    fragColor = distanceFieldTexel(p);
    return;
#endif
    vec4 layer = vec4(0.0);
    const vec4 WHOLE = vec4(1.0, 0.0, -0.5, 0.5);
    // Edge tiles' coverage (EDGE: a constant, or the draw's uniform in a general program,
    // lib/layer_data.glsl); an edge-free tile's is the tile's (vCover).
#if HALO_SHAPE == 3
    // A shader shape: its distances near the pixel, found once for every level set by the
    // shape pass (shape_pass.frag), in the tile's slot of the sample atlas (lib/shape_samples.glsl).
    ShapeSamples samples;
    if (EDGE != EDGE_INSIDE) samples = readShapeSamples(p + vCover, 1.0);
#define FILL_COVER shaderShapeCover(samples, 0.0)
#define STROKE_COVER (shaderShapeCover(samples, vStroke.y) - shaderShapeCover(samples, vStroke.x))
#define STRIP(lo, hi) (EDGE == EDGE_INSIDE ? WHOLE : shaderShapeStrip(samples, lo, hi))
#else
    // Smooth-edge tile: one signed distance and normal serve every edge (lib/shape.glsl).
    vec3 sdg = vec3(0.0);
    if (EDGE == EDGE_SMOOTH) sdg = smoothShapeSDG(p);
    // The exact coverage at each level set drawn (the fill's 0, the stroke's inner and outer
    // offsets) from one call site: the rolled loop keeps one copy of coverShape's code where
    // three calls made three (ROLLED, lib/sdf.glsl). A stroke edge on the fill's edge (an
    // inside stroke's outer, an outside stroke's inner) is the fill's level set: its
    // coverage is the fill's, the same value, and the loop skips it (the offsets are the
    // tile's, so every pixel of a draw takes the same turns).
    vec3 levelCover = vec3(0.0);
    if (EDGE == EDGE_PER_PIXEL) {
        bool outerIsFill = HALO_FILL >= 0 && HALO_STROKE >= 0 && vStroke.y == 0.0;
        bool innerIsFill = HALO_FILL >= 0 && HALO_STROKE >= 0 && vStroke.x == 0.0;
        int levels = (HALO_STROKE >= 0 ? ROLLED(3) : 1) - (outerIsFill ? 1 : 0) - (innerIsFill ? 1 : 0);
        for (int j = HALO_FILL >= 0 ? 0 : 1; j < levels; j++) {
            int k = innerIsFill && j > 0 ? j + 1 : j;
            levelCover[k] = coverShape(p, 1.0, k == 0 ? 0.0 : vStroke[k - 1]);
        }
        if (outerIsFill) levelCover.z = levelCover.x;
        if (innerIsFill) levelCover.y = levelCover.x;
    }
#define FILL_COVER (EDGE == EDGE_SMOOTH ? smoothCover(sdg, 1.0, 0.0) : levelCover.x)
#define STROKE_COVER (EDGE == EDGE_SMOOTH ? smoothCover(sdg, 1.0, vStroke.y) - smoothCover(sdg, 1.0, vStroke.x) : levelCover.z - levelCover.y)
#define STRIP(lo, hi) (EDGE == EDGE_SMOOTH ? smoothStrip(sdg, lo, hi) : EDGE == EDGE_PER_PIXEL ? coveredStrip(p, lo, hi) : WHOLE)
#endif
#if HALO_FILL >= 0
    float cf = EDGE != EDGE_INSIDE ? FILL_COVER : vCover.x;
#endif
#if HALO_STROKE >= 0
    float cs = EDGE != EDGE_INSIDE ? STROKE_COVER : vCover.y;
#if HALO_DASH
    cs = dashCoverage(p, 1.0, cs, vStroke.x, vStroke.y);     // the band cut into dashes, with round caps (lib/dash.glsl)
#endif
#endif
    // Partly covered pixels take the paint over their covered part (its strip, coveredStrip).
#define ONE_FILL_STRIP (EDGE != EDGE_INSIDE && cf < 0.999 && HALO_FILL != PAINT_SOLID ? STRIP(-1e9, 0.0) : WHOLE)
#define ONE_STROKE_STRIP (EDGE != EDGE_INSIDE && cs < 0.999 && HALO_STROKE != PAINT_SOLID ? STRIP(vStroke.x, vStroke.y) : WHOLE)
#if HALO_SHAPE != 3 && HALO_FILL >= 1 && HALO_FILL != HALO_PAINT_MATERIAL && HALO_STROKE >= 1
    // Per-pixel edges: both strips from one call site of coveredStrip (a rolled loop, as levelCover's).
    vec4 strips[2] = vec4[2](WHOLE, WHOLE);
    if (EDGE == EDGE_PER_PIXEL) {
        for (int k = 0; k < ROLLED(2); k++) {
            float c = k == 0 ? cf : cs;
            if (c > 0.0 && c < 0.999) strips[k] = coveredStrip(p, k == 0 ? -1e9 : vStroke.x, k == 0 ? 0.0 : vStroke.y);
        }
    }
#define FILL_STRIP (EDGE == EDGE_PER_PIXEL ? strips[0] : ONE_FILL_STRIP)
#define STROKE_STRIP (EDGE == EDGE_PER_PIXEL ? strips[1] : ONE_STROKE_STRIP)
#else
#define FILL_STRIP ONE_FILL_STRIP
#define STROKE_STRIP ONE_STROKE_STRIP
#endif
    vec4 stroke = vec4(0.0);
#if HALO_FILL >= 1 && HALO_FILL <= 6 && HALO_FILL != 4 && HALO_FILL != 5 && HALO_STROKE >= 1 && HALO_STROKE != 4
    // Two gradients (no solid, shader or material paint): both from one call site of
    // paintColor, the slot and its kind chosen per turn (a rolled loop: one copy of the
    // averaging, which is most of the program, where two calls made two).
    vec4 painted[2] = vec4[2](vec4(0.0), vec4(0.0));
    for (int k = 0; k < ROLLED(2); k++) {
        float c = k == 0 ? cf : cs;
        if (c > 0.0) painted[k] = paintColor(k, k == 0 ? HALO_FILL : HALO_STROKE, p, k == 0 ? FILL_STRIP : STROKE_STRIP) * c;
    }
    layer = painted[0]; stroke = painted[1];
#else
#if HALO_FILL >= 0 && HALO_FILL != HALO_PAINT_MATERIAL
    if (cf > 0.0) layer = paintColor(0, HALO_FILL, p, FILL_STRIP) * cf;
#endif
#if HALO_STROKE >= 0
    if (cs > 0.0) stroke = paintColor(1, HALO_STROKE, p, STROKE_STRIP) * cs;
#endif
#endif
#if HALO_GLOW
    if (GLOW != GLOW_NONE) {
        vec4 g;
#if HALO_GLOW == 1
        if (GLOW == GLOW_BLURRED) {
            // Past the region, the blank texels around it are read (GlowAtlas). The coordinate
            // from the canvas pixel, not interpolated: interpolation rounds by where the
            // primitive lies in the target, so a canvas placed in a window would differ.
            g = textureLod(uGlow, (p * vGlowAtlas.z + vGlowAtlas.xy) * uGlowAtlasTexel, 0.0) * vLayer.y;
        } else
#endif
        {
            // Sigma 0: the source itself (the stroke, or the fill of a layer without a stroke).
            vec4 source = HALO_GLOW_FILL == 1 ? layer : stroke;
            g = (vGlowColor.a >= 0.0 ? vGlowColor * source.a : source) * vLayer.y;
        }
#if HALO_GLOW_FILL
        layer = layer + g * (1.0 - layer.a);       // a glowing fill lies over its glow
#else
        layer = g + layer * (1.0 - g.a);           // the stroke's glow lies over the fill
#endif
    }
#endif
    layer = stroke + layer * (1.0 - stroke.a);
#if HALO_TEXT
    layer = texelFetch(uTextAtlas, ivec2(p + vMaterial.xy), 0);
#endif
#if HALO_FILL == HALO_PAINT_MATERIAL
    // With X = the stroke over its glow (layer, here), M = D (1 - c) + P c the material's
    // result and L = X + M (1 - X.a), the layer rule D + opacity (L - D) is
    // opacity (X + (1 - X.a) P c) + D (1 - f), f = opacity (X.a + c - X.a c).
    float op = vLayer.x;
    fragColor = op * (layer + (1.0 - layer.a) * cf * materialColor(p));
    fragFactor = vec4(op * (layer.a + cf - layer.a * cf));
    return;
#endif
    layer *= vLayer.x;
#if HALO_GENERAL || HALO_DIRECT >= 1 && HALO_DIRECT <= 2
    if (OUTPUT == OUTPUT_OVER_BACKGROUND || OUTPUT == OUTPUT_OVER_OPAQUE) {
        fragColor = directOutput(layer + vBackdrop * (1.0 - layer.a));    // (lib/output.glsl)
        return;
    }
#endif
    if (OUTPUT == OUTPUT_OVER_IMAGE) {
        // Over the background image: its pixel here, the same source-over as the canvas's blend.
        vec4 under = texelFetch(uBackgroundImage, ivec2(p), 0);
        fragColor = straightRGBA8(layer + under * (1.0 - layer.a));
    } else {
        fragColor = layer;
    }
}
