import CGLFW
import CHaloImGui
import Foundation
import Halo

// Keys and a scripted run's actions.
extension Preview {
    /// The GLFW key codes of each of the preview's keys, in the order of its ``PreviewKey/windowKeys``.
    static let keyCodes: [PreviewKey: [Int32]] = [
        .pause: [GLFW_KEY_SPACE], .stepBack: [GLFW_KEY_LEFT], .stepForward: [GLFW_KEY_RIGHT], .home: [GLFW_KEY_HOME],
        .reduceMotion: [GLFW_KEY_M], .slower: [GLFW_KEY_LEFT_BRACKET], .faster: [GLFW_KEY_RIGHT_BRACKET],
        .save: [GLFW_KEY_S], .quit: [GLFW_KEY_Q, GLFW_KEY_ESCAPE], .timeline: [GLFW_KEY_T], .loop: [GLFW_KEY_L],
        .record: [GLFW_KEY_R], .panel: [GLFW_KEY_P], .distanceView: [GLFW_KEY_D],
    ]
    /// The preview's keys by GLFW key code (``keyCodes`` inverted).
    static let keys: [Int32: PreviewKey] = Dictionary(
        uniqueKeysWithValues: keyCodes.flatMap { key, codes in codes.map { ($0, key) } })
    /// The keys that act again while held (stepping and speed); the others act once a press.
    static let repeatingKeys: Set<Int32> = [GLFW_KEY_LEFT, GLFW_KEY_RIGHT, GLFW_KEY_LEFT_BRACKET, GLFW_KEY_RIGHT_BRACKET]

    /// A key event from the window system (GLFW's key callback's arguments): the control
    /// panel sees it first, and while it takes the keyboard (a value being typed) the
    /// preview's own keys do nothing.
    func keyEvent(key: Int32, scancode: Int32, action: Int32, mods: Int32) {
        halo_imgui_key_event(window, key, scancode, action, mods)
        if uiReady { needsDraw = true }
        // Ctrl+S writes the live parameter values into the scene file, even from inside the panel.
        if key == GLFW_KEY_S, mods & GLFW_MOD_CONTROL != 0 {
            if action == GLFW_PRESS { saveParameters() }
            return
        }
        guard action != GLFW_RELEASE, !halo_imgui_wants_keyboard() else { return }
        if action == GLFW_REPEAT && !Preview.repeatingKeys.contains(key) { return }
        if let k = Preview.keys[key] { press(k) }
    }

    /// Acts on a key: the clock's keys go to ``PreviewClock``, the rest are the window's own.
    func press(_ key: PreviewKey) {
        needsDraw = true
        switch key {
        case .quit: quitRequested = true; glfwSetWindowShouldClose(window, GLFW_TRUE)
        case .timeline: showTimeline.toggle()
        case .panel: showPanel.toggle()
        case .distanceView:
            showDistance.toggle()
            say("halo preview: distance view \(showDistance ? "on (iso-lines every \(Preview.distanceViewStep) pt)" : "off")")
        case .loop:
            if clock.loop != nil {
                clock.loop = nil
                say("halo preview: looping off")
            } else if case .period(let l, let start) = scene.loopPeriod {
                clock.loop = start..<(start + l)
                say("halo preview: looping \(start) ... \(start + l) s (the scene's period)")
            } else {
                say("halo preview: the scene has no loop to repeat (\(scene.loopPeriod))")
            }
        case .record: recordLoop()
        case .save:
            let path = savePath()
            do { try save(to: path); say("halo preview: saved \(path)") } catch {
                printError("halo preview: could not save the frame: \(error)")
            }
        default:
            clock.handle(key, sceneReduceMotion: scene.reduceMotion)
        }
        updateTitle(force: true)
    }

    /// Performs a scripted run's action before a frame (``PreviewScript``).
    func perform(_ action: PreviewScript.Action) {
        switch action {
        case .key(let k): press(k)
        case .type(let k):
            if let code = Preview.keyCodes[k]?.first {
                keyEvent(key: code, scancode: 0, action: GLFW_PRESS, mods: 0)
                keyEvent(key: code, scancode: 0, action: GLFW_RELEASE, mods: 0)
            }
        case .demoControls:
            controlSource = DemoControls()
            showPanel = true
        case .focusPanel: panel.focusFirstControl = true
        case .focus(let name): panel.focusControl = name
        case .enterText(let text):
            for c in text.unicodeScalars { halo_imgui_char_event(window, c.value) }
            // Dear ImGui 1.86 keeps keys as held states: Enter is released after the frame that sees it pressed.
            halo_imgui_key_event(window, GLFW_KEY_ENTER, 0, GLFW_PRESS, 0)
            releaseEnterAfterFrame = true
        case .resize(0, 0):
            minimised = true
            glfwIconifyWindow(window)
            glfwPollEvents()
        case .resize(let w, let h):
            if minimised { minimised = false; glfwRestoreWindow(window) }
            Preview.setFramebufferSize(window, (w, h))
        case .seek(let t): clock.seek(to: t)
        case .loop(let a, let b): clock.loop = a..<b
        case .set(let name, let value): setParameter(name, text: value)
        case .save: saveParameters()
        case .waitPrepared:
            if let layout = drawnLayout { prepareProgramsAfterFrame(layout: layout, framebuffer: framebufferSize(), all: true) }
        case .waitReload:
            // Each wait is for a reload after the one the previous wait saw.
            let deadline = now() + 30
            while reloadAttempts <= reloadsWaitedFor && now() < deadline {
                checkForChanges()
                if reloadAttempts <= reloadsWaitedFor { glfwWaitEventsTimeout(0.05) }
            }
            if reloadAttempts <= reloadsWaitedFor { printError("halo preview: wait-reload: no file changed within 30 s") }
            reloadsWaitedFor = reloadAttempts
        }
        needsDraw = true
    }
}

extension Preview {
    /// The distance view's spacing of iso-lines, points.
    static let distanceViewStep = 4.0
}
