import CEpoxy
import HaloCore

/// The frame's arc-length tables on the GPU (lib/arc_length.glsl): for each layer with a
/// dashed stroke or a path paint, its dash cuts (``ResolvedDash/cuts()``), round caps
/// (``ResolvedDash/caps()``) and path paints' jumps (``ResolvedPaint/pathJumps()``),
/// computed in double on the CPU. Each entry is two RGBA32F texels of one texture
/// ``width`` texels wide, entry i at texels 2i and 2i + 1 in row-major order:
/// - a cut: (s, point.xy, onAfter + 2 mitreInDash), (tangentIn.xy, tangentOut.xy);
/// - a cap: (e, centre.xy, 0), (cutPoint.xy, gapSide.xy);
/// - an ellipse's arc lengths E(phi) at the knots phi = k (pi/2) / 256, 8 an entry.
final class ArcTables {
    /// ARC_TABLE_WIDTH in Shaders/lib/arc_length.glsl.
    static let width = 1024
    private(set) var texture: GLuint = 0
    private var height = 0
    private var uploaded: [Float]?
    /// Counts the uploads that changed the texture (``KeptTiles``).
    private(set) var generation = 0
    /// Per layer (by index in the frame): where its lists start and how many entries each has.
    private(set) var places: [Int: Place] = [:]

    struct Place {
        var cuts = (0, 0), caps = (0, 0), fillJumps = (0, 0), strokeJumps = (0, 0)
        /// With no cut: whether the whole outline lies in a dash.
        var allOn = false
        /// An ellipse's table of arc lengths (``OutlineArc``): its first entry.
        var ellipseTable = 0
    }

    init() { halo_glGenTextures(1, &texture) }

    func delete() { halo_glDeleteTextures(1, &texture) }

    /// Builds and uploads the tables of every layer of `frame` (texture unit 8).
    /// Whether `layer` has arc tables: a dashed stroke or a path paint (the rest are passed
    /// over without a copy of the layer).
    static func measures(_ layer: borrowing ResolvedLayer) -> Bool {
        if layer.stroke?.dash != nil { return true }
        if case .path? = layer.fill?.geometry { return true }
        if case .path? = layer.stroke?.paint.geometry { return true }
        return false
    }

    func upload(_ frame: Frame) {
        places.removeAll(keepingCapacity: true)
        var data: [Float] = []
        func add(_ cuts: [ArcCut]) -> (Int, Int) {
            let start = data.count / 8
            for c in cuts {
                data += [Float(c.s), Float(c.point.x), Float(c.point.y), (c.onAfter ? 1 : 0) + (c.mitreInDash ? 2 : 0),
                         Float(c.tangentIn.x), Float(c.tangentIn.y), Float(c.tangentOut.x), Float(c.tangentOut.y)]
            }
            return (start, cuts.count)
        }
        for i in frame.layers.indices where ArcTables.measures(frame.layers[i]) {
            let layer = frame.layers[i]
            var place = Place()
            var used = false
            if let dash = layer.stroke?.dash, dash.isFine {
                // A period of at most a pixel (lib/dash_fine.glsl): no cuts or caps, but the
                // pattern: (m, phase, mu, slope), then each on interval (start, length).
                let start = data.count / 8
                data += [Float(dash.period), Float(dash.phase), Float(dash.onShare), Float(dash.fineSlope), 0, 0, 0, 0]
                for (a, len) in dash.round ? [] : dash.onIntervals { data += [Float(a), Float(len), 0, 0, 0, 0, 0, 0] }
                place.cuts = (start, data.count / 8 - start)
                used = true
            } else if let dash = layer.stroke?.dash {
                place.cuts = add(dash.cuts())
                let start = data.count / 8
                let caps = dash.caps()
                for c in caps {
                    data += [Float(c.e), Float(c.centre.x), Float(c.centre.y), 0,
                             Float(c.cutPoint.x), Float(c.cutPoint.y), Float(c.gapSide.x), Float(c.gapSide.y)]
                }
                place.caps = (start, caps.count)
                // Without cuts the membership is the same all round: taken halfway, not at 0,
                // which may be exactly a dash's end (a dash longer than the outline).
                place.allOn = dash.contains(dash.changePoints().isEmpty ? dash.arc.length / 2 : 0)
                used = true
            }
            if let f = layer.fill, case .path = f.geometry { place.fillJumps = add(f.pathJumps()); used = true }
            if let p = layer.stroke?.paint, case .path = p.geometry { place.strokeJumps = add(p.pathJumps()); used = true }
            if used && layer.outline.kind == .ellipse {
                // lib/arc_length.glsl ellipseE: E at the 257 knots, 8 an entry.
                let table = (layer.stroke?.dash?.arc ?? OutlineArc(layer.outline)).ellipseTable
                place.ellipseTable = data.count / 8
                var knots = table.map { Float($0) }
                knots += [Float](repeating: 0, count: (8 - knots.count % 8) % 8)
                data += knots
            }
            if used { places[i] = place }
        }
        if data.isEmpty { data = [Float](repeating: 0, count: 8) }
        let texels = data.count / 4
        let rows = (texels + ArcTables.width - 1) / ArcTables.width
        data += [Float](repeating: 0, count: rows * ArcTables.width * 4 - data.count)
        halo_glActiveTexture(GLenum(GL_TEXTURE8))
        halo_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        if rows != height {
            halo_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(ArcTables.width), GLsizei(rows), 0, GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            halo_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            height = rows
            uploaded = nil
        }
        if uploaded != data {
            data.withUnsafeBytes { buf in
                halo_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(ArcTables.width), GLsizei(rows), GLenum(GL_RGBA), GLenum(GL_FLOAT), buf.baseAddress)
            }
            uploaded = data
            generation += 1
        }
        halo_glActiveTexture(GLenum(GL_TEXTURE0))
    }
}
