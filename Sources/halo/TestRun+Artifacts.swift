import Foundation
import Halo
import HaloTesting

/// `halo test`'s artifacts folder: where it is by default, and the last run's images that
/// leave it at the start of a run.
extension TestRun {
    /// The artifacts folder when `--artifacts` is not given: `$HALO_ARTIFACTS`, else one
    /// folder per suite in the temporary folder, `halo-artifacts/NAME-HASH`, NAME the suite
    /// folder's name and HASH the FNV-1a 64 of its absolute path (16 hex digits), so two
    /// suites, or two checkouts of one, never share a folder.
    static func defaultArtifacts(forSuite dir: String) -> String {
        if let v = ProcessInfo.processInfo.environment["HALO_ARTIFACTS"], !v.isEmpty { return v }
        let full = URL(fileURLWithPath: dir).standardizedFileURL
        let hash = String(SuiteShard.fnv1a64(Array(full.path.utf8)), radix: 16)
        let name = full.lastPathComponent.isEmpty || full.path == "/" ? "root" : full.lastPathComponent
        return FileManager.default.temporaryDirectory.appendingPathComponent("halo-artifacts")
            .appendingPathComponent(name + "-" + String(repeating: "0", count: 16 - hash.count) + hash).path
    }

    /// The names of the images a failure leaves in the artifacts folder, by their ends.
    static let artifactSuffixes = [".actual.png", ".expected.png", ".diff.png", ".exact.png"]

    /// Removes the images a run leaves (``artifactSuffixes``, in any subfolder) and the
    /// approval list from `folder`, so that what is there after a run is that run's; other
    /// files (reports, anything of the user's) stay.
    static func removeLastRunsImages(from folder: String) {
        try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(approvalFile))
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return }
        for case let rel as String in walker where artifactSuffixes.contains(where: rel.hasSuffix) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(rel))
        }
    }
}
