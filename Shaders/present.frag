#version 330 core
// The preview window's one pass: shows the float canvas (premultiplied, image row 0 at
// GL y = 0) one texel per window pixel, centred. The window's framebuffer is y-up, so the
// canvas row is flipped here, and only here. Each texel is rounded as resolve.frag rounds
// (straight alpha, 8 bits), so an opaque canvas shows exactly the bytes `halo render`
// writes; where it is transparent it is composited over an 8 px grey checkerboard. Drawn
// over the canvas's rectangle only: the letterbox around it is a clear (CanvasPresenter).
uniform sampler2D uCanvas;       // the renderer's canvas texture
uniform ivec2 uCanvasSize;       // pixels of the canvas drawn this frame (the texture may be larger)
uniform ivec2 uOrigin;           // window pixel, y down, of the canvas's top-left corner
uniform int uWindowHeight;       // framebuffer height, pixels

out vec4 fragColor;

void main() {
    ivec2 w = ivec2(gl_FragCoord.xy);
    ivec2 p = ivec2(w.x, uWindowHeight - 1 - w.y) - uOrigin;      // canvas pixel, y down
    vec4 c = texelFetch(uCanvas, clamp(p, ivec2(0), uCanvasSize - 1), 0);
    float a8 = floor(clamp(c.a, 0.0, 1.0) * 255.0 + 0.5) / 255.0;
    vec3 rgb = a8 > 0.0 ? floor(clamp(c.rgb / c.a, 0.0, 1.0) * 255.0 + 0.5) / 255.0 : vec3(0.0);
    float checker = (((p.x >> 3) + (p.y >> 3)) & 1) == 0 ? 0.8 : 0.6;   // shifts: llvmpipe has no vector integer divide
    fragColor = vec4(rgb * a8 + checker * (1.0 - a8), 1.0);
}
