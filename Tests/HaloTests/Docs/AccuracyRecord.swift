import Foundation

/// The figures `tools/accuracy-table` measured for every conformance scene, parameter set and
/// example (`Tests/Fixtures/accuracy.tsv`): the figures docs/accuracy.md and the README
/// quote, and the marks ``ConformanceTests`` holds each run to (``ConformanceTests/ratchet``).
///
/// The file is tab-separated, `#` starting a comment line: scene (``ConformanceTests/Case``'s
/// name), gpu_max, gpu_pct_over_2, cpu_max, cpu_pct_over_1, bound_p99 (levels of 255 and % of
/// the scene's pixels; the bound's 99th percentile as `halo render --error-bound` prints it),
/// gpu_vs_cpu_max (the two backends' images against each other; docs/testing.md quotes it).
struct AccuracyRecord {
    struct Figures: Equatable {
        /// Largest premultiplied channel difference from the exact image, 8-bit levels.
        var gpuMax: Double, cpuMax: Double
        /// % of pixels off by more than 2 (GPU) and 1 (CPU) levels.
        var gpuPercentOver2: Double, cpuPercentOver1: Double
        /// The certified bound's 99th percentile over the scene's pixels, levels.
        var boundP99: Double
    }

    static let url = repositoryRoot.appendingPathComponent("Tests/Fixtures/accuracy.tsv")

    /// Figures by scene name.
    let figures: [String: Figures]

    /// Reads ``url``; throws where a line does not have six cells with five numbers.
    static func load() throws -> AccuracyRecord {
        var figures: [String: Figures] = [:]
        for (n, line) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let cells = line.split(separator: "\t").map(String.init)
            let numbers = cells.dropFirst().compactMap(Double.init)
            guard cells.count == 7, numbers.count == 6 else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey:
                    "\(url.path):\(n + 1): expected scene and 6 numbers, tab-separated; found \(line)"])
            }
            figures[cells[0]] = Figures(gpuMax: numbers[0], cpuMax: numbers[2], gpuPercentOver2: numbers[1],
                                        cpuPercentOver1: numbers[3], boundP99: numbers[4])
        }
        return AccuracyRecord(figures: figures)
    }

    /// What to do for a scene the record lacks.
    static func missing(_ scene: String) -> String {
        "\(scene): no figures in Tests/Fixtures/accuracy.tsv; run tools/accuracy-table (it measures every scene and rewrites the docs' figures)"
    }
}
