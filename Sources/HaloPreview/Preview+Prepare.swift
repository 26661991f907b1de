import Foundation
import Halo

// Making ready, between frames, every program the scene's parameter values can need.
extension Preview {
    /// Seconds a frame spends preparing programs at most, past its first program: llvmpipe
    /// takes 0.05 to 0.5 s a program (its compile at first draw included), so one a frame
    /// there; a GPU's driver does several.
    static let preparationBudget = 0.03

    /// The preview's programs (``Specialisation``): `$HALO_PROGRAMS` where set; else general
    /// ones on a GPU, and on a software rasteriser general ones first, the specialised ones a
    /// frame needed compiled after it, so that the window shows the scene at once and runs
    /// fast after.
    static func specialisation(_ renderer: GLRenderer) -> Specialisation {
        GLRenderer.environmentSpecialisation ?? (renderer.isSoftware ? .whenReady : .never)
    }

    /// After a frame is drawn: lists the programs the scene's values can need (once a scene
    /// and renderer: at load, after a reload) and makes the next few ready (``preparationBudget``),
    /// so that the window shows the scene from its first frame and no frame drawn once all
    /// are ready waits for a compile; then the specialised programs the frames needed
    /// (``prepareSpecialised(into:)``). Scenes without parameters list nothing.
    func prepareProgramsAfterFrame(layout: PreviewLayout, framebuffer fb: (Int, Int), all: Bool = false) {
        let target = FrameTarget.window(width: fb.0, height: fb.1, originX: layout.originX, originY: layout.originY)
        guard !source.state.parameters.isEmpty else { return prepareSpecialised(into: target) }
        let key = PreparationKey(renderer: ObjectIdentifier(renderer), parameters: source.state.parameters, reloads: reloadAttempts)
        if preparation?.key != key {
            let frames = StructuralValues.combinations(source.state).compactMap { values -> Frame? in
                (try? source.document.scene(values: values)).map { frame(of: $0, background: background, layout: layout) }
            }
            preparation = Preparation(key: key, pending: renderer.programsToPrepare(for: frames, window: true), start: now(),
                                      compiledBefore: renderer.programsCompiled)
        }
        guard var p = preparation, !p.pending.isEmpty else { return prepareSpecialised(into: target) }
        do {
            try renderer.prepare(&p.pending, into: target, for: all ? .infinity : Preview.preparationBudget)
        } catch {
            // The frame that needs the program reports it (said here only when it has not); the
            // rest are still prepared.
            if "\(error)" != drawError { printError("halo preview: preparing programs: \(error)") }
        }
        p.frames += 1
        preparation = p
        if let progress = preparationProgress {
            needsDraw = true        // the column shows the progress, and the next frame prepares more
            if options.frames != nil { say("halo preview: \(progress)") }
        }
        if p.pending.isEmpty {
            say("halo preview: programs prepared: \(p.pending.total) listed, \(renderer.programsCompiled - p.compiledBefore) compiled"
                + String(format: " in %.0f ms over %d frame%@", (now() - p.start) * 1000, p.frames, p.frames == 1 ? "" : "s")
                + " (programs compiled so far: \(renderer.programsCompiled), by frames: \(renderer.programsCompiledByFrames))")
        }
    }
}

extension Preview {
    /// The specialised programs general ones stood in for in the frames so far
    /// (``GLRenderer/wantedPrograms()``), all compiled after the frame once the listed
    /// programs are ready (a frame drawn by general programs costs llvmpipe several
    /// compiles' time); the next frame draws with them.
    func prepareSpecialised(into target: FrameTarget) {
        var wanted = renderer.wantedPrograms()
        guard !wanted.isEmpty else { return }
        do {
            try renderer.prepare(&wanted, into: target, for: .infinity)
        } catch {
            if "\(error)" != drawError { printError("halo preview: preparing programs: \(error)") }
        }
        needsDraw = true        // the next frame draws with the programs made ready
    }
}

extension Preview {
    /// "preparing 12 of 40" while programs are being made ready (shown in the side column
    /// and the title), "preparing the first frame" before it is drawn, nil when none are pending.
    var preparationProgress: String? {
        if frameStarts.isEmpty { return "preparing the first frame" }
        guard let p = preparation, !p.pending.isEmpty else { return nil }
        return "preparing \(p.pending.total - p.pending.remaining) of \(p.pending.total)"
    }
}

/// What a preparation was listed for: another renderer (a shader reload) or a reload of
/// the file lists again (programs ready already are skipped); live values set since do not.
struct PreparationKey: Equatable {
    var renderer: ObjectIdentifier
    var parameters: [Parameter]
    var reloads: Int
}

/// Programs being prepared, and since when.
struct Preparation {
    var key: PreparationKey
    var pending: PendingPrograms
    var start: Double
    var compiledBefore: Int
    var frames = 0
}
