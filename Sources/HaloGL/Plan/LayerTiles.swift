import Foundation
import HaloCore

/// A layer's quad split into tiles on the frame's grid (``TileGrid``: 16 px cells, looked at
/// 64 px blocks at a time; edge tiles and tiles whose paint needs averaging split down to
/// 4 px), each classified on the CPU:
/// - by coverage, from the exact signed distance at its centre: tiles that an edge (of the
///   fill or of either stroke edge) may cross are drawn by the full coverage shader; the
///   others are wholly inside or outside each draw, so a cheap variant draws them with that
///   coverage; tiles with nothing in them (no fill, no stroke, no glow) are not drawn.
///   Sound because the signed distance is 1-Lipschitz (exact, or a bound at mitred
///   corners): a tile whose centre is farther than its half-diagonal from an edge cannot
///   meet it.
/// - by paint, from the range of the gradient parameter t over the tile: only tiles whose
///   range holds a colour stop, the angular seam, the end or middle of a partial sweep's
///   gap, or an angular centre get the variant that averages jumps and kinks per pixel;
///   the others read the ramp's lookup table, so a stop within one of its samples counts.
/// - by glow: glow-only tiles where the glow stays under half a level are left out
///   (``faintGlowDistance``).
///
/// llvmpipe runs both sides of every branch, so work that a tile cannot need is moved out
/// of its program variant rather than skipped with an `if`.
struct LayerTiles {
    /// Tile side in pixels: small enough that edge tiles hug the outline, large enough that
    /// classification (one signed distance a tile) stays cheap.
    static let size = 16

    /// Edge tiles and tiles whose paint needs averaging are split down to this side, pixels.
    static let minSize = 4

    /// Tiles split on the grid's lines every this many pixels: llvmpipe shades the target in
    /// 4 x 4 blocks, each block a tile reaches in whole (a 3 x 4 tile across a block line
    /// costs two blocks, 32 fragments for 12 pixels).
    static let blockSize = 4

    /// Where to split [a, b) in two: on a block line near the middle
    /// (``blockSize``), or the middle where no block line lies inside.
    static func split(_ a: Int, _ b: Int) -> Int {
        let n = blockSize
        let m = (a + b) / 2, line = m / n * n
        if line > a { return line }
        return line + n < b ? line + n : m
    }

    /// Per instance: x0, y0, x1, y1 (canvas pixels), fill coverage, stroke coverage.
    static let floatsPerTile = 6

    /// `kinks`: an averaged tile whose paints may only kink there, never jump
    /// (``PaintJumps/Crossing``): drawn by a program without the jumps' handling.
    /// `corners`: for a per-pixel edge tile of a box, which rounded corners' code its program holds
    /// (HALO_CORNERS, ``CornerZones``): 0 none (no rounded corner reaches it), 2 one (its
    /// index in the tile's fill coverage, which edge tiles do not read), 1 all.
    /// `smooth`: an edge tile whose edges are all smooth there (``SmoothEdges``).
    /// `direct`: no other layer touches the tile, so the layer is composited over the
    /// background in the shader and written to the target as final 8-bit values
    /// (`HALO_DIRECT`); otherwise it is blended into the float canvas.
    struct Group: Hashable {
        var edge: Bool; var fill: Bool; var stroke: Bool; var paintAA: Bool; var smooth = false; var direct = false
        var kinks = false
        var corners = 1

        /// The flags and the corners as a number, 0..<384.
        var code: Int {
            (edge ? 1 : 0) | (fill ? 2 : 0) | (stroke ? 4 : 0) | (paintAA ? 8 : 0) | (smooth ? 16 : 0) | (direct ? 32 : 0)
                | (kinks ? 64 : 0) + 128 * corners
        }
    }

    /// One tile of the layer: its cell of the frame's grid (``TileGrid``; a cell may hold
    /// several of a layer's tiles, which never overlap), its rect and class.
    struct Cell {
        var index: Int
        var rect: (Float, Float, Float, Float)
        var group: Group
        var fill: Float, stroke: Float
    }
    private(set) var cells: [Cell] = []

    /// Adds a tile (TextAtlas.swift's covering tiles).
    mutating func append(_ cell: Cell) { cells.append(cell) }

    /// No tiles (a plan's place holder until its layer is classified).
    init() {}

    /// Tiles of `quad` (canvas pixels, whole) on `grid`'s cells, classified for `layer`.
    /// - Parameter lutWidth: samples a row of the ramps' lookup table: tiles that take
    ///   their colours from it must have no colour stop within one sample interval.
    /// - Parameter faintGlowBeyond: glow-only tiles wholly farther than this (pixels)
    ///   outside the stroke's outer edge are not drawn (``faintGlowDistance``); nil: all are.
    /// - Parameter toBlocks: the quad is grown to the grid's block lines (``blockSize``,
    ///   within the canvas): for layers that read nothing laid out by their quad (no glow
    ///   atlas, material region or shape samples), whose pixels past the quad are not covered.
    init(_ layer: ResolvedLayer, quad: Box, hasGlow: Bool, grid: TileGrid, lutWidth: Int, faintGlowBeyond: Double? = nil,
         toBlocks: Bool = false) {
        let faint = faintGlowBeyond.flatMap { f in layer.glowSource.map { $0.outer + (layer.stroke?.capReach ?? 0) + f } } ?? .infinity
        // Inside a stroke's inner edge the same: glow-only tiles wholly deeper than this are
        // not drawn (``faintGlowDepth``; a fill's glow, inner = -infinity, is never faint inside).
        let faintInside: Double = {
            guard let f = faintGlowBeyond, f.isFinite, let src = layer.glowSource, src.inner.isFinite,
                  let sigma = layer.glow?.sigma, let op = layer.glow?.opacity else { return -.infinity }
            return src.inner - (layer.stroke?.capReach ?? 0) - LayerTiles.faintGlowDepth(sigma: sigma, opacity: op * layer.opacity)
        }()
        let s = LayerTiles.size
        var i0 = Int(quad.x0), j0 = Int(quad.y0), i1 = Int(quad.x1), j1 = Int(quad.y1)
        if toBlocks {
            let n = LayerTiles.blockSize
            i0 = max(i0 / n * n, 0); j0 = max(j0 / n * n, 0)
            i1 = min((i1 + n - 1) / n * n, grid.width); j1 = min((j1 + n - 1) / n * n, grid.height)
        }
        let dt = 1 / Double(lutWidth - 2)       // rampLUT's sample interval
        let fillJumps = layer.fill.flatMap { PaintJumps($0, tMargin: dt) }, strokeJumps = layer.stroke.flatMap { PaintJumps($0.paint, tMargin: dt) }
        let smooth = SmoothEdges(layer, block: 1)
        let corners = CornerZones(layer)
        // What the closures below read, copied out once (a ResolvedStroke holds its paint's
        // arrays: copying it per tile cost more than the tile's distance).
        let outline = layer.outline, hasFill = layer.fill != nil, unknownDistance = layer.outline.kind == .shader
        let band = layer.stroke.map { (inner: $0.inner, outer: $0.outer, capReach: $0.capReach, dashed: $0.dash != nil) }
        // The coverage of the rect [x, x1) x [y, y1) from the signed distance d at its
        // centre and its half-diagonal h: fill and stroke each 1 (wholly inside) or 0
        // (wholly outside), or an edge may cross it.
        func coverage(_ x: Int, _ y: Int, _ x1: Int, _ y1: Int) -> (d: Double, h: Double, isEdge: Bool, fill: Float, stroke: Float) {
            let c = Vec2(Double(x + x1) / 2, Double(y + y1) / 2)
            let h = 0.5 * Double(((x1 - x) * (x1 - x) + (y1 - y) * (y1 - y))).squareRoot() + 0.01
            // A shader shape's distance is unknown here: any edge may cross any tile.
            if unknownDistance { return (0, h, true, 0, 0) }
            let d = outline.signedDistance(c)
            var isEdge = false
            var fill: Float = 0, stroke: Float = 0
            if hasFill {
                if d <= -h { fill = 1 } else if d < h { isEdge = true }
            }
            if let st = band {
                if st.dashed {
                    // Dashes cut the band anywhere along it, and round caps reach past it.
                    if !(d >= st.outer + st.capReach + h || d <= st.inner - st.capReach - h) { isEdge = true }
                } else if d - st.inner >= h && st.outer - d >= h { stroke = 1 }
                else if !(d >= st.outer + h || d <= st.inner - h) { isEdge = true }
            }
            return (d, h, isEdge, fill, stroke)
        }
        // Classifies one tile; an edge tile, or one whose paint needs averaging, is split
        // into four down to `minSize` so that the costly variants cover fewer pixels.
        func classify(_ x: Int, _ y: Int, _ x1: Int, _ y1: Int, cell: Int) {
            let (d, h, isEdge, fill, stroke) = coverage(x, y, x1, y1)
            guard isEdge || fill > 0 || stroke > 0 || (hasGlow && d - h < faint && d + h > faintInside) else { return }
            let box = Box(x0: Double(x), y0: Double(y), x1: Double(x1), y1: Double(y1))
            let splits = x1 - x > LayerTiles.minSize && y1 - y > LayerTiles.minSize
            var paint = PaintJumps.Crossing.none
            if !(isEdge && splits) {               // an edge tile that splits asks its parts
                if let j = fillJumps, isEdge || fill > 0 { paint = j.crossing(box) }
                if paint != .jumps, let j = strokeJumps, isEdge || stroke > 0 { paint = max(paint, j.crossing(box)) }
            }
            let aa = paint != .none
            if (isEdge || aa) && splits {
                let xm = LayerTiles.split(x, x1), ym = LayerTiles.split(y, y1)
                classify(x, y, xm, ym, cell: cell); classify(xm, y, x1, ym, cell: cell)
                classify(x, ym, xm, y1, cell: cell); classify(xm, ym, x1, y1, cell: cell)
                return
            }
            var key = isEdge ? Group(edge: true, fill: true, stroke: true, paintAA: aa, smooth: smooth.isSmooth(box))
                             : Group(edge: false, fill: fill > 0, stroke: stroke > 0, paintAA: aa)
            key.kinks = paint == .kinks
            var cover = (fill, stroke)
            // (Smooth-edge tiles take one distance a pixel, the corners' cheap: their programs
            // are not split, which would cost memory and compiles for little.)
            if isEdge && !key.smooth, let zones = corners {
                switch zones.reach(box) {
                case .none: key.corners = 0
                case .one(let i): key.corners = 2; cover = (Float(i), 0)
                case .several: break
                }
            }
            cells.append(Cell(index: cell, rect: (Float(x), Float(y), Float(x1), Float(y1)), group: key, fill: cover.0, stroke: cover.1))
        }
        // The cells of one block of 4 x 4 cells: when no edge and no colour stop can cross
        // the block, every cell in it has the block's class (one signed distance for 16
        // cells: most of a glow's cells are such); otherwise each cell is classified.
        func block(_ bx: Int, _ by: Int, _ bx1: Int, _ by1: Int) {
            let (d, h, isEdge, fill, stroke) = coverage(bx, by, bx1, by1)
            var uniform = !isEdge
            let box = Box(x0: Double(bx), y0: Double(by), x1: Double(bx1), y1: Double(by1))
            if uniform, fill > 0, let j = fillJumps, j.crosses(box) { uniform = false }
            if uniform, stroke > 0, let j = strokeJumps, j.crosses(box) { uniform = false }
            if uniform && fill == 0 && stroke == 0 && !(hasGlow && d - h < faint && d + h > faintInside) { return }
            // A glow-only block that reaches past either faint distance: each cell decides.
            if uniform && fill == 0 && stroke == 0 && (d + h > faint || d - h < faintInside) { uniform = false }
            var y = by
            while y < by1 {
                let y1 = min(grid.nextLine(after: y, step: s), by1)      // on the grid's lines
                var x = bx
                while x < bx1 {
                    let x1 = min(grid.nextLine(after: x, step: s), bx1)
                    if uniform {
                        cells.append(Cell(index: grid.cell(x, y), rect: (Float(x), Float(y), Float(x1), Float(y1)),
                                          group: Group(edge: false, fill: fill > 0, stroke: stroke > 0, paintAA: false),
                                          fill: fill, stroke: stroke))
                    } else {
                        classify(x, y, x1, y1, cell: grid.cell(x, y))
                    }
                    x = x1
                }
                y = y1
            }
        }
        grid.forEachRect(i0, j0, i1, j1, step: 4 * s, block)
    }

    /// The draws to make, each a group and its tiles (``floatsPerTile`` floats each), by
    /// where each cell's tiles go (`placement(cell)`, ``CellBackdrops``): `direct` set on
    /// tiles drawn straight into the target, `underlay` on those drawn before every other
    /// direct tile, with the row of the backdrop they are composited over; dropped tiles
    /// are left out. Neighbouring tiles of a row with the same class are merged into one rect.
    func groups(placement: (Int) -> CellBackdrops.Placement) -> [(key: Group, underlay: Bool, backdrop: Int, data: [Float])] {
        // By the group's bits and placement (no hashing for backdrop row 0: this runs for
        // every tile of every frame: a slot a code, then the few groups met); other rows
        // (promoted cells) by a dictionary.
        var slot = [Int16](repeating: -1, count: 384 * 3)
        var byCode: [(code: Int, key: Group, data: [Float])] = []
        var byRow: [Int: (key: Group, data: [Float])] = [:]
        for c in cells {
            var key = c.group
            let kind: Int, row: Int
            switch placement(c.index) {
            case .canvas: kind = 0; row = 0
            case .direct(let r): kind = 1; row = r
            case .underlay(let r): kind = 2; row = r
            case .dropped: continue
            }
            key.direct = kind != 0
            // Through the canvas, every corner's program: a draw per variant along a chain of
            // overlapping layers (FramePlan+Tiles), which more variants would lengthen.
            if kind == 0 { key.corners = 1 }
            let code = key.code + 384 * kind
            if row == 0 {
                if slot[code] < 0 { slot[code] = Int16(byCode.count); byCode.append((code, key, [])) }
                LayerTiles.append(&byCode[Int(slot[code])].data, c.rect.0, c.rect.1, c.rect.2, c.rect.3, c.fill, c.stroke)
            } else {
                let k = code + 1152 * row
                if byRow[k] == nil { byRow[k] = (key, []) }
                LayerTiles.append(&byRow[k]!.data, c.rect.0, c.rect.1, c.rect.2, c.rect.3, c.fill, c.stroke)
            }
        }
        var out: [(key: Group, underlay: Bool, backdrop: Int, data: [Float])] = []
        for g in byCode.sorted(by: { $0.code < $1.code }) { out.append((g.key, g.code >= 768, 0, LayerTiles.mergeRows(g.data))) }
        for k in byRow.keys.sorted() {
            let g = byRow[k]!
            out.append((g.key, (k % 1152) >= 768, k / 1152, LayerTiles.mergeRows(g.data)))
        }
        return out
    }

    /// Merges rects (in row order) with the rect of an earlier row that they continue
    /// downwards: same x extent and coverage, touching edges. llvmpipe shades a 64 x 64
    /// block that a triangle covers wholly without per-pixel edge tests, so tall rects
    /// cost less than rows of 16 px strips.
    static func mergeRows(_ data: [Float]) -> [Float] {
        let n = floatsPerTile
        var out: [Float] = []
        out.reserveCapacity(data.count)
        // The rects that may still grow: bottom edge, x extent and coverage (whole numbers:
        // canvas pixels under 2^16, a coverage pair or a corner index) packed in one key ->
        // index in `out`.
        var open: [Int: Int] = [:]
        open.reserveCapacity(data.count / n)
        func key(_ x0: Float, _ x1: Float, _ y: Float, _ cover: Float) -> Int {
            Int(x0) | Int(x1) << 16 | Int(y) << 32 | Int(cover) << 48
        }
        var i = 0
        while i < data.count {
            let x0 = data[i], y0 = data[i + 1], x1 = data[i + 2], y1 = data[i + 3]
            let cover = data[i + 4] + 4 * data[i + 5]
            if let k = open.removeValue(forKey: key(x0, x1, y0, cover)) {
                out[k * n + 3] = y1
                open[key(x0, x1, y1, cover)] = k
            } else {
                open[key(x0, x1, y1, cover)] = out.count / n
                out.append(contentsOf: data[i..<(i + n)])
            }
            i += n
        }
        return out
    }

    /// Appends a tile (x0, y0, x1, y1, fill, stroke), or widens the group's last rect when
    /// the tile continues it along the same row with the same coverage (fewer instances).
    static func append(_ data: inout [Float], _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ fill: Float, _ stroke: Float) {
        let n = data.count
        if n >= floatsPerTile, data[n - 4] == x0, data[n - 5] == y0, data[n - 3] == y1,
           data[n - 2] == fill, data[n - 1] == stroke {
            data[n - 4] = x1
        } else {
            data.append(contentsOf: [x0, y0, x1, y1, fill, stroke])
        }
    }
}
