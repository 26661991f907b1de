// The codes a program variant is compiled for: each raw value is the GLSL constant named
// in its comment, set as a #define after #version (Shaders/lib/layer_data.glsl). A test
// (ShaderContractTests) reads the constants from Shaders/ and fails on a mismatch.

/// HALO_SHAPE: which signed distance the layer's outline uses (lib/shape.glsl).
enum ShapeKind: Int, CaseIterable, Sendable {
    case roundedBox = 0      // SHAPE_ROUNDED_BOX: rect, circular roundedRect, capsule
    case continuousBox = 1   // SHAPE_CONTINUOUS_BOX: roundedRect with continuous corners
    case ellipse = 2         // SHAPE_ELLIPSE
    case shader = 3          // SHAPE_SHADER: a GLSL file's haloShape (lib/shader_shape.glsl)
}

/// HALO_FILL, HALO_STROKE: a paint's kind (lib/paint.glsl, lib/shader_paint.glsl); a
/// variant without the fill or the stroke sets -1 (``LayerVariant``).
enum PaintKind: Int, CaseIterable, Sendable {
    case solid = 0, linear = 1, angular = 2, radial = 3   // PAINT_SOLID ... PAINT_RADIAL
    case shader = 4          // PAINT_SHADER: a GLSL file's haloPaint (Shaders/README.md)
    case material = 5        // PAINT_MATERIAL: a material fill (lib/material.glsl)
    case path = 6            // PAINT_PATH: colour along the outline (lib/arc_length.glsl)
}

/// HALO_EDGE: how a tile's coverage is computed.
enum EdgeMode: Int, CaseIterable, Sendable {
    /// EDGE_INSIDE: the tile is wholly inside or outside each draw; its coverage comes from the tile.
    case inside = 0
    /// EDGE_PER_PIXEL: coverage per pixel from the exact signed distance.
    case perPixel = 1
    /// EDGE_SMOOTH: per pixel from one signed distance and normal (smooth edges, ``SmoothEdges``).
    case smooth = 2
}

/// HALO_GLOW: where the layer's glow comes from: GLOW_NONE; GLOW_BLURRED, the blurred
/// stroke layer from the glow atlas; GLOW_SHARP, sigma 0, the stroke itself.
enum GlowMode: Int, CaseIterable, Sendable {
    case none = 0, blurred = 1, sharp = 2
}

/// HALO_DIRECT: where a layer program writes.
enum OutputMode: Int, CaseIterable, Sendable {
    /// OUTPUT_CANVAS: blended into the float canvas (tiles other layers touch too).
    case canvas = 0
    /// OUTPUT_OVER_BACKGROUND: composited over the background colour, written as final 8-bit values.
    case overBackground = 1
    /// OUTPUT_OVER_OPAQUE: the same over an opaque background (alpha 1).
    case overOpaque = 2
    /// OUTPUT_OVER_IMAGE: composited over the background image's pixel, written as final 8-bit values.
    case overImage = 4
}

/// HALO_DASH: the stroke's dashes (lib/dash.glsl).
enum DashMode: Int, CaseIterable, Sendable {
    case none = 0            // DASH_NONE: a solid stroke
    case butt = 1            // DASH_BUTT: dashes cut across the band
    case round = 2           // DASH_ROUND: and round caps' discs
    case fine = 3            // DASH_FINE: a period of at most a pixel (lib/dash_fine.glsl)
}
