import CEpoxy
import HaloCore

/// The frame's gradient ramps on the GPU: every distinct ramp as five rows of an RGBA32F
/// texture (colours; locations in .r and the count of stop nodes so far in .g; the prefix
/// integrals C0 and C1 of ``GradientRamp/integrals``; each node's change of slope dc/dt,
/// ``slopeChanges(_:)``), and sampled evenly as one row of a
/// linearly filtered lookup table (rampLUT in Shaders/lib/paint.glsl). Both are rebuilt
/// only when a frame's distinct ramps differ from the last frame's.
final class RampTextures {
    private(set) var texture: GLuint = 0
    private(set) var lutTexture: GLuint = 0
    private var size = (0, 0)
    private var lutHeight = 1
    private var uploaded: [GradientRamp]?
    /// Counts the uploads that changed the textures (``KeptTiles``: tiles drawn with other
    /// ramps are drawn again).
    private(set) var generation = 0
    /// Index of each distinct ramp of the frame.
    private var index: [GradientRamp: Int] = [:]
    private var rows: [Int] = []
    /// Each frame layer's fill and stroke ramp index (-1: none), by the layer's index.
    private var layerRamps: [(fill: Int, stroke: Int)] = []
    /// Texels a lookup-table row: 8192, or the GPU's texture size if smaller.
    let lutWidth: Int
    let maxTextureSize: Int

    init(maxTextureSize: Int) {
        self.maxTextureSize = maxTextureSize
        lutWidth = min(8192, maxTextureSize)
        halo_glGenTextures(1, &texture)
        halo_glGenTextures(1, &lutTexture)
    }

    /// Deletes the textures; call while the context is current.
    func delete() {
        halo_glDeleteTextures(1, &texture)
        halo_glDeleteTextures(1, &lutTexture)
    }

    /// For the shaders' layer data: `ramp`'s first texture row, its node count and its
    /// lookup-table row (texel-centre v); zeros for a ramp not uploaded.
    func place(_ ramp: GradientRamp) -> (row: Int, count: Int, lutV: Float) {
        guard let i = index[ramp] else { return (0, 0, 0) }
        return place(i, ramp)
    }

    /// ``place(_:)`` of the ramp of the fill (`slot` 0) or stroke (1) of the layer at `layer`
    /// in the frame last uploaded, found without hashing it again (``place(_:)`` for a ramp
    /// that is not the one uploaded there).
    func place(layer: Int, slot: Int, ramp: GradientRamp) -> (row: Int, count: Int, lutV: Float) {
        guard layer < layerRamps.count, let uploaded else { return place(ramp) }
        let i = slot == 0 ? layerRamps[layer].fill : layerRamps[layer].stroke
        // (The same ramp as uploaded: its arrays share storage, so this compares no elements.)
        guard i >= 0, i < uploaded.count, uploaded[i] == ramp else { return place(ramp) }
        return place(i, ramp)
    }

    private func place(_ i: Int, _ ramp: GradientRamp) -> (row: Int, count: Int, lutV: Float) {
        (rows[i], min(ramp.locations.count, maxTextureSize), (Float(min(i, lutHeight - 1)) + 0.5) / Float(lutHeight))
    }

    /// The change of the ramp's slope dc/dt at each node: the slope of the segment after it
    /// less that of the segment before, a slope 0 beyond the ends (the colour clamped) and
    /// across a hard stop (two nodes at one location: a jump, not a kink). For the exact
    /// average across kinks (paintKinkAverage in Shaders/lib/paint_average.glsl).
    static func slopeChanges(_ ramp: GradientRamp) -> [Premul] {
        let l = ramp.locations, c = ramp.colors
        func slope(_ k: Int) -> Premul {
            guard k >= 0, k + 1 < l.count, l[k + 1] > l[k] else { return Premul(repeating: 0) }
            return (c[k + 1] - c[k]) / (l[k + 1] - l[k])
        }
        return l.indices.map { slope($0) - slope($0 - 1) }
    }

    /// Uploads every distinct gradient ramp of `frame`.
    func upload(_ frame: Frame) {
        index.removeAll(keepingCapacity: true)
        var ramps: [GradientRamp] = []
        layerRamps.removeAll(keepingCapacity: true)
        // The last ramp found: a layer's is often its neighbour's, and comparing two ramps
        // costs less than hashing one.
        var last: (ramp: GradientRamp, index: Int)?
        for i in frame.layers.indices {
            var found = (fill: -1, stroke: -1)
            for slot in 0..<2 {
                guard let paint = slot == 0 ? frame.layers[i].fill : frame.layers[i].stroke?.paint, let ramp = paint.ramp else { continue }
                if case .solid = paint.geometry { continue }
                let i = last.flatMap { $0.ramp == ramp ? $0.index : nil } ?? index[ramp] ?? {
                    index[ramp] = ramps.count
                    ramps.append(ramp)
                    return ramps.count - 1
                }()
                last = (ramp, i)
                if slot == 0 { found.fill = i } else { found.stroke = i }
            }
            layerRamps.append(found)
        }
        let height = max(5, min(maxTextureSize / 5 * 5, ramps.count * 5))
        rows = ramps.indices.map { min($0 * 5, height - 5) }
        // The same ramps as last frame (a rotating gradient's are): both textures hold them.
        if uploaded == ramps { return }
        let width = max(1, min(maxTextureSize, ramps.map(\.locations.count).max() ?? 1))
        var data = [Float](repeating: 0, count: width * height * 4)
        for (i, ramp) in ramps.enumerated() {
            let row = rows[i]
            let (c0, c1) = ramp.integrals
            let dm = RampTextures.slopeChanges(ramp)
            for n in 0..<min(ramp.locations.count, width) {
                let c = ramp.colors[n]
                for ch in 0..<4 {
                    data[(row * width + n) * 4 + ch] = Float(c[ch])
                    data[((row + 2) * width + n) * 4 + ch] = Float(c0[n][ch])
                    data[((row + 3) * width + n) * 4 + ch] = Float(c1[n][ch])
                    data[((row + 4) * width + n) * 4 + ch] = Float(dm[n][ch])
                }
                data[((row + 1) * width + n) * 4] = Float(ramp.locations[n])
                data[((row + 1) * width + n) * 4 + 1] = Float(ramp.stopsUpTo[n])
            }
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        if size != (width, height) {
            halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            size = (width, height)
        }
        data.withUnsafeBytes { buf in
            halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_FLOAT), buf.baseAddress)
        }
        uploadLUT(ramps)
        uploaded = ramps
        generation += 1
    }

    /// One row per ramp: texel 0 its colour below t = 0, texel 1 + i its colour at
    /// t = i / (lutWidth - 2), filtered linearly (rampLUT in Shaders/lib/paint.glsl).
    private func uploadLUT(_ ramps: [GradientRamp]) {
        let w = lutWidth, h = max(1, min(maxTextureSize, ramps.count))
        var data = [Float](repeating: 0, count: w * h * 4)
        for (row, ramp) in ramps.prefix(h).enumerated() {
            for i in 0..<w {
                let c = ramp.color(at: i == 0 ? -1 : Double(i - 1) / Double(w - 2))
                for ch in 0..<4 { data[(row * w + i) * 4 + ch] = Float(c[ch]) }
            }
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE3))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), lutTexture)
        halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA), GLenum(GL_FLOAT), data)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
        lutHeight = h
    }
}
