import HaloCore

extension FramePlan {
    /// Where the GPU blurs the canvas below a material fill (docs/scene-format.md "Material"): at 1/k
    /// resolution (``GlowPlan``, the same kernel and error budget as a glow), over the
    /// fill's pixels grown by the kernel's reach and two blocks more, so that the texels the
    /// layer reads never see the region's border (blur.frag reads past it unguarded).
    struct MaterialRegion {
        var plan: GlowPlan
        /// Canvas pixel of texel (0, 0)'s block.
        var origin: (x: Int, y: Int)
        /// Size in texels.
        var width: Int, height: Int

        /// The region of a material of `sigma` pixels over the fill's `pixels` (canvas pixels).
        init(sigma: Double, pixels f: Box) {
            plan = GlowPlan(sigma: sigma)
            let k = plan.k, margin = (plan.radius + 2) * k
            origin = (Int(f.x0) - margin, Int(f.y0) - margin)
            width = (Int(f.x1 - f.x0) + 2 * margin + k - 1) / k
            height = (Int(f.y1 - f.y0) + 2 * margin + k - 1) / k
        }
    }
}
