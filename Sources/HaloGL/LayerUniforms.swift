/// The uniforms each program reads. Keep in sync with Shaders/lib/layer_uniforms.glsl
/// and the uniforms declared in each main shader (a test compares the lists).
enum Uniforms {
    static let quad = ["uQuad", "uTarget"]
    static let layer = ["uShapeKind", "uShapeCenter", "uShapeHalfSize", "uShapeRadii",
                        "uPaintKind", "uPaintColor", "uPaintGeometry", "uPaintRamp", "uRamps", "uStrokeEdges"]
    static let layerProgram = quad + layer + ["uHasFill", "uHasStroke", "uGlowMode", "uGlow", "uGlowMap",
                                              "uGlowTexSize", "uGlowUsed", "uGlowColor", "uGlowOpacity", "uOpacity"]
    static let glowSourceProgram = quad + layer + ["uGlowMap", "uGlowColor"]
    static let blurProgram = quad + ["uSource", "uDirection", "uSourceSize", "uRadius", "uWeights"]
    static let resolveProgram = quad + ["uCanvas"]
}
