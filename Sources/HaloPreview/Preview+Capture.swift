import CGLFW
import Foundation
import Halo

// Frames written to files: the scripted run's screenshots, S's saved frame, R's recorded loop.
extension Preview {
    /// Writes the scripted run's --window-screenshot and --screenshot; false when one failed.
    func writeScreenshots(layout: PreviewLayout?, framebuffer fb: (Int, Int)) -> Bool {
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
            do { try save(to: path); say("halo preview: wrote \(path)") } catch {
                printError("halo preview: \(error)"); ok = false
            }
        }
        return ok
    }

    /// Renders the current frame's canvas at the scene's own scale, whatever the window's
    /// (the file is `halo render --time T`'s image of the frame), and writes it; with the
    /// distance view on, the view at that scale.
    func save(to path: String) throws {
        var s = scene
        if let rm = clock.reduceMotion { s.reduceMotion = rm }
        let shown = renderer.distanceView
        if showDistance { renderer.distanceView = Preview.distanceViewStep * s.canvas.scale }
        defer { renderer.distanceView = shown }
        let image = try withOrdinaryGlows { try renderer.render(try Frame(resolving: s, time: clock.time, backgroundImage: background)) }
        try PNG.write(image, to: path)
    }

    /// Runs `body` with every glow drawn by its source and blur, as `halo render` draws it
    /// (no steered glows): screenshots and recordings are byte-identical to its images.
    func withOrdinaryGlows<T>(_ body: () throws -> T) rethrows -> T { try drawing(ordinaryGlows: true, body) }

    /// Runs `body` with ordinary glows when `ordinaryGlows` (``withOrdinaryGlows(_:)``), else as set.
    func drawing<T>(ordinaryGlows: Bool, _ body: () throws -> T) rethrows -> T {
        let steers = renderer.options.steersGlows
        if ordinaryGlows { renderer.options.steersGlows = false }
        defer { renderer.options.steersGlows = steers }
        return try body()
    }

    /// "button.png" beside the scene: `<scene>-t<time>.png`, numbered when taken.
    func savePath() -> String {
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

    /// R: one loop of the scene, rendered at its own scale as `halo render --loop` renders
    /// it, written beside the scene in the record format; the path is printed.
    func recordLoop() {
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
            try withOrdinaryGlows {
                if format == .pngSequence {
                    // Named directly (not through a pattern: the scene's own name may hold a %).
                    for (i, t) in loop.times.enumerated() { try PNG.write(try render(t), to: "\(stem)-loop-" + String(format: "%04d", i + 1) + ".png") }
                } else {
                    try MotionEncoder(out, format: format, fps: loop.fps).encode(loop.times, render: render)
                }
            }
            say("halo preview: recorded \(loop.times.count) frames to \(out)")
        } catch {
            printError("halo preview: nothing recorded: \(error)")
        }
        needsDraw = true
    }
}
