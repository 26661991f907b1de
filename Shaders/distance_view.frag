#version 330 core
// The distance view (the preview's D key), second pass: the field of lib/distance_view.glsl
// (the union of the layers' signed distances, pixels) coloured as the usual SDF debugging
// picture (after Inigo Quilez's): blue inside, orange outside, darkening towards the
// outline, a 1 px iso-line every uDistanceStep pixels and a 3 px white zero line, both
// anti-aliased: each line's coverage is its width's overlap with the pixel across the
// field's own gradient (central differences of the field, so a shader shape's uneven
// spacing shows as it is). Magenta where a layer's distance was NaN or infinite; dark grey
// where no layer reaches.
#include "lib/output.glsl"

uniform sampler2D uField;        // RGBA32F: r the union's distance (1e30: no layer), a the NaN flag
uniform vec4 uCanvasToTarget;    // see tile.vert
uniform float uDistanceStep;     // pixels between iso-lines (the preview: 4 pt)
out vec4 fragColor;

float field(ivec2 p) {
    ivec2 size = textureSize(uField, 0);
    return texelFetch(uField, clamp(p, ivec2(0), size - 1), 0).r;
}

// Coverage of a line `width` pixels wide at `dist` pixels from the pixel's centre: the overlap
// of the line's span with the pixel's unit span across it.
float lineCoverage(float dist, float width) {
    float h = 0.5 * width;
    return clamp(min(h, dist + 0.5) - max(-h, dist - 0.5), 0.0, 1.0);
}

void main() {
    ivec2 p = ivec2(canvasPixel(gl_FragCoord.xy, uCanvasToTarget));
    vec4 f = texelFetch(uField, p, 0);
    if (f.a > 0.0) { fragColor = vec4(1.0, 0.0, 1.0, 1.0); return; }
    float d = f.r;
    if (d > 1e29) { fragColor = vec4(0.1, 0.1, 0.12, 1.0); return; }
    vec2 g = 0.5 * vec2(field(p + ivec2(1, 0)) - field(p - ivec2(1, 0)), field(p + ivec2(0, 1)) - field(p - ivec2(0, 1)));
    float w = length(g);
    w = (w > 0.0 && w < 1e6) ? w : 1.0;          // the field's change across a pixel
    float step = max(uDistanceStep, 1.0);
    vec3 c = d < 0.0 ? vec3(0.35, 0.65, 1.0) : vec3(1.0, 0.62, 0.3);
    c *= 0.35 + 0.65 * (1.0 - exp(-abs(d) / (4.0 * step)));
    c *= 0.85 + 0.15 * cos(6.2831853 * d / step);
    float iso = abs(fract(d / step + 0.5) - 0.5) * step / w;      // pixels to the nearest iso-line
    c = mix(c, c * 0.35, lineCoverage(iso, 1.0));
    c = mix(c, vec3(1.0), lineCoverage(abs(d) / w, 3.0));          // the zero line
    fragColor = vec4(c, 1.0);
}
