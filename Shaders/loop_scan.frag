#version 330 core
// The loop scan: after the shape pass, one quad over the used part of the sample atlas,
// drawn under an occlusion query into a throwaway target (GLRenderer.loopScan). A
// fragment survives where the shape pass's texel holds a loop that reached Halo's bound
// (shape_pass.frag: layer 0's .w = 2 + LINE, lib/loop_bound.glsl): any surviving sample
// means some pixel or glow texel the frame needs was cut short (GLRenderer+LoopBound.swift).
// The probe grids alone see 32 x 32 points; this sees every texel the shape pass wrote.
uniform sampler2DArray uShapeSamples;   // the sample atlas (texture unit 9)
out vec4 fragColor;

void main() {
    if (texelFetch(uShapeSamples, ivec3(ivec2(gl_FragCoord.xy), 0), 0).w < 1.5) discard;
    fragColor = vec4(1.0);
}
