import Foundation
import Halo

/// `halo render SCENE.json -o OUT.png`: draws a scene to a PNG.
enum RenderCommand {
    /// Help's prose before the options (they come from ``CommandOption``).
    static let description = """
    Draws a scene (SCENE.md, format 1) and writes it as an 8-bit RGBA PNG; with --from
    and --to, or --loop, writes its motion as a video, GIF, APNG or PNG sequence (every
    frame the PNG `halo render --time t` writes for its time t).
    """

    /// Help's prose after the options.
    static let after = """
    OUTPUT: the output path and the render time in milliseconds, on stdout.

    LIMITS: each bounds memory or time; anything else SCENE.md allows is drawn
    (a stroke has no upper width: a crop of a wider design is valid).
      canvas          at most \(Limits.maxCanvasSide) px a side (the GL texture and viewport size
                      llvmpipe and most GPUs allow) and \(Limits.maxCanvasPixels) px in all once
                      scaled (the float canvas takes 16 bytes a pixel: 4 GiB)
      layers          at most \(Limits.maxLayers) (each is a draw; tile lists grow with them)
      stops           at most \(Limits.maxStops) a gradient (the ramp textures and the
                      per-pixel search; oklab and linear ramps sample each segment)
      dash pattern    at most \(Limits.maxDashEntries) lengths (the GPU reads the cuts per pixel)
      glow radius     at most \(Int(Limits.maxGlowRadius)) pt (the exact glow sums its source up to
                      6 sigma beyond the canvas: this bounds that region)
      images          background PNGs at most \(Limits.maxImageSide) px a side (decoded in memory)
      scene files     at most \(Limits.maxFileBytes / (1024 * 1024)) MiB, JSON nested at most \(Limits.maxNesting) deep
                      (parse time and stack depth)

    EXIT STATUS: 0 written; 1 rendering or writing failed; 2 bad input (the
    scene, an option, a background image, or an output path that is a folder,
    device or pipe or whose folder does not exist: all checked before drawing;
    a shader paint whose GLSL does not compile, or on --backend cpu).
    """

    /// Draws the scene of a parsed command line; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        let out: String = args.value(.output)!
        let time: Double? = args.value(.renderTime)
        let backend: Backend = args.value(.backend)!
        let shaders: String? = args.value(.shaders)
        let (scene, background) = try CommandFailure.exiting(2) { try Halo.load(args.operands[0]) }
        if args.given(.exportLoop) || args.given(.exportFrom) || args.given(.exportTo) {
            return try Export.run(args, scene: scene, background: background, backend: backend, shaders: shaders)
        }
        var start = DispatchTime.now()
        var image: RGBA8Image
        var used = backend
        var setup = ""
        // A shader paint's GLSL that fails to compile is the scene's fault (bad input, 2),
        // not the GPU's: no fall-back to the CPU, which cannot draw it anyway.
        let paintFiles = scene.shaderPaints.map(\.file)
        func isPaintError(_ e: Error) -> Bool { e is ShaderError && paintFiles.contains { "\(e)".contains($0) } }
        do {
            if backend == .gpu {
                do {
                    let gpu = try GLRenderer(shaders: ShaderLibrary(directory: shaders))
                    let ready = DispatchTime.now()
                    setup = String(format: ", GL setup %.1f ms", Double(ready.uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
                    start = ready
                    image = try Halo.render(scene, background: background, time: time, backend: .gpu, gpu: gpu)
                } catch let e where !args.given(.backend) && (e is GLError || e is ShaderError) && !isPaintError(e) {
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
            return error is SceneError || isPaintError(error) ? 2 : 1
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        try CommandFailure.exiting(1) { try PNG.write(image, to: out) }
        print("\(out) \(String(format: "%.1f", ms)) ms (\(used.rawValue)\(setup))")
        return 0
    }
}
