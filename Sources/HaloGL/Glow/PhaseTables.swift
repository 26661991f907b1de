import CEpoxy
import Foundation
import HaloCore

/// A steered glow's phase table: its glow at M angles of the turn, phi_j = 2 pi j / M, made
/// once per geometry and paint from the geometry's planes (``SteeredGlows``), so that a frame
/// reads two of them and interpolates linearly instead of summing 2N + 1 planes.
///
/// Each phase is the steered glow of N modes, g_N(phi_j) = c_0 E_0 + 2 Re sum_{n=1}^{N}
/// c_n e^{-i n phi_j} E_n (glow_combine.frag, the same float32 sum as a direct combine), in a
/// cell that holds the texels the glow's blur writes (``SteeredGlows/Planes/written``); the
/// cells fill a texture in rows of ``columns``. A frame at angle phi between phi_j and
/// phi_{j+1} writes (1 - f) g_N(phi_j) + f g_N(phi_{j+1}), f = (phi - phi_j) / Delta
/// (glow_phase.frag). g_N is a trigonometric polynomial in phi, so linear interpolation errs
/// by at most Delta^2 / 8 max|g_N''| (the remainder of linear interpolation: |f(x) - L(x)| <=
/// (x - a)(b - x) / 2 max|f''|), and per channel
///
///     |g_N''(phi)| = |2 Re sum_{n=1}^{N} n^2 c_n e^{-i n phi} E_n| <= 2 sum_{n=1}^{N} n^2 |c_n| max|E_n|,
///
/// with max|E_n| the planes' measured peaks: ``interpolation(_:modes:planePeaks:phases:)``.
/// The cells are half floats (RGBA16F: half the memory and the reads of float32), each
/// value rounded once when the phase is written, by under 2^-10 of its magnitude (one unit in
/// the last place of an 11-bit significand, whichever way the driver rounds) plus 2^-25 below
/// the normal range; |g_N| <= a peak_0 + truncation, a the colour's largest alpha (the
/// premultiplied channels are at most it), since |G * (m f)| <= max|f| G * m:
/// ``storage(alpha:peak:truncation:)``. N and M are chosen together
/// (``shape(_:planePeaks:peak:budget:cap:even:alpha:)``) so that the truncation after N
/// modes, the float32 term, the storage and the interpolation stay within the glow's budget,
/// with the fewest phases: the table's cost a frame (two texels a point) does not depend on N.
///
/// Where the geometry is point-symmetric (``SteeredGlows/Geometry/isPointSymmetric``) the
/// glow turned by phi + pi is the glow turned by phi read at the texel's image under the
/// half-turn, so the table holds phases 0 ..< M / 2 (M even) and reads the others mirrored.
final class PhaseTable {
    var target: RenderTarget
    /// Modes summed in each phase (N) and phases (M).
    let modes: Int, phases: Int
    /// Cells per row of the texture; each cell `cellWidth` x `cellHeight` texels.
    let columns: Int, cellWidth: Int, cellHeight: Int
    /// Cells held: M, or M / 2 where the geometry is point-symmetric.
    let cells: Int
    /// The region texel at a cell's first texel.
    let from: (x: Int, y: Int)
    /// The truncation after N modes with the float32 term and the half-float storage, and
    /// the interpolation's bound (premultiplied channel values, before opacities).
    let truncation: Double, interpolation: Double
    var lastUsed: Int

    init(target: RenderTarget, shape: Shape, symmetric: Bool, from: (x: Int, y: Int) = (0, 0), columns: Int, cellWidth: Int, cellHeight: Int,
         frame: Int) {
        self.from = from
        self.target = target; modes = shape.modes; phases = shape.phases; truncation = shape.truncation
        cells = symmetric ? shape.phases / 2 : shape.phases
        interpolation = shape.interpolation; self.columns = columns; self.cellWidth = cellWidth; self.cellHeight = cellHeight
        lastUsed = frame
    }

    /// The first texel of cell `j`.
    func cell(_ j: Int) -> (x: Int, y: Int) { ((j % columns) * cellWidth, (j / columns) * cellHeight) }

    /// Where phase `j` is read (glow_phase.frag): the texel of cell offset c is origin +
    /// sign x c; past the cells held, the cell of phase j - M / 2 mirrored (its last texel
    /// first, sign -1).
    func read(_ j: Int) -> (origin: (x: Int, y: Int), sign: Int) {
        guard j >= cells else { return (cell(j), 1) }
        let c = cell(j - cells)
        return ((c.x + cellWidth - 1, c.y + cellHeight - 1), -1)
    }

    /// Bytes of the texture (RGBA16F).
    var bytes: Int { target.width * target.height * 8 }

    /// The texture's format.
    static let format = GL_RGBA16F

    /// The bound on storing a value of g_N in a half float: 2^-10 (a peak_0 + truncation) +
    /// 2^-25 (the type's comment).
    static func storage(alpha: Double, peak: Double, truncation: Double) -> Double {
        pow(2, -10) * (alpha * peak + truncation) + pow(2, -25)
    }

    /// A table's modes, phases and error terms.
    struct Shape: Equatable {
        var modes: Int, phases: Int
        var truncation: Double, interpolation: Double
    }

    /// Most phases a table has: more would cost more memory than the direct combine saves.
    static let maxPhases = 512

    /// The two phases about `angle` (degrees, as the layer data holds it) and the weight of
    /// the second: angle / 360 x M = j + f, 0 <= f < 1, taken modulo M.
    static func between(angle: Float, phases m: Int) -> (j0: Int, j1: Int, f: Float) {
        var a = Double(angle).truncatingRemainder(dividingBy: 360)
        if a < 0 { a += 360 }
        let u = a / 360 * Double(m), j = u.rounded(.down)
        let j0 = Int(j) % m
        return (j0, (j0 + 1) % m, Float(u - j))
    }

    /// The bound on linear interpolation between M equally spaced phases of g_N, per channel:
    /// (2 pi / M)^2 / 8 x 2 sum_{n=1}^{N} n^2 |c_n| max|E_n| (the type's comment), with
    /// `planePeaks` max|E_n| (n = 0, 1, ...) and `peak` standing for planes not measured.
    static func interpolation(_ m: AngularModes, modes n: Int, planePeaks: [Double], peak: Double, phases: Int) -> Double {
        curvature(m, modes: n, planePeaks: planePeaks, peak: peak) * pow(2 * Double.pi / Double(phases), 2) / 8
    }

    /// 2 sum_{n=1}^{N} n^2 |c_n| max|E_n|: a bound on |g_N''| per channel.
    static func curvature(_ m: AngularModes, modes n: Int, planePeaks: [Double], peak: Double) -> Double {
        var sum = 0.0
        for j in stride(from: 1, through: n, by: 1) {
            sum += 2 * Double(j * j) * m.magnitude(j) * (j < planePeaks.count ? planePeaks[j] : peak)
        }
        return sum
    }

    /// The table with the fewest phases (then the fewest modes) whose truncation after N modes
    /// (``AngularModes/truncation(modes:planePeaks:peak:)``), float32 term
    /// (``SteeredGlows/floatError(_:modes:peak:)``) and interpolation sum to at most `budget`,
    /// N <= `cap`; nil when none has at most ``maxPhases`` phases.
    /// With `even`, M is even (a table that holds half the turn); `alpha` is the colour's
    /// largest alpha (``storage(alpha:peak:truncation:)``), counted in ``Shape/truncation``.
    static func shape(_ m: AngularModes, planePeaks: [Double], peak: Double, budget: Double, cap: Int, even: Bool = false,
                      alpha: Double = 1) -> Shape? {
        var best: Shape?
        for n in stride(from: 1, through: min(cap, m.computed - 1), by: 1) {
            let dropped = m.truncation(modes: n, planePeaks: planePeaks, peak: peak)
            let t = dropped + SteeredGlows.floatError(m, modes: n, peak: peak) + storage(alpha: alpha, peak: peak, truncation: dropped)
            let rest = budget - t, c = curvature(m, modes: n, planePeaks: planePeaks, peak: peak)
            guard rest > 0, c.isFinite else { continue }
            // (2 pi / M)^2 / 8 c <= rest  <=>  M >= 2 pi sqrt(c / (8 rest)).
            let need = (2 * Double.pi * (c / (8 * rest)).squareRoot()).rounded(.up)
            guard need <= Double(maxPhases) else { continue }
            var phases = max(2, Int(need))
            if even && phases % 2 == 1 { phases += 1 }
            if best == nil || phases < best!.phases {
                best = Shape(modes: n, phases: phases, truncation: t,
                             interpolation: interpolation(m, modes: n, planePeaks: planePeaks, peak: peak, phases: phases))
            }
        }
        return best
    }
}

/// When phase tables are made, and how many are kept.
extension SteeredGlows {
    /// Tables made in one frame at most (each costs about M / 100 of the 100-button grid's
    /// direct combine); the rest are summed from their modes meanwhile.
    static let newTablesPerFrame = 2
    /// Bytes of phase tables kept at most, all planes together; the least recently used
    /// table, unused this frame, is released to make room.
    static let tableBytesKept = 64 << 20

    /// The table to make for `s` now, or nil: one is made for a paint steered on its planes
    /// in an earlier frame too (a paint that changes every frame, a colour being dragged, is
    /// summed from its modes) and not known to need too many phases (then nil is kept).
    /// `glowColor` and `k` as for ``steer(row:planes:ramp:glowColor:angle:k:)``.
    func tableDue(_ s: Steer, glowColor: Premul?, k: Int) -> PhaseTable.Shape? {
        let p = s.planes
        guard makesTables, s.table == nil, p.tables[s.key] == nil, let first = p.firstSteered[s.key], first < frame,
              let m = modes[s.key], p.peaks[0] > 0 else { return nil }
        let shape = PhaseTable.shape(m, planePeaks: p.peaks, peak: p.peaks[0], budget: SteeredGlows.budget(p, glowColor: glowColor, k: k),
                                     cap: SteeredGlows.maxModes, even: p.isPointSymmetric, alpha: glowColor?.w ?? 1)
        if shape == nil { p.tables[s.key] = .some(nil) }
        return shape
    }

    /// Keeps `t` as the table of `s`'s paint on its planes (nil: none can be made).
    func keep(_ t: PhaseTable?, for s: Steer) { s.planes.tables[s.key] = .some(t) }

    /// Whether `bytes` more of tables fit in ``tableBytesKept``, releasing (through `release`)
    /// the least recently used tables unused this frame as needed.
    func makeTableRoom(_ bytes: Int, release: (inout RenderTarget) -> Void) -> Bool {
        guard bytes <= SteeredGlows.tableBytesKept else { return false }
        var kept = planes.values.compactMap { $0 }.flatMap { p in p.tables.compactMap { key, t in t.map { (p, key, $0) } } }
        var total = kept.reduce(0) { $0 + $1.2.bytes }
        kept.sort { $0.2.lastUsed < $1.2.lastUsed }
        for (p, key, t) in kept where total + bytes > SteeredGlows.tableBytesKept && t.lastUsed < frame {
            total -= t.bytes
            release(&t.target)
            p.tables[key] = nil
        }
        return total + bytes <= SteeredGlows.tableBytesKept
    }
}

extension SteeredGlows {
    /// Whether `layer`'s glow may be steered (``maySteer(_:)``) on a shape that the half-turn
    /// about its centre maps to itself (a built-in shape whose opposite corners have equal
    /// radii) with the angular paint's centre at the shape's: its planes are point-symmetric
    /// when its glow region is centred on the shape (``GlowPlan/centred(_:_:on:k:)``).
    static func mayHoldHalfTurn(_ layer: ResolvedLayer, plan: GlowPlan) -> Bool {
        let o = layer.outline
        guard maySteer(layer, plan: plan), o.kind != .shader, o.radii[0] == o.radii[2], o.radii[1] == o.radii[3],
              let s = layer.glowSource, case .angular(let c, _, _) = s.paint.geometry else { return false }
        return c == o.center
    }
}

extension GlowPlan {
    /// A glow region's span on one axis centred on `c`: the whole pixel `x0'` <= `lo` and the
    /// fewest texels n with x0' + n k >= `hi` and c - x0' = n k / 2 (c then lies on a block
    /// edge or centre, so the half-turn about it maps the region's blocks onto each other);
    /// nil when no such whole x0' exists (c not on a multiple of 1/2 px fitting k) or the
    /// span would grow by more than two texels.
    static func centred(_ lo: Double, _ hi: Double, on c: Double, k: Int) -> (x0: Double, texels: Int)? {
        guard c > lo, c < hi else { return nil }
        let first = Int((2 * max(c - lo, hi - c) / Double(k)).rounded(.up)), plain = Int(((hi - lo) / Double(k)).rounded(.up))
        for n in first...(first + 2) where n <= plain + 2 {
            let x0 = c - Double(n * k) / 2
            if x0 == x0.rounded(), x0 <= lo, x0 + Double(n * k) >= hi { return (x0, n) }
        }
        return nil
    }
}

extension SteeredGlows.Geometry {
    /// The bounds of the vertical blur rects, texels relative to the region's first texel.
    var written: (x0: Int, y0: Int, x1: Int, y1: Int) {
        let m = FramePlan.floatsPerInstance
        var b = (x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
        for s in stride(from: 0, to: vertical.count - m + 1, by: m) {
            b = (min(b.x0, Int(vertical[s])), min(b.y0, Int(vertical[s + 1])), max(b.x1, Int(vertical[s + 2])), max(b.y1, Int(vertical[s + 3])))
        }
        return b.x1 > b.x0 ? b : (0, 0, 0, 0)
    }

    /// Whether the planes of this geometry are point-symmetric about the region's centre,
    /// E_n(R x) = (-1)^n E_n(x) for the half-turn R, so that the glow turned by phi + pi is
    /// the glow turned by phi read at R x (then a phase table holds half the turn): the
    /// shape is a built-in one that R maps to itself (opposite corners' radii equal), the
    /// paint's centre is the shape's, both lie at the region's centre in texels (every
    /// block the source covers then has its image under R), and the blur rects are each
    /// mapped onto themselves. (The source tiles need not be: they cover every block the
    /// stroke reaches, as the ordinary glow needs, and write its exact coverage there, however
    /// they are cut.) The planes are then the same at x and R x up to their rounding, which
    /// the bound counts at each texel alike: at R x the table is within the bound of the
    /// exact glow there, which is the exact glow at x turned by pi.
    var isPointSymmetric: Bool {
        guard kind != "\(Outline.Kind.shader)", values.count == 16 else { return false }
        let v = values, k = v[12], gw = v[14], gh = v[15]
        guard v[4] == v[6], v[5] == v[7], v[10] == v[0], v[11] == v[1], 2 * v[0] == gw * k, 2 * v[1] == gh * k else { return false }
        let m = FramePlan.floatsPerInstance, w = Float(gw), h = Float(gh)
        func mapsToItself(_ data: [Float]) -> Bool {
            let rects = stride(from: 0, to: data.count, by: m).map { Array(data[$0 ..< $0 + m]) }
            let turned = rects.map { r -> [Float] in
                var t = r
                t[0] = w - r[2]; t[1] = h - r[3]; t[2] = w - r[0]; t[3] = h - r[1]
                return t
            }
            func sorted(_ a: [[Float]]) -> [[Float]] { a.sorted { $0.lexicographicallyPrecedes($1) } }
            return sorted(rects) == sorted(turned)
        }
        return mapsToItself(horizontal) && mapsToItself(vertical)
    }
}
