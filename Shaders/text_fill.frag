#version 330 core
// A text's fill image (docs/scene-format.md "Text"): the paint averaged over each pixel's covered part
// (docs/scene-format.md "Paints", last rule) times the exact coverage of the union of the glyphs, which
// the CPU computes (GlyphCoverage: area coverage and the covered part's centroid per pixel)
// and uploads. Drawn over the text's region (texel (0, 0) = canvas pixel uRegion), into a
// float image that the glow blurs and text.frag composites.
#include "lib/paint_eval.glsl"

uniform sampler2D uCoverage;     // per pixel: coverage, centroid offset xy (pixels), 0
uniform vec2 uRegion;            // canvas pixel of texel (0, 0)
out vec4 fragColor;

// The covered part of a pixel as paintColor's strip (n, a, b), from its coverage f and
// centroid offset m: the strip along n = m / |m| of width f (its area, the strip being 1
// across) centred on the centroid, a ... b = |m| -+ f / 2. Exact for a whole pixel (m = 0,
// f = 1: the pixel) and for a part cut off by one axis-aligned edge (a rectangle with that
// centroid and area); elsewhere (a slanted or curved edge, a glyph's corner) a rectangle of
// the part's area and centroid in its place: paintColor's average over it is within the
// paint's range over the pixel (ErrorBound's text term).
vec4 textStrip(float f, vec2 m) {
    float r = length(m);
    if (r < 1e-6) return vec4(1.0, 0.0, -0.5 * f, 0.5 * f);
    return vec4(m / r, r - 0.5 * f, r + 0.5 * f);
}

void main() {
    vec4 c = texelFetch(uCoverage, ivec2(gl_FragCoord.xy), 0);
    if (c.x <= 0.0) { fragColor = vec4(0.0); return; }
    vec2 pixel = uRegion + gl_FragCoord.xy;       // the pixel's centre (gl_FragCoord is at .5)
    fragColor = paintColor(0, HALO_FILL, pixel, textStrip(min(c.x, 1.0), c.yz)) * c.x;
}
