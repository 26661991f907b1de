/// The median of `xs` (the mean of the two middle values for an even count); nil when
/// `xs` is empty. Frame times in `halo bench` and the preview.
public func median(_ xs: [Double]) -> Double? {
    guard !xs.isEmpty else { return nil }
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
