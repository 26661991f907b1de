import Foundation
/// The GPU renderer's shortcuts, in one value (``GLRenderer/options``). Each shortcut buys
/// speed or fewer compiles and is checked against the plain path it replaces: turned off
/// alone, it gives the image of every shortcut on, bit for bit, or (the three marked) within
/// the certified bound the renderer states for it (ShortcutTests; docs/architecture.md
/// lists what each buys).
public struct RendererOptions: Equatable, Sendable {
    /// Frames read back by ``GLRenderer/render(_:)`` redraw only the output cells whose
    /// tile draws changed since the frame before (``KeptTiles``; bit for bit). Default true.
    public var keepsUnchangedCells = true
    /// Glows whose source is unchanged keep last frame's texels in the glow atlas, and a
    /// glow moved by whole pixels is read from its twin's texels (``GlowCache``, ``GlowTwins``;
    /// bit for bit). Steered glows need it (a steered glow is one the atlas holds from the
    /// frame before, turned): off, no glow is steered. Default true.
    public var keepsGlows = true
    /// Glows whose paint only turns are drawn from their angular modes in frames after the
    /// first (``SteeredGlows``): the preview and `halo bench` set it. Within the certified
    /// bound (``GLRenderer/steeredGlowsLastFrame``), not bit for bit. Default false, so that
    /// each frame is byte-identical to `halo render --time` of its time.
    public var steersGlows = false
    /// With ``steersGlows``: a steered glow's turn is read from a table of phases
    /// (``PhaseTable``) rather than summed from its modes each frame; within the
    /// interpolation's bound. Default true.
    public var phaseTables = true
    /// The most steered glows of one phase table one draw takes, 1 ... ``GLRenderer/phaseBatch``
    /// (1: a draw each; bit for bit). Default ``GLRenderer/phaseBatch``.
    public var phaseTableBatch = GLRenderer.phaseBatch
    /// One program for a variant's tiles with and without paint averaging where a frame has
    /// both (fewer compiles for one frame; slower frames on llvmpipe, which runs both sides of
    /// the branch; bit for bit). `halo render` and `halo test` set it. Default false.
    public var sharesAveragedPrograms = false
    /// Tiles averaged for paint kinks only have programs without the jumps' code (false: the
    /// fully averaged program draws them; bit for bit). Default true.
    public var kinkPrograms = true
    /// A box's edge tiles that one corner or none reaches have programs with that corner's
    /// code only (false: the program of every corner; bit for bit). Default true.
    public var cornerPrograms = true
    /// Blur kernels are drawn by the program of their pair count's bucket, zero-padded
    /// (false: each count its own program; texel for texel). Default true.
    public var padsBlurKernels = true
    /// A float canvas of more than `wholeCanvasBytes` bytes is drawn in bands of rows of at
    /// most `canvasBandBytes` (GLRenderer+CanvasBands.swift; a level at most in rare pixels).
    /// Defaults 32 MB (1920 x 1080 is drawn whole) and 4 MB.
    public var wholeCanvasBytes = 32 << 20
    public var canvasBandBytes = 4 << 20
    /// Which programs draw a frame's tiles, blurs and steered glows (``Specialisation``):
    /// general programs, whose tile class is the draw's uniforms (a handful a scene), or
    /// programs specialised for each class (more compiles; faster frames on llvmpipe, which
    /// runs both sides of every branch). nil (the default): ``Specialisation/always`` on a
    /// software rasteriser, ``Specialisation/never`` on a GPU (``GLRenderer/isSoftware``);
    /// `$HALO_PROGRAMS` overrides that (``GLRenderer/defaultSpecialisation(software:)``).
    /// The same image either way (bit for bit). Tiles placed on the GPU (``tilePlacement``) are
    /// always drawn by general programs: their class is each tile's, not the draw's.
    public var specialisation: Specialisation?
    /// Where a frame's tiles are placed and classified (``TilePlacement``): on the CPU, tile
    /// by tile, or on the GPU, one instance a layer. nil (the default): ``TilePlacement/cpu``
    /// on a software rasteriser, ``TilePlacement/gpu`` on a GPU (``GLRenderer/isSoftware``);
    /// `$HALO_TILES` (`cpu` or `gpu`) overrides that. Within the certified bound either way
    /// (the shortcut "cpuTiles": llvmpipe's tiles, classified on the CPU).
    public var tilePlacement: TilePlacement?

    /// Every shortcut at its default.
    public init() {}

    /// The shortcuts by name, each with the change that turns it off alone (ShortcutTests
    /// turns each off and compares the image with all of them on).
    public static let shortcuts: [(name: String, off: @Sendable (inout RendererOptions) -> Void)] = [
        ("keepsUnchangedCells", { $0.keepsUnchangedCells = false }),
        ("keepsGlows", { $0.keepsGlows = false }),
        ("steersGlows", { $0.steersGlows = false }),
        ("phaseTables", { $0.phaseTables = false }),
        ("phaseTableBatch", { $0.phaseTableBatch = 1 }),
        ("sharesAveragedPrograms", { $0.sharesAveragedPrograms = false }),
        ("kinkPrograms", { $0.kinkPrograms = false }),
        ("cornerPrograms", { $0.cornerPrograms = false }),
        ("padsBlurKernels", { $0.padsBlurKernels = false }),
        ("canvasBands", { $0.wholeCanvasBytes = Int.max }),
        ("specialisedPrograms", { $0.specialisation = .never }),
        ("cpuTiles", { $0.tilePlacement = .gpu }),
    ]
}

extension GLRenderer {
    /// Hands `options` to the parts that read them (called when ``options`` is set).
    func apply(_ options: RendererOptions, was old: RendererOptions) {
        steering.isEnabled = options.steersGlows
        steering.makesTables = options.phaseTables
        glowCache.isEnabled = options.keepsGlows
        if !options.keepsGlows && old.keepsGlows { glowCache.forget() }
        programs.sharesAveragedPrograms = options.sharesAveragedPrograms
        programs.kinksTakeFullPrograms = !options.kinkPrograms
        programs.cornersTakeFullPrograms = !options.cornerPrograms
        programs.padsBlurKernels = options.padsBlurKernels
        programs.specialisation = options.specialisation ?? GLRenderer.defaultSpecialisation(software: isSoftware)
    }

    /// Whether this frame's tiles are placed on the GPU (``RendererOptions/tilePlacement``).
    var placesTilesOnGPU: Bool {
        (options.tilePlacement ?? GLRenderer.environmentPlacement ?? (isSoftware ? .cpu : .gpu)) == .gpu
    }

    /// `$HALO_TILES` read once (nil: unset or another value, which a library ignores and the
    /// `halo` command refuses with exit 2).
    public static let environmentPlacement: TilePlacement? = {
        switch ProcessInfo.processInfo.environment["HALO_TILES"] {
        case "cpu": return .cpu
        case "gpu": return .gpu
        default: return nil
        }
    }()

    /// ``RendererOptions/specialisation``'s default: `$HALO_PROGRAMS` (`general`, `specialised`
    /// or `when-ready`) where set, else specialised programs on a software rasteriser and
    /// general ones on a GPU.
    static func defaultSpecialisation(software: Bool) -> Specialisation {
        environmentSpecialisation ?? (software ? .always : .never)
    }

    /// `$HALO_PROGRAMS` read once, when a renderer first needs it (nil: unset or another value).
    public static let environmentSpecialisation: Specialisation? = {
        switch ProcessInfo.processInfo.environment["HALO_PROGRAMS"] {
        case "general": return .never
        case "specialised": return .always
        case "when-ready": return .whenReady
        default: return nil
        }
    }()
}

/// Which programs draw (``RendererOptions/specialisation``). General programs branch on the
/// tile's class (edge mode, glow mode, output; a blur's or a steered glow's count) per draw:
/// cheap on a GPU, where a draw's pixels take the same side. Specialised programs have each
/// class compiled in, the shortcut llvmpipe needs (docs/performance.md "Programs").
public enum Specialisation: Sendable, Equatable {
    /// Each tile class its own program, compiled at first use (software rasterisers' default).
    case always
    /// General programs only: a handful a scene, whatever its parameter values (GPUs' default).
    case never
    /// General programs until the specialised one is compiled between frames
    /// (``GLRenderer/prepare(_:into:for:)`` with ``GLRenderer/wantedPrograms()``): the preview's
    /// on a software rasteriser, whose first frames need few compiles and later ones run fast.
    case whenReady
}

/// Where a frame's tiles are placed and classified (``RendererOptions/tilePlacement``).
public enum TilePlacement: Sendable, Equatable {
    /// On the CPU, tile by tile (``LayerTiles``): edge-free, smooth-edge and per-pixel tiles,
    /// tiles with and without paint averaging, each drawn by its own program; tiles one layer
    /// alone touches written to the target directly; unchanged cells kept between frames.
    /// The shortcuts a software rasteriser needs, at a CPU cost that grows with the tiles
    /// (docs/performance.md).
    case cpu
    /// On the GPU: one instance a layer, its quad, which the vertex stage cuts into tiles
    /// and classifies from the layer's signed distance (Shaders/lib/tile_placement.glsl);
    /// every tile blended into the float canvas by the layer's general program, edges per
    /// pixel and paints averaged. The CPU's work is O(layers). Frames with a shader shape or
    /// a dashed stroke are placed on the CPU (``FramePlan/placeable(_:)``).
    case gpu
}
