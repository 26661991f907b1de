// The per-layer constants, computed once per frame on the CPU, and the variant's #defines.
// Keep in sync with Sources/HaloGL/Plan/LayerData.swift (texels) and Uniforms.swift (a test
// compares the uniform lists).
#ifndef HALO_LAYER_DATA_GLSL
#define HALO_LAYER_DATA_GLSL

// The program variant (set by GLRenderer as #defines after #version; kinds are compile-time
// constants so that llvmpipe, which runs both sides of every branch, never pays for code
// a layer does not use):
//   HALO_SHAPE   SHAPE_ROUNDED_BOX (0), SHAPE_CONTINUOUS_BOX (1) or SHAPE_ELLIPSE (2)
//   HALO_FILL    the fill's paint kind (PAINT_SOLID 0 ... PAINT_RADIAL 3, PAINT_SHADER 4,
//                PAINT_MATERIAL 5), -1 for none
//   HALO_STROKE  the stroke's paint kind, -1 for none
//   HALO_GLOW    0 none, 1 the blurred stroke from a texture, 2 sigma 0 (the stroke itself)
//   HALO_EDGE    1: coverage computed per pixel; 0: the tile is wholly inside or outside
//                each draw and its coverage comes from the tile (tile.vert); 2: coverage
//                per pixel from one signed distance and normal, for tiles whose edges are
//                smooth (smoothShapeSDG in lib/shape.glsl; LayerTiles decides)
#ifndef HALO_SHAPE
#define HALO_SHAPE 0
#endif
#ifndef HALO_FILL
#define HALO_FILL -1
#endif
#ifndef HALO_STROKE
#define HALO_STROKE -1
#endif
#ifndef HALO_GLOW
#define HALO_GLOW 0
#endif
#ifndef HALO_EDGE
#define HALO_EDGE 1
#endif
//   HALO_DIRECT  1: no other layer touches these tiles: composite over the background in
//                the shader and write final 8-bit values (layer.frag); 2: the same over an
//                opaque background (alpha 1, no division; offscreen and in a window alike);
//                4: the same as 1
//                over the background image's pixel (uBackgroundImage); 0: blend into the
//                canvas
#ifndef HALO_DIRECT
#define HALO_DIRECT 0
#endif
//   HALO_GLOW_FILL 1: the glow's source is the fill (a layer without a stroke), and the
//                glow lies under the fill; 0: the source is the stroke, the glow over the fill
#ifndef HALO_GLOW_FILL
#define HALO_GLOW_FILL 0
#endif
//   HALO_TEXT    1: a text layer, whose group (fill over glow) is in the text atlas
//                (uTextAtlas in layer.frag; TextAtlas.swift); fill, stroke and glow are -1/0
#ifndef HALO_TEXT
#define HALO_TEXT 0
#endif
//   HALO_DASH    the stroke's dashes (lib/dash.glsl): DASH_NONE 0, DASH_BUTT 1, DASH_ROUND 2,
//                DASH_FINE 3 (a period of at most a pixel, lib/dash_fine.glsl)
#ifndef HALO_DASH
#define HALO_DASH 0
#endif
//   HALO_DISTANCE_VIEW 1: the layer's signed distance as iso-lines instead of its paints
//                (lib/distance_view.glsl; the preview's D key), 0: the scene
#ifndef HALO_DISTANCE_VIEW
#define HALO_DISTANCE_VIEW 0
#endif
//   HALO_SHAPE_PASS 1: tile.vert draws each tile into its slot of a shader shape's sample atlas
//                (shape_pass.frag, lib/shape_samples.glsl), 0: into the target
#ifndef HALO_SHAPE_PASS
#define HALO_SHAPE_PASS 0
#endif
//   HALO_GENERAL 1: a general program, which serves every tile class of its layer structure:
//                the tile's edge mode, glow mode and output are the draw's uniforms uEdge,
//                uGlowMode and uOutput (HALO_GLOW 1 then says only that the layer glows),
//                where a specialised program (0) has them as the constants HALO_EDGE,
//                HALO_GLOW and HALO_DIRECT. The code reads EDGE, GLOW and OUTPUT either way:
//                a constant's branches fold at compile time, a uniform's are taken per draw
//                (ProgramCache: general programs first, specialised ones where they pay).
#ifndef HALO_GENERAL
#define HALO_GENERAL 0
#endif
//   HALO_PLACED 1 (general programs only): the instance is a whole layer, whose tiles the
//                vertex stage places and classifies (tile.vert): the edge mode is each tile's
//                flat input vEdge, not the draw's uniform.
#ifndef HALO_PLACED
#define HALO_PLACED 0
#endif
#if HALO_GENERAL
uniform int uGlowMode;
uniform int uOutput;
#if HALO_PLACED
#ifdef HALO_VERTEX_SHADER
flat out int vEdge;
#else
flat in int vEdge;
#endif
#define EDGE vEdge
#else
uniform int uEdge;
#define EDGE uEdge
#endif
#define GLOW uGlowMode
#define OUTPUT uOutput
#else
#define EDGE HALO_EDGE
#define GLOW HALO_GLOW
#define OUTPUT HALO_DIRECT
#endif
// HALO_ARC: the variant measures arc length (a dashed stroke, or a path paint: PAINT_PATH 6).
#if HALO_DASH != 0 || HALO_FILL == 6 || HALO_STROKE == 6
#define HALO_ARC 1
#else
#define HALO_ARC 0
#endif
// The variant codes above, as Swift's typed enums spell them (ShaderContract.swift; a test
// reads these lines). Paint kinds are in lib/paint.glsl, shape kinds in lib/shape.glsl.
const int EDGE_INSIDE = 0;       // HALO_EDGE
const int EDGE_PER_PIXEL = 1;
const int EDGE_SMOOTH = 2;
const int GLOW_NONE = 0;         // HALO_GLOW
const int GLOW_BLURRED = 1;
const int GLOW_SHARP = 2;
const int OUTPUT_CANVAS = 0;     // HALO_DIRECT
const int OUTPUT_OVER_BACKGROUND = 1;
const int OUTPUT_OVER_OPAQUE = 2;
const int OUTPUT_OVER_IMAGE = 4;

// Global to a frame:
uniform sampler2D uRamps;        // gradient ramps (RGBA32F)
uniform sampler2D uRampLUT;      // each ramp sampled evenly, one row a ramp (rampLUT)
uniform float uLUTWidth;         // texels a row
uniform sampler2D uArcTable;     // dash cuts and caps, path paints' jumps (ArcTables.swift)
uniform bool uPaintAtMiddle;     // HALO_PAINT_AA 1, false (the default): paints may jump or
                                 // kink inside a pixel of these tiles (hard stops, the angular
                                 // seam or centre, colour stops): average them (paintColor);
                                 // true: the CPU found no stop within the tiles' range of t, so
                                 // the colour at the covered part's middle is the average (exact
                                 // for paints linear there). A uniform, so that one program
                                 // serves both kinds of tile of a frame that has both (one
                                 // compile; a branch the whole draw takes: ProgramCache).
//   HALO_PAINT_AA 0: only the colour at the middle, the averaging compiled out (a lighter
//                program, for tiles of a variant whose frame has no averaged tiles)
#ifndef HALO_PAINT_AA
#define HALO_PAINT_AA 1
#endif
//   HALO_PAINT_KINKS 1: the CPU found only colour stops where the ramp kinks (no hard stop,
//                seam, gap edge, centre or ramp narrower than a pixel) within the tiles'
//                range of t, so the jumps' handling is compiled out (PaintJumps.swift).
#ifndef HALO_PAINT_KINKS
#define HALO_PAINT_KINKS 0
#endif
//   HALO_CORNERS 0: a box's edge tiles that no rounded corner reaches (CornerZones.swift:
//                each corner's quadrant beyond its arc's start, at every level drawn, misses
//                the tile grown by a pixel): there the box's distance and coverage are the
//                sharp box's, and the corners' code is compiled out (lib/shape.glsl);
//                2: tiles that one corner alone reaches, its index the tile's vCover.x
//                (gCornerIndex): that corner's code alone; 1 (the default): every corner.
#ifndef HALO_CORNERS
#define HALO_CORNERS 1
#endif

// Per layer: one row of LAYER_TEXELS RGBA32F texels a layer in uLayers (LayerData.swift
// writes them), read by tile.vert for its instance's layer and handed to the fragment
// shader as flat inputs, so that one instanced draw serves the tiles of many layers.
#define LAYER_TEXELS 17
#ifdef HALO_VERTEX_SHADER
#define LAYER_VARYING flat out
#else
#define LAYER_VARYING flat in
#endif
LAYER_VARYING vec4 vShape;           // texel 0: centre.xy, half size.zw; pixels, y down
LAYER_VARYING vec4 vShapeRadii;      // texel 1: pixels; topLeft, topRight, bottomRight, bottomLeft
LAYER_VARYING vec4 vPaintColor[2];   // texels 2, 3: fill, stroke: solid colour, premultiplied
LAYER_VARYING vec4 vPaintGeometry[2];// texels 4, 5: linear: start.xy, dt/dp.zw; angular: centre.xy,
                                     // angle, span; radial: centre.xy, r0, 1 / (r1 - r0);
                                     // shader: the shape's rect, origin.xy, size.zw
LAYER_VARYING ivec4 vPaintRamps;     // texel 6: ramp texture row and node count, fill then stroke
LAYER_VARYING vec4 vStroke;          // texel 7: inner, outer offsets of the outline (pixels);
                                     // the fill's and the stroke's lookup-table row (texel-centre v)
LAYER_VARYING vec4 vLayer;           // texel 8: opacity, glow opacity
LAYER_VARYING vec4 vGlowColor;       // texel 9: premultiplied; alpha < 0: the stroke's own colours
LAYER_VARYING vec4 vGlowMap;         // texel 10: the glow source's pixel for atlas texel t is
                                     // xy + t * z (glow_source.frag)
                                     // texel 11: the glow's atlas texel for pixel p is p * z + xy (tile.vert)
LAYER_VARYING vec4 vShaderPaint;     // texel 12: a shader paint's pixels per point and time
                                     // (seconds), fill then stroke
LAYER_VARYING vec4 vMaterial;        // texel 13: a material fill's blurred region: its origin
                                     // xy (pixels), 1 / k; the saturation (lib/material.glsl);
                                     // its tint is the fill's colour (texel 2). A text layer:
                                     // xy added to a canvas pixel gives its text atlas texel
#if HALO_ARC
LAYER_VARYING vec4 vArcLists;        // texel 14: the dash's cuts (first entry, count) and caps
                                     // in the arc tables (lib/arc_length.glsl)
LAYER_VARYING vec4 vArcJumps;        // texel 15: the fill's and the stroke's path-paint jumps
LAYER_VARYING vec4 vArcInfo;         // texel 16: L (pixels); the dash's membership where it has
                                     // no cut (1: all dash); the round caps' radius (pixels); an
                                     // ellipse's arc-length table's first entry
#endif
#if HALO_SHAPE == 3
LAYER_VARYING vec4 vShaderShape;     // texel 14 (a shader shape has no arc length: never with
                                     // HALO_ARC): its pixels per point, time (seconds)
#endif
#endif
