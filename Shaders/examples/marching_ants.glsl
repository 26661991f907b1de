// Marching ants: 6 pt black and white diagonal dashes that walk 24 pt a second, the
// selection outline of image editors. Works in points, so the dashes keep their size
// whatever the shape's size or the canvas scale.
// A shader paint (Shaders/README.md): returns straight-alpha sRGB.

vec4 haloPaint(vec2 unitPoint, vec2 point, float time) {
    float s = (point.x + point.y) / 12.0 - time * 2.0;   // 12 pt per black-white pair
    float white = step(0.5, fract(s));
    return vec4(vec3(mix(0.1, 1.0, white)), 1.0);
}
