import CGLFW
import Foundation
import Halo

// The window's parts side by side (WindowLayout): the canvas, the error banner above it,
// the timeline below it, the side column beside it.
extension Preview {
    /// The side column's width, points (ImGui's units at scale 1).
    static let columnPoints = 320.0

    /// Whether the side column is shown: the panel is on (P) or there is an error to list,
    /// and Dear ImGui runs.
    func columnShown(error: String?) -> Bool { uiReady && (showPanel || error != nil || !shapeWarningsSaid.isEmpty) }

    /// The side column's width in framebuffer pixels: ``columnPoints`` at the panel's scale,
    /// in the framebuffer's own pixels (framebuffer over window size where the window system scales).
    func columnPixels() -> Int {
        var fw: Int32 = 0, fh: Int32 = 0, ww: Int32 = 0, wh: Int32 = 0
        glfwGetFramebufferSize(window, &fw, &fh)
        glfwGetWindowSize(window, &ww, &wh)
        let ratio = fw > 0 && ww > 0 ? Double(fw) / Double(ww) : 1
        return Int((Preview.columnPoints * Double(panelScale()) * ratio).rounded())
    }

    /// This frame's parts for a framebuffer of `fb` pixels under `error` (the banner is made
    /// for the canvas area's width first, its height then reserved).
    func windowLayout(framebuffer fb: (Int, Int), error: String?) -> (layout: WindowLayout, banner: RGBA8Image?) {
        let column = columnShown(error: error) ? columnPixels() : 0
        let image = error.flatMap { errorBanner($0, width: max(fb.0 - column, 0)) }
        func parts(banner: Int) -> WindowLayout {
            WindowLayout(points: (scene.canvas.width, scene.canvas.height), framebuffer: fb,
                         maxSide: min(renderer.maxTextureSize, Limits.maxCanvasSide), columnWidth: column,
                         bannerHeight: banner, timelineHeight: showTimeline ? Preview.timelineHeight : 0)
        }
        let layout = parts(banner: image?.height ?? 0)
        if options.frames != nil && layout != saidLayout {
            saidLayout = layout
            if let c = layout.canvas {
                say("halo preview: layout: canvas \(c.width)x\(c.height) at (\(c.originX), \(c.originY)) scale \(c.scale), "
                    + "column \(layout.column.width) px, banner \(layout.banner.height) px")
            }
        }
        return (layout, image)
    }

    /// Once the column has been drawn: a window whose size the run chose (no `--size`), lower
    /// than the column's contents, grows to hold them (within 90% of the monitor's height);
    /// the canvas, limited by its width, keeps its size, centred. The window goes back to
    /// its height when the column goes, and towards it when the contents shrink (an error
    /// cleared from the list).
    func growForColumnContents(framebuffer fb: (Int, Int), column: WindowLayout.Area) {
        guard options.size == nil, column.width > 0, fb.1 > 0 else { return }
        if let from = grownFrom, columnContentHeight < fb.1 {
            let height = max(from, columnContentHeight)
            guard height < fb.1 else { return }
            if height == from { grownFrom = nil }
            Preview.setFramebufferSize(window, (fb.0, height))
            needsDraw = true
            return
        }
        guard columnContentHeight > fb.1 else { return }
        var limit = Int.max
        if let monitor = glfwGetPrimaryMonitor() {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h)
            if h > 0 { limit = Int(Double(h) * 0.9 * Double(deviceScale())) }
        }
        let height = min(columnContentHeight, max(limit, fb.1))
        guard height > fb.1 else { return }
        if grownFrom == nil { grownFrom = fb.1 }
        Preview.setFramebufferSize(window, (fb.0, height))
        needsDraw = true
    }

    /// When the column appears or goes (P, an error listed or cleared), a window whose size
    /// the run chose (no `--size`) grows or shrinks by the column's width, so that the
    /// canvas keeps its size. Called before each frame's layout.
    func fitWindowToColumn(error: String?) {
        let shown = columnShown(error: error)
        defer { columnWasShown = shown }
        guard let before = columnWasShown, before != shown, options.size == nil, !minimised else { return }
        let fb = framebufferSize()
        guard fb.0 > 0, fb.1 > 0 else { return }
        let width = columnPixels(), height = shown ? fb.1 : grownFrom ?? fb.1
        grownFrom = nil
        Preview.setFramebufferSize(window, (max(1, fb.0 + (shown ? width : -width)), height))
    }
}
