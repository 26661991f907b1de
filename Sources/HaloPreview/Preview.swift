import CGLFW
import Foundation
import Halo

/// The last message GLFW's error callback gave (GLFW calls it on the main thread).
nonisolated(unsafe) private var lastGLFWError = ""

/// `halo preview`: a GLFW window (OpenGL 3.3 core) that draws a scene with the GPU
/// renderer at the window's framebuffer size, animating in real time, and reloads the
/// scene and the shaders when their files change.
///
/// State is "last good": a reload that fails (bad scene, GLSL that does not compile)
/// prints the error and keeps drawing what was drawn before; the title says so.
/// Runs on the main thread (GLFW's rule); ``run(_:)`` is the whole command.
public final class Preview {
    private let options: PreviewOptions
    private let window: OpaquePointer
    private let library: ShaderLibrary
    var scene: Scene
    /// The parsed scene file and the live parameter values drawn over it.
    var source: PreviewSceneSource
    private var background: RGBA8Image?
    private var placedBackground: (width: Int, height: Int, image: PremulImage)?
    var renderer: GLRenderer
    private let timer = GPUFrameTimer()
    private var clock: PreviewClock
    private let watcher = FileWatcher()
    private var shadersDirty = false
    /// The last reload's error (cleared by a reload that works) and the last draw's.
    private var reloadError: String?
    private var drawError: String?
    private var reloadAttempts = 0
    private var reloadsWaitedFor = 0
    /// The scene's shader paint files: a change recompiles, like a change under Shaders/.
    private var paintFiles: Set<String> = []
    private var title = ""
    var needsDraw = true
    private var minimised = false
    private var quitRequested = false
    /// A frame has been drawn without error (before that there is no good state to keep).
    private var drewGoodFrame = false
    private var frameStarts: [Double] = []
    private var drawnLayout: PreviewLayout?
    private var lastTitle = -1.0
    private var statsFramebuffer = (0, 0)
    /// The timeline along the bottom edge (T): shown in interactive runs, hidden in scripted ones.
    private var showTimeline: Bool
    /// The timeline's height, framebuffer pixels.
    private static let timelineHeight = 10

    /// Runs the preview to the end and returns the exit status: 0 done, 1 no window or
    /// GL context (or a scripted run that failed), 2 bad input (scene, options).
    public static func run(_ options: PreviewOptions) -> Int32 {
        let loaded: (scene: Scene, background: RGBA8Image?)
        let source: PreviewSceneSource
        do { (source, loaded) = try PreviewSceneSource.loaded(options) } catch {
            printError("halo preview: \(error)")
            return 2
        }
        glfwSetErrorCallback { _, description in
            lastGLFWError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        guard glfwInit() == GLFW_TRUE else {
            printError("halo preview: no window system: \(lastGLFWError) (set DISPLAY, or run under xvfb-run for a headless preview)")
            return 1
        }
        defer { glfwTerminate() }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_DOUBLEBUFFER, GLFW_TRUE)

        // The framebuffer we want: --size, else the scene's pixel size shrunk to 90% of the monitor.
        let canvas = loaded.scene.canvas
        var want = options.size ?? (canvas.pixelWidth, canvas.pixelHeight)
        var contentScale: Float = 1
        if options.size == nil, let monitor = glfwGetPrimaryMonitor() {
            var sx: Float = 1, sy: Float = 1, x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            glfwGetMonitorContentScale(monitor, &sx, &sy)
            glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h)
            contentScale = max(sx, 0.25)
            let limit = (Double(w) * 0.9 * Double(contentScale), Double(h) * 0.9 * Double(contentScale))
            if w > 0, h > 0, Double(want.0) > limit.0 || Double(want.1) > limit.1 {
                let f = min(limit.0 / Double(want.0), limit.1 / Double(want.1))
                want = (max(1, Int(Double(want.0) * f)), max(1, Int(Double(want.1) * f)))
            }
        }
        let title = (options.scenePath as NSString).lastPathComponent
        guard let window = glfwCreateWindow(Int32(max(1, Float(want.0) / contentScale)), Int32(max(1, Float(want.1) / contentScale)),
                                            title, nil, nil) else {
            printError("halo preview: no OpenGL 3.3 core window: \(lastGLFWError)")
            return 1
        }
        defer { glfwDestroyWindow(window) }
        glfwMakeContextCurrent(window)
        glfwSwapInterval(options.vsync ?? (options.frames == nil) ? 1 : 0)
        Preview.setFramebufferSize(window, want)

        let status: Int32
        do {
            let app = try Preview(options: options, window: window, source: source, background: loaded.background)
            glfwSetWindowUserPointer(window, Unmanaged.passUnretained(app).toOpaque())
            status = app.loop()
            glfwSetWindowUserPointer(window, nil)
            withExtendedLifetime(app) {}
        } catch {
            printError("halo preview: \(error)")
            status = 1
        }
        return status
    }

    private init(options: PreviewOptions, window: OpaquePointer, source: PreviewSceneSource, background: RGBA8Image?) throws {
        self.options = options
        self.window = window
        self.source = source
        self.scene = source.scene
        self.background = background
        library = ShaderLibrary(directory: options.shadersDirectory)
        renderer = try GLRenderer(shaders: library, context: nil)
        clock = PreviewClock(time: options.time ?? scene.time)
        showTimeline = options.frames == nil
        glfwSetKeyCallback(window) { w, key, _, action, _ in
            guard action != GLFW_RELEASE, let w, let app = Preview.app(of: w) else { return }
            let repeatable: Set<Int32> = [GLFW_KEY_LEFT, GLFW_KEY_RIGHT, GLFW_KEY_LEFT_BRACKET, GLFW_KEY_RIGHT_BRACKET]
            if action == GLFW_REPEAT && !repeatable.contains(key) { return }
            let map: [Int32: PreviewKey] = [GLFW_KEY_SPACE: .pause, GLFW_KEY_LEFT: .stepBack, GLFW_KEY_RIGHT: .stepForward,
                                            GLFW_KEY_HOME: .home, GLFW_KEY_M: .reduceMotion, GLFW_KEY_LEFT_BRACKET: .slower,
                                            GLFW_KEY_RIGHT_BRACKET: .faster, GLFW_KEY_S: .save, GLFW_KEY_Q: .quit, GLFW_KEY_ESCAPE: .quit,
                                            GLFW_KEY_T: .timeline, GLFW_KEY_L: .loop, GLFW_KEY_R: .record]
            if let k = map[key] { app.press(k) }
        }
        glfwSetMouseButtonCallback(window) { w, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS, let w, let app = Preview.app(of: w) else { return }
            app.dragging = app.seekFromCursor(startingDrag: true)
        }
        glfwSetCursorPosCallback(window) { w, _, _ in
            guard let w, let app = Preview.app(of: w), app.dragging else { return }
            if glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_LEFT) != GLFW_PRESS { app.dragging = false; return }
            _ = app.seekFromCursor(startingDrag: false)
        }
        glfwSetFramebufferSizeCallback(window) { w, _, _ in if let w { Preview.app(of: w)?.needsDraw = true } }
        glfwSetWindowRefreshCallback(window) { w in if let w { Preview.app(of: w)?.needsDraw = true } }
        glfwSetWindowContentScaleCallback(window) { w, _, _ in if let w { Preview.app(of: w)?.needsDraw = true } }
        rewatch()
    }

    /// Said once the first frame is drawn (shader paints compile then): tests edit files after it.
    private func announceWatching() {
        let shaderNote = library.directory.map { "shaders in \($0)" } ?? "embedded shaders, not watched"
        say("halo preview: watching \(watcher.paths.count) files (\(shaderNote))")
    }

    private static func app(of window: OpaquePointer) -> Preview? {
        glfwGetWindowUserPointer(window).map { Unmanaged<Preview>.fromOpaque($0).takeUnretainedValue() }
    }

    // MARK: The loop

    private func loop() -> Int32 {
        let frames = options.frames
        var index = 0
        var lastPoll = now(), lastTick = now()
        var failed = false, announced = false, wroteFinal = false
        while !quitRequested {
            if let frames {
                if index >= frames { break }
                for action in options.script.actions(at: index) { perform(action) }
                if quitRequested { break }
            } else if glfwWindowShouldClose(window) != 0 {
                break
            }
            let t = now()
            if t - lastPoll >= 0.1 { lastPoll = t; checkForChanges() }
            if frames == nil { clock.advance(by: min(t - lastTick, 0.25)); lastTick = t }
            let idle = frames == nil && !needsDraw && (clock.paused || minimised)
            if idle {
                glfwWaitEventsTimeout(0.1)
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
        return failed ? 1 : 0
    }

    /// Draws one frame (nothing for a 0 x 0 framebuffer) and swaps; on the last frame of a
    /// scripted run, writes the screenshots first. False when a screenshot failed.
    private func drawFrame(finalFrame: Bool) -> Bool {
        let fb = framebufferSize()
        needsDraw = false
        let layout = PreviewLayout(points: (scene.canvas.width, scene.canvas.height), framebuffer: fb,
                                   maxSide: min(renderer.maxTextureSize, Limits.maxCanvasSide))
        guard let layout else {
            return finalFrame ? writeScreenshots(layout: nil, framebuffer: fb) : true
        }
        frameStarts.append(now())
        statsFramebuffer = fb
        timer.begin()
        do {
            try renderer.draw(frame(of: scene, background: background, layout: layout),
                              into: .window(width: fb.0, height: fb.1, originX: layout.originX, originY: layout.originY))
            drawError = nil
            drewGoodFrame = true
        } catch {
            drawError = report(error, previous: drawError)
        }
        timer.end()
        drawnLayout = layout
        if showTimeline { drawTimeline(framebuffer: fb) }
        if let message = reloadError ?? drawError { drawErrorBanner(message, framebuffer: fb) }
        var ok = true
        if finalFrame { ok = writeScreenshots(layout: layout, framebuffer: fb) }
        glfwSwapBuffers(window)
        return ok
    }

    /// `scene` resolved at the clock's time for `layout` (the canvas scaled to the window).
    private func frame(of scene: Scene, background: RGBA8Image?, layout: PreviewLayout) -> Frame {
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

    private func writeScreenshots(layout: PreviewLayout?, framebuffer fb: (Int, Int)) -> Bool {
        var ok = true
        if let path = options.windowScreenshot {
            if layout == nil {
                printError("halo preview: --window-screenshot: the window is 0 x 0 on the last frame; nothing written")
                ok = false
            } else {
                do { try PNG.write(WindowCapture.read(width: fb.0, height: fb.1), to: path); say("halo preview: wrote \(path)") } catch {
                    printError("halo preview: \(error)"); ok = false
                }
            }
        }
        if let path = options.screenshot {
            do { try save(to: path, layout: layout); say("halo preview: wrote \(path)") } catch {
                printError("halo preview: \(error)"); ok = false
            }
        }
        return ok
    }

    /// Renders the current frame's canvas (at `layout`'s scale, else the scene's own) and writes it.
    private func save(to path: String, layout: PreviewLayout?) throws {
        var s = scene
        if let layout { s.canvas.scale = layout.scale }
        if let rm = clock.reduceMotion { s.reduceMotion = rm }
        let image = try renderer.render(try Frame(resolving: s, time: clock.time, backgroundImage: background))
        try PNG.write(image, to: path)
    }

    // MARK: Errors in the window

    /// The banner of the last error (its text and width) and its image, made once an error.
    private var banner: (text: String, width: Int, image: RGBA8Image)?

    /// The error across the top of the window, over the last good frame: white text on red,
    /// drawn by the renderer as a text shape (SCENE.md "Text"), so that a broken file is
    /// never mistaken for a good one. When the text cannot be drawn (no font), a red bar.
    private func drawErrorBanner(_ message: String, framebuffer fb: (Int, Int)) {
        let (w, h) = fb
        guard w > 0, h > 0 else { return }
        if banner?.text != message || banner?.width != w {
            let lines = message.split(separator: "\n").prefix(3).joined(separator: "\n")
            let height = min(Double(h), 20.0 * Double(lines.split(separator: "\n").count) + 12)
            let fallback = Scene(canvas: Canvas(width: Double(w), height: height, background: .color(RGBA(0.75, 0.1, 0.12))), layers: [])
            var image = (try? renderer.render(Frame(fallback))) ?? RGBA8Image(width: w, height: Int(height))
            if let font = try? FontMatch.match(family: "Inter", weight: 500, italic: false) {
                var withText = fallback
                withText.layers = [Layer(shape: Shape(kind: .text, rect: Rect(8, 0, Double(w) - 16, height),
                                                      text: TextShape(text: "error: " + lines, fontFile: font, size: 13, align: .left, lineHeight: 1.5)),
                                         fill: .solid(RGBA(1, 1, 1)))]
                if let drawn = try? renderer.render(Frame(withText)) { image = drawn }
            }
            banner = (message, w, image)
        }
        if let b = banner { WindowOverlay.draw(b.image, x: 0, y: 0, framebufferHeight: h) }
    }

    // MARK: The timeline

    /// Whether a drag on the timeline is seeking.
    fileprivate var dragging = false

    /// The timeline's span: the scene's loop (from its start), else its first 10 s.
    private var timelineSpan: (start: Double, length: Double) {
        if case .period(let l, let start) = scene.loopPeriod { return (start, l) }
        return (0, 10)
    }

    /// The timeline along the window's bottom edge: its track, the time played within the
    /// span, the playhead, and the loop's bounds when looping (L).
    private func drawTimeline(framebuffer fb: (Int, Int)) {
        let (w, h) = fb, th = Preview.timelineHeight
        guard w > 0, h > th else { return }
        let span = timelineSpan
        var phase = (clock.time - span.start) / span.length
        if scene.loopPeriod.isStillOrNone { phase = min(max(phase, 0), 1) } else { phase -= phase.rounded(.down) }
        let x = Int((phase * Double(w)).rounded())
        var rects = [WindowOverlay.Rect(x: 0, y: h - th, width: w, height: th, color: (0.16, 0.16, 0.18)),
                     WindowOverlay.Rect(x: 0, y: h - th + 3, width: x, height: th - 6, color: (0.45, 0.45, 0.5)),
                     WindowOverlay.Rect(x: max(0, x - 1), y: h - th, width: 2, height: th, color: (1, 1, 1))]
        if let l = clock.loop {
            for t in [l.lowerBound, l.upperBound] {
                let p = (t - span.start) / span.length
                let lx = Int((min(max(p, 0), 1) * Double(w)).rounded())
                rects.append(WindowOverlay.Rect(x: max(0, lx - 1), y: h - th, width: 2, height: th, color: (1, 0.62, 0.04)))
            }
        }
        WindowOverlay.fill(rects, framebufferHeight: h)
    }

    /// Seeks to the time under the cursor when it is on the timeline (pausing); returns
    /// whether it was (a drag then keeps seeking).
    fileprivate func seekFromCursor(startingDrag: Bool) -> Bool {
        guard showTimeline else { return false }
        var cx = 0.0, cy = 0.0
        glfwGetCursorPos(window, &cx, &cy)
        var ww: Int32 = 0, wh: Int32 = 0
        glfwGetWindowSize(window, &ww, &wh)
        let fb = framebufferSize()
        guard ww > 0, wh > 0, fb.0 > 0 else { return false }
        let x = cx * Double(fb.0) / Double(ww), y = cy * Double(fb.1) / Double(wh)
        if startingDrag && y < Double(fb.1 - Preview.timelineHeight - 4) { return false }
        let span = timelineSpan
        clock.seek(to: span.start + min(max(x / Double(fb.0), 0), 1) * span.length)
        needsDraw = true
        updateTitle(force: true)
        return true
    }

    /// R: one loop of the scene, rendered at its own scale as `halo render --loop` renders
    /// it, written beside the scene in the record format; the path is printed.
    private func recordLoop() {
        guard let loop = scene.loopFrameTimes(fps: options.recordFPS) else {
            printError("halo preview: nothing recorded: the scene has no loop (\(scene.loopPeriod))")
            return
        }
        let url = URL(fileURLWithPath: options.scenePath)
        let stem = url.deletingPathExtension().path
        let format = options.recordFormat
        var out = "\(stem)-loop.\(format.rawValue)"
        if format == .pngSequence { out = "\(stem)-loop-%04d.png" }
        var n = 2
        while format != .pngSequence && FileManager.default.fileExists(atPath: out) { out = "\(stem)-loop-\(n).\(format.rawValue)"; n += 1 }
        let render: (Double) throws -> RGBA8Image = { t in
            try self.renderer.render(try Frame(resolving: self.scene, time: t, backgroundImage: self.background))
        }
        do {
            if format == .pngSequence {
                // Named directly (not through a pattern: the scene's own name may hold a %).
                for (i, t) in loop.times.enumerated() { try PNG.write(try render(t), to: "\(stem)-loop-" + String(format: "%04d", i + 1) + ".png") }
            } else {
                try MotionEncoder(out, format: format, fps: loop.fps).encode(loop.times, render: render)
            }
            say("halo preview: recorded \(loop.times.count) frames to \(out)")
        } catch {
            printError("halo preview: nothing recorded: \(error)")
        }
        needsDraw = true
    }

    // MARK: Keys and scripted actions

    private func press(_ key: PreviewKey) {
        needsDraw = true
        switch key {
        case .quit: quitRequested = true; glfwSetWindowShouldClose(window, GLFW_TRUE)
        case .timeline: showTimeline.toggle()
        case .loop:
            if clock.loop != nil {
                clock.loop = nil
                say("halo preview: looping off")
            } else if case .period(let l, let start) = scene.loopPeriod {
                clock.loop = start..<(start + l)
                say("halo preview: looping \(start) ... \(start + l) s (the scene's period)")
            } else {
                say("halo preview: the scene has no loop to repeat (\(scene.loopPeriod))")
            }
        case .record: recordLoop()
        case .save:
            let path = savePath()
            do { try save(to: path, layout: drawnLayout); say("halo preview: saved \(path)") } catch {
                printError("halo preview: could not save the frame: \(error)")
            }
        default:
            clock.handle(key, sceneReduceMotion: scene.reduceMotion)
        }
        updateTitle(force: true)
    }

    private func perform(_ action: PreviewScript.Action) {
        switch action {
        case .key(let k): press(k)
        case .resize(0, 0):
            minimised = true
            glfwIconifyWindow(window)
            glfwPollEvents()
        case .resize(let w, let h):
            if minimised { minimised = false; glfwRestoreWindow(window) }
            Preview.setFramebufferSize(window, (w, h))
        case .seek(let t): clock.seek(to: t)
        case .loop(let a, let b): clock.loop = a..<b
        case .set(let name, let value): setParameter(name, text: value)
        case .save: saveParameters()
        case .waitReload:
            // Each wait is for a reload after the one the previous wait saw.
            let deadline = now() + 30
            while reloadAttempts <= reloadsWaitedFor && now() < deadline {
                checkForChanges()
                if reloadAttempts <= reloadsWaitedFor { glfwWaitEventsTimeout(0.05) }
            }
            if reloadAttempts <= reloadsWaitedFor { printError("halo preview: wait-reload: no file changed within 30 s") }
            reloadsWaitedFor = reloadAttempts
        }
        needsDraw = true
    }

    /// Resizes the window so that its framebuffer is `size` pixels (the ratio of
    /// framebuffer to window size is the content scale on some platforms), and waits up
    /// to a second for the window system to apply it.
    private static func setFramebufferSize(_ window: OpaquePointer, _ size: (Int, Int)) {
        var fw: Int32 = 0, fh: Int32 = 0, ww: Int32 = 0, wh: Int32 = 0
        let deadline = Date().addingTimeInterval(1)
        repeat {
            glfwGetFramebufferSize(window, &fw, &fh)
            glfwGetWindowSize(window, &ww, &wh)
            if Int(fw) == size.0 && Int(fh) == size.1 { return }
            let rx = fw > 0 && ww > 0 ? Double(fw) / Double(ww) : 1, ry = fh > 0 && wh > 0 ? Double(fh) / Double(wh) : 1
            glfwSetWindowSize(window, Int32(max(1, (Double(size.0) / rx).rounded())), Int32(max(1, (Double(size.1) / ry).rounded())))
            glfwWaitEventsTimeout(0.02)
        } while Date() < deadline
    }

    private func framebufferSize() -> (Int, Int) {
        if minimised || glfwGetWindowAttrib(window, GLFW_ICONIFIED) == GLFW_TRUE { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(window, &w, &h)
        return (Int(max(w, 0)), Int(max(h, 0)))
    }

    /// "button.png" beside the scene: `<scene>-t<time>.png`, numbered when taken.
    private func savePath() -> String {
        let url = URL(fileURLWithPath: options.scenePath)
        let stem = url.deletingPathExtension().lastPathComponent
        let dir = url.deletingLastPathComponent()
        let base = "\(stem)-t\(String(format: "%.3f", clock.time))"
        var candidate = dir.appendingPathComponent(base + ".png")
        var n = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = dir.appendingPathComponent("\(base)-\(n).png"); n += 1
        }
        return candidate.path
    }

    // MARK: Live reload

    /// The scene, its background image, its shader paints' files, and every file under
    /// the shaders folder.
    private func rewatch() {
        var files = [options.scenePath]
        if case .image(let path, _) = scene.canvas.background { files.append(path) }
        paintFiles = Set(scene.shaderPaints.map(\.file))
        files += paintFiles.sorted()
        watcher.watch(files: files, folders: library.directory.map { [$0] } ?? [])
    }

    private func isShaderFile(_ path: String) -> Bool {
        if paintFiles.contains(path) { return true }
        guard let dir = library.directory else { return false }
        return path.hasPrefix(dir.hasSuffix("/") ? dir : dir + "/")
    }

    private func checkForChanges() {
        let changed = watcher.changes()
        if !changed.isEmpty { reload(changed) }
    }

    /// Reloads after `changed` files changed: the scene always, the shaders when one of
    /// theirs changed (or a previous shader reload failed). All or nothing: the new state
    /// replaces the old only once it has drawn a frame.
    private func reload(_ changed: [String]) {
        reloadAttempts += 1
        needsDraw = true
        if changed.contains(where: isShaderFile) { shadersDirty = true }
        let names = changed.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        do {
            let (newSource, adoption) = try source.reloaded()
            let newScene = newSource.scene, newBackground = try Halo.backgroundImage(of: newScene)
            var newRenderer = renderer
            if shadersDirty {
                newRenderer = try GLRenderer(shaders: library, context: nil)
            }
            // Drawing once compiles whatever the new state needs, so a failure shows here.
            let fb = framebufferSize()
            if let layout = PreviewLayout(points: (newScene.canvas.width, newScene.canvas.height), framebuffer: fb,
                                          maxSide: min(newRenderer.maxTextureSize, Limits.maxCanvasSide)) {
                try newRenderer.draw(frame(of: newScene, background: newBackground, layout: layout),
                                     into: .window(width: fb.0, height: fb.1, originX: layout.originX, originY: layout.originY))
            } else {
                // A 0 x 0 (minimised) window draws nothing: check the new state offscreen at
                // the scene's own size instead, so that a broken shader still shows here.
                var s = newScene
                if let rm = clock.reduceMotion { s.reduceMotion = rm }
                _ = try newRenderer.render(Frame(s, time: clock.time, backgroundImage: newBackground))
            }
            if newBackground != background { placedBackground = nil }
            scene = newScene; background = newBackground
            source = newSource
            reportAdoption(adoption)
            renderer = newRenderer
            shadersDirty = false
            reloadError = nil
            say("halo preview: reloaded (\(names) changed)")
        } catch {
            reloadError = report(error, previous: nil)
        }
        rewatch()
        updateTitle(force: true)
    }

    /// Prints an error unless it is `previous` (a failing draw would repeat it every
    /// frame) and returns its message.
    private func report(_ error: Error, previous: String?) -> String {
        let message = "\(error)"
        if message != previous {
            printError("halo preview: \(message)\nhalo preview: " + (drewGoodFrame ? "keeping the last good state"
                                                                   : "nothing drawn yet; fix the file and it reloads"))
        }
        lastTitle = -1      // the title says "error" from the next update
        return message
    }

    // MARK: Title and statistics

    private func updateTitle(force: Bool) {
        let t = now()
        guard force || t - lastTitle >= 0.5 else { return }
        lastTitle = t
        let recent = frameStarts.suffix(240).filter { t - $0 <= 1.0 }
        let fps = recent.count > 1 ? Double(recent.count - 1) / (recent.last! - recent.first!) : 0
        var parts = [(options.scenePath as NSString).lastPathComponent, String(format: "t %.2f s", clock.time),
                     String(format: "%.0f fps", fps)]
        if timer.available, let ms = timer.lastMs { parts.append(String(format: "GPU %.1f ms", ms)) } else { parts.append("GPU time n/a") }
        if clock.paused { parts.append("paused") }
        if clock.speed != 1 { parts.append(clock.speed > 1 ? String(format: "%gx", clock.speed) : "1/\(Int(1 / clock.speed))x") }
        if clock.reduceMotion ?? scene.reduceMotion { parts.append("reduce motion") }
        if reloadError != nil || drawError != nil { parts.append("error, see terminal") }
        title = parts.joined(separator: " · ")
        glfwSetWindowTitle(window, title)
    }

    /// One line on stdout: frames drawn, the median interval between frame starts (the
    /// frame time: draw, present and swap, what the title's fps counts) and the median GPU time.
    private func printStats() {
        timer.collect(wait: true)
        if options.frames != nil { updateTitle(force: true); say("halo preview: title: \(title)") }
        let intervals = zip(frameStarts.dropFirst(), frameStarts).map { ($0 - $1) * 1000 }.dropFirst()   // the first frame compiles
        guard !intervals.isEmpty else {
            say("halo preview: \(frameStarts.count) frames drawn: too few for a frame-time median (the first compiles; 3 or more are needed)")
            return
        }
        let gpu = timer.samplesMs.dropFirst()
        let layout = drawnLayout.map { "\($0.width)x\($0.height) canvas" } ?? "no canvas"
        var line = String(format: "halo preview: %d frames, %@ in a %dx%d window: frame time median %.2f ms (min %.2f, max %.2f)",
                          frameStarts.count, layout, statsFramebuffer.0, statsFramebuffer.1, median(Array(intervals)) ?? 0,
                          intervals.min()!, intervals.max()!)
        if !gpu.isEmpty { line += String(format: ", GPU time median %.2f ms (timer queries)", median(Array(gpu)) ?? 0) }
        line += "; \(renderer.programsCompiled) programs compiled"
        say(line)
    }
}


private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// A line on stdout, written at once (tests watch for the "watching" line).
func say(_ s: String) {
    FileHandle.standardOutput.write((s + "\n").data(using: .utf8)!)
}


