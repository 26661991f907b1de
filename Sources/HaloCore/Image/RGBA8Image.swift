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

    /// An image whose `width * height * 4` bytes `fill` writes, every one of them (the
    /// bytes are not cleared first: for a read-back that overwrites them all).
    public init(width: Int, height: Int, fill: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        let count = width * height * 4
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
            try fill(UnsafeMutableRawBufferPointer(buf))
            initialized = count
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel at column x, row y, as (r, g, b, a) bytes.
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        let i = (y * width + x) * 4
        return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
