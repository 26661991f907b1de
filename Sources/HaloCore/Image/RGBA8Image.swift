/// An 8-bit RGBA image, straight (not premultiplied) alpha, sRGB-encoded, rows
/// top to bottom: the PNG format Halo reads and writes.
public struct RGBA8Image: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// width * height * 4 bytes, RGBA.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width; self.height = height; self.pixels = pixels
    }

    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: Array(repeating: 0, count: width * height * 4))
    }

    /// The pixel at column x, row y, as (r, g, b, a) bytes.
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        let i = (y * width + x) * 4
        return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
