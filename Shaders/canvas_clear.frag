#version 330 core
// The float canvas's cells set to one colour (premultiplied), drawn over those cells only
// (tile.vert): a clear of the canvas where layers will blend, not of its whole box
// (GLRenderer+Canvas.swift).
uniform vec4 uColour;
out vec4 fragColor;

void main() {
    fragColor = uColour;
}
