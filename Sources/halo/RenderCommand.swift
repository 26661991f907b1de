import Foundation
import Halo

/// `halo render SCENE.json -o OUT.png`: draws a scene to a PNG.
enum RenderCommand {
    /// Help's prose before the options (they come from ``CommandOption``).
    static let description = """
    Draws a scene (format 1: docs/scene-format.md) and writes it as an 8-bit RGBA
    PNG; with --from and --to, or --loop, writes its motion as a video, GIF, APNG or
    PNG sequence (every frame the PNG `halo render --time t` writes for its time t).
    """

    /// Help's prose after the options.
    static let after = """
    OUTPUT: the output path and the render time in milliseconds, on stdout; with
    --error-bound, the bound's file and its median and 99th percentile.

    ERROR BOUND: the GPU renderer's own statement of how far each pixel may be from
    the exact image, from the error budgets its shaders and glow plan state (curved
    edges taken straight across sub-squares, dash ends, paint averaged over a
    strip, the glow and material blurs at reduced resolution, the 8-bit
    straight-alpha encoding). `halo test --tolerance certified` checks against it.

    LIMITS: each bounds memory or time; anything else the format allows is drawn
    (a stroke has no upper width: a crop of a wider design is valid).
      canvas          at most \(Limits.maxCanvasSide) px a side (the GL texture and viewport size
                      llvmpipe and most GPUs allow) and \(Limits.maxCanvasPixels) px in all once
                      scaled (the float canvas takes 16 bytes a pixel: 4 GiB); a GPU may
                      refuse less (the GPU then fails in one line, and without
                      --backend the CPU draws it)
      layers          at most \(Limits.maxLayers) (each is a draw; tile lists grow with them)
      stops           at most \(Limits.maxStops) a gradient (the ramp textures and the
                      per-pixel search; oklab and linear ramps sample each segment)
      dash pattern    at most \(Limits.maxDashEntries) lengths (the GPU reads the cuts per pixel)
      glow radius     at most \(Int(Limits.maxGlowRadius)) pt (the exact glow sums its source up to
                      6 sigma beyond the canvas: this bounds that region)
      material blur   at most \(Int(Limits.maxGlowRadius)) pt (the same Gaussian sum over the backdrop)
      text            at most \(Limits.maxTextLength) characters a text shape (each is shaped and
                      its outline cut into pieces the GPU reads per tile) and a
                      size of at most \(Int(Limits.maxTextSize)) pt (the pieces a curve is cut into
                      grow with the square root of the size)
      shader paints   GLSL files of at most \(ShaderPaintSource.maxBytes / (1024 * 1024)) MiB (read whole and compiled)
      images          background PNGs at most \(Limits.maxImageSide) px a side (decoded in memory)
      scene files     at most \(Limits.maxFileBytes / (1024 * 1024)) MiB, JSON nested at most \(Limits.maxNesting) deep
                      (parse time and stack depth)
      motion          at most \(Export.maxFrames) frames an export and --fps at most \(Int(Export.maxFPS))
                      (time and disk); --loop finds a common period of at most
                      \(Int(LoopPeriod.longest)) s (longer loops are exported with --from and --to)

    EXIT STATUS: 0 written; 1 rendering or writing failed; 2 bad input (the
    scene, an option, a background image, or an output path that is a folder,
    device or pipe or whose folder does not exist: all checked before drawing;
    a shader paint or shape whose GLSL does not compile or is refused, or whose
    loop reaches Halo's bound, or one on --backend cpu; shaders of
    --shaders DIR or $HALO_SHADERS that fail to compile); 128 + N
    ended by signal N (SIGHUP 129, SIGINT 130, SIGTERM 143): the output being
    written, a sequence's frames so far and every temporary file are removed and
    ffmpeg is killed.
    """

    /// Whether `e` is the fault of `scene`'s shader paints or shapes (exit 2): their GLSL fails
    /// to compile or is refused (the message names one of their files), or a loop of theirs
    /// reached Halo's bound (always theirs: it may lie in a file one includes).
    static func isShaderFileError(_ e: Error, of scene: Scene) -> Bool {
        if case .loopBound? = e as? ShaderError { return true }
        return e is ShaderError && (scene.shaderPaints + scene.shaderShapes).contains { "\(e)".contains($0.file) }
    }

    /// Draws the scene of a parsed command line; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        let out: String = args.value(.output)!
        let time: Double? = args.value(.renderTime)
        let backend: Backend = args.value(.backend)!
        let shaders: String? = args.value(.shaders)
        let boundFile: String? = args.value(.errorBound)
        if boundFile != nil && backend != .gpu {
            printError("halo render: --error-bound bounds the GPU's image: it needs --backend gpu, found \(backend.rawValue)")
            return 2
        }
        if boundFile != nil && (args.given(.exportLoop) || args.given(.exportFrom) || args.given(.exportTo)) {
            printError("halo render: --error-bound writes one image's bound: not with --from, --to or --loop")
            return 2
        }
        if let boundFile, isSamePath(boundFile, out) {
            printError("halo render: --error-bound \(boundFile): expected a file other than the image's (-o), found the same path")
            return 2
        }
        if isSamePath(args.operands[0], out) {
            printError("halo render: -o \(out): expected a file other than the scene's, found the same path")
            return 2
        }
        let motion = args.given(.exportLoop) || args.given(.exportFrom) || args.given(.exportTo)
        if !motion, let refusal = Export.stillOutputRefusal(out) {
            printError("halo render: \(refusal)")
            return 2
        }
        let (scene, background) = try CommandFailure.exiting(2) { try ParameterOptions(args).load(args.operands[0]) }
        // A shader's include that is refused or missing is the scene's fault, found before any GPU work.
        if backend == .gpu { try CommandFailure.exiting(2) { try ShaderLibrary(directory: shaders).checkIncludes(of: scene) } }
        if motion {
            return try Export.run(args, scene: scene, background: background, backend: backend, shaders: shaders)
        }
        var start = DispatchTime.now()
        var image: RGBA8Image
        var used = backend
        var setup = ""
        // A shader paint's or shape's GLSL that fails is the scene's fault (bad input, 2), not
        // the GPU's: no fall-back to the CPU, which cannot draw it anyway.
        func isPaintError(_ e: Error) -> Bool { RenderCommand.isShaderFileError(e, of: scene) }
        // Shaders from a folder the user named (--shaders, $HALO_SHADERS) that fail are the
        // user's input (2), not a missing GPU: no fall-back to the CPU.
        let userShaders = shaders != nil || !(ProcessInfo.processInfo.environment["HALO_SHADERS"] ?? "").isEmpty
        do {
            if backend == .gpu {
                do {
                    let quick = HeadlessContext.preferQuickShaderCompiles()  // one frame: quicker cold compiles,
                    let gpu = try GLRenderer(shaders: ShaderLibrary(directory: shaders))
                    gpu.options.sharesAveragedPrograms = true             // and fewer of them
                    let ready = DispatchTime.now()
                    setup = String(format: ", GL setup %.1f ms", Double(ready.uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
                        + (quick && gpu.rendererName.hasPrefix("llvmpipe") ? ", quick compiles" : "")   // only llvmpipe reads it
                    start = ready
                    image = try Halo.render(scene, background: background, time: time, backend: .gpu, gpu: gpu)
                    if gpu.lastFrameStats?.tilesPlaced == true { setup += ", tiles placed on the GPU" }   // ($HALO_TILES; a GPU's default)
                    for warning in gpu.shapeWarnings { printError("halo render: \(warning)") }
                    if let ms = gpu.lastGPUTimeMs, let long = GLRenderer.longFrameWarning(gpuMs: ms) { printError("halo render: \(long)") }
                } catch let e where !args.given(.backend) && (e is GLError || (e is ShaderError && !userShaders)) && !isPaintError(e) {
                    printError("halo render: GPU unavailable (\(oneLine(e))); using the CPU reference")
                    used = .cpu
                    image = try Halo.render(scene, background: background, time: time, backend: .cpu)
                }
            } else {
                image = try Halo.render(scene, background: background, time: time, backend: .cpu)
            }
        } catch {
            printError("halo render: \(error)")
            // Bad input: a scene this backend cannot draw (a shader paint on the CPU), a paint's GLSL.
            return error is SceneError || isPaintError(error) || (userShaders && error is ShaderError) ? 2 : 1
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        var bound: ErrorBound?
        if boundFile != nil {
            guard used == .gpu else {
                printError("halo render: no GPU, so no error bound: nothing written")
                return 1
            }
            bound = ErrorBound(frame: try CommandFailure.exiting(2) { try Frame(resolving: scene, time: time, backgroundImage: background) },
                               image: image)
        }
        // Both files or neither: the bound first, removed again if the image cannot be written.
        // A signal between the two removes the bound too (registered until both are written).
        if let boundFile, let bound {
            try CommandFailure.exiting(1) { try PNG.write(bound.encoded, to: boundFile, removedOnInterruption: true) }
        }
        // Registered as it is renamed into place: a signal before keepFiles removes it (an
        // earlier file of that name too: it was replaced).
        do { try PNG.write(image, to: out, removedOnInterruption: true) } catch {
            if let boundFile { Interruption.critical { try? FileManager.default.removeItem(atPath: boundFile); Interruption.forget(file: boundFile) } }
            printError("halo render: \(error)")
            return 1
        }
        Interruption.keepFiles()
        print("\(out) \(String(format: "%.1f", ms)) ms (\(used.rawValue)\(setup))")
        if let boundFile, let bound {
            let w = bound.widths
            print("\(boundFile): bound median \(String(format: "%.2f", w.median)), 99th percentile \(String(format: "%.2f", w.p99)) levels; "
                  + "above 0 on \(String(format: "%.1f", 100 * w.nonzeroShare))% of pixels")
        }
        return 0
    }
}
