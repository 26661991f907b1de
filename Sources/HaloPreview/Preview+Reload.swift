import CGLFW
import Foundation
import Halo

// Live reload: the watched files, and an all-or-nothing reload when one changes.
extension Preview {
    /// The scene, its background image, its shader paints' and shapes' files, and every file under
    /// the shaders folder.
    func rewatch() {
        var files = [options.scenePath]
        if case .image(let path, _) = scene.canvas.background { files.append(path) }
        paintFiles = Set((scene.shaderPaints + scene.shaderShapes).map(\.file))
        files += paintFiles.sorted()
        watcher.watch(files: files, folders: library.directory.map { [$0] } ?? [])
    }

    func isShaderFile(_ path: String) -> Bool {
        if paintFiles.contains(path) { return true }
        guard let dir = library.directory else { return false }
        return path.hasPrefix(dir.hasSuffix("/") ? dir : dir + "/")
    }

    func checkForChanges() {
        let changed = watcher.changes()
        if !changed.isEmpty { reload(changed) }
    }

    /// Reloads after `changed` files changed: the scene always, the shaders when one of
    /// theirs changed (or a previous shader reload failed). All or nothing: the new state
    /// replaces the old only once it has drawn a frame.
    func reload(_ changed: [String]) {
        reloadAttempts += 1
        needsDraw = true
        // A shader paint's or shape's text is part of its programs' key: the renderer keeps its
        // programs and compiles only those of the new text. Halo's own shaders need a new one.
        if changed.contains(where: { isShaderFile($0) && !paintFiles.contains($0) }) { shadersDirty = true }
        let names = changed.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        do {
            let (newSource, adoption) = try source.reloaded()
            let newScene = newSource.scene, newBackground = try Halo.backgroundImage(of: newScene)
            var newRenderer = renderer
            if shadersDirty {
                newRenderer = try GLRenderer(shaders: library, context: nil)
                newRenderer.options.steersGlows = true
                newRenderer.options.specialisation = Preview.specialisation(newRenderer)
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
    func report(_ error: Error, previous: String?) -> String {
        let message = "\(error)"
        if message != previous {
            printError("halo preview: \(message)\nhalo preview: " + (drewGoodFrame ? "keeping the last good state"
                                                                   : "nothing drawn yet; fix the file and it reloads"))
        }
        lastTitle = -1      // the title says "error" from the next update
        return message
    }
}
