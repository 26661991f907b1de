// The per-layer constants, computed once per frame on the CPU.
// Keep in sync with Sources/HaloGL/LayerUniforms.swift (a test compares the two lists).
#ifndef HALO_LAYER_UNIFORMS_GLSL
#define HALO_LAYER_UNIFORMS_GLSL
uniform int uShapeKind;          // SHAPE_ROUNDED_BOX, SHAPE_CONTINUOUS_BOX, SHAPE_ELLIPSE
uniform vec2 uShapeCenter;       // pixels, y down
uniform vec2 uShapeHalfSize;     // pixels
uniform vec4 uShapeRadii;        // pixels: topLeft, topRight, bottomRight, bottomLeft
uniform int uPaintKind[2];       // [0] fill, [1] stroke: PAINT_SOLID ... PAINT_RADIAL
uniform vec4 uPaintColor[2];     // solid colour, premultiplied
uniform vec4 uPaintGeometry[2];  // linear: start.xy, end.xy; angular: centre.xy, angle, span; radial: centre.xy, r0, r1
uniform ivec2 uPaintRamp[2];     // ramp texture row, node count
uniform sampler2D uRamps;        // gradient ramps (RGBA32F)
uniform vec2 uStrokeEdges;       // inner, outer offsets of the outline, pixels
#endif
