import Foundation
import Halo
import HaloTesting

/// `halo random-scene --seed N`: prints the test suite's seeded random scenes.
enum RandomSceneCommand {
    /// Help's prose before the options (they come from ``CommandOption``).
    static let description = """
    Prints a valid random scene (scene format 1) made from the seed: every shape,
    paint (but shader paints), alignment and option, with awkward values on purpose,
    and layers where renderers are weakest (dashes at sharp corners, touching round
    caps, sub-pixel dash periods, inside strokes wider than their corner radius, text
    in every paint, hard stops at arbitrary angles, materials). The test suite draws
    100 of them with both backends; a failure names its seed, and this command prints
    that scene again. The singular-point scenes (--singular) evaluate gradients at
    their singular points: linear end points nearer than float32 resolves, radial and
    angular centres on pixel centres, edges and corners.
    """

    /// Help's prose after the options.
    static let after = """
    EXIT STATUS: 0 printed; 2 bad option.
    """

    /// Prints the scenes of a parsed command line; the exit status.
    static func run(_ args: Arguments) throws -> Int32 {
        let seed: UInt64 = args.value(.seed)!, count: Int = args.value(.count)!
        for k in 0..<count {
            if k > 0 { print() }
            let s = seed &+ UInt64(k)
            print(args.given(.singular) ? RandomScene.singularJSON(seed: s) : RandomScene.json(seed: s))
        }
        return 0
    }
}
