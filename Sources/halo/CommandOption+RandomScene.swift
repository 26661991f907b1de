import Foundation
import Halo
import HaloTesting

/// `halo random-scene`: the seed and how many scenes.
extension CommandOption {
    /// `random-scene`: the first scene's seed (a `UInt64`); required.
    static let seed = CommandOption(
        "--seed", value: .unsigned("N"), commands: [.randomScene], required: true,
        help: "the scene's seed, a whole number 0...\(UInt64.max)")

    /// `random-scene`: how many scenes, 1 or more (an `Int`, default 1).
    static let count = CommandOption(
        "--count", value: .integer("K", min: 1), commands: [.randomScene],
        help: "print K scenes (seeds N ... N + K - 1), separated by blank lines", default: .value("1"))

    /// `random-scene`: the singular-point scenes instead (a flag).
    static let singular = CommandOption(
        "--singular", commands: [.randomScene],
        help: "print the test suite's singular-point scenes instead")
}
