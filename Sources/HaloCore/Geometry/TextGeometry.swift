import Foundation
import HaloText

/// A text shape resolved into pixel space (docs/scene-format.md "Text"): its layout and the union of
/// its glyph outlines as polygons (curves flattened to within ``flatness`` px), shared
/// across frames: shaping, outlines and coverage are computed once per text, rect and scale
/// (``resolve(_:rect:scale:)``), so an animation does not re-shape every frame.
public final class TextGeometry: @unchecked Sendable {
    /// The largest distance between a flattened curve and the font's curve, pixels: under
    /// 1/500 of a pixel, a coverage change under 0.13 of an 8-bit level along an edge.
    public static let flatness = 0.002

    public let layout: TextLayout
    /// Every glyph contour's edges, pixels, y down; nonzero winding.
    public let edges: [GlyphCoverage.Edge]
    /// Pixel bounds of the outlines (nil: no glyph has an outline, e.g. only spaces).
    public let bounds: Box?

    private let lock = NSLock()
    private var coverages: [[Int]: TextCoverage] = [:]

    init(_ shape: TextShape, rect: Rect, scale: Double) throws {
        let face = try FontFace.load(shape.fontFile)
        layout = TextLayout(shape.text, face: face, rect: (rect.x, rect.y, rect.w, rect.h), size: shape.size,
                            align: shape.align, lineHeight: shape.lineHeight)
        let k = layout.k
        var edges: [GlyphCoverage.Edge] = []
        var box: Box?
        for g in layout.glyphs {
            let ox = g.x, oy = g.y
            func at(_ u: Double, _ v: Double) -> Vec2 { Vec2((ox + k * u) * scale, (oy - k * v) * scale) }
            var start = Vec2(0, 0), pen = Vec2(0, 0), open = false
            func line(to p: Vec2) {
                edges.append(GlyphCoverage.Edge(pen.x, pen.y, p.x, p.y))
                let b = Box(x0: min(pen.x, p.x), y0: min(pen.y, p.y), x1: max(pen.x, p.x), y1: max(pen.y, p.y))
                box = box.map { $0.union(b) } ?? b
                pen = p
            }
            func close() { if open && (pen.x != start.x || pen.y != start.y) { line(to: start) }; open = false }
            for e in face.outline(g.id) {
                switch e {
                case .move(let x, let y):
                    close()
                    start = at(x, y); pen = start; open = true
                case .line(let x, let y):
                    line(to: at(x, y))
                case .quad(let cx, let cy, let x, let y):
                    let p0 = pen, p1 = at(cx, cy), p2 = at(x, y)
                    // Chord error of n pieces: |p0 - 2 p1 + p2| / (4 n^2).
                    let d = length(p0 - p1 * 2 + p2)
                    let n = TextGeometry.pieces((d / (4 * TextGeometry.flatness)).squareRoot())
                    for i in 1...n {
                        let t = Double(i) / Double(n), u = 1 - t
                        line(to: p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t))
                    }
                case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                    let p0 = pen, p1 = at(c1x, c1y), p2 = at(c2x, c2y), p3 = at(x, y)
                    // Chord error of n pieces: at most 3 max|second differences| / (4 n^2).
                    let d = max(length(p0 - p1 * 2 + p2), length(p1 - p2 * 2 + p3))
                    let n = TextGeometry.pieces((3 * d / (4 * TextGeometry.flatness)).squareRoot())
                    for i in 1...n {
                        let t = Double(i) / Double(n), u = 1 - t
                        line(to: p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
                    }
                }
            }
            close()
        }
        self.edges = edges
        bounds = box
    }

    /// Straight pieces for a curve whose chord-error estimate asks for `estimate`: at least 1,
    /// at most 4096 (within ``flatness`` for curves whose second difference is up to about
    /// 10^5 px: glyphs far larger than any canvas), 1 where the estimate is not finite (a
    /// glyph placed past the range of doubles: nothing of it can be drawn).
    static func pieces(_ estimate: Double) -> Int {
        guard estimate.isFinite else { return 1 }
        return Int(min(max(estimate.rounded(.up), 1), 4096))
    }

    /// The exact coverage over the pixels [i0, i1) x [j0, j1) (``GlyphCoverage``), cached.
    public func coverage(i0: Int, j0: Int, i1: Int, j1: Int) -> TextCoverage {
        let key = [i0, j0, i1, j1]
        lock.lock()
        if let hit = coverages[key] { lock.unlock(); return hit }
        lock.unlock()
        let (c, m) = GlyphCoverage.rasterize(edges, i0: i0, j0: j0, i1: i1, j1: j1)
        let result = TextCoverage(i0: i0, j0: j0, width: max(0, i1 - i0), height: max(0, j1 - j0), coverage: c, centroid: m,
                                  texels: zip(c, m).map { SIMD4($0, $1.x, $1.y, 0) })
        lock.lock()
        if coverages.count > 8 { coverages.removeAll() }
        coverages[key] = result
        lock.unlock()
        return result
    }

    private struct Key: Hashable { var shape: TextShape; var x, y, w, h, scale: Double }
    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [Key: TextGeometry] = [:]

    /// The geometry of `shape` laid out in `rect` (points) at `scale`, made once and shared.
    /// - Throws: ``FontError`` when the font cannot be read (the scene reader has checked it).
    public static func resolve(_ shape: TextShape, rect: Rect, scale: Double) throws -> TextGeometry {
        let key = Key(shape: shape, x: rect.x, y: rect.y, w: rect.w, h: rect.h, scale: scale)
        cacheLock.lock()
        if let hit = cache[key] { cacheLock.unlock(); return hit }
        cacheLock.unlock()
        let g = try TextGeometry(shape, rect: rect, scale: scale)
        cacheLock.lock()
        if cache.count > 64 { cache.removeAll() }
        cache[key] = g
        cacheLock.unlock()
        return g
    }
}

/// A text's coverage over a pixel rect: coverage 0...1 and the covered part's centroid as
/// an offset from the pixel's centre (pixels), row-major from (i0, j0).
public struct TextCoverage: Sendable {
    public var i0, j0, width, height: Int
    public var coverage: [Float]
    public var centroid: [SIMD2<Float>]
    /// Both per pixel as (coverage, centroid x, centroid y, 0): what the GPU uploads, made
    /// once with the coverage (it is cached across frames).
    public var texels: [SIMD4<Float>]
}
