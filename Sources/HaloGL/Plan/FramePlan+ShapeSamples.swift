import HaloCore

/// The shape pass of a frame (Shaders/shape_pass.frag): which texels need a shader shape's
/// samples. Every edge tile of a shader shape's layer (its pixels, scale 1) and of its glow
/// source (its texels, at the glow's reduction k) gets a slot of the tile's size in the
/// sample atlas (``ShapeSampleAtlas``), packed in shelves. A shader shape's edge tile has no
/// coverage of its own (aCover, tile.vert), so it carries the slot there: atlas texel =
/// its pixel + (aCover), read back by layer.frag and glow_source.frag. A glow the glow cache
/// keeps (``GlowCache``: its key holds the variant with the shape's text, and these slots)
/// has its samples drawn all the same, unread: the cache stays exact and the pass simple.
extension FramePlan {
    /// One draw of the shape pass: the tiles of one shape's text in one mode.
    struct ShapeSampleDraw {
        var source: ShaderPaintSource
        /// uShapeMode in shape_pass.frag: 0 layer tiles, 1 a stroke's glow source, 2 a fill's.
        var mode: Int32
        var instances: [Float] = []
    }

    /// A shader shape's probe: its distance on a ``ShapeSamplePlan/probeSide`` square grid
    /// of points over the canvas (the centres of as many equal cells), drawn by the shape
    /// pass (mode 3) into the atlas slot at (x, y) and read back to find where the distance
    /// is not finite (``GLRenderer/shapeWarnings``).
    struct ShapeProbe {
        var source: ShaderPaintSource
        var x: Int, y: Int
        /// Pixels per point of the layer the probe's data comes from.
        var scale: Double
    }

    /// The frame's shape-pass draws and the atlas size they need (texels).
    struct ShapeSamplePlan {
        /// The probe grid's points a side: 32 x 32 calls of the shape's function a frame.
        static let probeSide = 32
        var draws: [ShapeSampleDraw] = []
        var probes: [ShapeProbe] = []
        /// Shader paints' loop scans (FramePlan+PaintScans.swift).
        var paintScans: [PaintScan] = []
        var width = 0, height = 0

        /// Shelves of slots at most `maxWidth` wide, left to right, then top to bottom.
        fileprivate var shelf = (x: 0, y: 0, height: 0)

        /// A slot of `w` x `h` texels: its corner.
        mutating func place(_ w: Int, _ h: Int, maxWidth: Int) -> (x: Int, y: Int) {
            if shelf.x > 0 && shelf.x + w > maxWidth { shelf = (0, shelf.y + shelf.height, 0) }
            let at = (x: shelf.x, y: shelf.y)
            shelf.x += w
            shelf.height = max(shelf.height, h)
            width = max(width, shelf.x); height = max(height, shelf.y + shelf.height)
            return at
        }
    }

    /// Gives every shader-shape edge tile of the layer batches and glow sources its slot
    /// (rewriting its aCover) and lists the shape pass's draws.
    /// - Parameter maxTextureSize: the GPU's; shelves are at most this wide (or 4096).
    mutating func planShapeSamples(maxTextureSize: Int) {
        var plan = ShapeSamplePlan()
        var index: [Pair: Int] = [:]
        let maxWidth = min(maxTextureSize, 4096)
        func slots(_ batch: inout Batch, mode: Int32) {
            let v = batch.variant
            guard v.shape == .shader, v.edge != .inside, let source = v.shapeSource else { return }
            let key = Pair(source: source, mode: mode)
            let d = index[key] ?? {
                plan.draws.append(ShapeSampleDraw(source: source, mode: mode))
                index[key] = plan.draws.count - 1
                return plan.draws.count - 1
            }()
            let m = FramePlan.floatsPerInstance
            for s in stride(from: 0, to: batch.instances.count, by: m) {
                // The slot keeps the tile's place within llvmpipe's 4 x 4 blocks of fragments
                // (its corner a multiple of 4 px away), so that its fragments are shaded in the
                // same groups as in the target: a block two tiles share is shaded for each.
                func block(_ v: Float, _ rule: FloatingPointRoundingRule) -> Float { (v / 4).rounded(rule) * 4 }
                let x0 = block(batch.instances[s], .down), y0 = block(batch.instances[s + 1], .down)
                let w = Int(block(batch.instances[s + 2], .up) - x0), h = Int(block(batch.instances[s + 3], .up) - y0)
                let at = plan.place(w, h, maxWidth: maxWidth)
                batch.instances[s + 4] = Float(at.x) - x0
                batch.instances[s + 5] = Float(at.y) - y0
                plan.draws[d].instances += batch.instances[s ..< s + m]
            }
        }
        for b in canvasBatches.indices { slots(&canvasBatches[b], mode: 0) }
        for b in targetBatches.indices { slots(&targetBatches[b], mode: 0) }
        for p in glowPages.indices {
            for b in glowPages[p].source.indices {
                slots(&glowPages[p].source[b], mode: glowPages[p].source[b].variant.stroke != nil ? 1 : 2)
            }
        }
        // A probe per text, with the layer data of its first layer tile.
        let m = FramePlan.floatsPerInstance, g = ShapeSamplePlan.probeSide
        for draw in plan.draws where draw.mode == 0 && !draw.instances.isEmpty {
            let at = plan.place(g, g, maxWidth: maxWidth)
            var probe = Array(draw.instances[0 ..< m])
            probe.replaceSubrange(0 ..< 6, with: [0, 0, Float(g), Float(g), Float(at.x), Float(at.y)])
            plan.draws.append(ShapeSampleDraw(source: draw.source, mode: 3, instances: probe))
            let row = Int(probe[6])
            let scale = layers.indices.contains(row) ? layers[row].layer.outline.shader?.scale ?? 1 : 1
            plan.probes.append(ShapeProbe(source: draw.source, x: at.x, y: at.y, scale: scale))
        }
        planPaintScans(&plan)
        shapeSamples = plan
    }

    private struct Pair: Hashable {
        var source: ShaderPaintSource
        var mode: Int32
    }
}
