import Foundation
import Halo

/// Live parameter values in the preview (docs/scene-format.md "Parameters"): set, save, and what a
/// reload did with them. A value is data to the renderer; every program any value can need is
/// prepared between the first frames (Preview+Prepare.swift), so no frame that draws one waits for a compile.
extension Preview {
    /// Sets a live value and draws it from the next frame; a refusal is printed and changes nothing.
    func setParameter(_ name: String, text: String) {
        do {
            let compiled = renderer.programsCompiled
            try source.set(name, text: text)
            scene = source.scene
            needsDraw = true
            say("halo preview: set \(name) = \(source.state.value(name)?.jsonText ?? text) (programs compiled so far: \(compiled), "
                + "by frames: \(renderer.programsCompiledByFrames))")
        } catch {
            printError("halo preview: set \(name) \(text): \(error)")
            scriptRefused = true
        }
    }

    /// Writes the live values into the scene file's `value`s; the reload the write causes keeps them.
    func saveParameters() {
        do {
            let names = try source.save()
            scene = source.scene
            say(names.isEmpty ? "halo preview: save: every value is the file's, nothing written"
                              : "halo preview: saved \(names.joined(separator: ", ")) into \(source.path)")
        } catch {
            printError("halo preview: save: \(error)")
            scriptFailed = true
        }
    }

    /// Says which live values a reload reset or clamped.
    func reportAdoption(_ adoption: ParameterState.Adoption) {
        if !adoption.reset.isEmpty {
            say("halo preview: live values reset to the file's (parameter gone, retyped or option removed): " + adoption.reset.joined(separator: ", "))
        }
        if !adoption.clamped.isEmpty {
            say("halo preview: live values clamped into the new range: " + adoption.clamped.joined(separator: ", "))
        }
    }
}
