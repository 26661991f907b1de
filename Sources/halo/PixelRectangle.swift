/// A rectangle in pixels given as `X,Y,W,H` (`halo diff --ignore`): finite numbers, the
/// width and height >= 0; it may reach outside the image (clipped when used).
struct PixelRectangle: Equatable, Sendable {
    /// Left edge, pixels from the image's left.
    var x: Double
    /// Top edge, pixels from the image's top.
    var y: Double
    /// Width in pixels (>= 0).
    var width: Double
    /// Height in pixels (>= 0).
    var height: Double
}
