import CGLFW
import CHaloImGui
import Foundation
import Halo

// The frame loop: interactive (real time) or scripted (fixed steps), one frame's draw.
extension Preview {
    /// Said once the first frame is drawn (shader paints compile then): tests edit files after it.
    func announceWatching() {
        let shaderNote = library.directory.map { "shaders in \($0)" } ?? "embedded shaders, not watched"
        say("halo preview: watching \(watcher.paths.count) files (\(shaderNote))")
    }

    func loop() -> Int32 {
        let frames = options.frames
        var index = 0
        var lastPoll = now(), lastTick = now()
        var failed = false, announced = false, wroteFinal = false
        showBeforeFirstFrame()
        while !quitRequested {
            if let frames {
                if index >= frames { break }
                for action in options.script.actions(at: index) { perform(action) }
                if quitRequested { break }
            } else if glfwWindowShouldClose(window) != 0 {
                break
            }
            let t = now()
            // A save is seen at once where the kernel reports it, else by the 10 Hz poll.
            if watcher.notified() || t - lastPoll >= 0.1 { lastPoll = t; checkForChanges() }
            if frames == nil { clock.advance(by: min(t - lastTick, 0.25)); lastTick = t }
            let idle = frames == nil && !needsDraw && (clock.paused || minimised)
            if idle {
                // Short, so that a paused preview sees a save within 20 ms.
                glfwWaitEventsTimeout(0.02)
                updateTitle(force: false)
                continue
            }
            let last = frames.map { index == $0 - 1 } ?? false
            if !drawFrame(finalFrame: last) { failed = failed || last }
            if last { wroteFinal = true }
            if !announced { announced = true; announceWatching() }
            glfwPollEvents()
            updateTitle(force: false)
            if frames != nil { clock.advance(by: PreviewClock.frameStep); index += 1 }
        }
        // A scripted run that quit early (key q) still saves its last frame.
        if frames != nil && !wroteFinal && (options.screenshot != nil || options.windowScreenshot != nil) {
            if !drawFrame(finalFrame: true) { failed = true }
        }
        printStats()
        if failed || (frames != nil && scriptFailed) { return 1 }
        // A scripted run whose scene never drew (its first frame failed, and every one after):
        // bad input, as `halo render` says of it.
        if frames != nil, !drewGoodFrame, drawError != nil {
            printError("halo preview: no frame of the scene was drawn (the error above); exit 2")
            return 2
        }
        return frames != nil && scriptRefused ? 2 : 0
    }

    /// Draws one frame (nothing for a 0 x 0 framebuffer) and swaps; on the last frame of a
    /// scripted run, writes the screenshots first. False when a screenshot failed.
    func drawFrame(finalFrame: Bool) -> Bool {
        fitWindowToColumn(error: reloadError ?? drawError)
        var fb = framebufferSize()
        needsDraw = false
        // The banner, the column and the timeline take their parts first; the canvas fits what is left.
        var (parts, bannerImage) = windowLayout(framebuffer: fb, error: reloadError ?? drawError)
        if parts.canvas == nil, options.size == nil, fb.0 > 0, fb.1 > 0, let banner = bannerImage {
            // A banner taller than a small window leaves the canvas no room: a window the run
            // sized grows by the banner's height.
            Preview.setFramebufferSize(window, (fb.0, fb.1 + banner.height))
            fb = framebufferSize()
            (parts, bannerImage) = windowLayout(framebuffer: fb, error: reloadError ?? drawError)
        }
        guard let layout = parts.canvas else {
            return finalFrame ? writeScreenshots(layout: nil, framebuffer: fb) : true
        }
        frameStarts.append(now())
        statsFramebuffer = fb
        timer.begin()
        renderer.distanceView = showDistance ? Preview.distanceViewStep * layout.scale : nil
        do {
            let target = FrameTarget.window(width: fb.0, height: fb.1, originX: layout.originX, originY: layout.originY)
            // A scripted run's last frame is drawn with ordinary glows, so that a window screenshot's
            // canvas is `halo render`'s image of that frame (live frames steer turning glows, within the bound).
            let ordinary = finalFrame && options.windowScreenshot != nil
            drawnTime = clock.time
            try drawing(ordinaryGlows: ordinary) { try renderer.draw(frame(of: scene, background: background, layout: layout), into: target) }
            drawError = nil
            drewGoodFrame = true
            // A shape's distance that turns NaN or infinite: said once each time the warnings change.
            if renderer.shapeWarnings != shapeWarningsSaid {
                for w in renderer.shapeWarnings where !shapeWarningsSaid.contains(w) { say("halo preview: \(w)") }
                shapeWarningsSaid = renderer.shapeWarnings
            }
        } catch {
            drawError = report(error, previous: drawError)
            if !drewGoodFrame { fillCanvasBackground(layout, framebufferHeight: fb.1) }
        }
        timer.end()
        drawnLayout = layout
        drawnWindow = parts
        if showTimeline { drawTimeline(in: parts.timeline, framebufferHeight: fb.1) }
        if let bannerImage { WindowOverlay.draw(bannerImage, x: parts.banner.x, y: parts.banner.y, framebufferHeight: fb.1) }
        // The column is in the window only: --screenshot, S and R render offscreen.
        drawUI(error: reloadError ?? drawError, column: parts.column)
        if releaseEnterAfterFrame { releaseEnterAfterFrame = false; halo_imgui_key_event(window, GLFW_KEY_ENTER, 0, GLFW_RELEASE, 0) }
        var ok = true
        if finalFrame { ok = writeScreenshots(layout: layout, framebuffer: fb) }
        glfwSwapBuffers(window)
        growForColumnContents(framebuffer: fb, column: parts.column)
        // After the swap: the window shows this frame while the next programs are made ready.
        prepareProgramsAfterFrame(layout: layout, framebuffer: fb)
        return ok
    }

    /// `scene` resolved at the clock's time for `layout` (the canvas scaled to the window).
    func frame(of scene: Scene, background: RGBA8Image?, layout: PreviewLayout) -> Frame {
        var s = scene
        s.canvas.scale = layout.scale
        if let rm = clock.reduceMotion { s.reduceMotion = rm }
        var f = Frame(s, time: clock.time)
        if let background {
            if let p = placedBackground, p.width == f.width, p.height == f.height, p.image.width == f.width {
                f.backgroundImage = p.image
            } else {
                // Placing the image costs a bilinear pass over the canvas: once per size.
                let placed = Frame(s, time: clock.time, backgroundImage: background)
                if let img = placed.backgroundImage { placedBackground = (f.width, f.height, img) }
                f.backgroundImage = placed.backgroundImage
            }
            f.backgroundColor = .zero
        }
        return f
    }
}
