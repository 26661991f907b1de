import Foundation
import HaloCore

/// The motion formulas of docs/scene-format.md "Animation" as Swift source for the exported
/// file: the phase of a cycle with its delay, timing and reversal, the CSS cubic Bezier,
/// a rotation's turn, a linear gradient's turned points and its corner cycle. They are the
/// formulas of ``Motion/phase(at:cycle:)`` and ``TimingFunction``, written out so that the
/// exported file needs nothing of Halo.
enum SwiftUIMotion {
    /// A timing function as the `timing:` argument of the emitted helpers: [] for linear, else [x1, y1, x2, y2].
    static func timing(_ t: TimingFunction) -> String {
        switch t {
        case .linear: return "[]"
        case .cubicBezier(let x1, let y1, let x2, let y2): return "[\([x1, y1, x2, y2].map(ExportText.num).joined(separator: ", "))]"
        }
    }

    /// The helpers' source (``SwiftUIHelpers`` writes those a file uses).
    static let source = """
    // The scene format's motion (docs/scene-format.md "Animation"): a cycle of q seconds after a
    // delay, eased by a CSS cubic Bezier ([] for linear), every other cycle reversed when asked.
    private func haloPhase(_ t: Double, cycle q: Double, delay: Double, reverses: Bool, timing: [Double]) -> (k: Int, e: Double) {
        let elapsed = max(t - delay, 0)
        let tau = elapsed / q
        guard tau.isFinite else { return (0, 0) }
        let f = min(max(fmod(elapsed, q) / q, 0), 1)
        let k = Int((tau - f).rounded().truncatingRemainder(dividingBy: 4))
        let p = reverses && k % 2 != 0 ? 1 - f : f
        return (k, haloEase(p, timing))
    }

    // CSS cubic-bezier(x1, y1, x2, y2): y(s) where x(s) = p, s found by bisection to 1e-10.
    private func haloEase(_ p: Double, _ c: [Double]) -> Double {
        guard c.count == 4, p > 0, p < 1 else { return min(max(p, 0), 1) }
        func b(_ a: Double, _ d: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * d + s * s * s }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-10 { let m = 0.5 * (lo + hi); if b(c[0], c[2], m) < p { lo = m } else { hi = m } }
        return b(c[1], c[3], 0.5 * (lo + hi))
    }

    // A rotation's turn in degrees at time t, clockwise on screen (negative counterclockwise).
    private func haloTurn(_ t: Double, period: Double, clockwise: Bool, delay: Double, reverses: Bool, timing: [Double]) -> Double {
        let e = haloPhase(t, cycle: period, delay: delay, reverses: reverses, timing: timing).e
        return (e - e.rounded(.down)) * 360 * (clockwise ? 1 : -1)
    }

    // A unit point of a w x h rect turned by `degrees` about the rect's centre (on screen, y down).
    private func haloTurned(_ p: UnitPoint, by degrees: Double, width w: Double, height h: Double) -> UnitPoint {
        let a = degrees * .pi / 180
        let dx = (Double(p.x) - 0.5) * w, dy = (Double(p.y) - 0.5) * h
        return UnitPoint(x: 0.5 + (cos(a) * dx - sin(a) * dy) / w, y: 0.5 + (sin(a) * dx + cos(a) * dy) / h)
    }

    // A corner cycle: the point walks the corners, f(u, v) = (1 - v, u) a step, blended by the step's progress.
    private func haloCornerCycle(_ p: UnitPoint, _ t: Double, step: Double, delay: Double, reverses: Bool, timing: [Double]) -> UnitPoint {
        let (k0, e) = haloPhase(t, cycle: step, delay: delay, reverses: reverses, timing: timing)
        let k = reverses ? 0 : (k0 % 4 + 4) % 4
        func turn(_ q: UnitPoint, _ n: Int) -> UnitPoint { var r = q; for _ in 0..<n { r = UnitPoint(x: 1 - r.y, y: r.x) }; return r }
        let a = turn(p, k), b = turn(p, k + 1)
        return UnitPoint(x: a.x + e * (b.x - a.x), y: a.y + e * (b.y - a.y))
    }
    """
}
