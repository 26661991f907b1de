import CHaloText
import CText
import Foundation

/// One face of a font file: shaping with HarfBuzz's own OpenType functions at a scale of
/// one unit per em unit (advances and offsets in font units), units per em from the `head`
/// table, ascender and descender from the `hhea` table and unhinted glyph outlines from
/// FreeType, their implied on-curve points exact rather than rounded to font units
/// (docs/scene-format.md "Text"). Thread-safe; faces are shared through ``load(_:)``.
public final class FontFace: @unchecked Sendable {
    public let file: FontFile
    /// Units per em.
    public let unitsPerEm: Int
    /// The `hhea` table's ascender and descender, font units, y up (descender < 0).
    public let ascender: Int, descender: Int

    private let ftFace: UnsafeMutableRawPointer
    private let hbFont: OpaquePointer
    private let lock = NSLock()
    private var outlines: [UInt32: [GlyphOutline.Element]] = [:]

    /// One glyph of a shaped run: its id and position, font units.
    public struct Glyph: Equatable, Sendable {
        public var id: UInt32
        public var xAdvance: Int32, xOffset: Int32, yOffset: Int32
    }

    /// Opens `file`.
    /// - Throws: ``FontError`` when the file cannot be read as an OpenType or TrueType font
    ///   (no `hhea` table, no `head` table), or it has no glyph outlines (a colour bitmap font).
    public init(_ file: FontFile) throws {
        self.file = file
        var error: Int32 = 0
        guard let ft = halo_ft_open(file.path, file.index, &error) else {
            let why = FileManager.default.isReadableFile(atPath: file.path) ? "not a font FreeType can read (error \(error))" : "not a readable file"
            throw FontError(expected: "a readable OpenType or TrueType font file (\(file.path): \(why))")
        }
        var upem: Int32 = 0, asc: Int32 = 0, desc: Int32 = 0, hasOutlines: Int32 = 0
        let status = halo_ft_metrics(ft, &upem, &asc, &desc, &hasOutlines)
        guard status == 0, upem > 0, hasOutlines != 0 else {
            halo_ft_close(ft)
            switch status {
            case -1: throw FontError(expected: "an OpenType or TrueType font file with an hhea table (\(file.path) has none)")
            case 0: throw FontError(expected: "a font with glyph outlines (\(file.path) has no outlines to draw: colour bitmap fonts are not supported)")
            default: throw FontError(expected: "an OpenType or TrueType font file with a head table giving its units per em (\(file.path) has none)")
            }
        }
        ftFace = ft
        unitsPerEm = Int(upem); ascender = Int(asc); descender = Int(desc)
        let blob = hb_blob_create_from_file(file.path)
        let face = hb_face_create(blob, UInt32(file.index))
        hb_blob_destroy(blob)
        hbFont = hb_font_create(face)
        hb_face_destroy(face)
        hb_font_set_scale(hbFont, upem, upem)
    }

    deinit {
        hb_font_destroy(hbFont)
        halo_ft_close(ftFace)
    }

    /// `text` shaped as one run: left to right, the script guessed from the text
    /// (`hb_buffer_guess_segment_properties`), language "en", default features.
    public func shape(_ text: String) -> [Glyph] {
        guard !text.isEmpty else { return [] }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_language(buffer, hb_language_from_string("en", -1))
        hb_buffer_guess_segment_properties(buffer)
        lock.lock()
        hb_shape(hbFont, buffer, nil, 0)
        lock.unlock()
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        guard let infos, let positions else { return [] }
        return (0..<Int(count)).map { i in
            Glyph(id: infos[i].codepoint, xAdvance: positions[i].x_advance, xOffset: positions[i].x_offset,
                  yOffset: positions[i].y_offset)
        }
    }

    /// The sum of the x advances of `text` shaped as one run, font units.
    public func advance(_ text: String) -> Int {
        shape(text).reduce(0) { $0 + Int($1.xAdvance) }
    }

    /// The glyph's unhinted outline in font units, y up (empty for a glyph without one, a space).
    public func outline(_ glyph: UInt32) -> [GlyphOutline.Element] {
        lock.lock(); defer { lock.unlock() }
        if let o = outlines[glyph] { return o }
        var ops = [halo_outline_op](repeating: halo_outline_op(), count: 256)
        var n = halo_ft_outline(ftFace, glyph, &ops, ops.count)
        if n > ops.count {
            ops = [halo_outline_op](repeating: halo_outline_op(), count: n)
            n = halo_ft_outline(ftFace, glyph, &ops, ops.count)
        }
        let elements: [GlyphOutline.Element] = n <= 0 ? [] : ops[0..<n].map { o in
            switch UInt8(bitPattern: o.verb) {
            case UInt8(ascii: "M"): return .move(o.x, o.y)
            case UInt8(ascii: "L"): return .line(o.x, o.y)
            case UInt8(ascii: "Q"): return .quad(o.x1, o.y1, o.x, o.y)
            default: return .cubic(o.x1, o.y1, o.x2, o.y2, o.x, o.y)
            }
        }
        outlines[glyph] = elements
        return elements
    }

    /// The shared face of `file`, opened once.
    /// - Throws: ``FontError`` as ``init(_:)``.
    public static func load(_ file: FontFile) throws -> FontFace {
        if let hit = faces.get(file) { return try hit.get() }
        let result = Result { try FontFace(file) }.mapError { $0 as! FontError }
        faces.set(file, result)
        return try result.get()
    }

    private static let faces = LockedCache<FontFile, Result<FontFace, FontError>>()
}

/// A glyph outline's elements, font units, y up (docs/scene-format.md "Text": TrueType quadratics, CFF cubics).
public enum GlyphOutline {
    public enum Element: Equatable, Sendable {
        case move(Double, Double)
        case line(Double, Double)
        /// Control point, end point.
        case quad(Double, Double, Double, Double)
        /// Two control points, end point.
        case cubic(Double, Double, Double, Double, Double, Double)
    }
}
