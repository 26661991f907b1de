#version 330 core
// Instanced tiles of one layer: each instance is one axis-aligned tile (aRect = x0, y0, x1, y1
// in canvas pixels, y down) with, for tiles away from every edge, the coverage of the fill
// and the stroke over the whole tile (aCover = fill, stroke: 0 or 1, decided on the CPU from
// the exact signed distance at the tile's centre). Corners from gl_VertexID (a 4-vertex strip).
// uCanvasToTarget places the canvas in the target: target pixel = p * .xy + .zw, in GL's
// window coordinates. Offscreen targets store image row 0 at GL's y = 0, so there it is
// (1, 1, 0, 0) and glReadPixels returns rows in PNG order; a window (y up) flips:
// (1, -1, originX, height - originY). Fragment shaders invert it (canvasPixel).
layout(location = 0) in vec4 aRect;
layout(location = 1) in vec2 aCover;
uniform vec2 uTarget;            // target size, pixels
uniform vec4 uCanvasToTarget;
flat out vec2 vCover;
#ifdef HALO_GLOW
#if HALO_GLOW == 1
// layer.frag's glow texture coordinate, linear in the canvas position, so interpolated
// here once rather than computed per pixel (llvmpipe pays for every fragment operation).
uniform vec4 uGlowMap;           // texel = (p - uGlowMap.xy) / uGlowMap.z
uniform vec2 uGlowTexSize;       // glow texture size, texels
out vec2 vGlowCoord;             // normalised texture coordinate
#endif
#endif

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 canvas = mix(aRect.xy, aRect.zw, corner);
    vec2 p = canvas * uCanvasToTarget.xy + uCanvasToTarget.zw;
    vCover = aCover;
#ifdef HALO_GLOW
#if HALO_GLOW == 1
    vGlowCoord = (canvas - uGlowMap.xy) / uGlowMap.z / uGlowTexSize;
#endif
#endif
    gl_Position = vec4(2.0 * p / uTarget - 1.0, 0.0, 1.0);
}
