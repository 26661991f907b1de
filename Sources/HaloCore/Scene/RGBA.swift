/// A colour as docs/scene-format.md defines it: sRGB-encoded components with straight
/// (not premultiplied) alpha, each in 0...1.
public struct RGBA: Equatable, Hashable, Sendable {
    /// Red, green, blue: sRGB-encoded, 0...1. Alpha: coverage/opacity, 0...1.
    public var r, g, b, a: Double

    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The colour premultiplied by its alpha: (r a, g a, b a, a).
    public var premultiplied: Premul { Premul(r * a, g * a, b * a, a) }

    /// Apple's light-mode system colours, the names docs/scene-format.md accepts (sRGB, 0-255).
    public static let named: [String: RGBA] = [
        "red": .bytes(255, 59, 48), "orange": .bytes(255, 149, 0), "yellow": .bytes(255, 204, 0),
        "green": .bytes(52, 199, 89), "mint": .bytes(0, 199, 190), "teal": .bytes(48, 176, 199),
        "cyan": .bytes(50, 173, 230), "blue": .bytes(0, 122, 255), "indigo": .bytes(88, 86, 214),
        "purple": .bytes(175, 82, 222), "pink": .bytes(255, 45, 85), "brown": .bytes(162, 132, 94),
        "gray": .bytes(142, 142, 147), "black": .bytes(0, 0, 0), "white": .bytes(255, 255, 255),
        "clear": RGBA(0, 0, 0, 0),
    ]

    /// A colour from 8-bit sRGB components (0-255) and an alpha in 0...1.
    public static func bytes(_ r: Int, _ g: Int, _ b: Int, alpha: Double = 1) -> RGBA {
        RGBA(Double(r) / 255, Double(g) / 255, Double(b) / 255, alpha)
    }
}

/// A premultiplied colour (r a, g a, b a, a), sRGB-encoded. This is what every
/// draw produces and what source-over compositing works on.
public typealias Premul = SIMD4<Double>

/// Source-over compositing of premultiplied colours: src + dst (1 - src.a).
@inline(__always)
public func over(_ src: Premul, _ dst: Premul) -> Premul {
    src + dst * (1 - src.w)
}
