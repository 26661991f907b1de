#version 330 core
// A glow stack (glow_stack.vert): the layers' glows composited over the background in
// drawing order and written as final 8-bit values. Each layer's value is layer.frag's for
// a tile outside its fill and stroke (the glow texel times the glow's opacity, times the
// layer's), and each step is the canvas's blend (source-over, premultiplied: src + dst (1 -
// src.a)), so the cell gets the sums the float canvas and the resolve would give it, in
// float32, rounded once. HALO_DIRECT is layer.frag's output (lib/layer_data.glsl): 1 over a
// background colour, 2 over an opaque one, 3 into a window.
#include "lib/output.glsl"

uniform sampler2D uGlow;         // the glow atlas (layer.frag)
uniform vec4 uCanvasToTarget;
uniform vec4 uBackground;        // premultiplied
in vec2 vGlowCoord[HALO_STACK];
flat in vec4 vClip[HALO_STACK];
flat in vec2 vOpacity[HALO_STACK];
out vec4 fragColor;

void main() {
    vec2 p = canvasPixel(gl_FragCoord.xy, uCanvasToTarget);     // the pixel's centre
    vec4 c = uBackground;
    for (int k = 0; k < HALO_STACK; k++) {
        vec4 r = vClip[k];
        vec4 g = textureLod(uGlow, vGlowCoord[k], 0.0) * vOpacity[k].y;
        g *= vOpacity[k].x;
        bool inside = p.x > r.x && p.x < r.z && p.y > r.y && p.y < r.w;
        c = inside ? g + c * (1.0 - g.a) : c;
    }
    fragColor = directOutput(c);        // HALO_DIRECT's output (lib/output.glsl)
}
