import Foundation

/// What the preview shows when: the scene time, pause, playback speed and the
/// reduce-motion switch. Pure state, so the keys can be tested without a window.
public struct PreviewClock: Equatable, Sendable {
    /// One frame of stepping (and of a scripted run), seconds.
    public static let frameStep = 1.0 / 60.0
    /// Playback speed range: 1/64x ... 64x.
    public static let speedRange = (1.0 / 64.0)...64.0

    /// Scene time, seconds (animations are evaluated at it; 0 under reduce motion).
    public var time: Double
    public var paused = false
    /// Seconds of scene time per second of wall time.
    public var speed = 1.0
    /// nil: the scene's own `reduceMotion`; else the M key's choice.
    public var reduceMotion: Bool?
    /// Playback wraps from `upperBound` back to `lowerBound` (seconds) while set.
    public var loop: Range<Double>?

    public init(time: Double) { self.time = time }

    /// Moves time on by `seconds` of wall time (nothing while paused).
    public mutating func advance(by seconds: Double) {
        if !paused { time += seconds * speed }
        if let l = loop, !l.isEmpty, !l.contains(time) {
            time = l.lowerBound + (time - l.lowerBound).truncatingRemainder(dividingBy: l.upperBound - l.lowerBound)
            if time < l.lowerBound { time += l.upperBound - l.lowerBound }
        }
    }

    /// Goes to `t` seconds and pauses (a click on the timeline, a script's `seek`).
    public mutating func seek(to t: Double) {
        time = t
        paused = true
    }

    /// Applies a key; `sceneReduceMotion` is the scene's own setting (for M's first press).
    /// Returns false for keys the clock does not handle (save, quit).
    @discardableResult
    public mutating func handle(_ key: PreviewKey, sceneReduceMotion: Bool = false) -> Bool {
        switch key {
        case .pause: paused.toggle()
        case .stepBack: paused = true; time -= PreviewClock.frameStep
        case .stepForward: paused = true; time += PreviewClock.frameStep
        case .home: time = 0
        case .reduceMotion: reduceMotion = !(reduceMotion ?? sceneReduceMotion)
        case .slower: speed = max(speed / 2, PreviewClock.speedRange.lowerBound)
        case .faster: speed = min(speed * 2, PreviewClock.speedRange.upperBound)
        case .save, .quit, .timeline, .loop, .record, .panel, .distanceView: return false
        }
        return true
    }
}

/// Where the canvas goes in a window: the largest scale at which the whole canvas fits
/// the framebuffer (aspect ratio kept), centred, drawn one canvas pixel per framebuffer
/// pixel (so it is sharp at any content scale).
public struct PreviewLayout: Equatable, Sendable {
    /// Pixels per point to resolve the scene at (replaces `canvas.scale`).
    public var scale: Double
    /// The canvas in pixels, and its top-left corner in the framebuffer (y down).
    public var width: Int, height: Int
    public var originX: Int, originY: Int

    /// The layout of a `points` canvas (width, height in points) in a framebuffer of
    /// `framebuffer` pixels, with canvas sides at most `maxSide` pixels; nil when there is
    /// nothing to draw (a minimised, 0 x 0 window, or a canvas that would round to 0 pixels).
    public init?(points: (Double, Double), framebuffer: (Int, Int), maxSide: Int) {
        let (fw, fh) = framebuffer
        guard fw > 0, fh > 0, points.0 > 0, points.1 > 0, maxSide > 0 else { return nil }
        var s = min(Double(fw) / points.0, Double(fh) / points.1)
        s = min(s, Double(maxSide) / max(points.0, points.1))
        // round(x) = floor(x + 0.5) (docs/scene-format.md); s * points <= the framebuffer, so the rounded size fits.
        let w = Int((points.0 * s + 0.5).rounded(.down)), h = Int((points.1 * s + 0.5).rounded(.down))
        guard w > 0, h > 0 else { return nil }
        scale = s
        width = min(w, fw); height = min(h, fh)
        originX = (fw - width) / 2; originY = (fh - height) / 2
    }
}
