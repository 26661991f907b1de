#version 330 core
// The float canvas's pixels into the target as final 8-bit values (straightRGBA8), drawn
// over the tiles that went through the canvas (tile.vert). For a window (uChecker 1) the
// straight colour is shown over an 8 px grey checkerboard where it is not opaque, so an
// opaque canvas shows exactly the bytes `halo render` writes. Where the canvas holds the
// layers alone (tiles placed on the GPU: FramePlan+PlacedTiles.swift), they are composited
// over the background here (uUnder): source-over is associative, so this is the image of the
// layers drawn over it in turn.
#include "lib/output.glsl"

uniform sampler2D uCanvas;       // premultiplied float canvas, image row 0 at GL y = 0
uniform vec4 uCanvasToTarget;    // see tile.vert
uniform int uChecker;            // 1: composite over a checkerboard (a window shows no alpha)
uniform ivec2 uCanvasOrigin;     // the canvas pixel of the texture's first texel (a band of rows, GLRenderer+CanvasBands)
uniform int uUnder;              // what lies under the canvas: 0 nothing (the canvas holds the
                                 // background), 1 uUnderColour, 2 uUnderImage
uniform vec4 uUnderColour;       // premultiplied
uniform sampler2D uUnderImage;   // the placed background image, premultiplied, canvas pixels
out vec4 fragColor;

void main() {
    ivec2 p = ivec2(canvasPixel(gl_FragCoord.xy, uCanvasToTarget));
    vec4 layers = texelFetch(uCanvas, p - uCanvasOrigin, 0);
    if (uUnder != 0) {
        vec4 under = uUnder == 2 ? texelFetch(uUnderImage, p, 0) : uUnderColour;
        layers = layers + under * (1.0 - layers.a);
    }
    vec4 c = straightRGBA8(layers);
    if (uChecker == 1) {
        float checker = (((p.x >> 3) + (p.y >> 3)) & 1) == 0 ? 0.8 : 0.6;   // shifts: llvmpipe has no vector integer divide
        c = vec4(c.rgb * c.a + checker * (1.0 - c.a), 1.0);
    }
    fragColor = c;
}
