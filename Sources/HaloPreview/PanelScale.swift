/// The size of the preview's panels on screen: Dear ImGui's fonts (the UI font 14 px and
/// ProggyClean 13 px at scale 1) and style sizes are multiplied by
/// ``uiScale(contentScale:framebuffer:window:)``.
///
/// ImGui lays out in window coordinates and draws them into the framebuffer at the
/// framebuffer's own scale (framebuffer pixels over window points). Where the window
/// system scales (Wayland, macOS: a 2x framebuffer for an 800-point window) that already
/// doubles everything, so the panel is scaled by the content scale over that ratio; where
/// it does not (X11: framebuffer = window, content scale from the monitor's DPI) by the
/// content scale itself. Either way the panel has the same physical size: 14 px at 96 dpi.
public enum PanelScale {
    /// The smallest scale used (a content scale below it, or a bogus 0, is raised to it).
    public static let minimum: Float = 0.25

    /// The scale of fonts and sizes in ImGui's units: `contentScale`
    /// (glfwGetWindowContentScale's x) over the framebuffer's own scale (`framebuffer`
    /// width over `window` width, taken as 1 when either is 0 or it is below 1), at least
    /// ``minimum``.
    public static func uiScale(contentScale: Float, framebuffer: (Int, Int), window: (Int, Int)) -> Float {
        let ratio = framebuffer.0 > 0 && window.0 > 0 ? Float(framebuffer.0) / Float(window.0) : 1
        let content = contentScale.isFinite && contentScale > 0 ? contentScale : 1
        return max(content / max(ratio, 1), minimum)
    }
}
