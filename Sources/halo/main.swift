import Foundation
import Halo
import HaloTesting

let mainHelp = """
USAGE: halo <command> [options]

Halo draws animated gradient borders (rounded-rectangle, capsule and ellipse
strokes with linear, angular and radial gradients, and a Gaussian glow) with an
OpenGL 3.3 renderer or an exact CPU reference. Scenes are JSON files (SCENE.md).

COMMANDS:
  render     draw a scene to a PNG            (halo render --help)
  preview    live window with reload          (halo preview --help)
  random-scene  print a seeded random scene   (halo random-scene --help)
  bench      time frames, GPU or CPU          (halo bench --help)
  diff       compare two PNGs                 (halo diff --help)
  test       check scenes against reference images (halo test --help)

Run `halo <command> --help` for a command's options; `halo --version` prints
the version.
"""

// A file-size limit (ulimit -f) then fails the write with EFBIG, which removes the
// temporary file, instead of killing halo mid-write and leaving it behind.
signal(SIGXFSZ, SIG_IGN)
let argv = Array(CommandLine.arguments.dropFirst())
guard let command = argv.first else {
    printError(mainHelp)
    exit(2)
}
let rest = Array(argv.dropFirst())
switch command {
case "-h", "--help", "help":
    print(mainHelp)
    exit(0)
case "--version", "version":
    print("halo \(haloVersion)")
    exit(0)
case "render":
    exit(RenderCommand.run(rest))
case "preview":
    exit(PreviewCommand.run(rest))
case "bench":
    exit(BenchCommand.run(rest))
case "random-scene":
    exit(RandomSceneCommand.run(rest))
case "diff":
    exit(DiffCommand.run(rest))
case "test":
    exit(TestCommand.run(rest))
default:
    printError("halo: unknown command \(command)\n\n\(mainHelp)")
    exit(2)
}
