import Foundation
import Halo

let mainHelp = """
USAGE: halo <command> [options]

Halo draws animated gradient borders (rounded-rectangle, capsule, ellipse, text and
shader shapes, stroked and filled with linear, angular, radial and path gradients,
and a Gaussian glow) with an OpenGL 3.3 renderer or an exact CPU reference. Scenes
are JSON files, described in docs/scene-format.md of Halo's repository.

COMMANDS:
\(Command.allCases.map { "  " + $0.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

Run `halo <command> --help` for a command's options; `halo --version` prints
the version.
"""

// SIGINT, SIGTERM, SIGHUP: blocked before any other thread starts, then taken by one thread
// that removes the temporary files and partial outputs, kills ffmpeg and exits 128 + N.
Interruption.install()
// A file-size limit (ulimit -f) then fails the write with EFBIG, which removes the
// temporary file, instead of killing halo mid-write and leaving it behind.
signal(SIGXFSZ, SIG_IGN)
// Output into a closed pipe (`halo render ... | true`) is a failed write, not a signal death
// (the image is written before the path is printed; ffmpeg's pipe checks its own writes).
signal(SIGPIPE, SIG_IGN)
let argv = Array(CommandLine.arguments.dropFirst())
guard let name = argv.first else {
    printError(mainHelp)
    exit(2)
}
switch name {
case "-h", "--help", "help":
    print(mainHelp)
    exit(0)
case "--version", "version":
    print("halo \(haloVersion)")
    exit(0)
default:
    guard let command = Command(rawValue: name) else {
        printError("halo: unknown command \(name.isEmpty ? "\"\" (an empty argument)" : name)\n\n\(mainHelp)")
        exit(2)
    }
    // A shader folder named by the environment is input too: one that is not Halo's is refused
    // (exit 2), never replaced by another copy or by the CPU.
    if let dir = ProcessInfo.processInfo.environment["HALO_SHADERS"], !dir.isEmpty,
       !FileManager.default.fileExists(atPath: (dir as NSString).appendingPathComponent("layer.frag")) {
        printError("halo: HALO_SHADERS=\(dir): expected a folder of Halo's shaders (holding layer.frag, as Shaders/ does), found "
                   + (FileManager.default.fileExists(atPath: dir) ? "no layer.frag in it" : "no such folder"))
        exit(2)
    }
    // The GPU's programs (docs/performance.md "Programs"): a value other than the three is refused.
    if let programs = ProcessInfo.processInfo.environment["HALO_PROGRAMS"], !["general", "specialised", "when-ready"].contains(programs) {
        printError("halo: HALO_PROGRAMS=\(programs): expected general, specialised or when-ready, found \(programs.isEmpty ? "an empty value" : "\"\(programs)\"")")
        exit(2)
    }
    // Where the GPU's tiles are placed (docs/performance.md "Tiles"): cpu or gpu.
    if let tiles = ProcessInfo.processInfo.environment["HALO_TILES"], !["cpu", "gpu"].contains(tiles) {
        printError("halo: HALO_TILES=\(tiles): expected cpu or gpu, found \(tiles.isEmpty ? "an empty value" : "\"\(tiles)\"")")
        exit(2)
    }
    Interruption.exit(command.run(Array(argv.dropFirst())))
}
