import Foundation
import Halo
import HaloTesting

/// `halo approve ARTIFACTS`: the actual images of the last `halo test` run's failures
/// become their references.
enum ApproveCommand {
    static let description = """
    Makes the actual images of the last `halo test` run's failures their references:
    reads ARTIFACTS/\(TestRun.approvalFile) (which halo test writes into its artifacts
    folder: each failing image's actual PNG and the reference it was compared with),
    writes each actual image over its reference (atomically) and prints each file.
    After a `--tolerance certified` run the image approved is the exact CPU image
    (NAME.exact.png), never the GPU's. Look at the failures first (the HTML report,
    or the .diff.png files).
    """

    static let after = """
    Each reference records the backend that drew it (a PNG text chunk, halo-backend:
    cpu or gpu); an image of the other backend does not replace it without
    --backend-change.

    EXIT STATUS: 0 every listed image approved; 1 one could not be read or written;
    2 no list in ARTIFACTS (no failures in the last run there), a line of it is not
    ACTUAL<TAB>REFERENCE, or a reference would change backend without
    --backend-change (nothing is approved then).
    """

    static func run(_ args: Arguments) throws -> Int32 {
        let list = (args.operands[0] as NSString).appendingPathComponent(TestRun.approvalFile)
        guard let text = try? String(contentsOfFile: list, encoding: .utf8) else {
            printError("halo approve: no failures to approve: \(list) does not exist (halo test writes it when images fail)")
            return 2
        }
        var status: Int32 = 0, approved = 0
        var pairs: [[String]] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else {
                printError("halo approve: \(list):\(n + 1): expected ACTUAL<TAB>REFERENCE, found \"\(line.prefix(80))\": nothing approved")
                return 2
            }
            pairs.append(parts)
        }
        // A reference drawn by one backend is not silently replaced by the other's image.
        if !args.given(.backendChange) {
            let changes = pairs.compactMap { parts -> String? in
                guard let drawn = ReferenceRecord.read(from: parts[0]), let recorded = ReferenceRecord.read(from: parts[1]),
                      drawn != recorded else { return nil }
                return "\(parts[1]): expected an image of the backend that recorded it (\(recorded.backend.rawValue)), "
                    + "found one of \(drawn.backend.rawValue) (\(parts[0]))"
            }
            if !changes.isEmpty {
                for c in changes { printError("halo approve: \(c)") }
                printError("halo approve: nothing approved: give --backend-change to replace references with the other backend's images")
                return 2
            }
        }
        for parts in pairs {
            do {
                let image = try PNG.read(parts[0])
                // The new reference keeps the record of the backend that drew it.
                if let drawn = ReferenceRecord.read(from: parts[0]) { try drawn.write(image, to: parts[1]) } else { try PNG.write(image, to: parts[1]) }
                print("approved \(parts[1]) (from \(parts[0]))")
                approved += 1
            } catch {
                printError("halo approve: \(error)")
                status = 1
            }
        }
        if status == 0 { try? FileManager.default.removeItem(atPath: list) }
        print("\(approved) reference\(approved == 1 ? "" : "s") approved")
        return status
    }
}
