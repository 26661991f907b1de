import Foundation
import Halo
import HaloPreview

/// `halo preview SCENE.json`: a live window that reloads the scene and shaders.
enum PreviewCommand {
    /// Help's prose before the options (they come from ``CommandOption``).
    static let description = """
    Opens a window (GLFW, OpenGL 3.3 core) that draws the scene with the GPU renderer,
    animating in real time with vsync. The canvas fills the window with its aspect
    ratio kept, centred, one canvas pixel per screen pixel (sharp at any content
    scale); transparent parts show a checkerboard.

    LIVE RELOAD: the scene file, its background image and every file under the shaders
    folder are watched (the kernel's change notifications, and a poll 10 times a second
    besides). A save reloads them; a scene that no longer
    reads or a shader that no longer compiles or links prints the error (GLSL errors as
    file:line in the shaders folder, with the driver's message) and the window keeps
    drawing the last good state, with "error, see terminal" in its title, until the
    file is fixed. The window shows the error beside the last good frame: a red
    banner across the top of the canvas, and the side column naming file:line:column,
    with the source line and a caret under the column where the error gives one.

    KEYS:
    \(keysHelp)

    PARAMETERS: --set and --params give the scene's parameters live values to start
    with; a scripted run's "set NAME VALUE" changes one (drawn from the next frame,
    with no shader compile and no file read) and "save" writes the live values into
    the scene file's "value"s, every other byte of the file kept. A reload after an
    outside edit keeps each live value whose parameter still exists with the same
    type (a number clamped into a new range) and says which it reset.

    The title shows the scene, the time t, frames per second and the GPU time of a
    frame (GL timer queries; "n/a" where the driver has none).
    """

    /// Help's KEYS list, from ``PreviewKey`` (the table the window's key handling and
    /// the script's `key NAME` read): each key's names, then what it does, wrapped.
    static var keysHelp: String {
        let labels = PreviewKey.allCases.map { $0.windowKeys.joined(separator: ", ") }
        let column = 2 + (labels.map(\.count).max() ?? 0) + 2
        return zip(PreviewKey.allCases, labels).map { key, label in
            Command.wrap(key.help.split(separator: " ").map(String.init),
                         first: "  " + label.padding(toLength: column - 2, withPad: " ", startingAt: 0), indent: column)
        }.joined(separator: "\n")
    }

    /// Help's prose after the options.
    static let after = """
    Without a display (no DISPLAY), run it under xvfb-run:
      xvfb-run -a halo preview Examples/gradient-border-button.json --frames 120

    EXIT STATUS: 0 done; 1 no window or GL 3.3 context, the shaders failed at start,
    a screenshot could not be written, or a script's save failed; 2 bad input
    (scene, option, a value a script's set gives that the parameter refuses, or a
    scripted run whose scene never drew a frame: a shader paint or shape that does
    not compile or reaches the loop bound).
    """

    /// Opens the preview of a parsed command line; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        var options = PreviewOptions(scenePath: args.operands[0])
        options.time = args.value(.previewTime)
        options.frames = args.value(.previewFrames)
        if let size: PixelSize = args.value(.previewSize) { options.size = (size.width, size.height) }
        options.shadersDirectory = args.value(.shaders, as: String.self).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        options.screenshot = args.value(.screenshot)
        options.windowScreenshot = args.value(.windowScreenshot)
        if let script: PreviewScript = args.value(.script) {
            // An action after the last frame would never run: a scripted check would pass unseen.
            if let frames = options.frames, let late = script.actions.first(where: { $0.frame >= frames }) {
                throw UsageError("--script: an action before frame \(late.frame) never runs in a run of --frames \(frames) (frames 0 to \(frames - 1))")
            }
            options.script = script
        }
        if args.given(.noVsync) { options.vsync = false }
        if let f: MotionFormat = args.value(.recordFormat) { options.recordFormat = f }
        let parameters = try ParameterOptions(args)
        if !parameters.isEmpty {
            let path = options.scenePath
            options.parameterValues = try CommandFailure.exiting(2) {
                let values = try parameters.values(for: try SceneDecoder.load(path: path).parameters, scene: path)
                _ = try SceneDecoder.load(path: path, values: values, source: parameters.source)   // ranges, options
                return values
            }
        }
        return Preview.run(options)
    }
}
