#version 330 core
// Steered glows read from their phase tables (Sources/HaloGL/Glow/PhaseTables.swift): one draw for
// up to PHASE_BATCH glows of a table, each instance a rect of one glow's blur texels in the
// glow atlas, its glow's index in vCover.x. Writes (1 - f) g(phi_j) + f g(phi_j+1), the
// linear interpolation between the two phases of the turn about this frame's angle.
// Each phase g(phi_j) is glow_combine.frag's sum of the planes at that angle. The
// interpolation errs by at most Delta^2 / 8 max|g''| (PhaseTable.interpolation, the bound's);
// the float32 mix adds a few ulps of the glow's value, inside the float term's margin.

#define PHASE_BATCH 64           // GLRenderer.phaseBatch
uniform sampler2D uTable;        // the phases' cells, RGBA16F, read texel by texel
uniform ivec4 uPlace[PHASE_BATCH]; // per glow: .xy the shift (offset in a cell = glow atlas
                                 // texel + shift), .zw the signs of phases j and j + 1 (1, or
                                 // -1 for a phase read mirrored: a point-symmetric glow's
                                 // second half-turn, PhaseTable.read)
uniform ivec4 uCells[PHASE_BATCH]; // per glow: .xy where phase j is read, .zw phase j + 1
                                 // (texel = origin + sign x offset)
uniform vec4 uMix[PHASE_BATCH / 4]; // per glow: f in [0, 1), four to a vec4
flat in vec2 vCover;             // .x: the glow's index in the batch (tile.vert)

out vec4 fragColor;

void main() {
    int i = int(vCover.x);
    ivec4 place = uPlace[i], cells = uCells[i];
    float f = uMix[i >> 2][i & 3];
    ivec2 t = ivec2(gl_FragCoord.xy) + place.xy;
    vec4 a = texelFetch(uTable, cells.xy + place.z * t, 0), b = texelFetch(uTable, cells.zw + place.w * t, 0);
    fragColor = a + f * (b - a);
}
