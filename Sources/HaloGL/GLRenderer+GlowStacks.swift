import CEpoxy
import HaloCore

/// The frame's glow stacks (``GlowStacks``): one instanced draw per layer count, straight
/// into the target.
extension GLRenderer {
    /// The vertex array of glow stacks' instances from `buffer`: per instance the cell
    /// rect (location 0), the layer rows (1) and the tile rects (2 ... 5), glow_stack.vert.
    static func makeStackVAO(buffer: GLuint) -> GLuint {
        var vao: GLuint = 0
        halo_glGenVertexArrays(1, &vao)
        halo_glBindVertexArray(vao)
        halo_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let float = MemoryLayout<Float>.size, stride = GLsizei(GlowStacks.floatsPerInstance * float)
        for location in 0..<(2 + GlowStacks.maxLayers) {
            halo_glEnableVertexAttribArray(GLuint(location))
            halo_glVertexAttribPointer(GLuint(location), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                       UnsafeRawPointer(bitPattern: 4 * location * float))
            halo_glVertexAttribDivisor(GLuint(location), 1)
        }
        return vao
    }

    func drawGlowStacks(_ plan: FramePlan, target: FrameTarget, background bg: Premul) throws {
        guard plan.stacks.count > 0 else { return }
        for (n, instances) in plan.stacks.instances.enumerated() where !instances.isEmpty {
            try drawGlowStacks(instances, layers: n + 2, output: plan.output, target: target, background: bg)
        }
        endPass("glow stacks")
        try checkError("drawing the glow stacks")
    }

    /// Stacks of `layers` glows (``GlowStacks/floatsPerInstance`` floats an instance) into
    /// `target`, written as `output` says, over the background colour `bg` (premultiplied).
    func drawGlowStacks(_ instances: [Float], layers: Int, output: OutputMode, target: FrameTarget, background bg: Premul) throws {
        let p = try programs.glowStackProgram(layers: layers, output: output)
        halo_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        halo_glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        replaceTexels()
        halo_glUseProgram(p.id)
        halo_glUniform2f(p.loc("uTarget"), Float(target.width), Float(target.height))
        let m = target.canvasToTarget
        halo_glUniform4f(p.loc("uCanvasToTarget"), m.0, m.1, m.2, m.3)
        halo_glUniform4f(p.loc("uBackground"), Float(bg.x), Float(bg.y), Float(bg.z), Float(bg.w))
        halo_glUniform1i(p.loc("uLayers"), 4)          // bound for the frame (uploadLayerData)
        halo_glActiveTexture(GLenum(GL_TEXTURE1))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), glowA.texture)
        halo_glUniform1i(p.loc("uGlow"), 1)
        halo_glUniform2f(p.loc("uGlowAtlasSize"), Float(glowA.width), Float(glowA.height))
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindVertexArray(stackVAO)
        halo_glBindBuffer(GLenum(GL_ARRAY_BUFFER), tileBuffer)
        instances.withUnsafeBytes { buf in
            halo_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(buf.count), buf.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        frameStats.countDraw()
        halo_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(instances.count / GlowStacks.floatsPerInstance))
        halo_glBindVertexArray(tileVAO)
    }
}
