/// A size in pixels given as `WxH` (each side 1...`Limits.maxCanvasSide`).
struct PixelSize: Equatable, Sendable {
    /// Width in pixels.
    var width: Int
    /// Height in pixels.
    var height: Int
}
