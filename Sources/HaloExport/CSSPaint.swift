import Foundation
import HaloCore

/// A paint as CSS declarations for an element whose border box is `box` (points of the
/// canvas): a colour or a CSS gradient (CSS Images 4) with the paint's geometry moved into
/// the box's coordinates, its stops at their exact positions and its interpolation space
/// written out, and the paint's motion as a CSS animation of registered custom properties.
struct CSSPaint {
    let sheet: CSSSheet
    let paint: Paint
    /// The shape's bounding rect (the paint's unit square), points.
    let rect: Rect
    /// The element's border box, points.
    let box: Rect
    /// One pixel of the canvas in points (1 / scale).
    var pixel: Double = 1
    /// CSS colours standing for stops by index: keyframed colours, read by `var()`.
    var colors: [Int: String] = [:]
    /// The CSS number of seconds standing for a rotation's period (a parameter's `var()`), if any.
    var period: String?

    private var n: (Double) -> String { ExportText.num }

    /// The declarations, or nil for a paint CSS cannot draw as a background (path, shader, material).
    func declarations() -> [String]? {
        switch paint.kind {
        case .solid(let c): return ["background: \(ExportText.css(c))"]
        case .linear(let s, let e): return linear(s, e)
        case .angular(let c, let angle, let start, let end): return angular(c, angle: angle, start: start, end: end)
        case .radial(let c, let r0, let r1): return radial(c, r0, r1)
        case .path, .shader, .material: return nil
        }
    }

    /// CSS Images 4 `<color-interpolation-method>` for the paint's space ("" for srgb, the default).
    var space: String {
        switch paint.interpolation {
        case .srgb: return ""
        case .linear: return " in srgb-linear"
        case .oklab: return " in oklab"
        }
    }

    /// A unit point in the box's CSS pixels.
    func local(_ q: UnitPoint) -> Vec2 { Vec2(rect.x + q.u * rect.w - box.x, rect.y + q.v * rect.h - box.y) }

    /// The stops as "colour position" with position(l) for each location l; one stop twice (CSS needs two).
    ///
    /// A hard stop (two stops at one location, different colours) is spread over `soften`
    /// (in units of t) when given: browsers sample a gradient at pixel centres, so a hard
    /// stop is a jagged step, where the exact image averages the paint over each pixel. A
    /// pixel's average across a straight edge is the share of the pixel beyond it: for a
    /// direction (a, b) (a >= b >= 0, a + b = 1 pixel along the gradient) the projection of
    /// the pixel square has the trapezoid density of two boxes of widths a and b, so the
    /// share is u^2 / 2ab up to b, linear to a, then symmetric. Five stops at u = 0, b/2, b,
    /// a, a + b/2, 1 carry it (exact at those points, linear between); `ratio` = b / a.
    func stops(soften: Double = 0, ratio: Double = 0, _ position: (Double) -> String) -> String {
        let all = paint.stops.count == 1 ? [paint.stops[0], ColorStop(color: paint.stops[0].color, location: 1)] : paint.stops
        let kept = Self.outerStops(all)
        let list = kept.map { all[$0] }
        let text = kept.map { colors[min($0, paint.stops.count - 1)] }
        var out: [(ColorStop, String?)] = []
        var i = 0
        while i < list.count {
            if soften > 0, i + 1 < list.count, list[i].location == list[i + 1].location, list[i].color != list[i + 1].color,
               text[i] == nil, text[i + 1] == nil {
                let (c0, c1, l) = (list[i].color, list[i + 1].color, list[i].location)
                let r = min(max(ratio, 0), 1), lo = r / (1 + r), hi = 1 / (1 + r)
                for (u, f) in [(0, 0), (lo / 2, r / 8), (lo, r / 2), (hi, 1 - r / 2), (hi + lo / 2, 1 - r / 8), (1, 1)] {
                    out.append((ColorStop(color: Self.mix(c0, c1, f), location: l - soften / 2 + u * soften), nil))
                }
                i += 2
            } else {
                out.append((list[i], text[i])); i += 1
            }
        }
        return out.map { "\($0.1 ?? ExportText.css($0.0.color)) \(position($0.0.location))" }.joined(separator: ", ")
    }

    /// The indices of `stops` without the middle ones of three or more at one location: a
    /// middle stop has no width, so the format draws nothing of it (its colour holds on an
    /// interval of zero length), where Chromium paints it as a band a pixel wide.
    static func outerStops(_ stops: [ColorStop]) -> [Int] {
        stops.indices.filter { i in
            !(i > 0 && i + 1 < stops.count && stops[i - 1].location == stops[i].location && stops[i].location == stops[i + 1].location)
        }
    }

    /// What this paint's CSS draws differently from the exact image, each a sentence for the
    /// caller to put under the paint's JSON path.
    var differences: [String] {
        let s = paint.stops
        let hard = s.indices.dropFirst().contains { s[$0].location == s[$0 - 1].location && s[$0].color != s[$0 - 1].color }
        var out: [String] = []
        // The gradient's length in points from t = 0 to 1 (nil for a sweep, whose is the radius's).
        var length: Double?
        switch paint.kind {
        case .linear(let a, let b): length = hypot((b.u - a.u) * rect.w, (b.v - a.v) * rect.h)
        case .radial(_, let r0, let r1): length = abs(r1 - r0)
        default: break
        }
        if let length, s.indices.dropFirst().contains(where: { s[$0].location > s[$0 - 1].location && (s[$0].location - s[$0 - 1].location) * length < pixel }) {
            out.append("colour stops closer together than a pixel along the gradient: the browser samples the gradient at pixel centres, where the exact image averages each pixel")
        }
        switch paint.kind {
        case .linear(let a, let b):
            let dx = abs((b.u - a.u) * rect.w), dy = abs((b.v - a.v) * rect.h)
            if hard && paint.animation != nil {
                out.append("hard stops point-sampled at pixel centres while the gradient moves (the exact image averages each pixel)")
            } else if hard && min(dx, dy) > 1e-9 * max(dx, dy) {
                out.append("hard stops spread over a ramp one pixel wide along the gradient, which is a pixel's exact average only where the gradient is horizontal or vertical")
            }
        case .angular:
            if hard { out.append("hard stops point-sampled at pixel centres (a conic hard stop's width changes with the radius, so no ramp stands for a pixel's average)") }
        default: break
        }
        // The format's ramp in Oklab or linear light (GradientRamp) skips a segment of no
        // length, so of stops sharing the first or last location it keeps only the last or
        // first there; CSS holds the first and last stops' colours beyond the ends.
        var beyondEnds = false
        switch paint.kind { case .linear, .radial: beyondEnds = true; default: break }
        let space = paint.interpolation.rawValue
        if paint.interpolation != .srgb, s.count >= 2, s.allSatisfy({ $0.location == s[0].location }), s.contains(where: { $0.color != s[0].color }) {
            out.append("every stop at one location: CSS draws a hard edge there, Halo's \(space) ramp the last colour everywhere")
        } else if paint.interpolation != .srgb, s.count > 2, beyondEnds {
            let n = s.count
            if s[n - 1].location == s[n - 2].location && s[n - 1].color != s[n - 2].color {
                out.append("stops sharing the last location: beyond it CSS draws the last of them, Halo's \(space) ramp the first (the format does not say which wins)")
            }
            if s[0].location == s[1].location && s[0].color != s[1].color {
                out.append("stops sharing the first location: before it CSS draws the first of them, Halo's \(space) ramp the last (the format does not say which wins)")
            }
        }
        return out
    }

    /// a and b mixed premultiplied by f (0: a, 1: b), as the format mixes stops in sRGB.
    static func mix(_ a: RGBA, _ b: RGBA, _ f: Double) -> RGBA {
        if f <= 0 { return a }
        if f >= 1 { return b }
        let pa = a.premultiplied, pb = b.premultiplied
        let m = pa + (pb - pa) * f
        return m.w > 0 ? RGBA(m.x / m.w, m.y / m.w, m.z / m.w, m.w) : RGBA(0, 0, 0, 0)
    }

    /// Linear (docs/scene-format.md "Paints"): t = dot(p - s, d) / |d|^2. CSS's gradient line runs
    /// through the box's centre c at angle a (0deg up, clockwise), of length
    /// L = W |sin a| + H |cos a|, and places a stop at distance q from its start; a stop at
    /// location l lies at q = l |d| - dot(c - s, d) / |d| + L / 2 (CSS Images 3, "linear-gradient()").
    func linear(_ s0: UnitPoint, _ e0: UnitPoint) -> [String] {
        let s = local(s0), e = local(e0), d = e - s, dl = length(d)
        let W = box.w, H = box.h
        let c = Vec2(W / 2, H / 2)
        switch paint.animation {
        case nil:
            let a = atan2(d.x, -d.y) * 180 / .pi
            let off = dot(c - s, d) / dl
            let L = (W * abs(d.x) + H * abs(d.y)) / dl
            // One pixel's extent along the gradient's direction: (|dx| + |dy|) / |d| pixels.
            let soften = pixel * (abs(d.x) + abs(d.y)) / dl / dl
            let ratio = min(abs(d.x), abs(d.y)) / max(abs(d.x), abs(d.y))
            return ["background: linear-gradient(\(n(a))deg\(space), \(stops(soften: soften, ratio: ratio) { px($0 * dl - off + L / 2) }))"]
        case .rotation(let period, let clockwise, let motion)?:
            // The points turn about the rect's centre, which is the box's centre (boxes are the
            // rect grown evenly), so dot(c - s, d) / |d| and |d| stay; only a and L change.
            let prop = sheet.name("turn")
            sheet.property(prop, syntax: "<angle>", initial: "0deg")
            let frames = sheet.name("turn")
            sheet.keyframes(frames, [(0, "--\(prop): 0deg"), (100, "--\(prop): \(clockwise ? 360 : -360)deg")])
            let a0 = atan2(d.x, -d.y) * 180 / .pi
            let off = dot(c - s, d) / dl
            let ang = "calc(var(--\(prop)) + \(n(a0))deg)"
            let half = "(\(n(W))px * abs(sin(\(ang))) + \(n(H))px * abs(cos(\(ang)))) / 2"
            return ["background: linear-gradient(\(ang)\(space), \(stops { "calc(\(n($0 * dl - off))px + \(half))" }))"]
                + sheet.animation(frames, duration: period, durationCSS: self.period, timing: motion.timing, delay: motion.delay, alternate: motion.reverses)
        case .cornerCycle(let step, let motion)?:
            // The unit points walk the corners, f(u, v) = (1 - v, u) a step; four registered
            // numbers carry them, and the gradient line is worked out from them per frame.
            let names = (0..<4).map { _ in sheet.name("cc") }
            for p in names { sheet.property(p, syntax: "<number>", initial: "0") }
            func turned(_ p: UnitPoint, _ k: Int) -> UnitPoint { var q = p; for _ in 0..<k { q = UnitPoint(1 - q.v, q.u) }; return q }
            func frame(_ k: Int) -> String {
                let a = turned(s0, k), b = turned(e0, k)
                return zip(names, [a.u, a.v, b.u, b.v]).map { "--\($0): \(n($1))" }.joined(separator: "; ")
            }
            let frames = sheet.name("corners")
            // A reversing cycle goes one step and back (docs/scene-format.md "Animation").
            let steps = motion.reverses ? 1 : 4
            sheet.keyframes(frames, (0...steps).map { (Double($0) * 100 / Double(steps), frame($0)) })
            let (su, sv, eu, ev) = (names[0], names[1], names[2], names[3])
            let ox = rect.x - box.x, oy = rect.y - box.y
            let dx = "((var(--\(eu)) - var(--\(su))) * \(n(rect.w)))", dy = "((var(--\(ev)) - var(--\(sv))) * \(n(rect.h)))"
            let sx = "(\(n(ox)) + var(--\(su)) * \(n(rect.w)))", sy = "(\(n(oy)) + var(--\(sv)) * \(n(rect.h)))"
            let vars = [
                "--\(prefixed("dl")): hypot(\(dx), \(dy))",
                "--\(prefixed("off")): calc(((\(n(c.x)) - \(sx)) * \(dx) + (\(n(c.y)) - \(sy)) * \(dy)) / var(--\(prefixed("dl"))))",
                "--\(prefixed("half")): calc((\(n(W)) * abs(\(dx)) + \(n(H)) * abs(\(dy))) / var(--\(prefixed("dl"))) / 2)",
            ]
            let ang = "atan2(\(dx), calc(-1 * \(dy)))"
            let pos: (Double) -> String = { l in
                "calc((\(self.n(l)) * var(--\(self.prefixed("dl"))) - var(--\(self.prefixed("off"))) + var(--\(self.prefixed("half")))) * 1px)"
            }
            return vars + ["background: linear-gradient(\(ang)\(space), \(stops(pos)))"]
                + sheet.animation(frames, duration: step * Double(steps), timing: motion.timing, delay: motion.delay,
                                  alternate: motion.reverses)
        }
    }

    private func prefixed(_ s: String) -> String { sheet.prefix + s }
    private func px(_ x: Double) -> String { n(x) + "px" }

    /// Angular: t = ((theta - angle - startAngle) mod 360) / span, theta clockwise from +x; CSS
    /// conic-gradient's `from` is clockwise from up, so from = angle + startAngle + 90deg.
    /// A partial sweep holds the last colour for the first half of the gap, the first for
    /// the second half (docs/scene-format.md "Paints"): two more stops at span + gap / 2.
    func angular(_ center: UnitPoint, angle: Double, start: Double, end: Double) -> [String] {
        let c = local(center)
        let span = end - start
        var list = stops { n($0 * span) + "deg" }
        if span < 360, let first = paint.stops.first, let last = paint.stops.last {
            let mid = n(span + (360 - span) / 2) + "deg"
            list += ", \(ExportText.css(last.color)) \(mid), \(ExportText.css(first.color)) \(mid)"
        }
        let from = angle + start + 90
        guard case .rotation(let period, let clockwise, let motion)? = paint.animation else {
            return ["background: conic-gradient(from \(n(from))deg at \(px(c.x)) \(px(c.y))\(space), \(list))"]
        }
        let prop = sheet.name("turn")
        sheet.property(prop, syntax: "<angle>", initial: "0deg")
        let frames = sheet.name("turn")
        sheet.keyframes(frames, [(0, "--\(prop): 0deg"), (100, "--\(prop): \(clockwise ? 360 : -360)deg")])
        return ["background: conic-gradient(from calc(var(--\(prop)) + \(n(from))deg) at \(px(c.x)) \(px(c.y))\(space), \(list))"]
            + sheet.animation(frames, duration: period, durationCSS: self.period, timing: motion.timing, delay: motion.delay, alternate: motion.reverses)
    }

    /// Radial: t = (|p - c| - r0) / (r1 - r0); CSS places stops by their distance from the
    /// centre when given in px, so a stop at l sits at r0 + l (r1 - r0) px. With r1 < r0 the
    /// stops run outwards in reverse order (CSS clamps decreasing positions).
    func radial(_ center: UnitPoint, _ r0: Double, _ r1: Double) -> [String] {
        let c = local(center)
        let all = paint.stops.count == 1 ? [paint.stops[0], paint.stops[0]] : paint.stops
        var soft = Self.outerStops(all).map { all[$0] }
        for i in 0..<(soft.count - 1) where soft[i].location == soft[i + 1].location && soft[i].color != soft[i + 1].color {
            soft[i].location -= pixel / abs(r1 - r0) / 2
            soft[i + 1].location += pixel / abs(r1 - r0) / 2
        }
        var placed = soft.map { (color: $0.color, at: r0 + $0.location * (r1 - r0)) }
        if r1 < r0 { placed.reverse() }
        let text = placed.map { "\(ExportText.css($0.color)) \(px($0.at))" }.joined(separator: ", ")
        return ["background: radial-gradient(circle \(px(max(r0, r1))) at \(px(c.x)) \(px(c.y))\(space), \(text))"]
    }
}
