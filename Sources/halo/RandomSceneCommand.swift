import Foundation
import Halo
import HaloTesting

enum RandomSceneCommand {
    static let help = """
    USAGE: halo random-scene --seed N [--count K] [--singular]

    Prints a valid random scene (SCENE.md format 1) made from the seed: every shape,
    paint, alignment and option, with awkward values on purpose. The test suite draws
    100 of them with both backends; a failure names its seed, and this command prints
    that scene again. With --count, prints K scenes (seeds N ... N + K - 1), one per line
    of output separated by blank lines. With --singular, the scenes are the test suite's
    singular-point scenes: gradients evaluated at their singular points (linear end
    points nearer than float32 resolves, radial and angular centres on pixel centres,
    edges and corners).

    EXIT STATUS: 0 printed; 2 bad option.
    """

    static func run(_ argv: [String]) -> Int32 {
        do {
            let args = try Arguments(argv, valued: ["--seed", "--count"], flags: ["-h", "--help", "--singular"])
            if args.flags.contains("-h") || args.flags.contains("--help") { print(help); return 0 }
            guard let seedText = args.options["--seed"], let seed = UInt64(seedText) else {
                throw UsageError("--seed N is required (a whole number 0...\(UInt64.max))")
            }
            if !args.positional.isEmpty { throw UsageError("unexpected argument \(args.positional[0])") }
            let count = try args.int("--count", min: 1) ?? 1
            for k in 0..<count {
                if k > 0 { print() }
                let s = seed &+ UInt64(k)
                print(args.flags.contains("--singular") ? RandomScene.singularJSON(seed: s) : RandomScene.json(seed: s))
            }
            return 0
        } catch {
            printError("halo random-scene: \(error)\nusage: halo random-scene --seed N [--count K] [--singular]")
            return 2
        }
    }
}
