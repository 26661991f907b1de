#version 330 core
// The target's cells set back to the background before the tiles that changed are drawn
// over them (KeptTiles.swift): the final 8-bit values of the background image (uImage,
// texel = target pixel: an offscreen target the canvas's size) or of the background
// colour (uColour, already straightRGBA8's). Exact: a copy.
uniform sampler2D uImage;
uniform bool uUseImage;
uniform vec4 uColour;
out vec4 fragColor;

void main() {
    fragColor = uUseImage ? texelFetch(uImage, ivec2(gl_FragCoord.xy), 0) : uColour;
}
