import Foundation
import XCTest
import Halo

// Helpers shared by the test files. Nothing here calls the code under test:
// these are the independent yardsticks the tests measure it against.

/// A small deterministic random number generator (SplitMix64), so every run
/// probes the same points and a failure can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The standard normal CDF, from Foundation's erf.
func standardNormalCDF(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

/// docs/scene-format.md "Glow": the weight of the pixel `k` pixels away along one axis,
/// Phi((k + 1/2) / sigma) - Phi((k - 1/2) / sigma).
func boxPixelGaussianWeight(_ k: Double, sigma: Double) -> Double {
    standardNormalCDF((k + 0.5) / sigma) - standardNormalCDF((k - 0.5) / sigma)
}

/// The checker's scenes, exact images and Skia figures, copied into the repository by
/// `tools/sync-conformance` (Tests/Fixtures/conformance/README.md says what each file is).
let conformanceFixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance")

/// The checker's scenes in the repository's copy: `Tests/Fixtures/conformance/scenes`.
func conformanceScenesDirectory() -> URL { conformanceFixtures.appendingPathComponent("scenes") }

/// The independent checker's own folder, which `tools/sync-conformance` copies from:
/// `$HALO_SHARED_DIR/conformance`, else `../shared/conformance` beside the repository;
/// nil when neither holds its scenes (a clone on its own).
func checkerDirectory() -> URL? {
    var candidates: [URL] = []
    if let env = ProcessInfo.processInfo.environment["HALO_SHARED_DIR"] {
        candidates.append(URL(fileURLWithPath: env).appendingPathComponent("conformance"))
    }
    candidates.append(repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance"))
    return candidates.first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("scenes/seed-rounded-button.json").path)
    }
}

/// A closed polyline: a shape's outline sampled densely (or with its straight
/// parts as single segments), measured by brute force.
struct DenseOutline {
    var xs: [Double] = []
    var ys: [Double] = []

    mutating func append(_ x: Double, _ y: Double) { xs.append(x); ys.append(y) }

    var count: Int { xs.count }

    /// Euclidean distance from (px, py) to the nearest segment of the closed polyline.
    func unsignedDistance(_ px: Double, _ py: Double) -> Double {
        let n = xs.count
        var best = Double.infinity
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                var ax = xs[n - 1], ay = ys[n - 1]
                for i in 0..<n {
                    let bx = xs[i], by = ys[i]
                    let dx = bx - ax, dy = by - ay
                    let len2 = dx * dx + dy * dy
                    var t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0
                    t = t < 0 ? 0 : (t > 1 ? 1 : t)
                    let ex = ax + t * dx - px, ey = ay + t * dy - py
                    let d2 = ex * ex + ey * ey
                    if d2 < best { best = d2 }
                    ax = bx; ay = by
                }
            }
        }
        return best.squareRoot()
    }

    /// Inside test by the crossing number (even-odd rule).
    func contains(_ px: Double, _ py: Double) -> Bool {
        let n = xs.count
        var inside = false
        var j = n - 1
        for i in 0..<n {
            let yi = ys[i], yj = ys[j]
            if (yi > py) != (yj > py) {
                let x = xs[i] + (py - yi) / (yj - yi) * (xs[j] - xs[i])
                if px < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// Signed distance (negative inside), by brute force.
    func signedDistance(_ px: Double, _ py: Double) -> Double {
        let d = unsignedDistance(px, py)
        return contains(px, py) ? -d : d
    }
}

/// Asserts |a - b| <= tolerance for every component.
func assertClose(_ a: SIMD4<Double>, _ b: SIMD4<Double>, tolerance: Double, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    for k in 0..<4 where !(abs(a[k] - b[k]) <= tolerance) {
        XCTFail("\(a) is not within \(tolerance) of \(b) (component \(k)) \(message)", file: file, line: line)
        return
    }
}

extension PremulImage {
    /// The premultiplied pixel at column i, row j, in Double.
    subscript(i: Int, j: Int) -> SIMD4<Double> { SIMD4<Double>(pixels[j * width + i]) }
}

/// Runs `tools/NAME` of the repository with `arguments`; its exit status and its standard
/// output and error together.
func runRepositoryTool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let p = Process()
    p.executableURL = repositoryRoot.appendingPathComponent("tools/\(name)")
    p.arguments = arguments
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    try p.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return (p.terminationStatus, out)
}
