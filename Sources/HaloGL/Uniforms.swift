/// The uniforms each program reads. Keep in sync with Shaders/lib/layer_uniforms.glsl
/// and the uniforms declared in each main shader (a test compares the lists).
enum Uniforms {
    static let quad = ["uQuad", "uTarget"]
    static let layer = ["uShapeCenter", "uShapeHalfSize", "uShapeRadii",
                        "uPaintColor", "uPaintGeometry", "uPaintRamp", "uRamps", "uStrokeEdges",
                        "uRampLUT", "uPaintLUT", "uLUTWidth"]
    static let tile = ["uTarget", "uCanvasToTarget"]
    /// tile.vert's, declared only in variants with a blurred glow (HALO_GLOW == 1).
    static let tileGlow = ["uGlowMap", "uGlowTexSize"]
    static let layerProgram = tile + tileGlow + layer + ["uGlow", "uGlowColor", "uGlowOpacity", "uOpacity", "uBackground"]
    static let glowSourceProgram = tile + layer + ["uGlowMap", "uGlowColor"]
    static let blurProgram = quad + ["uSource", "uStep", "uTexSize", "uCenterWeight", "uPairWeights", "uPairOffsets"]
    static let resolveProgram = tile + ["uCanvas", "uChecker"]
}
