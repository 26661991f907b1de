#version 330 core
// One colour over rects (tile.vert): the background where no layer's tile writes a final
// value, and the letterbox around a window's canvas. uColor is the value to store
// (8-bit straight alpha as 0...1, see straightRGBA8 in lib/output.glsl).
uniform vec4 uColor;
out vec4 fragColor;

void main() {
    fragColor = uColor;
}
