/// CSS Filter Effects' saturate(s) (Filter Effects Module Level 1, feColorMatrix type
/// "saturate") as a row-major 3 x 3 matrix on (r, g, b): s I + (1 - s) L with every row
/// L = [0.213, 0.715, 0.072] (the identity at s = 1, greys at s = 0). docs/scene-format.md "Material".
public func saturateMatrix(_ s: Double) -> [[Double]] {
    let l = [0.213, 0.715, 0.072]
    return (0..<3).map { r in (0..<3).map { c in (r == c ? s : 0) + (1 - s) * l[c] } }
}

/// A material's P for one premultiplied value (docs/scene-format.md "Material", steps 2 and 3): its
/// colour saturated by `s`, each channel clamped to [0, alpha], then `tint` (premultiplied)
/// composited over it.
public func saturatedAndTinted(_ v: Premul, saturation s: Double, tint: Premul) -> Premul {
    let m = saturateMatrix(s)
    func row(_ i: Int) -> Double { min(max(m[i][0] * v.x + m[i][1] * v.y + m[i][2] * v.z, 0), v.w) }
    return over(tint, Premul(row(0), row(1), row(2), v.w))
}
