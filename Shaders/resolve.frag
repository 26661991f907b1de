#version 330 core
// The one rounding to 8 bits (SCENE.md "Colour", output): straight alpha, the colour
// divided by the unrounded alpha, each channel rounded half up; pixels whose alpha rounds
// to 0 become (0, 0, 0, 0). The values written are exact multiples of 1/255, so the
// RGBA8 target stores them without further rounding.
uniform sampler2D uCanvas;       // premultiplied float canvas
out vec4 fragColor;

void main() {
    vec4 c = texelFetch(uCanvas, ivec2(gl_FragCoord.xy), 0);
    float a = clamp(c.a, 0.0, 1.0);
    float a8 = floor(a * 255.0 + 0.5);
    if (a8 == 0.0) { fragColor = vec4(0.0); return; }
    vec3 rgb = floor(clamp(c.rgb / a, 0.0, 1.0) * 255.0 + 0.5);
    fragColor = vec4(rgb, a8) / 255.0;
}
