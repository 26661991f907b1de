import Halo

/// Where the preview's control panel gets its controls and sends its edits: the seam
/// between the panel (``ControlPanel``, which knows nothing of scenes) and a model of
/// the scene's adjustable values.
///
/// Called on the main thread, once a drawn frame each while the panel is shown.
public protocol PreviewControlSource: AnyObject {
    /// The controls to show for `scene` (the scene being drawn), in order.
    func controls(for scene: Scene) -> [ControlPanel.Control]
    /// Applies this frame's requests (edits, resets); returns the scene to draw from the
    /// next frame on, or nil to keep `scene`.
    func apply(_ requests: [ControlPanel.Request], to scene: Scene) -> Scene?
}

/// A demonstration list of one control of each kind, holding its own values (the scene
/// is not changed): for scripted runs (`demo-controls`), tests and screenshots. "width"
/// starts edited (6, the "file" says 4), so that a marked row shows.
final class DemoControls: PreviewControlSource {
    /// The values "in the file".
    static let initial: [(name: String, kind: ControlPanel.Kind)] = [
        ("width", .number(value: 4, min: 0, max: 16, step: 0.5)),
        ("speed", .number(value: 1.5, min: nil, max: nil, step: 0.05)),
        ("tint", .colour(.init(red: 0.29, green: 0.56, blue: 1, alpha: 0.8))),
        ("glow", .boolean(true)),
        ("shape", .choice(options: ["circle", "rounded rect", "pill"], index: 1)),
    ]
    var kinds = DemoControls.initial.map { (name: $0.name, kind: $0.name == "width" ? $0.kind.with(.number(6)) : $0.kind) }

    func controls(for scene: Scene) -> [ControlPanel.Control] {
        zip(kinds, DemoControls.initial).map { ControlPanel.Control(name: $0.name, kind: $0.kind, differsFromFile: $0.kind != $1.kind) }
    }

    func apply(_ requests: [ControlPanel.Request], to scene: Scene) -> Scene? {
        for r in requests {
            switch r {
            case .set(let name, let value):
                if let i = kinds.firstIndex(where: { $0.name == name }) { kinds[i].kind = kinds[i].kind.with(value) }
            case .reset(let name):
                if let i = kinds.firstIndex(where: { $0.name == name }) { kinds[i] = DemoControls.initial[i] }
            case .resetAll: kinds = DemoControls.initial
            }
        }
        return nil
    }
}
