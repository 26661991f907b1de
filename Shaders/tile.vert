#version 330 core
// Instanced tiles of one layer: each instance is one axis-aligned tile (aRect = x0, y0, x1, y1
// in canvas pixels, y down) with, for tiles away from every edge, the coverage of the fill
// and the stroke over the whole tile (aCover = fill, stroke: 0 or 1, decided on the CPU from
// the exact signed distance at the tile's centre). Corners from gl_VertexID (a 4-vertex strip).
// Targets are stored with image row 0 at GL's y = 0: no flip (see quad.vert).
layout(location = 0) in vec4 aRect;
layout(location = 1) in vec2 aCover;
uniform vec2 uTarget;
flat out vec2 vCover;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(aRect.xy, aRect.zw, corner);
    vCover = aCover;
    gl_Position = vec4(2.0 * p / uTarget - 1.0, 0.0, 1.0);
}
