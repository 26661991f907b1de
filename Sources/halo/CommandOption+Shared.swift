import Foundation
import Halo
import HaloTesting

/// Options of several commands: the backend, the shaders folder, help.
extension CommandOption {
    /// `render`, `bench`, `test`: the renderer (a `Backend`, default gpu), parsed here for all three.
    static let backend = CommandOption(
        "--backend", value: .backend, commands: [.render, .bench, .test],
        help: "gpu: OpenGL 3.3 through EGL (headless); cpu: the exact CPU reference renderer",
        default: .value(Backend.gpu.rawValue),
        notes: [.render: fallback, .test: fallback, .bench: "gpu fails when no GL context can be made"])

    /// How render and test fall back to the CPU (their `--backend` note).
    private static let fallback = "without --backend, when no GL context can be made, halo says why on stderr and uses cpu; "
        + "with --backend gpu it fails instead"

    /// `render`, `bench`, `test`, `preview`: an existing GLSL folder (a `String`; nil: the default search).
    static let shaders = CommandOption(
        "--shaders", value: .folder("DIR", of: "GLSL files"), commands: [.render, .bench, .test, .preview],
        help: "read the GLSL from DIR",
        default: .described("$HALO_SHADERS, a Shaders/ folder beside the executable or above it, else the copy built into halo"),
        notes: [.preview: "DIR is watched and reloaded (the built-in copy is not)"])

    /// Every command: print its help and exit 0 (a flag).
    static let help = CommandOption(
        "-h", "--help", commands: Set(Command.allCases), help: "this text")
}
