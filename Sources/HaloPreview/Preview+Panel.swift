import CGLFW
import CHaloImGui
import Foundation
import Halo

// Dear ImGui over the frame: the control panel and the error panel.
extension Preview {
    /// Starts Dear ImGui at the window's content scale; without it the preview runs on,
    /// with no panels (said once).
    func startUI() {
        uiReady = halo_imgui_init(window, panelScale())
        if !uiReady { printError("halo preview: no control panel: Dear ImGui's OpenGL 3 backend did not start") }
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

    /// One ImGui frame over what is drawn: under an error, the frame dimmed below the
    /// banner and the error panel; the control panel when shown, whose requests go to the
    /// control source (a new scene from it is drawn from the next frame).
    func drawUI(error: String?) {
        guard uiReady else { return }
        halo_imgui_set_scale(panelScale())
        halo_imgui_new_frame()
        if let error {
            if errorPanel?.text != error {
                errorPanel = (error, PreviewErrorLocation(parsing: error))
                // A scripted run says what the panel shows (docs/preview-panel.md).
                if options.frames != nil, let l = errorPanel?.location { say("halo preview: error panel: \(l.panelText)") }
            }
            var fw: Int32 = 0, fh: Int32 = 0, ww: Int32 = 0, wh: Int32 = 0
            glfwGetFramebufferSize(window, &fw, &fh)
            glfwGetWindowSize(window, &ww, &wh)
            let pointsPerPixel = fh > 0 ? Float(wh) / Float(fh) : 1
            halo_imgui_dim(Float(banner?.image.height ?? 0) * pointsPerPixel)
            if let l = errorPanel?.location {
                halo_imgui_error_panel(l.file, Int32(clamping: l.line), Int32(clamping: l.column), l.message, l.sourceLine)
            }
        } else {
            if errorPanel != nil && options.frames != nil { say("halo preview: error panel cleared") }
            errorPanel = nil
        }
        if showPanel, let source = controlSource {
            let requests = panel.draw(source.controls(for: scene))
            if !requests.isEmpty {
                if let changed = source.apply(requests, to: scene) { scene = changed }
                needsDraw = true
            }
        } else if showPanel, !self.source.state.parameters.isEmpty {
            // The scene's own parameters (docs/scene-format.md "Parameters").
            let requests = panel.draw(parameterControls())
            if !requests.isEmpty { applyParameterRequests(requests) }
        }
        halo_imgui_render()
    }
}
