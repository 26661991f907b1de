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
