import Foundation

/// Halo's version, printed by `halo --version` (the scene format it reads is scene format 1).
let haloVersion = "0.1.0 (scene format 1)"
