import HaloCore

// A shader shape's GLSL in the renderer's programs (Shaders/README.md "Shader shapes";
// Shaders/lib/shader_shape.glsl).
extension ShaderLibrary {
    /// This library with the variant's shader paints (``withPaints(fill:stroke:parameters:)``)
    /// and its shader shape's text in place of the empty `paint/shape.glsl`, which
    /// `lib/shader_shape.glsl` includes in the variants of a shader shape (HALO_SHAPE 3).
    /// `parameters` are declared for either (``ShaderParameters``).
    func withShaders(of v: LayerVariant, parameters: ShaderParameters) -> ShaderLibrary {
        var copy = withPaints(fill: v.fillPaint, stroke: v.strokePaint, parameters: parameters)
        guard let shape = v.shapeSource else { return copy }
        if !parameters.declarations.isEmpty {
            copy.overrides["paint/params.glsl"] = ShaderPaintFile(path: "paint/params.glsl", text: parameters.glsl)
        }
        copy.setUserFile("paint/shape.glsl", ShaderPaintFile(shape))
        return copy
    }
}

extension LayerVariant {
    /// True where the variant's programs read the scene's parameters: a shader paint or shape.
    var readsParameters: Bool { fillPaint != nil || strokePaint != nil || shapeSource != nil }
}

extension Outline {
    /// A shader shape's layer data (texel 14, `vShaderShape` in Shaders/lib/layer_data.glsl):
    /// pixels per point and the time; nil for other shapes.
    var shaderShapeTexel: SIMD4<Float>? {
        shader.map { SIMD4(Float($0.scale), Float($0.time), 0, 0) }
    }
}
