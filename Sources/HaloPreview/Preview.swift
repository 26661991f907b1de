import CGLFW
import CHaloImGui
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
    let options: PreviewOptions
    let window: OpaquePointer
    let library: ShaderLibrary
    var scene: Scene
    /// The parsed scene file and the live parameter values drawn over it.
    var source: PreviewSceneSource
    var background: RGBA8Image?
    var placedBackground: (width: Int, height: Int, image: PremulImage)?
    var renderer: GLRenderer
    let timer = GPUFrameTimer()
    var clock: PreviewClock
    let watcher = FileWatcher()
    var shadersDirty = false
    /// The last reload's error (cleared by a reload that works) and the last draw's.
    var reloadError: String?
    var drawError: String?
    var reloadAttempts = 0
    var reloadsWaitedFor = 0
    /// The scene's shader paint files: a change recompiles, like a change under Shaders/.
    var paintFiles: Set<String> = []
    var title = ""
    var needsDraw = true
    var minimised = false
    var quitRequested = false
    /// A frame has been drawn without error (before that there is no good state to keep).
    var drewGoodFrame = false
    var frameStarts: [Double] = []
    var drawnLayout: PreviewLayout?
    /// The clock's time of the frame last drawn (the title's time; the clock may be past it).
    var drawnTime: Double?
    /// The window's parts as last drawn (the timeline's clicks read it).
    var drawnWindow: WindowLayout?
    /// Whether the column was shown at the last frame's layout (nil before the first).
    var columnWasShown: Bool?

    /// The window layout a scripted run last said (it says each new one).
    var saidLayout: WindowLayout?
    var lastTitle = -1.0
    var statsFramebuffer = (0, 0)
    /// The timeline along the bottom edge (T): shown in interactive runs, hidden in scripted ones.
    var showTimeline: Bool
    /// The distance view (D): each layer's signed distance as iso-lines (GLRenderer.distanceView).
    var showDistance = false
    /// The renderer's shape warnings last said (``GLRenderer/shapeWarnings``).
    var shapeWarningsSaid: [String] = []
    /// Whether the last measured frame's GPU time was warned of (``GLRenderer/longFrameWarning(gpuMs:)``).
    var longFrameSaid = false
    /// The timeline's height, framebuffer pixels.
    static let timelineHeight = 10
    /// The banner of the last error (its text and width) and its image, made once an error and width.
    var banner: (text: String, width: Int, image: RGBA8Image)?
    /// Whether a drag on the timeline is seeking.
    var dragging = false
    /// The control panel, in the side column (P shows or hides it; shown from the start when there are controls).
    var panel = ControlPanel()
    var showPanel: Bool
    /// A scripted action failed: a `save` that could not write (the run exits 1).
    var scriptFailed = false
    /// A scripted `set` whose value was refused: bad input, as `--set` is (the run exits 2).
    var scriptRefused = false
    var controlSource: (any PreviewControlSource)?
    /// Dear ImGui started (the panel and the error panel are drawn only then).
    var uiReady = false
    /// The programs being made ready for the scene's parameter values (Preview+Prepare.swift).
    var preparation: Preparation?
    /// The height the side column's contents took when last drawn, framebuffer pixels.
    var columnContentHeight = 0
    /// The framebuffer's height before the window grew to hold the column's contents (nil: it has not).
    var grownFrom: Int?
    /// A scripted `enter-text` pressed Enter: released after this frame.
    var releaseEnterAfterFrame = false
    /// The reload the panel's palette was taken at (``ScenePalette``; -1: not yet).
    var paletteKey = -1
    /// Said in the column when the panel's font is ImGui's own (no UI font file loaded).
    var fontNote: String?
    /// The error panel's location, parsed once an error text.
    var errorPanel: (text: String, location: PreviewErrorLocation)?

    /// Runs the preview to the end and returns the exit status: 0 done, 1 no window or
    /// GL context (or a scripted run that failed), 2 bad input (scene, options).
    /// `controls` fills the in-window control panel (shown from the start when given).
    public static func run(_ options: PreviewOptions, controls: (any PreviewControlSource)? = nil) -> Int32 {
        let loaded: (scene: Scene, background: RGBA8Image?)
        let source: PreviewSceneSource
        do { (source, loaded) = try PreviewSceneSource.loaded(options) } catch {
            printError("halo preview: \(error)")
            return 2
        }
        glfwSetErrorCallback { _, description in
            lastGLFWError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        // llvmpipe's optimising compile of some programs runs for minutes (LLVM 15's loop
        // analysis on Mesa 22.3; uikit-gradient-border's took over 2 min): quick compiles,
        // the same image (docs/performance.md, "Cold starts"). Other drivers ignore it.
        HeadlessContext.preferQuickShaderCompiles()
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

        // The framebuffer we want: --size, else the scene's pixel size with the side column
        // (shown from the start when there are controls) and the timeline (interactive runs)
        // beside it, the canvas shrunk so that the whole fits 90% of the monitor.
        let canvas = loaded.scene.canvas
        var want = options.size ?? (canvas.pixelWidth, canvas.pixelHeight)
        var contentScale: Float = 1
        if options.size == nil, let monitor = glfwGetPrimaryMonitor() {
            var sx: Float = 1, sy: Float = 1, x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            glfwGetMonitorContentScale(monitor, &sx, &sy)
            glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h)
            contentScale = max(sx, PanelScale.minimum)
            let column = controls != nil || !source.state.parameters.isEmpty ? Int((Preview.columnPoints * Double(contentScale)).rounded()) : 0
            let timeline = options.frames == nil ? Preview.timelineHeight : 0
            let limit = (Double(w) * 0.9 * Double(contentScale) - Double(column), Double(h) * 0.9 * Double(contentScale) - Double(timeline))
            if w > 0, h > 0, limit.0 > 0, limit.1 > 0, Double(want.0) > limit.0 || Double(want.1) > limit.1 {
                let f = min(limit.0 / Double(want.0), limit.1 / Double(want.1))
                want = (max(1, Int(Double(want.0) * f)), max(1, Int(Double(want.1) * f)))
            }
            want = (want.0 + column, want.1 + timeline)
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
            let app = try Preview(options: options, window: window, source: source, background: loaded.background, controls: controls)
            glfwSetWindowUserPointer(window, Unmanaged.passUnretained(app).toOpaque())
            status = app.loop()
            glfwSetWindowUserPointer(window, nil)
            halo_imgui_shutdown()
            withExtendedLifetime(app) {}
        } catch {
            printError("halo preview: \(error)")
            status = 1
        }
        return status
    }

    private init(options: PreviewOptions, window: OpaquePointer, source: PreviewSceneSource, background: RGBA8Image?,
                 controls: (any PreviewControlSource)?) throws {
        self.options = options
        self.window = window
        self.source = source
        self.scene = source.scene
        self.background = background
        library = ShaderLibrary(directory: options.shadersDirectory)
        renderer = try GLRenderer(shaders: library, context: nil)
        renderer.options.steersGlows = true         // turning glows from their modes (docs/accuracy.md)
        renderer.options.specialisation = Preview.specialisation(renderer)
        clock = PreviewClock(time: options.time ?? scene.time)
        showTimeline = options.frames == nil
        controlSource = controls
        // Shown from the start when there is something to tune; P toggles it.
        showPanel = controls != nil || !source.state.parameters.isEmpty
        installCallbacks()
        startUI()
        rewatch()
    }

    static func app(of window: OpaquePointer) -> Preview? {
        glfwGetWindowUserPointer(window).map { Unmanaged<Preview>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// Seconds on a monotonic clock.
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// A line on stdout, written at once (tests watch for the "watching" line).
func say(_ s: String) {
    FileHandle.standardOutput.write((s + "\n").data(using: .utf8)!)
}
