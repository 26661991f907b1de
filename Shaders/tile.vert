#version 330 core
// Instanced tiles: each instance is one axis-aligned tile (aRect = x0, y0, x1, y1 in canvas
// pixels, y down) with, for tiles away from every edge, the coverage of the fill and the
// stroke over the whole tile (aCover = fill, stroke: 0 or 1, decided on the CPU from the
// exact signed distance at the tile's centre), and the row of its layer in the layer data
// (aLayer; lib/layer_data.glsl), so that one draw serves the tiles of many layers, and for
// tiles written straight into the target the row of the backdrop they lie over (aBackdrop:
// 0 the background, else constant layers over it; CellBackdrops.swift). Corners from
// gl_VertexID (a 4-vertex strip).
// uCanvasToTarget places the canvas in the target: target pixel = p * .xy + .zw, in GL's
// window coordinates. Offscreen targets store image row 0 at GL's y = 0, so there it is
// (1, 1, 0, 0) and glReadPixels returns rows in PNG order; a window (y up) flips:
// (1, -1, originX, height - originY). Fragment shaders invert it (canvasPixel).
layout(location = 0) in vec4 aRect;
layout(location = 1) in vec2 aCover;
layout(location = 2) in float aLayer;
layout(location = 3) in float aBackdrop;
uniform vec2 uTarget;            // target size, pixels
uniform vec4 uCanvasToTarget;
flat out vec2 vCover;
#ifndef HALO_GENERAL
#define HALO_GENERAL 0           // 1: a general program (lib/layer_data.glsl): any output
#endif
#if HALO_GENERAL || HALO_DIRECT >= 1 && HALO_DIRECT <= 2
uniform vec4 uBackdrops[64];     // premultiplied; CellBackdrops.capacity rows
flat out vec4 vBackdrop;
#endif
#ifdef HALO_LAYER_DATA
#define HALO_VERTEX_SHADER
#include "lib/layer_data.glsl"
uniform sampler2D uLayers;       // LAYER_TEXELS texels a layer, one row each
#if HALO_GLOW == 1
flat out vec3 vGlowAtlas;        // the glow's atlas texel for canvas pixel p is p * z + xy (layer.frag)
#endif
#if HALO_PLACED
#include "lib/shape.glsl"
#include "lib/tile_placement.glsl"
#endif
#endif

void main() {
#if HALO_PLACED
    // The instance is a layer's quad: vertex gl_VertexID % 6 of its tile gl_VertexID / 6.
    int corners[6] = int[6](0, 1, 2, 2, 1, 3);
    int vertex = corners[gl_VertexID % 6];
    vec2 corner = vec2(float(vertex & 1), float(vertex >> 1));
    vec4 rect = placedTile(aRect, gl_VertexID / 6);
#else
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec4 rect = aRect;
#endif
    vec2 canvas = mix(rect.xy, rect.zw, corner);
    vec2 p = canvas * uCanvasToTarget.xy + uCanvasToTarget.zw;
    vCover = aCover;
#if HALO_GENERAL || HALO_DIRECT >= 1 && HALO_DIRECT <= 2
    vBackdrop = uBackdrops[int(aBackdrop)];
#endif
#ifdef HALO_LAYER_DATA
    int row = int(aLayer);
    vShape = texelFetch(uLayers, ivec2(0, row), 0);
    vShapeRadii = texelFetch(uLayers, ivec2(1, row), 0);
    vPaintColor[0] = texelFetch(uLayers, ivec2(2, row), 0);
    vPaintColor[1] = texelFetch(uLayers, ivec2(3, row), 0);
    vPaintGeometry[0] = texelFetch(uLayers, ivec2(4, row), 0);
    vPaintGeometry[1] = texelFetch(uLayers, ivec2(5, row), 0);
    vPaintRamps = ivec4(texelFetch(uLayers, ivec2(6, row), 0));
    vStroke = texelFetch(uLayers, ivec2(7, row), 0);
    vLayer = texelFetch(uLayers, ivec2(8, row), 0);
    vGlowColor = texelFetch(uLayers, ivec2(9, row), 0);
    vGlowMap = texelFetch(uLayers, ivec2(10, row), 0);
    vShaderPaint = texelFetch(uLayers, ivec2(12, row), 0);
    vMaterial = texelFetch(uLayers, ivec2(13, row), 0);
#if HALO_ARC
    vArcLists = texelFetch(uLayers, ivec2(14, row), 0);
    vArcJumps = texelFetch(uLayers, ivec2(15, row), 0);
    vArcInfo = texelFetch(uLayers, ivec2(16, row), 0);
#endif
#if HALO_SHAPE == 3
    vShaderShape = texelFetch(uLayers, ivec2(14, row), 0);
#endif
#if HALO_GLOW == 1
    vGlowAtlas = texelFetch(uLayers, ivec2(11, row), 0).xyz;
#endif
#endif
#if HALO_PLACED
    // The tile's class, from its layer's signed distance (lib/tile_placement.glsl); a tile
    // past the layer's quad or with nothing in it is culled.
    if (rect.z <= rect.x || !classifyPlacedTile(rect)) {
        gl_Position = vec4(-2.0, -2.0, 0.0, 1.0);
        return;
    }
#endif
#if defined(HALO_LAYER_DATA) && HALO_SHAPE_PASS
    // A shader shape's edge tile into its slot of the sample atlas (aCover, where an edge tile
    // has no coverage of its own: FramePlan+ShapeSamples.swift), uTarget the atlas's size.
    p = canvas + aCover;
#endif
    gl_Position = vec4(2.0 * p / uTarget - 1.0, 0.0, 1.0);
}
