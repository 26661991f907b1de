import Foundation
import Halo
import HaloPreview

enum PreviewCommand {
    static let usage = "usage: halo preview SCENE.json [--shaders DIR] [--size WxH] [--time T] [--frames N [--screenshot OUT.png]]"
    static let help = """
    USAGE: halo preview SCENE.json [--shaders DIR] [--size WxH] [--time T]
           halo preview SCENE.json --frames N [--time T] [--screenshot OUT.png]

    Opens a window (GLFW, OpenGL 3.3 core) that draws the scene with the GPU renderer,
    animating in real time with vsync. The canvas fills the window with its aspect
    ratio kept, centred, one canvas pixel per screen pixel (sharp at any content
    scale); transparent parts show a checkerboard.

    LIVE RELOAD: the scene file, its background image and every file under the shaders
    folder are polled 10 times a second. A change reloads them; a scene that no longer
    reads or a shader that no longer compiles or links prints the error (GLSL errors as
    file:line in the shaders folder, with the driver's message) and the window keeps
    drawing the last good state, with "error, see terminal" in its title, until the
    file is fixed.

    KEYS:
      space        pause / resume
      Left, Right  one frame (1/60 s) back / forward (pauses)
      Home         time back to 0
      M            reduce motion on / off (every animation at its time-0 state)
      [ and ]      half / double the playback speed (1/64x ... 64x)
      S            save the current frame as a PNG beside the scene (name printed)
      Q, Esc       quit

    The title shows the scene, the time t, frames per second and the GPU time of a
    frame (GL timer queries; "n/a" where the driver has none).

    OPTIONS:
      --shaders DIR     read (and watch) the GLSL in DIR (default: $HALO_SHADERS, a
                        Shaders/ folder beside the executable or above it, else the
                        copy built into halo, which is not watched)
      --size WxH        framebuffer size in pixels (default: the scene's own pixel
                        size, shrunk to fit the screen)
      --time T          start at T seconds (default: the scene's "time")
      --no-vsync        do not wait for the vertical blank (measuring)
      -h, --help        this text

    SCRIPTED RUNS (tests, demos):
      --frames N        draw N frames at fixed steps of 1/60 s from the start time,
                        then exit; prints the median frame time and GPU time
      --screenshot OUT.png
                        write the last frame's canvas (straight alpha; with the
                        default window size, the same image as `halo render` at
                        that time)
      --window-screenshot OUT.png
                        write the whole window as shown on the last frame
      --script "F ACTION; ..."
                        before frame F: "key NAME" (space left right home m [ ] s q),
                        "resize W H" ("resize 0 0" minimises: nothing is drawn
                        until the next resize), "wait-reload" (wait up to 30 s for a
                        changed file to be reloaded or refused)

    Without a display (no DISPLAY), run it under xvfb-run:
      xvfb-run -a halo preview Examples/gradient-border-button.json --frames 120

    EXIT STATUS: 0 done; 1 no window or GL 3.3 context, the shaders failed at start,
    or a screenshot could not be written; 2 bad input (scene, option).
    """

    static func run(_ argv: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ["--shaders", "--size", "--time", "--frames", "--screenshot", "--window-screenshot", "--script"],
                                 flags: ["-h", "--help", "--no-vsync"])
        } catch {
            printError("halo preview: \(error)\n\(usage)")
            return 2
        }
        if args.flags.contains("-h") || args.flags.contains("--help") { print(help); return 0 }
        var options: PreviewOptions
        do {
            guard args.positional.count == 1 else { throw UsageError("expected one scene file, found \(args.positional.count)") }
            options = PreviewOptions(scenePath: args.positional[0])
            options.time = try args.double("--time")
            options.frames = try args.int("--frames", min: 1)
            if options.frames == nil {
                for o in ["--screenshot", "--window-screenshot", "--script"] where args.options[o] != nil {
                    throw UsageError("\(o) needs --frames N (a scripted run)")
                }
            }
            if let size = args.options["--size"] {
                let parts = size.lowercased().split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...Limits.maxCanvasSide).contains(w),
                      (1...Limits.maxCanvasSide).contains(h) else {
                    throw UsageError("--size: expected WxH with each side 1...\(Limits.maxCanvasSide), found \(size)")
                }
                options.size = (w, h)
            }
            if let dir = args.options["--shaders"] {
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
                    throw UsageError("--shaders: expected a folder of GLSL files, found \(dir) (no such folder)")
                }
                options.shadersDirectory = URL(fileURLWithPath: dir).standardizedFileURL.path
            }
            for o in ["--screenshot", "--window-screenshot"] {
                if let out = args.options[o] { _ = try PNG.checkOutputPath(out) }
            }
            options.screenshot = args.options["--screenshot"]
            options.windowScreenshot = args.options["--window-screenshot"]
            if let s = args.options["--script"] { options.script = try PreviewScript(parsing: s) }
            if args.flags.contains("--no-vsync") { options.vsync = false }
        } catch {
            printError("halo preview: \(error)\n\(usage)")
            return 2
        }
        return Preview.run(options)
    }
}
