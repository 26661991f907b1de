import Foundation
import HaloCore

/// Where and by how much a GPU render may differ from the exact image of its frame: a
/// per-pixel bound, in 8-bit levels of the premultiplied channels (as ``ImageComparison``
/// and the conformance checker measure), derived from the error budgets the shaders and
/// ``GlowPlan`` state (see ``ErrorBudget`` for each one and its source). The exact image's
/// own 8-bit rounding is not in it: a check allows 1 level more (`halo test --tolerance
/// certified`).
///
/// Computed on the CPU from the resolved frame (no GL), pixel by pixel over each layer's
/// reach: which edges, dash ends, colour stops, centres and glows lie within the pixel.
/// The terms of all layers add (source-over multiplies a lower layer's error by
/// 1 - alpha <= 1, and a coverage error e of a paint P over a backdrop D moves each channel
/// by e (P - D P.a), at most e). Proven on every conformance scene and random scenes by
/// `ErrorBoundTests` (the GPU image within its bound of the exact image everywhere).
///
/// A steered glow (a full-turn angular paint turning on a fixed shape, drawn from its
/// angular modes: Freeman and Adelson, IEEE PAMI 1991; ``SteeredGlows``) adds its
/// truncation to the glow term: 2 sum_{n > N} |c_n| max|E_n| per channel, c_n the paint's
/// exact Fourier coefficients and E_n the blurred n-th mode of the coverage, plus the
/// planes' float32 rounding (``SteeredGlow/truncation``; docs/accuracy.md "Steered glows"
/// for the derivation). Which glows a frame steered is the renderer's (an animation's
/// frames after the first; ``GLRenderer/steeredGlowsLastFrame``), so it is passed in.
public struct ErrorBound: Sendable {
    /// The frame's size, pixels (the image's).
    public let width: Int, height: Int
    /// The bound per pixel, row-major, in levels (0...255; 255 where nothing is promised).
    public private(set) var levels: [Float]
    /// The budget that contributes most to each pixel's bound (``ErrorBudget/none`` where the bound is 0).
    public private(set) var budgets: [ErrorBudget]
    private var largestTerm: [Float]

    /// The bound of the GPU's render of `frame`. `image`, the GPU's own render, gives each
    /// pixel's alpha for the straight-alpha encoding's rounding (``ErrorBudget/encoding``);
    /// an image of another size is not used. Takes 0.01 to 1 s a conformance scene on the
    /// CPU (a few seconds for a glow over a whole large canvas); not part of rendering.
    /// - Parameter steered: the glows the render steered, by the frame's layer index
    ///   (``GLRenderer/steeredGlowsLastFrame``); none for a single frame.
    public init(frame: Frame, image: RGBA8Image? = nil, steered: [Int: SteeredGlow] = [:]) {
        width = frame.width; height = frame.height
        let n = width * height
        levels = Array(repeating: 0, count: n)
        budgets = Array(repeating: .none, count: n)
        largestTerm = Array(repeating: 0, count: n)
        for (index, layer) in frame.layers.enumerated() where layer.opacity > 0 {
            var terms = LayerErrorTerms(layer: layer, width: width, height: height, steered: steered[index]?.error ?? 0)
            terms.compute { i, e, b in self.add(i, e, b) }
        }
        if let image, image.width == width, image.height == height {
            for i in 0..<n where image.pixels[i * 4 + 3] < 255 { add(i, 1, .encoding) }
        }
        for i in 0..<n where levels[i] > 255 { levels[i] = 255 }
    }

    /// Decodes a bound written by ``encoded`` (`halo render --error-bound`).
    /// - Throws: ``ErrorBoundFormatError`` when a pixel's budget code is unknown.
    public init(decoding image: RGBA8Image) throws {
        width = image.width; height = image.height
        let n = width * height
        levels = (0..<n).map { Float(image.pixels[$0 * 4]) }
        budgets = try (0..<n).map { i in
            guard let b = ErrorBudget(rawValue: image.pixels[i * 4 + 1]) else {
                throw ErrorBoundFormatError(pixel: (i % image.width, i / image.width), code: image.pixels[i * 4 + 1])
            }
            return b
        }
        largestTerm = levels
    }

    /// Adds `e` levels of budget `b` at pixel index `i`.
    mutating func add(_ i: Int, _ e: Double, _ b: ErrorBudget) {
        guard e > 0 else { return }
        let f = Float(min(e, 1000))
        levels[i] += f
        if f > largestTerm[i] { largestTerm[i] = f; budgets[i] = b }
    }

    /// The bound as an image (`halo render --error-bound FILE`): per pixel, red = the bound
    /// in levels rounded up (0...255; 255: no promise, e.g. under a shader paint), green = the
    /// ``ErrorBudget`` code that contributes most (0 none), blue = 0, alpha = 255.
    public var encoded: RGBA8Image {
        var img = RGBA8Image(width: width, height: height)
        for i in 0..<(width * height) {
            img.pixels[i * 4] = UInt8(min(255, levels[i].rounded(.up)))
            img.pixels[i * 4 + 1] = budgets[i].rawValue
            img.pixels[i * 4 + 2] = 0
            img.pixels[i * 4 + 3] = 255
        }
        return img
    }

    /// `levels` in ascending order, for ``quantile(_:_:)``: sorted here, in an optimised
    /// module (the test suite's own code is built unoptimised, where the standard library's
    /// generic sort of the millions of levels of every scene took seconds).
    public static func ascending(_ levels: [Float]) -> [Float] { levels.sorted() }

    /// The value at fraction `f` (0...1) of `sorted` (ascending), 0 for none: how the
    /// bound's widths are reported (median 0.5, 99th percentile 0.99).
    public static func quantile(_ sorted: [Float], _ f: Double) -> Float {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(f * Double(sorted.count)))]
    }

    /// The median and 99th percentile of the bound over all pixels, and over the pixels
    /// where it is above 0 (how tight it is; levels).
    public var widths: (median: Float, p99: Float, nonzeroMedian: Float, nonzeroP99: Float, nonzeroShare: Double) {
        let all = levels.sorted(), nz = all.filter { $0 > 0 }
        return (Self.quantile(all, 0.5), Self.quantile(all, 0.99), Self.quantile(nz, 0.5), Self.quantile(nz, 0.99), all.isEmpty ? 0 : Double(nz.count) / Double(all.count))
    }
}

/// One source of a GPU render's difference from the exact image, with where it is stated.
public enum ErrorBudget: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case none = 0
    /// A curved edge taken as straight across each of n x n parts of a pixel (Shaders/lib/
    /// shape.glsl coverShape, subdivisions; dash.glsl's band edges and caps): per part at most
    /// the area between a circle of the curve's least radius of curvature and its tangent
    /// over the part's diagonal, over at most 2n parts the curve crosses (4n for an ellipse).
    case curvedEdge = 1
    /// A dash's end: its cut placed by the arc length in float32 (a few ulps of the
    /// outline's length, ArcLengthTests) across at most sqrt(2) px of the pixel.
    case dashEnd = 2
    /// The paint averaged over the covered part of a pixel (Shaders/lib/paint_eval.glsl
    /// paintColor): within the paint's range over the pixel where the covered part is a
    /// strip, a stop jumps, or a centre, seam or medial axis lies in the pixel; 1/64 of that
    /// range at a kink (paintKinkAverage); elsewhere the colour at the middle, off by the
    /// midpoint rule's (|c_xx| + |c_yy|) / 24, taken twice.
    case paint = 3
    /// A glow drawn at 1/k resolution and read back bilinearly (GlowPlan: 1/128 of its peak
    /// for k > 1), in a half-float atlas (2^-11 of it), with the paint at each block's centre.
    case glow = 4
    /// A material's backdrop blurred at 1/k resolution (GlowPlan, as the glow).
    case material = 5
    /// The straight-alpha 8-bit encoding of a translucent pixel: alpha and colour each
    /// rounded, a level of the premultiplied value more than an opaque pixel's.
    case encoding = 6
    /// Nothing promised (a shader paint: Halo cannot know its function).
    case unbounded = 7

    public var description: String {
        switch self {
        case .none: return "none"
        case .curvedEdge: return "curved edge"
        case .dashEnd: return "dash end"
        case .paint: return "paint averaging"
        case .glow: return "glow"
        case .material: return "material"
        case .encoding: return "straight-alpha encoding"
        case .unbounded: return "unbounded (shader paint or shape)"
        }
    }
}

/// An error-bound image with a budget code that no ``ErrorBudget`` has.
public struct ErrorBoundFormatError: Error, CustomStringConvertible, Sendable {
    public var pixel: (Int, Int)
    public var code: UInt8
    public var description: String {
        "pixel (\(pixel.0), \(pixel.1)): green \(code) is no error budget (expected 0-\(ErrorBudget.allCases.count - 1); red is the bound, green its budget)"
    }
}
