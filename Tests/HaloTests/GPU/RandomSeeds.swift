import Foundation
import HaloTesting

/// Which seeded random scenes a run checks. Without a setting, a share of the seeds chosen
/// by the commit being tested (the FNV-1a 64 of `git rev-parse HEAD`, modulo the number of
/// shares; the first share where there is no git checkout), so a rerun of a commit checks
/// the same scenes and successive commits go round them all. `VARIABLE=FIRST,COUNT` chooses
/// others (the nightly run: docs/testing.md); a setting that is not two whole numbers, or
/// that chooses no seed at all, is an error, never a run of zero cases.
enum RandomSeeds {
    /// A setting that chooses no seeds.
    struct SettingError: Error, CustomStringConvertible {
        let description: String
    }

    /// The seeds of `variable` when set, else share k of the `shares` consecutive shares of
    /// `1...(shares * size)`, each of `size` seeds, k chosen by the commit.
    /// - Throws: ``SettingError`` when `variable` is set to anything but `FIRST,COUNT` with
    ///   FIRST >= 1 and COUNT >= 1.
    static func chosen(by variable: String, size: Int, shares: Int) throws -> [UInt64] {
        if let text = ProcessInfo.processInfo.environment[variable] {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let first = UInt64(parts[0]), let count = UInt64(parts[1]), first >= 1, count >= 1,
                  first <= UInt64.max - count else {
                throw SettingError(description: "\(variable)=\(text): expected FIRST,COUNT with FIRST >= 1 and COUNT >= 1 (a run of no seeds checks nothing)")
            }
            return Array(first..<(first + count))
        }
        let first = 1 + (commitNumber % UInt64(shares)) * UInt64(size)
        return Array(first..<(first + UInt64(size)))
    }

    /// A number fixed for the commit checked out at the repository (0 without git).
    static let commitNumber: UInt64 = {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", repositoryRoot.path, "rev-parse", "HEAD"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = FileHandle.nullDevice
        guard (try? git.run()) != nil else { return 0 }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { return 0 }
        return SuiteShard.fnv1a64(Array(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).utf8))
    }()
}
