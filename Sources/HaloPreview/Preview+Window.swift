import CGLFW
import Foundation
import Halo

// The window: GLFW's callbacks and the framebuffer's size.
extension Preview {
    /// Routes GLFW's callbacks to the preview that the window's user pointer holds: keys
    /// (``press(_:)``), the timeline's clicks and drags, and the events that need a redraw.
    func installCallbacks() {
        glfwSetKeyCallback(window) { w, key, _, action, _ in
            guard action != GLFW_RELEASE, let w, let app = Preview.app(of: w) else { return }
            if action == GLFW_REPEAT && !Preview.repeatingKeys.contains(key) { return }
            if let k = Preview.keys[key] { app.press(k) }
        }
        glfwSetMouseButtonCallback(window) { w, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS, let w, let app = Preview.app(of: w) else { return }
            app.dragging = app.seekFromCursor(startingDrag: true)
        }
        glfwSetCursorPosCallback(window) { w, _, _ in
            guard let w, let app = Preview.app(of: w), app.dragging else { return }
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
