import HaloCore

extension ProgramCache {
    /// Compiles the averaged variant (``LayerVariant/averaged``) of every layer and
    /// glow-source program compiled without averaging whose paints can average (gradients,
    /// PaintJumps: solid, shader and material paints never do): the
    /// program a tile of the same class needs once a colour stop, a seam or a centre moves
    /// into it (a parameter such as a rotation period or a stroke width, or the time, moves
    /// them). The image is unchanged: these are the programs
    /// such a tile would compile on first use.
    /// - Returns: how many programs were compiled.
    /// - Throws: ``ShaderError`` when one fails to compile or link.
    func compileAveragedSiblings() throws -> Int {
        let before = compiledCount
        for v in layerVariants where !v.paintAA && v.hasGradient { _ = try layerProgram(v.averaged) }
        for v in glowSourceVariants where !v.paintAA && v.hasGradient { _ = try glowSourceProgram(v.averaged) }
        return compiledCount - before
    }
}

extension LayerVariant {
    /// Whether the fill or the stroke drawn has a paint that may average (``PaintJumps``).
    var hasGradient: Bool { [fill, stroke].contains { [.linear, .angular, .radial, .path].contains($0) } }
}
