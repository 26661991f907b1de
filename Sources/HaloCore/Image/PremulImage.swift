import CHaloPixels
import Dispatch
import Foundation

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

    /// The 8-bit straight-alpha image (docs/scene-format.md "Colours", output): alpha and the
    /// unpremultiplied colour (divided by the unrounded alpha) are each rounded
    /// once, half up; pixels whose alpha rounds to 0 become (0, 0, 0, 0).
    public func toRGBA8() -> RGBA8Image {
        let count = min(width * height, pixels.count)
        if count <= 0 { return RGBA8Image(width: width, height: height, pixels: []) }
        let out = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            let dst = UncheckedSendable(buffer.baseAddress!)
            pixels.withUnsafeBufferPointer { srcBuffer in
                let src = UncheckedSendable(UnsafeMutablePointer(mutating: srcBuffer.baseAddress!))
                // Split over the cores; each part converted by the C loop (halo_straight_rgba8:
                // the arithmetic of straightRGBA8, vectorised).
                let chunks = count >= 1 << 16 ? ProcessInfo.processInfo.activeProcessorCount * 4 : 1
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    let lo = count * c / chunks, hi = count * (c + 1) / chunks
                    if lo < hi {
                        halo_straight_rgba8(UnsafeRawPointer(src.value + lo).assumingMemoryBound(to: Float.self),
                                            dst.value + 4 * lo, hi - lo)
                    }
                }
            }
            initialized = count * 4
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
        if a == 1 {
            // v / 1 is v: the same values without the divisions (most pixels are opaque).
            func opaque(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255 + 0.5).rounded(.down)) }
            return SIMD4(opaque(p.x), opaque(p.y), opaque(p.z), 255)
        }
        func channel(_ v: Double) -> UInt8 { UInt8((min(max(v / a, 0), 1) * 255 + 0.5).rounded(.down)) }
        return SIMD4(channel(p.x), channel(p.y), channel(p.z), UInt8(a8))
    }
}

/// A pointer handed to worker threads that touch disjoint parts of what it points to.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: UnsafeMutablePointer<T>
    init(_ value: UnsafeMutablePointer<T>) { self.value = value }
}
