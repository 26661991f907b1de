import Foundation
import HaloCore

/// The combine's weights for a turn, and the float32 term of the sum they make.
extension SteeredGlows {
    /// The float32 error of the planes and the combine, per channel: each plane's value is
    /// within 6e-5 of its blurred coverage's (lib/angular_modes.glsl: theta and n theta
    /// rounded), so within 6e-5 x peak; the sum of 2N + 1 float terms adds under 4e-6 of
    /// sum |w| x peak. Counted as 1e-4 x sum |w_s| x peak, with |w_{2n-1}| + |w_{2n}| <=
    /// 2 sqrt 2 |c_n|.
    static func floatError(_ m: AngularModes, modes n: Int, peak: Double) -> Double {
        var sum = m.magnitude(0)
        for j in stride(from: 1, through: n, by: 1) { sum += 2 * 2.0.squareRoot() * m.magnitude(j) }
        return 1e-4 * sum * peak
    }

    /// glow_combine.frag's weights for the paint turned by `angle` degrees: w_0 = c_0,
    /// w_{2n-1} = 2 Re(c_n e^{-i n phi}), w_{2n} = -2 Im(c_n e^{-i n phi}), then zeros up to
    /// whole layers (16 floats: 4 scalars of 4 channels) of the layer bucket.
    static func weights(_ m: AngularModes, modes n: Int, angle: Float) -> [Float] {
        weights(m, modes: n, phi: Double(angle) * Double.pi / 180)
    }

    /// ``weights(_:modes:angle:)`` for the paint turned by `phi` radians.
    static func weights(_ m: AngularModes, modes n: Int, phi: Double) -> [Float] {
        var w: [Premul] = [m.re[0]]
        for j in stride(from: 1, through: n, by: 1) {
            let cp = cos(Double(j) * phi), sp = -sin(Double(j) * phi)
            let wr = m.re[j] * cp - m.im[j] * sp, wi = m.re[j] * sp + m.im[j] * cp
            w += [2 * wr, -2 * wi]
        }
        let layers = layerBuckets.first { 4 * $0 >= w.count } ?? maxLayers
        while w.count < 4 * layers { w.append(.zero) }
        return w.flatMap { [Float($0.x), Float($0.y), Float($0.z), Float($0.w)] }
    }
}
