// Pulse rings: bands of the scene's `tint` parameter running outwards from the shape's
// middle, `rings` of them across the shape. A shader paint (Shaders/README.md) that reads
// two scene parameters, p_tint (a colour, vec4) and p_rings (a number, float), which Halo
// declares: a change of either sets a uniform, never recompiles.

vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
    // Distance from the middle in unit points (0 at the centre, about 0.7 at a corner).
    float d = length(unitPoint - vec2(0.5));
    // One ring a 1/rings of that distance, moving out one ring a second.
    float phase = fract(d * max(p_rings, 1.0) - time);
    float band = smoothstep(0.0, 0.35, phase) * (1.0 - smoothstep(0.55, 1.0, phase));
    // The tint at full strength on a band, a third of it between bands.
    return vec4(p_tint.rgb * mix(0.35, 1.0, band), p_tint.a);
}
