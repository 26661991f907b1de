// The per-layer constants, computed once per frame on the CPU.
// Keep in sync with Sources/HaloGL/Uniforms.swift (a test compares the two lists).
#ifndef HALO_LAYER_UNIFORMS_GLSL
#define HALO_LAYER_UNIFORMS_GLSL

// The program variant (set by GLRenderer as #defines after #version; kinds are compile-time
// constants so that llvmpipe, which runs both sides of every branch, never pays for code
// a layer does not use):
//   HALO_SHAPE   SHAPE_ROUNDED_BOX (0), SHAPE_CONTINUOUS_BOX (1) or SHAPE_ELLIPSE (2)
//   HALO_FILL    the fill's paint kind (PAINT_SOLID 0 ... PAINT_RADIAL 3), -1 for none
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
//   HALO_PAINT_AA 1: paints may jump or kink inside a pixel of this tile (hard stops, the
//                angular seam or centre, colour stops): average them (paintColor); 0: the
//                CPU found no stop within the tile's range of t, so the colour at the
//                covered part's middle is the average (exact for paints linear there)
#ifndef HALO_PAINT_AA
#define HALO_PAINT_AA 1
#endif
//   HALO_DIRECT  1: no other layer touches these tiles: composite over the background in
//                the shader and write final 8-bit values (layer.frag); 2: the same over an
//                opaque background (alpha 1, no division); 3: the same into a window, where
//                the target's own conversion to 8 bits does the rounding; 0: blend into the
//                canvas
#ifndef HALO_DIRECT
#define HALO_DIRECT 0
#endif
uniform vec2 uShapeCenter;       // pixels, y down
uniform vec2 uShapeHalfSize;     // pixels
uniform vec4 uShapeRadii;        // pixels: topLeft, topRight, bottomRight, bottomLeft
uniform vec4 uPaintColor[2];     // solid colour, premultiplied
uniform vec4 uPaintGeometry[2];  // linear: start.xy, end.xy; angular: centre.xy, angle, span; radial: centre.xy, r0, r1
uniform ivec2 uPaintRamp[2];     // ramp texture row, node count
uniform sampler2D uRamps;        // gradient ramps (RGBA32F)
uniform vec2 uStrokeEdges;       // inner, outer offsets of the outline, pixels
uniform sampler2D uRampLUT;      // each ramp sampled evenly, one row a ramp (rampLUT)
uniform vec2 uPaintLUT;          // the fill's and the stroke's row there, texel-centre v
uniform float uLUTWidth;         // texels a row
#endif
