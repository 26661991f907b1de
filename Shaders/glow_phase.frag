#version 330 core
// A steered glow read from its phase table (Sources/HaloGL/PhaseTables.swift): one draw per
// glow over its blur's texels in the glow atlas, writing (1 - f) g(phi_j) + f g(phi_j+1),
// the linear interpolation between the two phases of the turn about this frame's angle.
// Each phase g(phi_j) is glow_combine.frag's sum of the planes at that angle. The
// interpolation errs by at most Delta^2 / 8 max|g''| (PhaseTable.interpolation, the bound's);
// the float32 mix adds a few ulps of the glow's value, inside the float term's margin.

uniform sampler2D uTable;        // the phases' cells, RGBA16F, read texel by texel
uniform ivec2 uShift;            // offset in a cell = glow atlas texel + uShift
uniform ivec2 uCell0, uCell1;    // where phases j and j + 1 are read: texel = origin + sign x offset
uniform ivec2 uSign;             // 1, or -1 for a phase read mirrored (a point-symmetric glow's
                                 // second half-turn: PhaseTable.read)
uniform float uMix;              // f in [0, 1)

out vec4 fragColor;

void main() {
    ivec2 t = ivec2(gl_FragCoord.xy) + uShift;
    vec4 a = texelFetch(uTable, uCell0 + uSign.x * t, 0), b = texelFetch(uTable, uCell1 + uSign.y * t, 0);
    fragColor = a + uMix * (b - a);
}
