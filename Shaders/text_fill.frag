#version 330 core
// A text's fill image (docs/scene-format.md "Text"): the paint times the exact coverage of the union of
// the glyphs, which the CPU computes (GlyphCoverage: area coverage and the covered part's
// centroid per pixel) and uploads. The paint is taken at the centroid, exact for solid and
// linear paints (the average of a linear function over the covered part). Drawn over the
// text's region (texel (0, 0) = canvas pixel uRegion), into a float image that the glow
// blurs and text.frag composites.
#include "lib/paint_eval.glsl"

uniform sampler2D uCoverage;     // per pixel: coverage, centroid offset xy (pixels), 0
uniform vec2 uRegion;            // canvas pixel of texel (0, 0)
out vec4 fragColor;

void main() {
    vec4 c = texelFetch(uCoverage, ivec2(gl_FragCoord.xy), 0);
    if (c.x <= 0.0) { fragColor = vec4(0.0); return; }
    vec2 p = uRegion + gl_FragCoord.xy + c.yz;
    fragColor = paintColor(0, HALO_FILL, p, vec4(1.0, 0.0, -0.5, 0.5)) * c.x;
}
