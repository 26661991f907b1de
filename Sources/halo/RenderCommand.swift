import Foundation
import Halo

enum RenderCommand {
    static let help = """
    USAGE: halo render SCENE.json -o OUT.png [--time T] [--backend gpu|cpu] [--shaders DIR]

    Draws a scene (SCENE.md, format 1) and writes it as an 8-bit RGBA PNG.

    OPTIONS:
      -o, --output OUT.png   where to write the image (written to a temporary file
                             in the same folder, then renamed: never a partial file)
      --time T               the moment to draw, in seconds (default: the scene's
                             "time", or 0); ignored under "reduceMotion": true
      --backend gpu|cpu      gpu: OpenGL 3.3 through EGL (headless), the default;
                             cpu: the exact CPU reference renderer.
                             Without --backend, when no GL context can be made,
                             halo says why on stderr and uses cpu. With
                             --backend gpu it fails instead.
      --shaders DIR          read the GLSL from DIR (default: $HALO_SHADERS, a
                             Shaders/ folder beside the executable or above it,
                             else the copy built into halo)
      -h, --help             this text

    OUTPUT: the output path and the render time in milliseconds, on stdout.

    LIMITS: each bounds memory or time; anything else SCENE.md allows is drawn
    (a stroke has no upper width: a crop of a wider design is valid).
      canvas          at most \(Limits.maxCanvasSide) px a side (the GL texture and viewport size
                      llvmpipe and most GPUs allow) and \(Limits.maxCanvasPixels) px in all once
                      scaled (the float canvas takes 16 bytes a pixel: 4 GiB)
      layers          at most \(Limits.maxLayers) (each is a draw; tile lists grow with them)
      stops           at most \(Limits.maxStops) a gradient (the ramp textures and the
                      per-pixel search; oklab and linear ramps sample each segment)
      glow radius     at most \(Int(Limits.maxGlowRadius)) pt (the exact glow sums its source up to
                      6 sigma beyond the canvas: this bounds that region)
      images          background PNGs at most \(Limits.maxImageSide) px a side (decoded in memory)
      scene files     at most \(Limits.maxFileBytes / (1024 * 1024)) MiB, JSON nested at most \(Limits.maxNesting) deep
                      (parse time and stack depth)

    EXIT STATUS: 0 written; 1 rendering or writing failed; 2 bad input (the
    scene, an option, a background image, or an output path that is a folder,
    device or pipe or whose folder does not exist: all checked before drawing).
    """

    static func run(_ argv: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ["-o", "--output", "--time", "--backend", "--shaders"], flags: ["-h", "--help"])
        } catch {
            printError("halo render: \(error)\nusage: halo render SCENE.json -o OUT.png [--time T] [--backend gpu|cpu] [--shaders DIR]")
            return 2
        }
        if args.flags.contains("-h") || args.flags.contains("--help") { print(help); return 0 }
        guard args.positional.count == 1 else {
            printError("halo render: expected one scene file, found \(args.positional.count)\nusage: halo render SCENE.json -o OUT.png [--time T] [--backend gpu|cpu] [--shaders DIR]")
            return 2
        }
        guard let out = args.options["-o"] ?? args.options["--output"] else {
            printError("halo render: -o OUT.png is required")
            return 2
        }
        let time: Double?
        let backendName = args.options["--backend"]
        var backend = Backend.gpu
        do {
            time = try args.double("--time")
            if let b = backendName {
                guard let v = Backend(rawValue: b) else { throw UsageError("--backend: expected gpu or cpu, found \(b)") }
                backend = v
            }
        } catch {
            printError("halo render: \(error)")
            return 2
        }
        // Refuse a bad output path or shaders folder before any work (bad input: exit 2).
        do {
            _ = try PNG.checkOutputPath(out)
            if let dir = args.options["--shaders"] {
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
                    throw UsageError("--shaders: expected a folder of GLSL files, found \(dir) (no such folder)")
                }
            }
        } catch {
            printError("halo render: \(error)")
            return 2
        }
        let scene: Scene, background: RGBA8Image?
        do {
            (scene, background) = try Halo.load(args.positional[0])
        } catch {
            printError("halo render: \(error)")
            return 2
        }
        var start = DispatchTime.now()
        var image: RGBA8Image
        var used = backend
        var setup = ""
        do {
            if backend == .gpu {
                do {
                    let gpu = try GLRenderer(shaders: ShaderLibrary(directory: args.options["--shaders"]))
                    let ready = DispatchTime.now()
                    setup = String(format: ", GL setup %.1f ms", Double(ready.uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
                    start = ready
                    image = try Halo.render(scene, background: background, time: time, backend: .gpu, gpu: gpu)
                } catch let e where backendName == nil && (e is GLError || e is ShaderError) {
                    printError("halo render: GPU unavailable (\(oneLine(e))); using the CPU reference")
                    used = .cpu
                    image = try Halo.render(scene, background: background, time: time, backend: .cpu)
                }
            } else {
                image = try Halo.render(scene, background: background, time: time, backend: .cpu)
            }
        } catch {
            printError("halo render: \(error)")
            return 1
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        do {
            try PNG.write(image, to: out)
        } catch {
            printError("halo render: \(error)")
            return 1
        }
        print("\(out) \(String(format: "%.1f", ms)) ms (\(used.rawValue)\(setup))")
        return 0
    }
}
