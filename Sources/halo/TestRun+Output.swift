import Foundation
import Halo
import HaloTesting

/// What a run prints and writes besides the reports: the table and summary, the approval
/// list, GitHub Actions' annotations and step summary.
extension TestRun {
    /// Cases in report order: failures and errors first, then the rest, each by name.
    var reportOrder: [Case] {
        cases.filter(\.failed) + cases.filter { !$0.failed }
    }

    var exitStatus: Int32 {
        if cases.contains(where: { $0.error != nil }) { return 2 }
        return cases.contains(where: \.failed) ? 1 : 0
    }

    func count(_ status: String) -> Int { cases.filter { $0.status == status }.count }

    /// The results table, in scene order, then each failure's reason and artifacts.
    func table() -> String {
        let nameWidth = max(5, cases.map(\.name.count).max() ?? 0)
        func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
            let gap = String(repeating: " ", count: max(0, n - s.count))
            return left ? s + gap : gap + s
        }
        var lines = [pad("SCENE", nameWidth, left: true) + "  RESULT     MAX   OVER  DIFFERING  IGNORED       TIME  REFERENCE"]
        for c in cases {
            var line = pad(c.name, nameWidth, left: true) + "  " + pad(c.status, 8, left: true)
            if let comparison = c.result?.comparison {
                line += pad(DiffCommand.levels(comparison.maxDifference), 6) + pad(String(c.pixelsOverTolerance ?? 0), 7)
                    + pad(String(comparison.pixelsOver[0] ?? 0), 11) + pad(String(comparison.ignoredPixels), 9)
            } else {
                line += pad("-", 6) + pad("-", 7) + pad("-", 11) + pad("-", 9)
            }
            line += c.result.map { pad(String(format: "%.1f ms", $0.renderSeconds * 1000), 11) } ?? pad("-", 11)
            line += "  " + (c.reference as NSString).lastPathComponent
            lines.append(line)
        }
        for c in cases where c.failed {
            lines.append("")
            if let e = c.error { lines.append("\(c.name): \(e)") } else if let r = c.result { lines.append(r.message) }
        }
        return lines.joined(separator: "\n")
    }

    func summary(seconds: Double) -> String {
        let scenes = Set(cases.map(\.sceneFile)).count
        var parts = ["\(count("pass")) passed", "\(count("FAIL")) failed"]
        if count("new") > 0 { parts.append("\(count("new")) new") }
        if count("recorded") > 0 { parts.append("\(count("recorded")) recorded") }
        if count("ERROR") > 0 { parts.append("\(count("ERROR")) errors") }
        var s = "\(cases.count) images of \(scenes) scenes: " + parts.joined(separator: ", ")
        var mode = options.toleranceMode == .certified ? ", tolerance certified" : ""
        if let shard = options.shard { mode += ", shard \(shard) of \(options.suiteScenes) scenes" }
        s += String(format: " (backend %@, record %@%@, %d job%@) in %.2f s", options.backend.rawValue, options.record.rawValue, mode, options.jobs, options.jobs == 1 ? "" : "s", seconds)
        if cases.contains(where: { $0.result?.artifacts != nil }) { s += "\nartifacts: \(options.artifacts)" }
        return s
    }

    /// The file in the artifacts folder that lists the last run's failing images and their
    /// references, one `ACTUAL<TAB>REFERENCE` line each (`halo approve` reads it); for a
    /// certified run ACTUAL is the exact CPU image, the only kind of reference it checks against.
    static let approvalFile = "halo-approve.tsv"

    /// Writes (or removes, when nothing failed) the approval list of this run.
    func writeApprovalList() {
        let path = (options.artifacts as NSString).appendingPathComponent(TestRun.approvalFile)
        let lines = cases.compactMap { c -> String? in
            guard c.result?.outcome == .failed, let actual = c.result?.artifacts.flatMap({ $0.exact ?? $0.actual }) else { return nil }
            return actual + "\t" + URL(fileURLWithPath: c.reference).standardizedFileURL.path
        }
        if lines.isEmpty { try? FileManager.default.removeItem(atPath: path); return }
        _ = try? AtomicFile.write(lines.joined(separator: "\n") + "\n", to: path)
    }

    /// GitHub Actions workflow commands: one `::error file=...,title=...::` line a failure.
    func githubAnnotations() -> [String] {
        func escape(_ s: String, property: Bool) -> String {
            var out = s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
            if property { out = out.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
            return out
        }
        return cases.filter(\.failed).map { c in
            let why = c.error ?? c.result?.failureReason ?? "failed"
            return "::error file=\(escape(c.sceneFile, property: true)),title=\(escape("halo test: \(c.name)", property: true))::"
                + escape("\(c.name) does not match \((c.reference as NSString).lastPathComponent): \(why)", property: false)
        }
    }

    /// A Markdown table of the run for `$GITHUB_STEP_SUMMARY`.
    func markdownSummary(seconds: Double) -> String {
        var s = "### halo test\n\n" + summary(seconds: seconds).split(separator: "\n")[0] + "\n\n"
        s += "| scene | result | max | differing | reference |\n|---|---|---|---|---|\n"
        for c in reportOrder {
            let max = c.result?.comparison.map { DiffCommand.levels($0.maxDifference) } ?? "-"
            let differing = c.result?.comparison.map { String($0.pixelsOver[0] ?? 0) } ?? "-"
            s += "| \(c.name) | \(c.status) | \(max) | \(differing) | \((c.reference as NSString).lastPathComponent) |\n"
        }
        return s + "\n"
    }
}
