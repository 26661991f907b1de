#version 330 core
// One axis-aligned quad, corners from gl_VertexID (a 4-vertex triangle strip, no buffers).
// uQuad = (x0, y0, x1, y1) in target pixels, y down; uTarget = target size in pixels.
// Targets are stored with image row 0 at GL's y = 0, so gl_FragCoord.xy is the y-down
// pixel position and glReadPixels returns rows in PNG order: no flip anywhere.
uniform vec4 uQuad;
uniform vec2 uTarget;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(uQuad.xy, uQuad.zw, corner);
    gl_Position = vec4(2.0 * p / uTarget - 1.0, 0.0, 1.0);
}
