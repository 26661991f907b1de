/// The uniforms each program reads. Keep in sync with Shaders/lib/layer_data.glsl and the
/// uniforms declared in each main shader (a test compares the lists).
enum Uniforms {
    static let tile = ["uTarget", "uCanvasToTarget"]
    /// tile.vert's, declared only in layer and glow-source variants (HALO_LAYER_DATA).
    static let tileLayer = ["uLayers"]
    /// tile.vert's, declared only in variants written straight into the target (HALO_DIRECT 1, 2).
    static let tileDirect = ["uBackdrops"]
    /// lib/layer_data.glsl's: global to a frame, and (declared only in general programs,
    /// HALO_GENERAL 1) the draw's tile class: uEdge, uGlowMode, uOutput.
    static let layer = ["uRamps", "uRampLUT", "uLUTWidth", "uArcTable", "uPaintAtMiddle", "uEdge", "uGlowMode", "uOutput"]
    /// lib/shader_paint.glsl's: global to a frame.
    static let paint = ["haloLoopPeriod"]
    /// lib/sdf.glsl's loop bound that is never set (always 0, so that loops stay rolled:
    /// ROLLED there), in every program that draws a shape.
    static let neverSet = ["uNoUnroll"]
    /// lib/shape_samples.glsl's: the shape pass's sample atlas.
    static let shapeSamples = ["uShapeSamples"]
    static let layerProgram = tile + tileLayer + tileDirect + layer + paint + shapeSamples
        + ["uGlow", "uGlowAtlasTexel", "uBackgroundImage", "uMaterial", "uMaterialSize", "uTextAtlas"]
    /// glow_source.frag's; uFirstScalar only where it draws a steered glow's planes (HALO_MODES).
    static let glowSourceProgram = tile + tileLayer + layer + paint + shapeSamples + ["uFirstScalar"]
    /// uModeLayers only in the general program (HALO_MODE_LAYERS 0).
    static let glowCombineProgram = tile + ["uModes", "uShift", "uLayerHeight", "uWeights", "uModeLayers"]
    static let glowPhaseProgram = tile + ["uTable", "uPlace", "uCells", "uMix"]
    static let shapePassProgram = tile + tileLayer + layer + paint + shapeSamples + ["uShapeMode", "uProbeStep"]
    static let loopScanProgram = tile + shapeSamples
    static let paintScanProgram = tile + tileLayer + layer + paint
    /// uPairs only in the general program (HALO_PAIRS 0).
    static let blurProgram = tile + ["uSource", "uStep", "uTexSize", "uCenterWeight", "uPairWeights", "uPairOffsets", "uPairs"]
    static let resolveProgram = tile + ["uCanvas", "uChecker", "uCanvasOrigin", "uUnder", "uUnderColour", "uUnderImage"]
    static let canvasClearProgram = tile + ["uColour"]
    static let distanceViewProgram = tile + ["uField", "uDistanceStep"]
    static let targetRestoreProgram = tile + ["uImage", "uUseImage", "uColour"]
    static let downsampleProgram = tile + ["uSource", "uLast", "uOrigin", "uK", "uRecolor"]
    static let textFillProgram = tile + tileLayer + layer + paint + ["uCoverage", "uRegion"]
    static let textProgram = tile + ["uFill", "uFillOrigin", "uGlowImage", "uGlowSize", "uGlowMap", "uGlowMode", "uGlowColor", "uOpacity"]
}
