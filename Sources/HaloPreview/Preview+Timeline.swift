import CGLFW
import Foundation
import Halo

// The timeline below the canvas (T): clicked and dragged to seek.
extension Preview {
    /// The timeline's span: the scene's loop (from its start), else its first 10 s.
    var timelineSpan: (start: Double, length: Double) {
        if case .period(let l, let start) = scene.loopPeriod { return (start, l) }
        return (0, 10)
    }

    /// The timeline in `area` (below the canvas, as wide as its area): its track, the time
    /// played within the span, the playhead, and the loop's bounds when looping (L).
    func drawTimeline(in area: WindowLayout.Area, framebufferHeight h: Int) {
        let w = area.width, th = area.height, top = area.y
        guard w > 0, th > 0 else { return }
        let span = timelineSpan
        var phase = (clock.time - span.start) / span.length
        if scene.loopPeriod.isStillOrNone { phase = min(max(phase, 0), 1) } else { phase -= phase.rounded(.down) }
        let x = Int((phase * Double(w)).rounded())
        var rects = [WindowOverlay.Rect(x: 0, y: top, width: w, height: th, color: (0.16, 0.16, 0.18)),
                     WindowOverlay.Rect(x: 0, y: top + 3, width: x, height: th - 6, color: (0.45, 0.45, 0.5)),
                     WindowOverlay.Rect(x: max(0, x - 1), y: top, width: 2, height: th, color: (1, 1, 1))]
        if let l = clock.loop {
            for t in [l.lowerBound, l.upperBound] {
                let p = (t - span.start) / span.length
                let lx = Int((min(max(p, 0), 1) * Double(w)).rounded())
                rects.append(WindowOverlay.Rect(x: max(0, lx - 1), y: top, width: 2, height: th, color: (1, 0.62, 0.04)))
            }
        }
        WindowOverlay.fill(rects, framebufferHeight: h)
    }

    /// Seeks to the time under the cursor when it is on the timeline (pausing); returns
    /// whether it was (a drag then keeps seeking).
    func seekFromCursor(startingDrag: Bool) -> Bool {
        guard showTimeline else { return false }
        var cx = 0.0, cy = 0.0
        glfwGetCursorPos(window, &cx, &cy)
        var ww: Int32 = 0, wh: Int32 = 0
        glfwGetWindowSize(window, &ww, &wh)
        let fb = framebufferSize()
        guard ww > 0, wh > 0, fb.0 > 0 else { return false }
        let x = cx * Double(fb.0) / Double(ww), y = cy * Double(fb.1) / Double(wh)
        let width = Double(max(drawnWindow?.timeline.width ?? fb.0, 1))
        if startingDrag && (y < Double(fb.1 - Preview.timelineHeight - 4) || x >= width) { return false }
        let span = timelineSpan
        clock.seek(to: span.start + min(max(x / width, 0), 1) * span.length)
        needsDraw = true
        updateTitle(force: true)
        return true
    }
}
