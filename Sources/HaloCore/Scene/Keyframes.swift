import Foundation

/// A keyframe object (docs/scene-format.md "Keyframes"): values at times, eased segment by segment,
/// delayed, held, looped or reversed.
public struct KeyframeTrack: Equatable, Sendable {
    public enum Values: Equatable, Sendable {
        case numbers([Double])
        case colors([RGBA])
    }
    public enum Repeat: String, Equatable, Sendable, CaseIterable { case none, loop, reverse }

    /// Keyframe times, seconds: t0 >= 0, strictly increasing, at least two.
    public var times: [Double]
    public var values: Values
    public var timing: TimingFunction
    public var repeats: Repeat
    /// Seconds >= 0.
    public var delay: Double

    /// The track's time t'' for scene time `t` (docs/scene-format.md: delay, then hold, loop or reverse).
    public func localTime(_ t: Double) -> Double {
        let tp = t - delay, last = times[times.count - 1]
        if !(tp > 0) { return 0 }
        switch repeats {
        case .none: return min(tp, last)
        case .loop: return fmod(tp, last)
        case .reverse:
            // u = tp mod 2 t_last and 2 t_last - u without forming 2 t_last where it
            // overflows (t_last > 8.9e307): tp <= DBL_MAX < 2 t_last is then its own
            // remainder. u - t_last is exact (Sterbenz: t_last <= u <= 2 t_last), so
            // t_last - (u - t_last) is 2 t_last - u rounded once, as before.
            let doubled = 2 * last
            let u = doubled.isFinite ? fmod(tp, doubled) : tp
            return u <= last ? u : last - (u - last)
        }
    }

    /// The segment and eased progress at scene time `t`: (i, e) with the value
    /// lerp(v_i, v_i+1, e); (0, 0) at or before the first keyframe.
    func segment(_ t: Double) -> (i: Int, e: Double) {
        let tt = localTime(t)
        if tt <= times[0] { return (0, 0) }
        var i = times.count - 2
        for k in 0..<(times.count - 1) where times[k] <= tt && tt < times[k + 1] { i = k; break }
        let p = min(max((tt - times[i]) / (times[i + 1] - times[i]), 0), 1)
        return (i, timing(p))
    }

    /// The value at scene time `t`, as the JSON value it stands for: a number, or a colour
    /// [r, g, b, a] mixed premultiplied in sRGB-encoded values and clipped to 0...1.
    public func value(at t: Double) -> JSONValue {
        let (i, e) = segment(t)
        switch values {
        case .numbers(let v):
            if e == 0 { return .number(v[i]) }
            return .number(e == 1 ? v[i + 1] : v[i] + (v[i + 1] - v[i]) * e)
        case .colors(let c):
            if e == 0 { return Self.json(c[i]) }
            if e == 1 { return Self.json(c[i + 1]) }
            let a = c[i], b = c[i + 1]
            let alpha = a.a + (b.a - a.a) * e
            guard alpha > 0 else { return Self.json(RGBA(0, 0, 0, 0)) }
            func mix(_ x: Double, _ y: Double) -> Double { min(max((x * a.a + (y * b.a - x * a.a) * e) / alpha, 0), 1) }
            return Self.json(RGBA(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), min(alpha, 1)))
        }
    }

    static func json(_ c: RGBA) -> JSONValue { .array([.number(c.r), .number(c.g), .number(c.b), .number(c.a)]) }

    /// The least time after which the track repeats (loop: t_last; reverse: 2 t_last,
    /// infinite where that overflows), nil for `none` (it holds its last value from
    /// delay + t_last on).
    public var period: Double? {
        switch repeats {
        case .none: return nil
        case .loop: return times[times.count - 1]
        case .reverse: return 2 * times[times.count - 1]
        }
    }
}

/// A scene's keyframed values: its `layers` as written, with the keyframe objects in
/// place, and each object's track by JSON path. ``Scene/at(_:)`` substitutes them.
public struct Keyframes: Equatable, Sendable {
    /// The `layers` list as written.
    var layers: JSONValue
    /// Each keyframe object's JSON path and track, in document order.
    public var tracks: [(path: String, track: KeyframeTrack)]

    public static func == (a: Keyframes, b: Keyframes) -> Bool {
        a.layers == b.layers && a.tracks.map(\.path) == b.tracks.map(\.path) && a.tracks.map(\.track) == b.tracks.map(\.track)
    }

    /// `layers` with every keyframe object replaced by its value at `t`.
    func layers(at t: Double) -> JSONValue {
        func walk(_ v: JSONValue) -> JSONValue {
            switch v {
            case .object(let o):
                if o["keyframes"] != nil { return track(for: o)?.value(at: t) ?? v }
                return .object(o.mapValues(walk))
            case .array(let a): return .array(a.map(walk))
            default: return v
            }
        }
        return walk(layers)
    }

    /// Tracks are matched to their objects by identity of content, in document order.
    private func track(for o: [String: JSONValue]) -> KeyframeTrack? { byObject[JSONValue.object(o)] }
    private var byObject: [JSONValue: KeyframeTrack] = [:]

    init(layers: JSONValue, tracks: [(path: String, track: KeyframeTrack)], objects: [JSONValue]) {
        self.layers = layers
        self.tracks = tracks
        for (o, t) in zip(objects, tracks.map(\.track)) { byObject[o] = t }
    }
}

extension Scene {
    /// The scene drawn at time `t` (docs/scene-format.md "Keyframes"): every keyframe object replaced
    /// by its value at `t` (at 0 under reduceMotion), read and checked as any scene is.
    /// - Throws: ``SceneError`` naming the JSON path and the time when a keyframed value
    ///   makes the scene invalid then (a negative width, stops out of order, ...).
    public func at(_ t: Double) throws -> Scene {
        guard let keyframes else { return self }
        let time = reduceMotion ? 0 : t
        let reader = SceneReader(file: file ?? "<scene>")
        do {
            var out = self
            out.layers = try reader.layers(keyframes.layers(at: time))
            return out
        } catch var e as SceneError {
            e.found += " (at t = \(fmt(time)) s)"
            throw parameterOrigins.annotated(e)
        }
    }
}
