import CGLFW
import Foundation
import Halo

// The window's title (time, fps, GPU time, state) and the statistics line a run ends with.
extension Preview {
    func updateTitle(force: Bool) {
        let t = now()
        guard force || t - lastTitle >= 0.5 else { return }
        lastTitle = t
        let recent = frameStarts.suffix(240).filter { t - $0 <= 1.0 }
        let fps = recent.count > 1 ? Double(recent.count - 1) / (recent.last! - recent.first!) : 0
        var parts = [(options.scenePath as NSString).lastPathComponent, String(format: "t %.2f s", drawnTime ?? clock.time),
                     String(format: "%.0f fps", fps)]
        if timer.available, let ms = timer.lastMs { parts.append(String(format: "GPU %.1f ms", ms)) } else { parts.append("GPU time n/a") }
        // A frame over a second of GPU time: said once each time frames become that long. (A
        // frame interval as long too: a timer query's first results can be no measurement.)
        let slow = zip(frameStarts.suffix(6).dropFirst(), frameStarts.suffix(6)).contains { $0 - $1 > GLRenderer.longFrameMs / 1000 }
        let long = slow ? timer.lastMs.flatMap { GLRenderer.longFrameWarning(gpuMs: $0) } : nil
        if let long, !longFrameSaid { say("halo preview: \(long)") }
        longFrameSaid = long != nil
        if clock.paused { parts.append("paused") }
        if clock.speed != 1 { parts.append(clock.speed > 1 ? String(format: "%gx", clock.speed) : "1/\(Int(1 / clock.speed))x") }
        if clock.reduceMotion ?? scene.reduceMotion { parts.append("reduce motion") }
        if showDistance { parts.append(distanceStatus()) }
        if reloadError != nil || drawError != nil { parts.append("error, see terminal") }
        if let progress = preparationProgress { parts.append(progress) }
        title = parts.joined(separator: " · ")
        glfwSetWindowTitle(window, title)
    }

    /// The distance view's part of the title: the legend (iso-lines every 4 pt) and the
    /// union's signed distance under the mouse, in points (negative inside).
    func distanceStatus() -> String {
        let legend = String(format: "distance view: lines every %g pt", Preview.distanceViewStep)
        guard let layout = drawnLayout, let pixel = cursorCanvasPixel(layout) else { return legend }
        guard let d = renderer.distanceUnder(x: pixel.x, y: pixel.y) else { return legend + ", no shape under the mouse" }
        if d.isNaN { return legend + ", NaN or infinite under the mouse" }
        return legend + String(format: ", %.2f pt under the mouse", d / layout.scale)
    }

    /// The canvas pixel (y down) under the mouse, nil when it is off the canvas.
    func cursorCanvasPixel(_ layout: PreviewLayout) -> (x: Int, y: Int)? {
        var cx = 0.0, cy = 0.0
        glfwGetCursorPos(window, &cx, &cy)
        var ww: Int32 = 0, wh: Int32 = 0
        glfwGetWindowSize(window, &ww, &wh)
        let fb = framebufferSize()
        guard ww > 0, wh > 0 else { return nil }
        let x = Int((cx * Double(fb.0) / Double(ww)).rounded(.down)) - layout.originX
        let y = Int((cy * Double(fb.1) / Double(wh)).rounded(.down)) - layout.originY
        return x >= 0 && y >= 0 && x < layout.width && y < layout.height ? (x, y) : nil
    }

    /// One line on stdout: frames drawn, the median interval between frame starts (the
    /// frame time: draw, present and swap, what the title's fps counts) and the median GPU time.
    func printStats() {
        timer.collect(wait: true)
        if options.frames != nil { updateTitle(force: true); say("halo preview: title: \(title)") }
        let intervals = zip(frameStarts.dropFirst(), frameStarts).map { ($0 - $1) * 1000 }.dropFirst()   // the first frame compiles
        guard !intervals.isEmpty else {
            say("halo preview: \(frameStarts.count) frame\(frameStarts.count == 1 ? "" : "s") drawn: too few for a frame-time median (the first compiles; 3 or more are needed)")
            return
        }
        let gpu = timer.samplesMs.dropFirst()
        let layout = drawnLayout.map { "\($0.width)x\($0.height) canvas" } ?? "no canvas"
        var line = String(format: "halo preview: %d frames, %@ in a %dx%d window: frame time median %.2f ms (min %.2f, max %.2f)",
                          frameStarts.count, layout, statsFramebuffer.0, statsFramebuffer.1, median(Array(intervals)) ?? 0,
                          intervals.min()!, intervals.max()!)
        if !gpu.isEmpty { line += String(format: ", GPU time median %.2f ms (timer queries)", median(Array(gpu)) ?? 0) }
        line += "; \(renderer.programsCompiled) programs compiled, \(renderer.programsCompiledByFrames) by frames"
        say(line)
    }
}
