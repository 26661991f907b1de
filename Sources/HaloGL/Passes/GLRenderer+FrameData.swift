import CEpoxy
import Foundation
import HaloCore

// What every layer program of a frame reads: the layer data texture and the frame-global uniforms.
extension GLRenderer {
    /// The layer data of the frame: ``LayerData/texels`` texels a layer, one row each (texture unit 4).
    func uploadLayerData(_ data: [Float], layers: Int) {
        halo_glActiveTexture(GLenum(GL_TEXTURE4))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), layerTexture)
        let rows = max(layers, 1)
        if rows != layerRows {
            // (Re)allocated only when the number of layers changes; filled every frame.
            halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(LayerData.texels), GLsizei(rows), 0,
                              GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            layerRows = rows
        }
        if layers > 0 {
            data.withUnsafeBytes { buf in
                halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(LayerData.texels), GLsizei(layers),
                                     GLenum(GL_RGBA), GLenum(GL_FLOAT), buf.baseAddress)
            }
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// The frame-global uniforms of a layer or glow-source program: layer data (unit 4),
    /// ramps (unit 0) and their lookup table (unit 3); and whether `variant`'s tiles average
    /// their paints (``LayerVariant/paintAA``).
    func setFrameUniforms(_ p: GLProgram, for variant: LayerVariant) {
        halo_glUniform1i(p.loc("uPaintAtMiddle"), variant.paintAA ? 0 : 1)
        // A general program's tile class (lib/layer_data.glsl HALO_GENERAL; absent elsewhere).
        let d = variant.drawUniforms
        halo_glUniform1i(p.loc("uEdge"), d.edge)
        halo_glUniform1i(p.loc("uGlowMode"), d.glow)
        halo_glUniform1i(p.loc("uOutput"), d.output)
        halo_glUniform1i(p.loc("uLayers"), 4)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), ramps.texture)
        halo_glUniform1i(p.loc("uRamps"), 0)
        halo_glActiveTexture(GLenum(GL_TEXTURE3))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), ramps.lutTexture)
        halo_glUniform1i(p.loc("uRampLUT"), 3)
        halo_glUniform1f(p.loc("uLUTWidth"), Float(ramps.lutWidth))
        halo_glActiveTexture(GLenum(GL_TEXTURE8))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), arcs.texture)
        halo_glUniform1i(p.loc("uArcTable"), 8)
        halo_glUniform1f(p.loc("haloLoopPeriod"), Float(loopPeriod))
        halo_glUniform1i(p.loc("uShapeSamples"), GLRenderer.shapeSampleUnit)
        if variant.readsParameters { ShaderParameters.setValues(parameters, on: p) }
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
    }
}
