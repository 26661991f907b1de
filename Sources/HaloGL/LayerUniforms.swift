/// The uniforms each program reads. Keep in sync with Shaders/lib/layer_uniforms.glsl
/// and the uniforms declared in each main shader (a test compares the lists).
enum Uniforms {
    static let quad = ["uQuad", "uTarget"]
    static let layer = ["uShapeCenter", "uShapeHalfSize", "uShapeRadii",
                        "uPaintColor", "uPaintGeometry", "uPaintRamp", "uRamps", "uStrokeEdges",
                        "uRampLUT", "uPaintLUT", "uLUTWidth"]
    static let tile = ["uTarget", "uCanvasToTarget"]
    static let layerProgram = tile + layer + ["uGlow", "uGlowMap", "uGlowTexSize", "uGlowUsed", "uGlowColor",
                                              "uGlowOpacity", "uOpacity", "uBackground"]
    static let glowSourceProgram = tile + layer + ["uGlowMap", "uGlowColor"]
    static let blurProgram = quad + ["uSource", "uDirection", "uTexSize", "uCenterWeight", "uPairs", "uPairWeights", "uPairOffsets"]
    static let resolveProgram = tile + ["uCanvas", "uChecker"]
    static let solidProgram = tile + ["uColor"]
}
