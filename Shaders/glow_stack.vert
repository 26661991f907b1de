#version 330 core
// Glow stacks (Sources/HaloGL/GlowStacks.swift): each instance one shared cell where every
// layer shows only its blurred glow. aRect is the cell (canvas pixels, y down), aRows the
// layers' rows in the layer data in drawing order (HALO_STACK of them), aClip[k] layer k's
// tile in the cell: it adds nothing outside. Corners from gl_VertexID (a 4-vertex strip);
// uCanvasToTarget places the canvas in the target (tile.vert).
layout(location = 0) in vec4 aRect;
layout(location = 1) in vec4 aRows;
layout(location = 2) in vec4 aClip[4];
uniform vec2 uTarget;            // target size, pixels
uniform vec4 uCanvasToTarget;
uniform sampler2D uLayers;       // the layer data (lib/layer_data.glsl): texel 8 opacities,
                                 // texel 11 the glow's place in the atlas
uniform vec2 uGlowAtlasSize;     // texels
out vec2 vGlowCoord[HALO_STACK]; // layer k's glow atlas coordinate here, as tile.vert's
flat out vec4 vClip[HALO_STACK];
flat out vec2 vOpacity[HALO_STACK]; // layer k's opacity and its glow's

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 canvas = mix(aRect.xy, aRect.zw, corner);
    for (int k = 0; k < HALO_STACK; k++) {
        int row = int(aRows[k]);
        vec4 atlas = texelFetch(uLayers, ivec2(11, row), 0);
        vGlowCoord[k] = (canvas * atlas.z + atlas.xy) / uGlowAtlasSize;
        vClip[k] = aClip[k];
        vOpacity[k] = texelFetch(uLayers, ivec2(8, row), 0).xy;
    }
    vec2 p = canvas * uCanvasToTarget.xy + uCanvasToTarget.zw;
    gl_Position = vec4(2.0 * p / uTarget - 1.0, 0.0, 1.0);
}
