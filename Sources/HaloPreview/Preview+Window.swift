import CGLFW
import CHaloImGui
import Foundation
import Halo

// The window: GLFW's callbacks and the framebuffer's size.
extension Preview {
    /// Routes GLFW's callbacks to the preview that the window's user pointer holds: keys
    /// (``keyEvent(key:scancode:action:mods:)``), the timeline's clicks and drags, and the
    /// events that need a redraw. Dear ImGui's GLFW backend installs no callbacks of its
    /// own: these forward the keys, characters, buttons and scrolling to it first.
    func installCallbacks() {
        glfwSetKeyCallback(window) { w, key, scancode, action, mods in
            guard let w, let app = Preview.app(of: w) else { return }
            app.keyEvent(key: key, scancode: scancode, action: action, mods: mods)
        }
        glfwSetCharCallback(window) { w, c in
            guard let w, let app = Preview.app(of: w) else { return }
            halo_imgui_char_event(w, c)
            if app.uiReady { app.needsDraw = true }
        }
        glfwSetScrollCallback(window) { w, dx, dy in
            guard let w, let app = Preview.app(of: w) else { return }
            halo_imgui_scroll_event(w, dx, dy)
            if app.uiReady { app.needsDraw = true }
        }
        glfwSetMouseButtonCallback(window) { w, button, action, mods in
            guard let w, let app = Preview.app(of: w) else { return }
            halo_imgui_mouse_button_event(w, button, action, mods)
            if app.uiReady { app.needsDraw = true }
            // A click on the panel is the panel's, not the timeline's.
            guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS, !halo_imgui_wants_mouse() else { return }
            app.dragging = app.seekFromCursor(startingDrag: true)
        }
        glfwSetCursorPosCallback(window) { w, _, _ in
            guard let w, let app = Preview.app(of: w) else { return }
            // The panel redraws to follow the cursor (hover, drags) while playback is paused.
            if app.uiReady && (app.showPanel || app.errorPanel != nil) { app.needsDraw = true }
            guard app.dragging else { return }
            if glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_LEFT) != GLFW_PRESS { app.dragging = false; return }
            _ = app.seekFromCursor(startingDrag: false)
        }
        glfwSetFramebufferSizeCallback(window) { w, _, _ in if let w { Preview.app(of: w)?.needsDraw = true } }
        glfwSetWindowRefreshCallback(window) { w in if let w { Preview.app(of: w)?.needsDraw = true } }
        glfwSetWindowContentScaleCallback(window) { w, _, _ in if let w { Preview.app(of: w)?.needsDraw = true } }
    }

    /// Resizes the window so that its framebuffer is `size` pixels (the ratio of
    /// framebuffer to window size is the content scale on some platforms), and waits up
    /// to a second for the window system to apply it.
    static func setFramebufferSize(_ window: OpaquePointer, _ size: (Int, Int)) {
        var fw: Int32 = 0, fh: Int32 = 0, ww: Int32 = 0, wh: Int32 = 0
        let deadline = Date().addingTimeInterval(1)
        repeat {
            glfwGetFramebufferSize(window, &fw, &fh)
            glfwGetWindowSize(window, &ww, &wh)
            if Int(fw) == size.0 && Int(fh) == size.1 { return }
            let rx = fw > 0 && ww > 0 ? Double(fw) / Double(ww) : 1, ry = fh > 0 && wh > 0 ? Double(fh) / Double(wh) : 1
            glfwSetWindowSize(window, Int32(max(1, (Double(size.0) / rx).rounded())), Int32(max(1, (Double(size.1) / ry).rounded())))
            glfwWaitEventsTimeout(0.02)
        } while Date() < deadline
    }

    func framebufferSize() -> (Int, Int) {
        if minimised || glfwGetWindowAttrib(window, GLFW_ICONIFIED) == GLFW_TRUE { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(window, &w, &h)
        return (Int(max(w, 0)), Int(max(h, 0)))
    }
}
