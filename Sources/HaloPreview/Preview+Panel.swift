import CGLFW
import CHaloImGui
import Foundation
import Halo

// Dear ImGui in the side column: the error section and the control panel.
extension Preview {
    /// Starts Dear ImGui at the window's content scale with the UI font (``uiFont()``);
    /// without ImGui the preview runs on, with no panels (said once). When no UI font file
    /// loads, ImGui's own font serves and the column says so (``fontNote``).
    func startUI() {
        let font = uiFont()
        halo_imgui_set_font_file(font?.path)
        uiReady = halo_imgui_init(window, panelScale())
        if !uiReady { printError("halo preview: no control panel: Dear ImGui's OpenGL 3 backend did not start"); return }
        if halo_imgui_font_loaded() {
            if options.frames != nil { say("halo preview: panel font: \(font?.path ?? "")") }
        } else {
            fontNote = font.map { "ImGui's own font: \(($0.path as NSString).lastPathComponent) did not load" }
                ?? "ImGui's own font: no Inter font found (Debian: fonts-inter)"
            say("halo preview: panel font: \(fontNote!)")
        }
    }

    /// The panel's font: the font file of the scene's first text layer, else Inter (the
    /// scene format's default family) as fontconfig resolves it; nil when neither is found.
    func uiFont() -> FontFile? {
        if let text = scene.layers.lazy.compactMap({ $0.shape.text }).first { return text.fontFile }
        return try? FontMatch.match(family: "Inter", weight: 400, italic: false)
    }

    /// The panels' scale for the window's content scale now (``PanelScale``): read every
    /// frame, so a window moved to a monitor of another scale (GLFW's content-scale
    /// callback asks for a redraw) takes it on its next frame.
    func panelScale() -> Float {
        var sx: Float = 1, sy: Float = 1
        glfwGetWindowContentScale(window, &sx, &sy)
        var fw: Int32 = 0, fh: Int32 = 0, ww: Int32 = 0, wh: Int32 = 0
        glfwGetFramebufferSize(window, &fw, &fh)
        glfwGetWindowSize(window, &ww, &wh)
        return PanelScale.uiScale(contentScale: sx, framebuffer: (Int(fw), Int(fh)), window: (Int(ww), Int(wh)))
    }

    /// One ImGui frame: the side column in `column` (framebuffer pixels), when it has a
    /// width: the error section under an error, the control panel when shown (its requests
    /// go to the control source; a new scene from it is drawn from the next frame), and the
    /// preparation's progress while programs are being made ready.
    func drawUI(error: String?, column: WindowLayout.Area) {
        guard uiReady else { return }
        halo_imgui_set_scale(panelScale())
        halo_imgui_new_frame()
        defer { halo_imgui_render() }
        if let error {
            if errorPanel?.text != error {
                errorPanel = (error, PreviewErrorLocation(parsing: error))
                // A scripted run says what the panel shows (docs/preview-panel.md).
                if options.frames != nil, let l = errorPanel?.location { say("halo preview: error panel: \(l.panelText)") }
            }
        } else {
            if errorPanel != nil && options.frames != nil { say("halo preview: error panel cleared") }
            errorPanel = nil
        }
        guard column.width > 0 else { return }
        // ImGui's units are window coordinates: framebuffer pixels times window over framebuffer size.
        var fw: Int32 = 0, fh: Int32 = 0, ww: Int32 = 0, wh: Int32 = 0
        glfwGetFramebufferSize(window, &fw, &fh)
        glfwGetWindowSize(window, &ww, &wh)
        let pointsPerPixel = fw > 0 && ww > 0 ? Float(ww) / Float(fw) : 1
        halo_imgui_column_begin(Float(column.x) * pointsPerPixel, Float(column.width) * pointsPerPixel)
        defer { columnContentHeight = Int((halo_imgui_column_end() / pointsPerPixel).rounded(.up)) }
        if error != nil, let l = errorPanel?.location {
            halo_imgui_error_section(l.file, Int32(clamping: l.line), Int32(clamping: l.column), l.message, l.sourceLine)
        }
        // A shader shape's distance that turns NaN or infinite (the terminal says it too).
        if !shapeWarningsSaid.isEmpty {
            var cStrings = shapeWarningsSaid.map { strdup($0) }
            defer { cStrings.forEach { free($0) } }
            cStrings.withUnsafeMutableBufferPointer { buf in
                buf.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buf.count) {
                    halo_imgui_warning_section($0, Int32(buf.count))
                }
            }
        }
        if paletteKey != reloadAttempts {
            paletteKey = reloadAttempts
            panel.palette = ScenePalette.colours(in: self.source.document.tree)
        }
        if showPanel, let source = controlSource {
            let requests = panel.draw(source.controls(for: scene))
            if !requests.isEmpty {
                if let changed = source.apply(requests, to: scene) { scene = changed }
                needsDraw = true
            }
        } else if showPanel {
            // The scene's own parameters (docs/scene-format.md "Parameters").
            let requests = panel.draw(parameterControls())
            if !requests.isEmpty { applyParameterRequests(requests) }
        }
        if let progress = preparationProgress { halo_imgui_separator(); halo_imgui_text_disabled(progress) }
        if let note = fontNote { halo_imgui_text_disabled(note) }
    }
}
