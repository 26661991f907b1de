import Foundation
import HaloCore

/// A glow drawn from its angular modes in a frame (``GLRenderer/steeredGlowsLastFrame``).
public struct SteeredGlow: Sendable, Equatable {
    /// Modes kept, N (0 ... ``SteeredGlows/maxModes``).
    public let modes: Int
    /// The largest channel error the steering may add to the glow before its opacities
    /// (premultiplied, fractions of full scale): the modes dropped,
    /// ``AngularModes/truncation(modes:planePeaks:peak:)``, and float32 evaluation
    /// (``SteeredGlows/floatError``). ``ErrorBound`` adds it, times the layer's and the
    /// glow's opacity, over the glow's reach.
    public let truncation: Double
    /// Phases of the phase table it was read from (``PhaseTable``); 0 when summed from its
    /// modes this frame.
    public let phases: Int
    /// The bound on the phase table's linear interpolation (0 without a table), in the same
    /// units as ``truncation``.
    public let interpolation: Double
    /// All the error the steering may add: ``truncation`` plus ``interpolation``.
    public var error: Double { truncation + interpolation }
}

/// Glows whose paint only turns, drawn each frame by one combine pass from planes made once
/// per geometry (steerable filters: W. T. Freeman and E. H. Adelson, "The design and use of
/// steerable filters", IEEE PAMI 13(9), 1991; docs/accuracy.md "Steered glows").
///
/// Which glows: a full-turn angular stroke paint (``GlowCache/isSteerable(_:)``) whose data
/// row differs from last frame's only in the paint's angle (``GlowCache/turnedOnly(_:_:strokeGlows:)``),
/// continuous (no hard stop or seam), drawn at reduced resolution (k > 1, ``maySteer(_:)``),
/// on a built-in shape whose paint centre lies off the stroke (there the angle is undefined). A glow's planes are the blurred
/// m cos(n theta), m sin(n theta), n = 0 ... ``measuredModes``, of its source's coverage m
/// at the glow atlas's resolution: drawn by the glow's own source tiles
/// (glow_source.frag HALO_MODES) and blurred by its own kernel and rects, so the steered
/// glow is the ordinary one but for the modes dropped. They depend on the geometry alone
/// (``Geometry``): identical shapes anywhere on the canvas share one set. The peaks of all
/// measured planes are read back once and certify, per paint, the fewest modes N whose
/// truncation is within the glow's stated budget (1/128 of its peak at k > 1; ``GlowPlan``);
/// planes 0 ... ``maxModes`` are kept (``maxLayers`` texels a point). A glow with no
/// certified N (hard stops, a seam, a paint too detailed for its blur) takes the ordinary path.
final class SteeredGlows {
    /// Planes measured for the certificate: n = 0 ... 135 (``chunks`` x ``maxLayers`` texels
    /// of 4 scalars). Modes past them count |E_n| <= the blurred coverage's peak.
    static let chunks = 4
    static var measuredModes: Int { (chunks * maxLayers * 4 - 1) / 2 }
    /// Most modes kept; keep 4 x maxLayers >= 2 maxModes + 1 and MAX_MODE_LAYERS in
    /// Shaders/glow_combine.frag equal to maxLayers.
    static let maxModes = 32
    static let maxLayers = 17
    /// The layer counts glow_combine.frag is compiled for: every count (a layer of zero
    /// weights costs as much as a kept one; a glow of n layers takes the first bucket >= n,
    /// its weights past n zero: ``weights(_:modes:angle:)``).
    static let layerBuckets = Array(1...maxLayers)
    /// New geometries measured in one frame at most (each costs about one frame's glows);
    /// the rest wait for later frames on the ordinary path.
    static let newPerFrame = 2
    /// Planes unused this many frames are released.
    static let idleFrames = 120
    /// Sets of planes kept at most (a set is 17 texel layers of its region: 3.7 MB for the
    /// grid's buttons), so that shapes edited while they turn do not pile up.
    static let planesKept = 16
    /// Paints' modes and certificates kept at most (each 1024 modes: 64 KB).
    static let paintsKept = 64

    /// What a glow's planes depend on, relative to its region's origin (pixels) and its
    /// place in the atlas (texels): the shape and the stroke's band, the paint's centre, the
    /// atlas scale k and kernel, the region's size, the source tiles and the blur rects.
    struct Geometry: Hashable {
        var kind: String
        var values: [Double]
        var sources: [[Float]]
        var variants: [LayerVariant]
        var horizontal: [Float], vertical: [Float]
    }

    /// One geometry's planes: layer l of scalars 4l ... 4l + 3 at rows l x layerHeight + ...,
    /// the region's first texel at (pad, pad) of each layer.
    final class Planes {
        var target: RenderTarget
        let pad: Int, layerHeight: Int
        /// Whether the geometry is point-symmetric (``Geometry/isPointSymmetric``).
        let isPointSymmetric: Bool
        /// The texels the blur writes (its vertical rects' bounds), relative to the region's
        /// first texel: all a phase table holds.
        let written: (x0: Int, y0: Int, x1: Int, y1: Int)
        /// max over texels of |E_n| = sqrt(A_n^2 + B_n^2), n = 0 ... measuredModes (E_0 = A_0,
        /// the blurred coverage's peak).
        let peaks: [Double]
        var lastUsed: Int
        /// Each paint's certified modes and truncation (nil: none certified).
        var certified: [PaintKey: (modes: Int, truncation: Double)?] = [:]
        /// Each paint's phase table (nil: none can be made), and the frame the paint was
        /// first steered on these planes.
        var tables: [PaintKey: PhaseTable?] = [:]
        var firstSteered: [PaintKey: Int] = [:]
        init(target: RenderTarget, pad: Int, layerHeight: Int, symmetric: Bool, written: (x0: Int, y0: Int, x1: Int, y1: Int),
             peaks: [Double], frame: Int) {
            self.target = target; self.pad = pad; isPointSymmetric = symmetric; self.written = written; self.layerHeight = layerHeight; self.peaks = peaks; lastUsed = frame
        }

        /// Releases the planes' texture and their phase tables' (through `release`).
        func release(_ release: (inout RenderTarget) -> Void) {
            release(&target)
            for t in tables.values.compactMap({ $0 }) { release(&t.target) }
            tables = [:]
        }
    }

    /// One glow steered in a frame: its layer row, planes, modes and weights.
    struct Steer {
        var row: Int
        var planes: Planes
        var key: PaintKey
        /// The paint's angle this frame (degrees, as the layer data holds it).
        var angle: Float
        /// The phase table to read in place of the planes, if made.
        var table: PhaseTable?
        var modes: Int
        var truncation: Double
        /// Premultiplied weights of scalars 0 ..< 4 x layers (glow_combine.frag), zero past the
        /// modes kept up to the layer bucket.
        var weights: [Float]
        /// The paint's alpha is constant around the turn: every weight's alpha but w_0's is 0.
        var opaque: Bool
        var layers: Int { weights.count / 16 }
    }

    var isEnabled = false
    /// Whether phase tables are made (``PhaseTable``); false (a test hook) sums every
    /// steered glow from its modes.
    var makesTables = true
    /// Planes by geometry; nil: measured and not steerable (too large for a texture).
    private(set) var planes: [Geometry: Planes?] = [:]
    private(set) var modes: [PaintKey: AngularModes] = [:]
    private(set) var frame = 0
    /// The last frame's steered glows, by the frame's layer index.
    private(set) var lastFrame: [Int: SteeredGlow] = [:]

    struct PaintKey: Hashable { var ramp: GradientRamp; var glowColor: [Double]? }

    /// Starts a frame: releases planes idle for ``idleFrames`` (through `release`).
    func beginFrame(release: (inout RenderTarget) -> Void) {
        frame += 1
        lastFrame = [:]
        byPlace = nextByPlace
        nextByPlace = [:]
        for (g, p) in planes {
            guard let p, frame - p.lastUsed > SteeredGlows.idleFrames else { continue }
            p.release(release)
            planes[g] = nil
        }
    }

    func record(_ steer: Steer, layerIndex: Int) {
        if let t = steer.table {
            lastFrame[layerIndex] = SteeredGlow(modes: t.modes, truncation: t.truncation, phases: t.phases, interpolation: t.interpolation)
        } else {
            lastFrame[layerIndex] = SteeredGlow(modes: steer.modes, truncation: steer.truncation, phases: 0, interpolation: 0)
        }
    }

    /// Whether `layer`'s glow may be steered in some frame: a steerable stroke's glow
    /// (``GlowCache/isSteerable(_:)``) on a built-in shape, drawn at reduced resolution
    /// (k > 1, so its paint is taken at each block's centre). A glow at full resolution
    /// has a budget of 7e-5 of its peak (``GlowPlan``), which the unmeasured tail alone
    /// exceeds for any ramp with a stop (S / (2 pi^2 1023) with S the slope jumps): its
    /// planes would be made for nothing.
    static func maySteer(_ layer: ResolvedLayer) -> Bool {
        guard let g = layer.glow, g.sigma > 0 else { return false }
        return maySteer(layer, plan: GlowPlan(sigma: g.sigma))
    }

    /// ``maySteer(_:)`` with the glow's plan at hand.
    static func maySteer(_ layer: ResolvedLayer, plan: GlowPlan) -> Bool {
        GlowCache.isSteerable(layer) && !layer.fillGlows && layer.outline.kind != .shader && plan.k > 1
            && layer.glowSource?.paint.ramp != nil
    }

    /// Whether `plan`'s layer may be steered this frame (the row test is the caller's):
    /// ``maySteer(_:)``, and its paint's centre off the stroke.
    static func isCandidate(_ p: FramePlan.LayerPlan) -> Bool {
        let layer = p.layer
        guard let gp = p.glowPlan, maySteer(layer, plan: gp), let source = layer.glowSource,
              case .angular(let c, _, _) = source.paint.geometry else { return false }
        // The paint's centre at least a block's diagonal off the band: the angle is defined
        // at every covered block's centre.
        let d = layer.outline.signedDistance(c), margin = 1.5 * Double(gp.k)
        return d < source.inner - margin || d > source.outer + margin
    }

    /// `p`'s geometry (relative to its region and place), given its source draws and blur
    /// rects as the atlas holds them (``GlowCache/Rest``).
    static func geometry(_ p: FramePlan.LayerPlan, rest: GlowCache.Rest) -> Geometry {
        let layer = p.layer, o = layer.outline, r = p.glowRegion, gp = p.glowPlan!
        var values = [o.center.x - r.x0, o.center.y - r.y0, o.halfSize.x, o.halfSize.y, o.radii[0], o.radii[1], o.radii[2], o.radii[3]]
        if let s = layer.glowSource, case .angular(let c, _, _) = s.paint.geometry {
            values += [s.inner, s.outer, c.x - r.x0, c.y - r.y0]
        }
        values += [Double(gp.k), gp.sigma, Double(r.gw), Double(r.gh)]
        let ox = Float(p.atlas.x), oy = Float(p.atlas.y)
        func relative(_ data: [Float]) -> [Float] {
            var out = data
            let m = FramePlan.floatsPerInstance
            for s in stride(from: 0, to: out.count, by: m) {
                out[s] -= ox; out[s + 1] -= oy; out[s + 2] -= ox; out[s + 3] -= oy; out[s + 6] = 0
            }
            return out
        }
        return Geometry(kind: "\(o.kind)", values: values, sources: rest.sources.map { relative($0.instances) }, variants: rest.sources.map(\.variant),
                        horizontal: relative(rest.horizontal), vertical: relative(rest.vertical))
    }

    /// The planes each place's glow was steered with last frame, and this frame so far.
    private var byPlace: [Int: Planes] = [:], nextByPlace: [Int: Planes] = [:]

    /// The planes the glow at `place` was steered with last frame.
    func held(at place: GlowAtlas.Place) -> Planes? { byPlace[GlowCache.slot(place)] }

    /// Notes that the glow at `place` is steered with `p` this frame.
    func hold(_ p: Planes, at place: GlowAtlas.Place) { nextByPlace[GlowCache.slot(place)] = p }

    /// Planes of `g` if measured: .some(nil) when it cannot be steered.
    func planes(for g: Geometry) -> Planes?? { planes[g] }

    /// Whether a new set of planes may be made: fewer than ``planesKept`` are kept, or the
    /// least recently used one, unused this frame, is released (through `release`) to make room.
    func makeRoom(release: (inout RenderTarget) -> Void) -> Bool {
        let kept = planes.compactMap { key, value in value.map { (key, $0) } }
        guard kept.count >= SteeredGlows.planesKept else { return true }
        guard let oldest = kept.min(by: { $0.1.lastUsed < $1.1.lastUsed }), oldest.1.lastUsed < frame else { return false }
        oldest.1.release(release)
        planes[oldest.0] = nil
        byPlace = byPlace.filter { $0.value !== oldest.1 }
        return true
    }

    /// Keeps `p` as `g`'s planes (nil: `g` cannot be steered).
    func store(_ p: Planes?, for g: Geometry) { planes[g] = p }

    /// Releases every set of planes (through `release`).
    func forget(release: (inout RenderTarget) -> Void) {
        for p in planes.values.compactMap({ $0 }) { p.release(release) }
        planes = [:]; byPlace = [:]; nextByPlace = [:]
    }

    /// The paint's modes (``AngularModes``), made once per paint.
    func modes(ramp: GradientRamp, glowColor: Premul?) -> AngularModes {
        modes(PaintKey(ramp: ramp, glowColor: glowColor.map { [$0.x, $0.y, $0.z, $0.w] }), ramp: ramp, glowColor: glowColor)
    }

    /// ``modes(ramp:glowColor:)`` by the paint's key, made once by the caller.
    private func modes(_ key: PaintKey, ramp: GradientRamp, glowColor: Premul?) -> AngularModes {
        if let m = modes[key] { return m }
        let m = AngularModes(ramp: ramp, glowColor: glowColor)
        // Paints whose colours keep changing (a parameter dragged) are forgotten in bulk.
        if modes.count >= SteeredGlows.paintsKept { modes = [:] }
        modes[key] = m
        return m
    }

    /// The steer of the glow of layer row `row` with these planes this frame, or nil when no
    /// N <= ``maxModes`` is certified: `paint` its source's ramp, `glowColor` the glow's own
    /// colour (premultiplied) if any, `angle` the paint's angle (degrees, as its data row
    /// holds it), `k` the atlas scale.
    func steer(row: Int, planes p: Planes, ramp: GradientRamp, glowColor: Premul?, angle: Float, k: Int) -> Steer? {
        let key = PaintKey(ramp: ramp, glowColor: glowColor.map { [$0.x, $0.y, $0.z, $0.w] })
        let m = modes(key, ramp: ramp, glowColor: glowColor)
        if p.certified.count >= SteeredGlows.paintsKept { p.certified = [:] }
        if p.firstSteered.count >= SteeredGlows.paintsKept { p.firstSteered = [:] }
        let certified = p.certified[key] ?? {
            let peak = p.peaks[0], budget = SteeredGlows.budget(p, glowColor: glowColor, k: k)
            guard peak > 0 else { return nil }
            guard let n = m.modes(within: budget, cap: SteeredGlows.maxModes, planePeaks: p.peaks, peak: peak) else { return nil }
            return (n, m.truncation(modes: n, planePeaks: p.peaks, peak: peak) + SteeredGlows.floatError(m, modes: n, peak: peak))
        }()
        p.certified[key] = .some(certified)
        guard let (n, truncation) = certified else { return nil }
        p.lastUsed = frame
        if p.firstSteered[key] == nil { p.firstSteered[key] = frame }
        let table = p.tables[key] ?? nil
        table?.lastUsed = frame
        return Steer(row: row, planes: p, key: key, angle: angle, table: table, modes: n, truncation: truncation,
                     weights: table == nil ? SteeredGlows.weights(m, modes: n, angle: angle) : [], opaque: m.alphaIsConstant)
    }

    /// The glow's stated budget (``GlowPlan``) for planes `p`: 1/128 of its peak at k > 1,
    /// 7e-5 at k = 1, times the glow colour's alpha.
    static func budget(_ p: Planes, glowColor: Premul?, k: Int) -> Double {
        (k == 1 ? 7e-5 : 1.0 / 128) * (glowColor?.w ?? 1) * p.peaks[0]
    }
}
