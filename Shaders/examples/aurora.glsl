// Aurora: soft hue bands drifting along the shape, one cycle every 4 s.
// A shader paint (Shaders/README.md): returns straight-alpha sRGB.

// HSV (all in 0...1) to sRGB-encoded RGB; branch-free (Sam Hocevar's formulation).
vec3 auroraHSV(vec3 c) {
    vec3 p = abs(fract(c.xxx + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0);
    return c.z * mix(vec3(1.0), clamp(p - 1.0, 0.0, 1.0), c.y);
}

vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
    // Bands slant across the shape and move right; a slow wobble bends them.
    float wobble = 0.05 * sin(6.2831853 * (unitPoint.y + time * 0.5));
    float hue = fract(0.55 + 0.6 * unitPoint.x + 0.25 * unitPoint.y + wobble - time / 4.0);
    return vec4(auroraHSV(vec3(hue, 0.7, 1.0)), 1.0);
}
