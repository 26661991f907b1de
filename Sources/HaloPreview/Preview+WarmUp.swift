import Foundation
import Halo

// Compiling, at load, the programs that parameter values will need (``ParameterSamples``).
extension Preview {
    /// Draws the scene once for each parameter sample set into the window's back buffer
    /// (the frame drawn next covers it), so that the programs those values need are
    /// compiled now and a value set later draws with programs already made. Done once a
    /// scene, layout and renderer: at load, after a reload, after a resize. A sample set
    /// that the scene refuses, or a draw that fails, is skipped (the real frame reports).
    func warmUpParameters(layout: PreviewLayout, framebuffer fb: (Int, Int)) {
        let key = WarmUpKey(layout: layout, renderer: ObjectIdentifier(renderer), state: source.state)
        guard warmedUp != key else { return }
        warmedUp = key
        let sets = ParameterSamples.sets(source.state)
        guard !sets.isEmpty else { return }
        let start = now(), before = renderer.programsCompiled
        let target = FrameTarget.window(width: fb.0, height: fb.1, originX: layout.originX, originY: layout.originY)
        for values in sets {
            guard let s = try? source.document.scene(values: values) else { continue }
            try? renderer.draw(frame(of: s, background: background, layout: layout), into: target)
        }
        // Combinations of values are not drawn; averaging programs of the tile classes met
        // cover the likeliest (a width that makes edge tiles per-pixel, a period that puts
        // the seam in them).
        _ = try? renderer.compileAveragingPrograms()
        let compiled = renderer.programsCompiled - before
        say("halo preview: parameter values prepared: \(sets.count) sample sets drawn, \(compiled) programs compiled"
            + String(format: " (%.0f ms)", (now() - start) * 1000))
    }
}

/// What a warm-up was done for: a new layout, renderer or file state warms up again.
struct WarmUpKey: Equatable {
    var layout: PreviewLayout
    var renderer: ObjectIdentifier
    /// The declarations (a reload's new file) and the file's values; live values set
    /// since do not start another warm-up.
    var parameters: [Parameter]

    init(layout: PreviewLayout, renderer: ObjectIdentifier, state: ParameterState) {
        self.layout = layout; self.renderer = renderer; parameters = state.parameters
    }
}
