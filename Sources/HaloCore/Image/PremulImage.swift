/// A floating-point premultiplied RGBA image (sRGB-encoded values, 0...1), rows
/// top to bottom: what renderers composite into before the one rounding to 8 bits.
public struct PremulImage: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [SIMD4<Float>]

    public init(width: Int, height: Int, fill: SIMD4<Float> = .zero) {
        self.width = width; self.height = height
        pixels = Array(repeating: fill, count: width * height)
    }

    /// The 8-bit straight-alpha image (SCENE.md "Colour", output): alpha and the
    /// unpremultiplied colour (divided by the unrounded alpha) are each rounded
    /// once, half up; pixels whose alpha rounds to 0 become (0, 0, 0, 0).
    public func toRGBA8() -> RGBA8Image {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let p = pixels[i]
            let v = PremulImage.straightRGBA8(SIMD4<Double>(Double(p.x), Double(p.y), Double(p.z), Double(p.w)))
            for c in 0..<4 { out[i * 4 + c] = v[c] }
        }
        return RGBA8Image(width: width, height: height, pixels: out)
    }

    /// One premultiplied pixel as ``toRGBA8()`` writes it: alpha and the colour divided
    /// by the unrounded alpha, each rounded half up; (0, 0, 0, 0) where alpha rounds to 0.
    @inline(__always)
    public static func straightRGBA8(_ p: SIMD4<Double>) -> SIMD4<UInt8> {
        let a = min(max(p.w, 0), 1)
        let a8 = (a * 255 + 0.5).rounded(.down)
        if a8 == 0 { return .zero }
        func channel(_ v: Double) -> UInt8 { UInt8((min(max(v / a, 0), 1) * 255 + 0.5).rounded(.down)) }
        return SIMD4(channel(p.x), channel(p.y), channel(p.z), UInt8(a8))
    }
}
